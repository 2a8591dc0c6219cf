import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../main/core/services';
import type { ChannelName } from '../../contract/channels';
import type { CorporateActionEvent, EventLookupData, Feed, SummaryInfo } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { startBridgedShell, type BridgedShell } from '../support/bridgedShell';

/** Every endpoint channel, called the way the renderer calls it: through the web shell bridge to the simulator. */
describe('every endpoint is reachable through the bridge', () => {
  let sim: TestSimulator;
  let bridge: BridgedShell;

  beforeAll(async () => {
    sim = await startTestSimulator();
    const token = await sim.accessToken('demo');
    const services = createServiceClient({
      baseUrl: sim.baseUrl,
      auth: { accessToken: () => token, reauthenticate: async () => false },
    });
    bridge = await startBridgedShell(services);
  });
  afterAll(async () => {
    await bridge.close();
    await sim.close();
  });

  async function result<R>(channel: ChannelName, arg?: unknown): Promise<R> {
    const response = await bridge.invoke<R>(channel, arg);
    if (!response.ok) throw new Error(`${channel}: ${response.error.code} ${response.error.message}`);
    return response.result;
  }
  const searchFor = async (arg: object, pick: (item: SummaryInfo) => boolean = () => true) => {
    const found = (await result<Feed<SummaryInfo>>('instruments:search', { ...arg, $top: 200 })).Data.find(
      pick,
    );
    if (!found) throw new Error(`nothing found for ${JSON.stringify(arg)}`);
    return found;
  };

  it('answers the reference channels', async () => {
    expect((await result<Feed<unknown>>('reference:countries')).Data).toHaveLength(249);
    expect((await result<Feed<unknown>>('reference:timeZones', { refresh: true })).Data.length).toBeGreaterThan(5);
    expect((await result<Feed<unknown>>('reference:currencyPairs')).Data.length).toBeGreaterThan(5);
    expect((await result<Feed<{ ExchangeId: string }>>('reference:exchanges')).Data.map((exchange) => exchange.ExchangeId)).toContain('NASDAQ');
  });

  it('answers the instrument channels', async () => {
    const stock = await searchFor({ AssetTypes: ['Stock'] });
    expect(
      await result('instruments:details', { Uic: stock.Identifier, AssetType: 'Stock' }),
    ).toMatchObject({ Uic: stock.Identifier });
    expect(
      (await result<Feed<unknown>>('instruments:detailsList', { Uics: [stock.Identifier] })).Data.length,
    ).toBeGreaterThan(0);
    expect(await result('instruments:tradingSchedule', { Uic: stock.Identifier, AssetType: 'Stock' })).toHaveProperty(
      'Sessions',
    );
    const root = await searchFor(
      { AssetTypes: ['StockOption', 'StockIndexOption'] },
      (s) => s.SummaryType === 'ContractOptionRoot',
    );
    expect(await result('instruments:optionSpace', { OptionRootId: root.Identifier })).toMatchObject({
      OptionRootId: root.Identifier,
    });
    const continuous = await searchFor(
      { AssetTypes: ['ContractFutures'] },
      (s) => s.DisplayHint === 'Continuous',
    );
    expect(await result('instruments:futuresSpace', { ContinuousFuturesUic: continuous.Identifier })).toHaveProperty(
      'Elements',
    );
  });

  it('answers the corporate action channels', async () => {
    const events = await result<Feed<CorporateActionEvent>>('corporateActions:events', { $top: 3 });
    expect(events.Data.length).toBeGreaterThan(0);
    expect(await result('corporateActions:event', { EventId: events.Data[0]!.EventId })).toMatchObject({
      EventId: events.Data[0]!.EventId,
    });
    // The filters' code lists, every group with the names the events carry.
    const lookup = await result<EventLookupData>('corporateActions:lookupData');
    expect(lookup.Data.map((group) => group.FieldGroup)).toEqual([
      'AssetTypes',
      'CorporateActionTypes',
      'ElectionStatuses',
      'EventStates',
      'EventStatuses',
      'EventTypes',
      'OptionTypes',
    ]);
    const eventTypes = lookup.Data.find((group) => group.FieldGroup === 'EventTypes')!.Values;
    expect(eventTypes).toContainEqual({ Code: 'DVCA', Name: 'Cash Dividend' });
    const listed = events.Data[0]!.EventType!;
    expect(eventTypes).toContainEqual({ Code: listed.Code, Name: listed.Name });
  });
});
