import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import { DEMO_USER, TRADER2_USER } from '../../main/simulator/data/accounts/demo';
import { opaqueKey } from '../../main/simulator/data/accounts/keys';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

type EventFeed = Feed<CorporateActionEvent>;
type ErrorBody = { ErrorCode: string; Message: string; ModelState?: Record<string, string[]> };
const key = (kind: 'client' | 'account' | 'accountGroup', id: string) =>
  encodeURIComponent(opaqueKey(kind, id));

describe('GET /ca/v2/events/{EventId}', () => {
  let sim: TestSimulator;
  let events: CorporateActionEvent[];
  beforeAll(async () => {
    sim = await startTestSimulator();
    events = (
      await sim.get<EventFeed>('ca/v2/events?IncludeSubAccounts=true&IncludeLapsedEvents=true&$top=1000')
    ).body.Data;
  });
  afterAll(() => sim.close());

  it('reads one event as the list shows it, with the holdings of the caller’s own client', async () => {
    const listed = (await sim.get<EventFeed>('ca/v2/events?$top=5')).body.Data;
    for (const event of listed) {
      const one = await sim.get<CorporateActionEvent>(`ca/v2/events/${event.EventId}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(event);
    }
  });

  it('shows AffectedAccounts and EligibleHoldings with IncludeSubAccounts=true', async () => {
    const event = events.find((e) => e.EventState === 'Approved')!;
    const one = (await sim.get<CorporateActionEvent>(`ca/v2/events/${event.EventId}?IncludeSubAccounts=true`))
      .body;
    expect(one).toEqual(event);
    expect(one).not.toHaveProperty('Holdings');
  });

  it('does not find a cancelled event unless EventStates names Cancelled', async () => {
    const cancelled = events.find((e) => e.EventState === 'Cancelled')!;
    expect(cancelled).toBeDefined();
    const hidden = await sim.get<ErrorBody>(`ca/v2/events/${cancelled.EventId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ ErrorCode: 'NotFound', Message: expect.any(String) });
    const shown = await sim.get<CorporateActionEvent>(
      `ca/v2/events/${cancelled.EventId}?EventStates=Cancelled&IncludeSubAccounts=true`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body.EventState).toBe('Cancelled');
    const withdrawn = events.find((e) => e.EventState === 'Withdrawn')!;
    expect((await sim.get(`ca/v2/events/${withdrawn.EventId}`)).status).toBe(200);
    expect((await sim.get(`ca/v2/events/${withdrawn.EventId}?EventStates=Approved`)).status).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['1', '999999999999', 'abc', '12.5', '-3', '%20']) {
      const response = await sim.get<ErrorBody>(`ca/v2/events/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body.ErrorCode).toBe('NotFound');
    }
  });

  it('answers 400 naming the parameter for malformed query values', async () => {
    const cases: [string, string][] = [
      ['AssetTypes=Shares', 'AssetTypes'],
      ['CorporateActionTypes=Optional', 'CorporateActionTypes'],
      ['ElectionStatuses=Done', 'ElectionStatuses'],
      ['EventStates=Open', 'EventStates'],
      ['EventStatus=Active,Past', 'EventStatus'],
      ['EventTypes=DIVIDEND', 'EventTypes'],
      ['EventTypes=DVCA,,INTR', 'EventTypes'],
      ['FromExDate=2026-02-30', 'FromExDate'],
      ['ToPayDate=tomorrow', 'ToPayDate'],
      ['FromRecordDate=2026-05-02&ToRecordDate=2026-05-01', 'FromRecordDate'],
      ['FromDeadlineDate=26-01-01', 'FromDeadlineDate'],
      ['IncludeLapsedEvents=yes', 'IncludeLapsedEvents'],
      ['IncludeSubAccounts=1', 'IncludeSubAccounts'],
      ['SortColumn=Price', 'SortColumn'],
      ['SortType=Descending', 'SortType'],
      ['$top=1001', '$top'],
      ['$skip=-1', '$skip'],
      ['Keywords=a b c d e f g h i j k', 'Keywords'],
    ];
    for (const [query, parameter] of cases) {
      const response = await sim.get<ErrorBody>(`ca/v2/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.ErrorCode, query).toEqual(expect.any(String));
      expect(response.body.Message, query).toEqual(expect.any(String));
      expect(Object.keys(response.body.ModelState ?? {}), query).toEqual([parameter]);
    }
    const single = await sim.get<ErrorBody>(`ca/v2/events/${events[0]!.EventId}?EventStates=Finished`);
    expect(single.status).toBe(400);
    expect(Object.keys(single.body.ModelState ?? {})).toEqual(['EventStates']);
  });

  it('accepts parameter names and enumeration values in any case', async () => {
    const exact = (
      await sim.get<EventFeed>(
        'ca/v2/events?IncludeSubAccounts=true&EventTypes=DVCA&SortColumn=EventId&SortType=Asc',
      )
    ).body;
    const loose = (
      await sim.get<EventFeed>(
        'ca/v2/events?includesubaccounts=TRUE&eventtypes=dvca&sortcolumn=eventid&sorttype=asc',
      )
    ).body;
    expect(loose.__count).toBe(exact.__count);
    expect(loose.Data).toEqual(exact.Data);
  });

  describe('ownership', () => {
    const trader2Client = TRADER2_USER.clients[0]!;

    it('answers 404 when the demo user names trader2’s client, account or account group', async () => {
      for (const query of [
        `ClientKey=${key('client', trader2Client.clientId)}`,
        `AccountKey=${key('account', trader2Client.accounts[0]!.accountId)}`,
        `AccountGroupKey=${key('accountGroup', trader2Client.groups![0]!.groupId)}`,
        'ClientKey=bm90LWEta2V5',
      ]) {
        const response = await sim.get<ErrorBody>(`ca/v2/events?${query}`);
        expect(response.status, query).toBe(404);
        expect(response.body.ErrorCode).toBe('NotFound');
        expect(response.text).not.toContain(trader2Client.name);
        expect((await sim.get(`ca/v2/events/${events[0]!.EventId}?${query}`)).status, query).toBe(404);
      }
    });

    it('shows trader2 only its own holdings, and never the demo book', async () => {
      const own = await sim.get<EventFeed>('ca/v2/events?$top=1000&IncludeLapsedEvents=true', {
        as: 'trader2',
      });
      expect(own.status).toBe(200);
      expect(own.body.Data.length).toBeGreaterThan(0);
      const clients = new Set(own.body.Data.flatMap((e) => e.Holdings!.map((h) => h.ClientId)));
      expect(clients).toEqual(new Set([trader2Client.clientId]));
      expect(own.text).not.toContain(DEMO_USER.clients[0]!.name);
      const demoKey = `ClientKey=${key('client', DEMO_USER.clients[0]!.clientId)}`;
      expect((await sim.get(`ca/v2/events?${demoKey}`, { as: 'trader2' })).status).toBe(404);
      // An event only the demo book holds is not there for trader2.
      const trader2Ids = new Set(
        (
          await sim.get<EventFeed>(
            'ca/v2/events?$top=1000&IncludeSubAccounts=true&IncludeLapsedEvents=true',
            { as: 'trader2' },
          )
        ).body.Data.map((e) => e.EventId),
      );
      const demoOnly = events.find((e) => !trader2Ids.has(e.EventId) && e.EventState !== 'Cancelled')!;
      expect((await sim.get(`ca/v2/events/${demoOnly.EventId}`, { as: 'trader2' })).status).toBe(404);
    });

    it('lets a user name its own sub-client, but not an account outside the client it names', async () => {
      const sub = DEMO_USER.clients[1]!;
      const response = await sim.get<EventFeed>(
        `ca/v2/events?ClientKey=${key('client', sub.clientId)}&$top=1000`,
      );
      expect(response.status).toBe(200);
      expect(response.body.Data.every((e) => e.Holdings!.every((h) => h.ClientId === sub.clientId))).toBe(
        true,
      );
      const foreignAccount = DEMO_USER.clients[0]!.accounts[0]!.accountId;
      const mismatch = await sim.get<ErrorBody>(
        `ca/v2/events?ClientKey=${key('client', sub.clientId)}&AccountKey=${key('account', foreignAccount)}`,
      );
      expect(mismatch.status).toBe(400);
      expect(Object.keys(mismatch.body.ModelState ?? {})).toEqual(['AccountKey']);
    });
  });
});
