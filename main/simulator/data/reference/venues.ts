/**
 * The exchange facts reference data needs (ExchangeSummary of spec 2.1), from the universe's
 * exchanges (exchanges.ts), for a venue named as the generator's facts name it: its ISO MIC,
 * or SBFX, the platform's inter-bank venue where over-the-counter products (FX, bonds, mutual
 * funds) trade. On the wire an exchange goes by the platform's ExchangeId.
 */
import type { ExchangeSummary } from '../../../../contract/wire/types';
import { exchangeByKey } from './exchanges';

/** The platform's over-the-counter venue. */
export const OTC_VENUE = 'SBFX';

/** The platform ExchangeId of a venue (checked against the universe's exchanges). */
export function exchangeIdOf(mic: string): string {
  return exchangeByKey(mic).ExchangeId;
}

/** ISO country code of a venue. */
export function countryOf(mic: string): string {
  return exchangeByKey(mic).CountryCode;
}

/**
 * The suffix of symbols listed at a venue (`SAP:xetr`): the platform's Mic, lower-cased, which
 * for a derivatives segment is its operating exchange's (`ASML:xams` on EUR_AMS2).
 */
export function symbolSuffixOf(mic: string): string {
  const exchange = exchangeByKey(mic);
  return (exchange.Mic ?? exchange.key).toLowerCase();
}

/** ExchangeSummary of a venue, as details carry it. */
export function exchangeSummary(mic: string): ExchangeSummary {
  const exchange = exchangeByKey(mic);
  return {
    CountryCode: exchange.CountryCode,
    ExchangeId: exchange.ExchangeId,
    Name: exchange.Name,
    ...(exchange.PriceSourceName ? { PriceSourceName: exchange.PriceSourceName } : {}),
  };
}
