/**
 * GET /ref/v1/exchanges, /ref/v1/exchanges/{ExchangeId} and /ref/v1/currencies: reference lists
 * the spec does not name and the platform serves, paged with `$top`/`$skip` like the others.
 * Exchanges are computed at the simulator's clock (their sessions start with the one in
 * progress); currencies are those the universe uses.
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from '../../context';
import { currenciesOf } from '../../data/reference/currencies';
import { exchangeDetails } from '../../data/reference/exchangeDetails';
import { EXCHANGES, findExchange } from '../../data/reference/exchanges';
import type { ReferenceStore } from '../../data/instruments/store';
import { notFound } from '../errors';
import { pageFeed } from '../feed';
import { QueryReader } from '../query';
import { DEFAULT_TOP, MAX_TOP } from './instrumentParameters';

/** Registers the exchanges and currencies routes on the API scope. */
export function registerExchangesAndCurrenciesRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  const currencies = currenciesOf([
    ...store.currencyCodes(),
    ...EXCHANGES.map((exchange) => exchange.CurrencyCode),
  ]);

  app.get('/ref/v1/exchanges', async (request) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const now = context.simulatedNow();
    const page = EXCHANGES.slice(window.skip, window.skip + window.top).map((exchange) =>
      exchangeDetails(exchange, now),
    );
    return pageFeed(context.origin(), request, page, EXCHANGES.length, window, MAX_TOP);
  });

  app.get<{ Params: { ExchangeId: string } }>('/ref/v1/exchanges/:ExchangeId', async (request) => {
    const { ExchangeId } = request.params;
    const exchange = findExchange(ExchangeId);
    if (!exchange) throw notFound(`No exchange with ExchangeId "${ExchangeId.slice(0, 40)}".`);
    return exchangeDetails(exchange, context.simulatedNow());
  });

  app.get('/ref/v1/currencies', async (request) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    return pageFeed(
      context.origin(),
      request,
      currencies.slice(window.skip, window.skip + window.top),
      currencies.length,
      window,
      MAX_TOP,
    );
  });
}
