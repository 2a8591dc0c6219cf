/**
 * The exchanges list (130 kB) is read once at a start, though two parts of the page want it as
 * it opens: the exchange filter of a search (reference store) and the corporate actions'
 * market calendars behind the workspace badge.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { ExchangeDetails, Feed } from '../../contract/wire/types';
import { useMarketCalendarsStore } from '../../renderer/src/features/corporateActions/useMarketCalendarsStore';
import { useReferenceStore } from '../../renderer/src/features/reference/useReferenceStore';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';

const nyse = { ExchangeId: 'NYSE', Name: 'New York Stock Exchange', CountryCode: 'US', IsoMic: 'XNYS', TimeZoneName: 'America/New_York' } as ExchangeDetails;

/** An answer that arrives only when the test says so, as a busy main's does. */
function pending<T>() {
  let answer: (value: DeskResponse<T>) => void = () => undefined;
  const promise = new Promise<DeskResponse<T>>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('the exchanges list at a start', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('is read once for the exchange filter and the market calendars asking at the same time', async () => {
    const exchanges = pending<Feed<ExchangeDetails>>();
    const desk = installDesk({
      'reference:exchanges': () => exchanges.promise,
      'reference:exchangeHolidays': () => ok({ Data: [] }),
    });
    const reference = useReferenceStore();
    const calendars = useMarketCalendarsStore();
    const filter = reference.loadExchanges();
    const badge = calendars.prepare([], Date.parse('2026-11-27T12:00:00Z'));
    exchanges.answer(ok({ Data: [nyse] }));
    await Promise.all([filter, badge]);
    expect(desk.channel('reference:exchanges')).toHaveBeenCalledTimes(1);
    expect(reference.exchanges.map((exchange) => exchange.ExchangeId)).toEqual(['NYSE']);
    expect(calendars.problem).toBeUndefined();
  });

  it('gives the market calendars the list’s failure in words', async () => {
    installDesk({
      'reference:exchanges': () => ({ ok: false, error: { code: 'ServiceUnavailable', message: 'The service did not answer.' } }),
      'reference:exchangeHolidays': () => ok({ Data: [] }),
    });
    const calendars = useMarketCalendarsStore();
    await calendars.prepare([], Date.parse('2026-11-27T12:00:00Z'));
    expect(calendars.problem).toContain('The service did not answer.');
  });
});
