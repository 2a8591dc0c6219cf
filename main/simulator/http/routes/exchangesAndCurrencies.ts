/**
 * GET /ref/v1/exchanges, /ref/v1/exchanges/{ExchangeId}, /ref/v1/exchanges/holidays and
 * /ref/v1/currencies: reference lists the spec does not name and the platform serves, paged with
 * `$top`/`$skip` like the others. Exchanges are computed at the simulator's clock (their
 * sessions start with the one in progress); holidays over the days asked for, past ones too;
 * currencies are those the universe uses.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrencyDetails } from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import { currenciesOf } from '../../data/reference/currencies';
import { exchangeDetails } from '../../data/reference/exchangeDetails';
import { exchangeHolidays, MAX_HOLIDAY_RANGE_DAYS } from '../../data/reference/exchangeHolidays';
import { EXCHANGES, findExchange } from '../../data/reference/exchanges';
import type { ReferenceStore } from '../../data/instruments/store';
import { badParameter, notFound } from '../errors';
import { pageFeed } from '../feed';
import { QueryReader } from '../query';
import { DEFAULT_TOP, MAX_TOP } from './instrumentParameters';

/** Holidays per page unless `$top` says otherwise: three years of every exchange's fit in one. */
const HOLIDAYS_TOP = 1000;

/** Registers the exchanges and currencies routes on the API scope. */
export function registerExchangesAndCurrenciesRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  // Made at the first request, not before READY: CLDR's symbols through Intl load ICU's locale
  // data (about 15 ms of the launcher's CPU profile to READY; 30–70 ms timed alone), at a start
  // whose page need not ask for currencies at all.
  let currencies: CurrencyDetails[] | undefined;
  const listCurrencies = () =>
    (currencies ??= currenciesOf([...store.currencyCodes(), ...EXCHANGES.map((exchange) => exchange.CurrencyCode)]));

  app.get('/ref/v1/exchanges', async (request) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const now = context.simulatedNow();
    const page = EXCHANGES.slice(window.skip, window.skip + window.top).map((exchange) =>
      exchangeDetails(exchange, now),
    );
    return pageFeed(context.origin(), request, page, EXCHANGES.length, window, MAX_TOP);
  });

  // Registered before /:ExchangeId reads it; Fastify prefers the static segment either way.
  app.get('/ref/v1/exchanges/holidays', async (request) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(HOLIDAYS_TOP, MAX_TOP), skip: query.skip() };
    const from = query.date('FromDate');
    const to = query.date('ToDate');
    if (!from) throw badParameter('FromDate', 'FromDate is required: the first day, written yyyy-mm-dd.');
    if (!to) throw badParameter('ToDate', 'ToDate is required: the last day, written yyyy-mm-dd.');
    if (to < from) throw badParameter('ToDate', 'ToDate must not be before FromDate.');
    if ((to.getTime() - from.getTime()) / 86_400_000 >= MAX_HOLIDAY_RANGE_DAYS)
      throw badParameter('ToDate', `FromDate to ToDate spans at most ${MAX_HOLIDAY_RANGE_DAYS} days.`);
    const ids = query.list('ExchangeIds');
    const exchanges = ids
      ? ids.map((id) => {
          const exchange = findExchange(id);
          if (!exchange) throw badParameter('ExchangeIds', `ExchangeIds names no exchange "${id.slice(0, 40)}".`);
          return exchange;
        })
      : EXCHANGES;
    const holidays = exchangeHolidays([...new Set(exchanges)], from, to);
    return pageFeed(
      context.origin(),
      request,
      holidays.slice(window.skip, window.skip + window.top),
      holidays.length,
      window,
      MAX_TOP,
    );
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
    const all = listCurrencies();
    return pageFeed(
      context.origin(),
      request,
      all.slice(window.skip, window.skip + window.top),
      all.length,
      window,
      MAX_TOP,
    );
  });
}
