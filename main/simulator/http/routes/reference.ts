/**
 * Reference-data routes under /ref/v1 (spec 4.1–4.9): countries and currency pairs here;
 * search, details, option/futures spaces, and exchanges and currencies in their own modules.
 * Time zones and trading schedules are in tradingSchedule.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrencyPairDetails } from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import { ReferenceStore } from '../../data/instruments/store';
import { wholeFeed } from '../feed';
import { QueryReader } from '../query';
import { registerExchangesAndCurrenciesRoutes } from './exchangesAndCurrencies';
import { registerInstrumentDetailsRoutes } from './instrumentDetails';
import { registerInstrumentSearchRoute } from './instrumentSearch';
import { registerInstrumentSpacesRoutes } from './instrumentSpaces';

/** Currency pairs (spec 2.5) from the FX spot pairs: each currency with the pairs it is part of. */
function currencyPairs(store: ReferenceStore): CurrencyPairDetails[] {
  const related = new Map<string, { CurrencyCode: string; Uic: number }[]>();
  const add = (currency: string, other: string, uic: number) => {
    const list = related.get(currency) ?? [];
    list.push({ CurrencyCode: other, Uic: uic });
    related.set(currency, list);
  };
  for (const pair of store.fxPairs()) {
    add(pair.base, pair.quote, pair.uic);
    add(pair.quote, pair.base, pair.uic);
  }
  return [...related.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([CurrencyCode, list]) => ({
      CurrencyCode,
      RelatedCurrencies: list.sort((a, b) => a.CurrencyCode.localeCompare(b.CurrencyCode)),
    }));
}

/** Registers the /ref/v1 routes on the API scope (prefixed with `/openapi`). */
export function registerReferenceRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const store = new ReferenceStore(context.universe.db);
  const pairs = wholeFeed(currencyPairs(store));

  app.get('/ref/v1/countries', async () => wholeFeed(context.countries));
  app.get('/ref/v1/currencypairs', async (request) => {
    const query = new QueryReader(request.query);
    query.string('AccountKey');
    query.string('ClientKey');
    return pairs;
  });
  registerInstrumentSearchRoute(app, context, store);
  registerInstrumentDetailsRoutes(app, context, store);
  registerInstrumentSpacesRoutes(app, context, store);
  registerExchangesAndCurrenciesRoutes(app, context, store);
}
