import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionEvent, EventLookupData, Feed } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** The list parameter each field group's codes are used in. */
const FILTER_OF: Record<string, string> = {
  AssetTypes: 'AssetTypes',
  CorporateActionTypes: 'CorporateActionTypes',
  ElectionStatuses: 'ElectionStatuses',
  EventStates: 'EventStates',
  EventStatuses: 'EventStatus',
  EventTypes: 'EventTypes',
};

describe('GET /ca/v2/events/lookupdata', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  const lookup = (query: string) => sim.get<EventLookupData & { ErrorCode?: string; ModelState?: Record<string, string[]> }>(`ca/v2/events/lookupdata${query}`);

  it('returns every field group with codes and names for FieldGroups=All (and when FieldGroups is absent)', async () => {
    const all = await lookup('?FieldGroups=All');
    expect(all.status).toBe(200);
    expect(all.body.Data.map((group) => group.FieldGroup)).toEqual([
      'AssetTypes', 'CorporateActionTypes', 'ElectionStatuses', 'EventStates', 'EventStatuses', 'EventTypes', 'OptionTypes',
    ]);
    const group = (name: string) => all.body.Data.find((each) => each.FieldGroup === name)?.Values ?? [];
    expect(group('EventTypes')).toContainEqual({ Code: 'DVCA', Name: 'Cash Dividend' });
    expect(group('EventTypes')).toContainEqual({ Code: 'SPLF', Name: 'Stock Split' });
    expect(group('OptionTypes')).toContainEqual({ Code: 'CASH', Name: 'Cash' });
    expect(group('CorporateActionTypes')).toEqual([{ Code: 'Mandatory', Name: 'Mandatory' }, { Code: 'Voluntary', Name: 'Voluntary' }]);
    expect(group('ElectionStatuses')).toContainEqual({ Code: 'NotElected', Name: 'Not elected' });
    for (const each of all.body.Data) {
      expect(each.Values.length, each.FieldGroup).toBeGreaterThan(0);
      for (const value of each.Values) expect(value).toEqual({ Code: expect.stringMatching(/^\S+$/), Name: expect.stringMatching(/\S/) });
    }
    expect((await lookup('')).body).toEqual(all.body);
  });

  it('names every event type the events carry, with the name they carry', async () => {
    const types = new Map((await lookup('?FieldGroups=EventTypes')).body.Data[0]!.Values.map((value) => [value.Code, value.Name]));
    const events = await sim.get<Feed<CorporateActionEvent>>('ca/v2/events?IncludeSubAccounts=true&$top=1000', { as: 'demo' });
    expect(events.body.Data.length).toBeGreaterThan(50);
    for (const event of events.body.Data) expect(types.get(event.EventType!.Code), event.EventId).toBe(event.EventType!.Name);
  });

  it('lists only codes the event list accepts as filters', async () => {
    const all = await lookup('?FieldGroups=All');
    for (const group of all.body.Data) {
      const parameter = FILTER_OF[group.FieldGroup];
      if (parameter === undefined) continue;
      for (const value of group.Values) {
        const answer = await sim.get(`ca/v2/events?$top=1&IncludeSubAccounts=true&${parameter}=${encodeURIComponent(value.Code)}`);
        expect(answer.status, `${parameter}=${value.Code}: ${answer.text.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('returns the asked-for groups only, in the usual order, names matched case-insensitively', async () => {
    const some = await lookup('?FieldGroups=eventtypes,AssetTypes');
    expect(some.status).toBe(200);
    expect(some.body.Data.map((group) => group.FieldGroup)).toEqual(['AssetTypes', 'EventTypes']);
  });

  it('refuses an unknown or empty field group with 400 naming FieldGroups, and a call without a token with 401', async () => {
    for (const query of ['?FieldGroups=Nope', '?FieldGroups=EventTypes,,AssetTypes', '?FieldGroups=EventTypes&FieldGroups=All']) {
      const answer = await lookup(query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.ModelState ?? {}), query).toEqual(['FieldGroups']);
    }
    expect((await fetch(`${sim.baseUrl}/ca/v2/events/lookupdata?FieldGroups=All`)).status).toBe(401);
  });
});
