/**
 * A simulator started on a chosen day (`--as-of`) counts its days from that day, at the clock's
 * time of day: days to expiry and to the last trade, futures' days to expiry, trading schedules.
 * And it lists the roots of one index as the platform does: SPX (AM-settled, third Fridays) and
 * SPXW (PM-settled weeklies), each naming the other with its kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractOptionSpace,
  Feed,
  FuturesSpace,
  InstrumentDetails,
  SummaryInfo,
} from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const DAY_MS = 86_400_000;
/** The day simulated, well away from the clock's. */
const SIMULATED = '2027-03-10';
const daysFrom = (day: string, to: string) =>
  Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);

describe('a simulator on a simulated day', () => {
  let sim: TestSimulator;
  const clock = () => new Date('2026-11-23T15:30:00Z');
  const rootIds = new Map<string, number>();

  beforeAll(async () => {
    sim = await startTestSimulator({ clock, asOf: new Date(`${SIMULATED}T00:00:00Z`) });
    const found = await sim.get<Feed<SummaryInfo>>(
      'ref/v1/instruments?Keywords=SPX&AssetTypes=StockIndexOption',
    );
    for (const item of found.body.Data) rootIds.set(item.Symbol, item.Identifier);
  }, 180_000);
  afterAll(() => sim?.close());

  it('says which day it simulates, and takes the clock’s time of day on it', () => {
    expect(sim.simulator.simulatedDay()).toBe(SIMULATED);
    expect(sim.simulator.context.simulatedNow().toISOString()).toBe(`${SIMULATED}T15:30:00.000Z`);
  });

  it('counts the option space’s days to expiry and to the last trade from the simulated day', async () => {
    const space = (
      await sim.get<ContractOptionSpace>(`ref/v1/instruments/contractoptionspaces/${rootIds.get('SPX:xcbo')}`)
    ).body;
    expect(space.OptionSpace.length).toBeGreaterThan(10);
    for (const entry of space.OptionSpace) {
      expect(entry.DisplayDaysToExpiry).toBe(daysFrom(SIMULATED, entry.Expiry));
      expect(entry.DisplayDaysToLastTradeDate).toBe(daysFrom(SIMULATED, entry.LastTradeDate!));
    }
    // The first expiry is the simulated month's third Friday, 19 March 2027.
    expect(space.OptionSpace[0]).toMatchObject({ Expiry: '2027-03-19T00:00:00Z', DisplayDaysToExpiry: 9 });
  });

  it('counts a futures space’s days to expiry from the simulated day', async () => {
    const es = await sim.get<Feed<SummaryInfo>>('ref/v1/instruments?Keywords=ES&AssetTypes=ContractFutures');
    const continuous = es.body.Data.find((item) => item.Symbol.startsWith('ES'))!;
    const space = (await sim.get<FuturesSpace>(`ref/v1/instruments/futuresspaces/${continuous.Identifier}`))
      .body;
    expect(space.Elements.length).toBeGreaterThan(0);
    for (const element of space.Elements)
      expect(element.DaysToExpiry).toBe(daysFrom(SIMULATED, element.ExpiryDate));
  });

  it('schedules trading sessions from the simulated day', async () => {
    const schedule = await sim.get<{ Sessions: { StartTime: string; EndTime: string }[] }>(
      'ref/v1/instruments/tradingschedule/211/Stock',
    );
    expect(schedule.status).toBe(200);
    const first = schedule.body.Sessions[0]!;
    expect(Date.parse(first.StartTime)).toBeLessThanOrEqual(Date.parse(`${SIMULATED}T15:30:00Z`));
    expect(Date.parse(first.EndTime)).toBeGreaterThan(Date.parse(`${SIMULATED}T00:00:00Z`) - DAY_MS);
  });

  it('lists SPX (AM-settled, its last trade the day before) and SPXW (PM-settled weeklies) under one index', async () => {
    const spxId = rootIds.get('SPX:xcbo')!;
    const spxwId = rootIds.get('SPXW:xcbo')!;
    expect(spxwId).toBeDefined();
    const spx = (await sim.get<ContractOptionSpace>(`ref/v1/instruments/contractoptionspaces/${spxId}`)).body;
    const spxw = (await sim.get<ContractOptionSpace>(`ref/v1/instruments/contractoptionspaces/${spxwId}`))
      .body;
    const roots = [
      { AssetType: 'StockIndexOption', OptionRootId: spxId, OptionType: 'Standard' },
      { AssetType: 'StockIndexOption', OptionRootId: spxwId, OptionType: 'Weekly' },
    ];
    expect(spx.RelatedOptionRootsEnhanced).toEqual(roots);
    expect(spxw.RelatedOptionRootsEnhanced).toEqual(roots);
    const index = (
      await sim.get<InstrumentDetails>(
        `ref/v1/instruments/details/${spx.RelatedInstruments![0]!.Uic}/StockIndex`,
      )
    ).body;
    expect(index.RelatedOptionRootsEnhanced).toEqual(roots);
    // SPX trades its monthly until the Thursday (AM settlement on Friday's open); SPXW until Friday's close.
    expect(spx.OptionSpace[0]!.LastTradeDate!.slice(0, 10)).toBe('2027-03-18');
    const spxwMarch = spxw.OptionSpace.find((entry) => entry.Expiry.startsWith('2027-03-19'))!;
    expect(spxwMarch.LastTradeDate!.slice(0, 10)).toBe('2027-03-19');
    // SPXW lists every weekday of the coming weeks; SPX only third Fridays.
    expect(spxw.OptionSpace.filter((entry) => daysFrom(SIMULATED, entry.Expiry) <= 7)).toHaveLength(5);
    // (A third Friday that is a holiday, such as Good Friday, moves to the Thursday before.)
    const spxDays = spx.OptionSpace.map((entry) => new Date(entry.Expiry));
    expect(spxDays.filter((day) => day.getUTCDate() < 14 || day.getUTCDate() > 21)).toEqual([]);
    expect(spxDays.filter((day) => day.getUTCDay() === 5).length).toBeGreaterThan(spxDays.length - 3);
    // A weekly root's contract says so in its details.
    const contracts = (
      await sim.get<ContractOptionSpace>(
        `ref/v1/instruments/contractoptionspaces/${spxwId}?OptionSpaceSegment=DefaultDates`,
      )
    ).body.OptionSpace[0]!.SpecificOptions!;
    const details = (
      await sim.get<InstrumentDetails>(`ref/v1/instruments/details/${contracts[0]!.Uic}/StockIndexOption`)
    ).body;
    expect(details.RelatedOptionRootsEnhanced).toEqual([
      expect.objectContaining({ OptionRootId: spxwId, OptionType: 'Weekly' }),
    ]);
    expect(details.Symbol).toMatch(/^SPXW\//);
  });
});
