import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import { DEMO_USER } from '../../main/simulator/data/accounts/demo';
import { opaqueKey } from '../../main/simulator/data/accounts/keys';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

type EventFeed = Feed<CorporateActionEvent>;
const TOP_CLIENT = DEMO_USER.clients[0]!;
const day = (value: string | undefined) => value?.slice(0, 10);
/** The date the list sorts on by default: ex date, else record date, else the first payment date. */
const sortDate = (e: CorporateActionEvent) =>
  day(e.Ex?.Date) ??
  day(e.Record?.Date) ??
  e.Options?.map((o) => day(o.Payment?.Date)).find((d) => d !== undefined) ??
  '';

describe('GET /ca/v2/events', () => {
  let sim: TestSimulator;
  const list = async (query: string) => {
    const response = await sim.get<EventFeed>(`ca/v2/events?${query}`);
    expect(response.status, `${query}: ${response.text.slice(0, 300)}`).toBe(200);
    return response.body;
  };
  /** Every event of a query, fetched in one page of 1000. */
  const all = async (query: string) => {
    const feed = await list(`${query}&$top=1000`);
    expect(feed.__next).toBeUndefined();
    return feed.Data;
  };

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('answers a feed of 100 events by default with __count and an absolute __next', async () => {
    const feed = await list('');
    expect(feed.Data).toHaveLength(100);
    expect(feed.__count).toBeGreaterThan(100);
    expect(feed.__next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi\/ca\/v2\/events\?/);
    const event = feed.Data[0]!;
    expect(event.EventId).toMatch(/^\d+$/);
    expect(event.EventType).toEqual({
      Code: expect.stringMatching(/^[A-Z]{4}$/),
      Name: expect.any(String),
      Description: expect.any(String),
    });
    expect(event.UpdatedDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(event.AnnouncedDate).toMatch(/T00:00:00Z$/);
    expect(JSON.stringify(feed)).not.toContain('null');
  });

  it('sorts by date descending by default, with holdings of the caller’s own client', async () => {
    const events = await all('');
    const dates = events.map(sortDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const event of events) {
      expect(event.Holdings!.length).toBeGreaterThan(0);
      expect(
        event.Holdings!.every(
          (h) =>
            h.ClientId === TOP_CLIENT.clientId && h.ClientKey === opaqueKey('client', TOP_CLIENT.clientId),
        ),
      ).toBe(true);
      expect(event).not.toHaveProperty('AffectedAccounts');
      expect(event).not.toHaveProperty('EligibleHoldings');
    }
  });

  it('aggregates over sub-clients with IncludeSubAccounts=true: AffectedAccounts and EligibleHoldings instead of Holdings', async () => {
    const own = await all('IncludeSubAccounts=false');
    const tree = await all('IncludeSubAccounts=true');
    expect(tree.length).toBeGreaterThan(own.length);
    const ownIds = new Set(own.map((e) => e.EventId));
    expect(tree.filter((e) => ownIds.has(e.EventId))).toHaveLength(own.length);
    for (const event of tree) {
      expect(event).not.toHaveProperty('Holdings');
      expect(event.AffectedAccounts).toBeGreaterThan(0);
      expect(event.EligibleHoldings).toBeGreaterThan(0);
    }
    // The aggregate is the sum of the holdings of every client of the tree.
    const sample = tree.find((e) => !ownIds.has(e.EventId))!;
    let accounts = 0;
    let amount = 0;
    for (const client of DEMO_USER.clients) {
      const one = await sim.get<CorporateActionEvent>(
        `ca/v2/events/${sample.EventId}?ClientKey=${encodeURIComponent(opaqueKey('client', client.clientId))}&EventStates=Approved,Cancelled,Confirmed,Preliminary,Withdrawn`,
      );
      accounts += one.body.Holdings!.length;
      amount += one.body.Holdings!.reduce((sum, h) => sum + h.Amount!, 0);
    }
    expect({ accounts, amount }).toEqual({
      accounts: sample.AffectedAccounts,
      amount: sample.EligibleHoldings,
    });
  });

  it('narrows to an account (AccountKey) or an account group (AccountGroupKey)', async () => {
    const account = TOP_CLIENT.accounts[1]!;
    const byAccount = await all(`AccountKey=${encodeURIComponent(opaqueKey('account', account.accountId))}`);
    expect(byAccount.length).toBeGreaterThan(0);
    expect(
      byAccount.every((e) => e.Holdings!.length === 1 && e.Holdings![0]!.AccountId === account.accountId),
    ).toBe(true);
    const group = TOP_CLIENT.groups![0]!;
    const members = TOP_CLIENT.accounts.filter((a) => a.groupId === group.groupId).map((a) => a.accountId);
    const byGroup = await all(
      `AccountGroupKey=${encodeURIComponent(opaqueKey('accountGroup', group.groupId))}`,
    );
    expect(byGroup.length).toBeGreaterThanOrEqual(byAccount.length);
    expect(
      byGroup.flatMap((e) => e.Holdings!.map((h) => h.AccountId!)).every((id) => members.includes(id)),
    ).toBe(true);
  });

  it('filters by asset type, corporate action type, event type, state and status', async () => {
    const base = 'IncludeSubAccounts=true&IncludeLapsedEvents=true';
    const everything = await all(base);
    const cases: [string, (e: CorporateActionEvent) => boolean][] = [
      ['AssetTypes=Bond', (e) => e.AssetType === 'Bond'],
      ['AssetTypes=stock,Etf', (e) => e.AssetType === 'Stock'],
      ['CorporateActionTypes=Voluntary', (e) => e.CorporateActionType === 'Voluntary'],
      ['EventTypes=DVCA,intr', (e) => ['DVCA', 'INTR'].includes(e.EventType!.Code)],
      ['EventStates=Approved,Withdrawn', (e) => ['Approved', 'Withdrawn'].includes(e.EventState!)],
      ['EventStatus=Past', (e) => e.EventStatus === 'Past'],
      ['ElectionStatuses=PartialElected', (e) => e.ElectionStatus === 'PartialElected'],
      [
        'ElectionStatuses=Elected,NotElected',
        (e) => e.ElectionStatus === 'Elected' || e.ElectionStatus === 'NotElected',
      ],
    ];
    for (const [filter, holds] of cases) {
      const filtered = await all(`${base}&${filter}`);
      expect(filtered.length, filter).toBeGreaterThan(0);
      expect(
        filtered.map((e) => e.EventId),
        filter,
      ).toEqual(everything.filter(holds).map((e) => e.EventId));
    }
    expect(await all(`${base}&EventTypes=XXXX`)).toEqual([]);
  });

  it('filters on inclusive ex, record, pay and deadline date ranges', async () => {
    const base = 'IncludeSubAccounts=true&IncludeLapsedEvents=true';
    const everything = await all(base);
    const withEx = everything.filter((e) => e.Ex?.Date);
    const target = day(withEx[Math.floor(withEx.length / 2)]!.Ex!.Date)!;
    const exact = await all(`${base}&FromExDate=${target}&ToExDate=${target}`);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((e) => day(e.Ex?.Date) === target)).toBe(true);
    expect(exact.length).toBe(withEx.filter((e) => day(e.Ex!.Date) === target).length);

    const after = await all(`${base}&FromRecordDate=${target}`);
    expect(after.every((e) => day(e.Record?.Date)! >= target)).toBe(true);
    expect(after.length).toBe(
      everything.filter((e) => e.Record?.Date && day(e.Record.Date)! >= target).length,
    );

    const payments = (e: CorporateActionEvent) =>
      (e.Options ?? []).map((o) => day(o.Payment?.Date)).filter((d) => d !== undefined);
    const paid = await all(`${base}&ToPayDate=${target}`);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((e) => payments(e).some((d) => d <= target))).toBe(true);

    const deadlines = (e: CorporateActionEvent) =>
      (e.Options ?? []).map((o) => day(o.Deadline?.Date)).filter((d) => d !== undefined);
    const withDeadline = everything.filter((e) => deadlines(e).length > 0);
    const deadline = deadlines(withDeadline[0]!)[0]!;
    const due = await all(`${base}&FromDeadlineDate=${deadline}&ToDeadlineDate=${deadline}`);
    expect(due.map((e) => e.EventId)).toContain(withDeadline[0]!.EventId);
    expect(due.every((e) => deadlines(e).includes(deadline))).toBe(true);
  });

  it('leaves out lapsed events (Past and Preliminary, Confirmed or Cancelled) unless IncludeLapsedEvents=true', async () => {
    const lapsed = (e: CorporateActionEvent) =>
      e.EventStatus === 'Past' && ['Preliminary', 'Confirmed', 'Cancelled'].includes(e.EventState!);
    const shown = await all('IncludeSubAccounts=true');
    const withLapsed = await all('IncludeSubAccounts=true&IncludeLapsedEvents=true');
    expect(shown.some(lapsed)).toBe(false);
    expect(withLapsed.filter(lapsed).length).toBeGreaterThan(0);
    expect(withLapsed.filter((e) => !lapsed(e)).map((e) => e.EventId)).toEqual(shown.map((e) => e.EventId));
    // Asking for a state does not lift the rule: only active cancelled events come back.
    const cancelled = await all('IncludeSubAccounts=true&EventStates=Cancelled');
    expect(cancelled.every((e) => e.EventState === 'Cancelled' && e.EventStatus === 'Active')).toBe(true);
    const states = new Set(withLapsed.map((e) => e.EventState));
    expect(states).toEqual(new Set(['Preliminary', 'Confirmed', 'Approved', 'Cancelled', 'Withdrawn']));
    expect(new Set(withLapsed.map((e) => e.EventStatus))).toEqual(new Set(['Active', 'Past']));
  });

  it('matches Keywords against description, ISIN and symbol, case-insensitively', async () => {
    const everything = await all('IncludeSubAccounts=true&IncludeLapsedEvents=true');
    const sample = everything.find((e) => e.AssetType === 'Stock')!;
    const { Description, IsinCode, Symbol } = sample.DisplayAndFormat!;
    for (const keyword of [IsinCode!.toLowerCase(), Symbol!.toUpperCase(), Description!.split(' ')[0]!]) {
      const found = await all(
        `IncludeSubAccounts=true&IncludeLapsedEvents=true&Keywords=${encodeURIComponent(keyword)}`,
      );
      expect(
        found.map((e) => e.EventId),
        keyword,
      ).toContain(sample.EventId);
      const text = (e: CorporateActionEvent) =>
        `${e.DisplayAndFormat!.Description}|${e.DisplayAndFormat!.IsinCode}|${e.DisplayAndFormat!.Symbol}`.toLowerCase();
      expect(
        found.every((e) => text(e).includes(keyword.toLowerCase())),
        keyword,
      ).toBe(true);
    }
    expect(await all('Keywords=%25_%25&IncludeSubAccounts=true')).toEqual([]);
  });
});
