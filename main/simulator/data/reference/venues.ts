/**
 * The exchange facts reference data needs (ExchangeSummary of spec 2.1), from the universe's
 * exchanges (exchanges.ts). ExchangeId is the MIC; over-the-counter products (FX, bonds,
 * mutual funds) trade on the platform's inter-bank venue SBFX.
 */
import type { ExchangeSummary } from '../../../../contract/wire/types';
import { exchangeById } from './exchanges';

/** The platform's over-the-counter venue. */
export const OTC_VENUE = 'SBFX';

/** The platform ExchangeId of a MIC (checked against the universe's exchanges). */
export function exchangeIdOf(mic: string): string {
  return exchangeById(mic).ExchangeId;
}

/** ISO country code of an exchange. */
export function countryOf(mic: string): string {
  return exchangeById(mic).CountryCode;
}

/** ExchangeSummary of an exchange, as details carry it. */
export function exchangeSummary(mic: string): ExchangeSummary {
  const exchange = exchangeById(mic);
  return {
    CountryCode: exchange.CountryCode,
    ExchangeId: exchange.ExchangeId,
    Name: exchange.Name,
    ...(exchange.PriceSourceName ? { PriceSourceName: exchange.PriceSourceName } : {}),
  };
}
