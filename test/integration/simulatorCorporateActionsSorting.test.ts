import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

type EventFeed = Feed<CorporateActionEvent>;

/** What each sort column orders by, as a user sees it in the events. */
const SORT_KEYS: Record<string, (e: CorporateActionEvent) => string | number> = {
  AffectedAccounts: (e) => e.AffectedAccounts!,
  CorporateActionType: (e) => e.CorporateActionType!,
  EligibleHoldings: (e) => e.EligibleHoldings!,
  EventId: (e) => Number(e.EventId),
  EventType: (e) => e.EventType!.Code,
  InstrumentDescription: (e) => e.DisplayAndFormat!.Description!.toLowerCase(),
  AnnouncedDate: (e) => e.AnnouncedDate!,
  UpdatedDateTime: (e) => e.UpdatedDateTime!,
};

function ordered(keys: (string | number)[], descending: boolean): boolean {
  return keys.every((key, i) => i === 0 || (descending ? keys[i - 1]! >= key : keys[i - 1]! <= key));
}

describe('GET /ca/v2/events sorting and paging', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  /** Follows __next from a first page of `top` events; returns the ids in the order seen. */
  async function followPages(query: string, top: number): Promise<string[]> {
    const ids: string[] = [];
    let next: string | undefined = `ca/v2/events?${query}&$top=${top}`;
    let total: number | undefined;
    while (next) {
      const response: { status: number; body: EventFeed } = await sim.get<EventFeed>(next);
      expect(response.status).toBe(200);
      const page: EventFeed = response.body;
      total ??= page.__count;
      expect(page.__count).toBe(total);
      expect(page.Data.length).toBeLessThanOrEqual(top);
      ids.push(...page.Data.map((e) => e.EventId));
      next = page.__next;
    }
    expect(ids).toHaveLength(total!);
    return ids;
  }

  for (const column of [...Object.keys(SORT_KEYS), 'Date']) {
    for (const sortType of ['Asc', 'Desc'] as const) {
      it(`orders by ${column} ${sortType}, and __next pages reach every event exactly once`, async () => {
        const query = `IncludeSubAccounts=true&IncludeLapsedEvents=true&SortColumn=${column}&SortType=${sortType}`;
        const whole = (await sim.get<EventFeed>(`ca/v2/events?${query}&$top=1000`)).body.Data;
        expect(whole.length).toBeGreaterThan(100);
        const key = SORT_KEYS[column];
        if (key) expect(ordered(whole.map(key), sortType === 'Desc')).toBe(true);
        const paged = await followPages(query, 37);
        expect(new Set(paged).size).toBe(paged.length);
        expect(paged).toEqual(whole.map((e) => e.EventId));
      });
    }
  }

  it('breaks ties by EventId, so equal keys keep one order across requests', async () => {
    const events = (
      await sim.get<EventFeed>(
        'ca/v2/events?IncludeSubAccounts=true&SortColumn=CorporateActionType&SortType=Asc&$top=1000',
      )
    ).body.Data;
    const mandatory = events
      .filter((e) => e.CorporateActionType === 'Mandatory')
      .map((e) => Number(e.EventId));
    expect(mandatory).toEqual([...mandatory].sort((a, b) => a - b));
  });

  it('honours $skip alone and answers an empty page past the end', async () => {
    const query = 'IncludeSubAccounts=true&SortColumn=EventId&SortType=Asc';
    const whole = (await sim.get<EventFeed>(`ca/v2/events?${query}&$top=1000`)).body;
    const skipped = (await sim.get<EventFeed>(`ca/v2/events?${query}&$skip=5&$top=3`)).body;
    expect(skipped.Data.map((e) => e.EventId)).toEqual(whole.Data.slice(5, 8).map((e) => e.EventId));
    const beyond = (await sim.get<EventFeed>(`ca/v2/events?${query}&$skip=${whole.__count}`)).body;
    expect(beyond).toEqual({ __count: whole.__count, Data: [] });
    const none = (await sim.get<EventFeed>(`ca/v2/events?${query}&$top=0`)).body;
    expect(none).toEqual({ __count: whole.__count, Data: [] });
  });
});
