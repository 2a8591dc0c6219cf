/**
 * The exchange facts reference data needs (ExchangeSummary of spec 2.1), looked up by MIC.
 * FX and other OTC instruments trade on the platform's own "Inter Bank" venue (SBFX).
 */

/** ExchangeSummary on the wire. */
export interface ExchangeSummary {
  CountryCode: string;
  ExchangeId: string;
  Name: string;
  PriceSourceName?: string;
}

interface VenueFact {
  exchangeId: string;
  name: string;
  countryCode: string;
  /** The name of the venue's price source, when the platform shows one. */
  priceSourceName?: string;
}

/** The platform's OTC venue: FX, CFDs without an exchange, funds, certificates. */
export const OTC_MIC = 'SBFX';
export const BOND_VENUE = 'BONDS';
export const FUND_VENUE = 'FUNDS';

const VENUES: Record<string, VenueFact> = {
  SBFX: { exchangeId: 'SBFX', name: 'Inter Bank', countryCode: 'DK' },
  // Not MICs: the platform's own over-the-counter venues for bonds and mutual funds.
  BONDS: { exchangeId: 'BONDS_OTC', name: 'Bonds OTC', countryCode: 'DK' },
  FUNDS: { exchangeId: 'MUTUAL_FUNDS', name: 'Mutual Funds', countryCode: 'DK' },
  XNYS: { exchangeId: 'NYSE', name: 'New York Stock Exchange', countryCode: 'US' },
  XNAS: { exchangeId: 'NASDAQ', name: 'NASDAQ', countryCode: 'US' },
  ARCX: { exchangeId: 'NYSE_ARCA', name: 'NYSE Arca', countryCode: 'US' },
  XCBO: { exchangeId: 'CBOE', name: 'Cboe Options', countryCode: 'US', priceSourceName: 'Cboe' },
  XTSE: { exchangeId: 'TSE', name: 'Toronto Stock Exchange', countryCode: 'CA' },
  BVMF: { exchangeId: 'BVMF', name: 'B3', countryCode: 'BR' },
  XLON: { exchangeId: 'LSE_SETS', name: 'London Stock Exchange', countryCode: 'GB' },
  XETR: { exchangeId: 'FSE', name: 'Deutsche Börse (XETRA)', countryCode: 'DE' },
  XPAR: { exchangeId: 'PAR', name: 'Euronext Paris', countryCode: 'FR' },
  XAMS: { exchangeId: 'AMS', name: 'Euronext Amsterdam', countryCode: 'NL' },
  XBRU: { exchangeId: 'BRU', name: 'Euronext Brussels', countryCode: 'BE' },
  XLIS: { exchangeId: 'LISB', name: 'Euronext Lisbon', countryCode: 'PT' },
  XMIL: { exchangeId: 'MIL', name: 'Euronext Milan', countryCode: 'IT' },
  XMAD: { exchangeId: 'SIBE', name: 'Bolsa de Madrid', countryCode: 'ES' },
  XSWX: { exchangeId: 'SWX', name: 'SIX Swiss Exchange', countryCode: 'CH' },
  XWBO: { exchangeId: 'WBO', name: 'Wiener Börse', countryCode: 'AT' },
  XCSE: { exchangeId: 'CSE', name: 'Nasdaq Copenhagen', countryCode: 'DK' },
  XSTO: { exchangeId: 'SSE', name: 'Nasdaq Stockholm', countryCode: 'SE' },
  XHEL: { exchangeId: 'HSE', name: 'Nasdaq Helsinki', countryCode: 'FI' },
  XOSL: { exchangeId: 'OSE', name: 'Euronext Oslo Børs', countryCode: 'NO' },
  XIST: { exchangeId: 'IST', name: 'Borsa Istanbul', countryCode: 'TR' },
  XJSE: { exchangeId: 'JSE', name: 'Johannesburg Stock Exchange', countryCode: 'ZA' },
  XSAU: { exchangeId: 'TADAWUL', name: 'Saudi Exchange (Tadawul)', countryCode: 'SA' },
  XTKS: { exchangeId: 'TSE_JP', name: 'Tokyo Stock Exchange', countryCode: 'JP' },
  XOSE: { exchangeId: 'OSE_JP', name: 'Osaka Exchange', countryCode: 'JP' },
  XHKG: { exchangeId: 'HKEX', name: 'Hong Kong Exchange', countryCode: 'HK' },
  XHKF: { exchangeId: 'HKFE', name: 'Hong Kong Futures Exchange', countryCode: 'HK' },
  XSES: { exchangeId: 'SGX-ST', name: 'Singapore Exchange', countryCode: 'SG' },
  XKRX: { exchangeId: 'KRX', name: 'Korea Exchange', countryCode: 'KR' },
  XTAI: { exchangeId: 'TWSE', name: 'Taiwan Stock Exchange', countryCode: 'TW' },
  XNSE: { exchangeId: 'NSE', name: 'National Stock Exchange of India', countryCode: 'IN' },
  XASX: { exchangeId: 'ASX', name: 'ASX', countryCode: 'AU' },
  XSFE: { exchangeId: 'SFE', name: 'ASX 24', countryCode: 'AU' },
  XCME: { exchangeId: 'CME', name: 'Chicago Mercantile Exchange', countryCode: 'US', priceSourceName: 'CME' },
  XCBT: { exchangeId: 'CBOT', name: 'Chicago Board of Trade', countryCode: 'US', priceSourceName: 'CBOT' },
  XNYM: {
    exchangeId: 'NYMEX',
    name: 'New York Mercantile Exchange',
    countryCode: 'US',
    priceSourceName: 'NYMEX',
  },
  XCEC: { exchangeId: 'COMEX', name: 'COMEX', countryCode: 'US', priceSourceName: 'COMEX' },
  XCBF: { exchangeId: 'CFE', name: 'Cboe Futures Exchange', countryCode: 'US' },
  XEUR: { exchangeId: 'EUREX', name: 'Eurex', countryCode: 'DE', priceSourceName: 'Eurex' },
  IFEU: { exchangeId: 'ICE', name: 'ICE Futures Europe - Commodities', countryCode: 'GB' },
  IFLL: { exchangeId: 'ICE_FIN', name: 'ICE Futures Europe - Financials', countryCode: 'GB' },
  IFUS: { exchangeId: 'ICE_US', name: 'ICE Futures U.S.', countryCode: 'US' },
  NDEX: { exchangeId: 'ENDEX', name: 'ICE Endex', countryCode: 'NL' },
};

/** The platform ExchangeId of a MIC. */
export function exchangeIdOf(mic: string): string {
  return venueOf(mic).exchangeId;
}

/** ISO country code of a MIC's venue. */
export function countryOf(mic: string): string {
  return venueOf(mic).countryCode;
}

/** ExchangeSummary of a MIC, as details carry it. */
export function exchangeSummary(mic: string): ExchangeSummary {
  const venue = venueOf(mic);
  return {
    CountryCode: venue.countryCode,
    ExchangeId: venue.exchangeId,
    Name: venue.name,
    ...(venue.priceSourceName ? { PriceSourceName: venue.priceSourceName } : {}),
  };
}

function venueOf(mic: string): VenueFact {
  const venue = VENUES[mic];
  if (!venue) throw new Error(`No venue facts for MIC ${mic}`);
  return venue;
}
