import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, InstrumentTradeSessions, TimeZoneDetails } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

interface ErrorBody {
  ErrorCode: string;
  Message: string;
  ModelState?: Record<string, string[]>;
}

interface InstrumentKey {
  uic: number;
  asset_type: string;
  mic: string | null;
}

const OFFSET = /^-?\d{2}:\d{2}:00$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('time zones and trading schedules over HTTP', () => {
  let simulator: TestSimulator;

  beforeAll(async () => {
    simulator = await startTestSimulator();
  });
  afterAll(() => simulator.close());

  function instrument(where: string): InstrumentKey {
    const row = simulator.simulator.context.universe.db
      .prepare(`SELECT uic, asset_type, mic FROM instruments WHERE ${where} ORDER BY uic LIMIT 1`)
      .get() as InstrumentKey | undefined;
    if (!row) throw new Error(`The test universe has no instrument where ${where}`);
    return row;
  }

  it('lists the platform time zones with offsets in force now', async () => {
    const { status, body } = await simulator.get<Feed<TimeZoneDetails>>('ref/v1/timezones');
    expect(status).toBe(200);
    expect(body.__count).toBe(body.Data.length);
    expect(body.__next).toBeUndefined();
    const eastern = body.Data.find((zone) => zone.TimeZoneId === '3');
    expect(eastern).toMatchObject({ DisplayName: 'US Eastern', ZoneName: 'America/New_York' });
    expect(['-05:00:00', '-04:00:00']).toContain(eastern?.TimeZoneOffset);
    expect(['EST', 'EDT']).toContain(eastern?.TimeZoneAbbreviation);
    for (const zone of body.Data) {
      expect(zone.TimeZoneId).toMatch(/^\d+$/);
      expect(zone.TimeZoneOffset).toMatch(OFFSET);
      expect(Object.values(zone)).not.toContain(null);
    }
    expect(body.Data.find((zone) => zone.TimeZoneId === '256')?.TimeZoneOffset).toBe('05:30:00');
  });

  it('returns a New York stock’s schedule: contiguous UTC sessions from now over the next week', async () => {
    const stock = instrument("asset_type = 'Stock' AND mic IN ('XNYS', 'XNAS')");
    const { status, body } = await simulator.get<InstrumentTradeSessions>(
      `ref/v1/instruments/tradingschedule/${stock.uic}/Stock`,
    );
    expect(status).toBe(200);
    expect(body.TimeZone).toBe(3);
    expect(['EST', 'EDT']).toContain(body.TimeZoneAbbreviation);
    expect(body.TimeZoneOffset).toMatch(/^-0[45]:00:00$/);
    const now = Date.now();
    expect(Date.parse(body.Sessions[0]!.StartTime)).toBeLessThanOrEqual(now);
    expect(Date.parse(body.Sessions.at(-1)!.EndTime)).toBeGreaterThan(now + 6 * 86_400_000);
    body.Sessions.forEach((session, index) => {
      expect(session.StartTime).toMatch(UTC_TIME);
      expect(session.EndTime).toMatch(UTC_TIME);
      if (index > 0) expect(session.StartTime).toBe(body.Sessions[index - 1]!.EndTime);
    });
    const states = new Set(body.Sessions.map((session) => session.State));
    expect([...states].sort()).toEqual(['AutomatedTrading', 'Closed', 'PostMarket', 'PreMarket']);
  });

  it('returns FX spot’s 24x5 schedule in GMT and accepts the asset type in any case', async () => {
    const fx = instrument("asset_type = 'FxSpot'");
    const { status, body } = await simulator.get<InstrumentTradeSessions>(
      `ref/v1/instruments/tradingschedule/${fx.uic}/fxspot`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ TimeZone: 0, TimeZoneAbbreviation: 'GMT', TimeZoneOffset: '00:00:00' });
    const trading = body.Sessions.filter((session) => session.State === 'AutomatedTrading');
    expect(trading.length).toBeGreaterThan(0);
    // Every trading stretch opens at 17:00 New York on a Sunday and runs to Friday (or the week's edge).
    for (const session of trading) {
      const hours = (Date.parse(session.EndTime) - Date.parse(session.StartTime)) / 3_600_000;
      expect(hours).toBeLessThanOrEqual(120);
    }
  });

  it('accepts Futures as ContractFutures', async () => {
    const future = instrument("asset_type = 'ContractFutures'");
    const asFutures = await simulator.get<InstrumentTradeSessions>(
      `ref/v1/instruments/tradingschedule/${future.uic}/Futures`,
    );
    const asContract = await simulator.get<InstrumentTradeSessions>(
      `ref/v1/instruments/tradingschedule/${future.uic}/ContractFutures`,
    );
    expect(asFutures.status).toBe(200);
    expect(asFutures.body).toEqual(asContract.body);
  });

  it('answers 400 InvalidAssetType for an unknown asset type and 404 for an unknown instrument', async () => {
    const badType = await simulator.get<ErrorBody>('ref/v1/instruments/tradingschedule/21/Spaceship');
    expect(badType.status).toBe(400);
    expect(badType.body.ErrorCode).toBe('InvalidAssetType');
    expect(badType.body.Message).toContain('Spaceship');

    const unknown = await simulator.get<ErrorBody>('ref/v1/instruments/tradingschedule/999999999/Stock');
    expect(unknown.status).toBe(404);
    expect(unknown.body.ErrorCode).toBe('NotFound');

    const badUic = await simulator.get<ErrorBody>('ref/v1/instruments/tradingschedule/abc/Stock');
    expect(badUic.status).toBe(400);
    expect(badUic.body.ModelState).toHaveProperty('Uic');
  });

  it('never answers a 500 to random paths and query strings, and every 4xx carries ErrorCode and Message', async () => {
    // Segments are sent percent-encoded, and raw when they hold no `%` (a lone `%` is a malformed
    // URL that Fastify's router rejects before any route runs; see the simulator's error handling).
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
      fc.constantFrom(
        'Stock',
        'FxSpot',
        'Futures',
        'ContractFutures',
        'Stock ',
        '..',
        '%00',
        '-1',
        '1e3',
        '0x10',
      ),
    );
    const rawSegment = segment.filter((value) => !value.includes('%'));
    const query = fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })), {
      maxLength: 4,
    });
    const path = fc.oneof(
      fc.constant('ref/v1/timezones'),
      fc
        .tuple(segment, segment)
        .map(
          ([uic, type]) =>
            `ref/v1/instruments/tradingschedule/${encodeURIComponent(uic)}/${encodeURIComponent(type)}`,
        ),
      fc
        .tuple(rawSegment, rawSegment)
        .map(([uic, type]) => `ref/v1/instruments/tradingschedule/${uic}/${type}`),
    );
    await fc.assert(
      fc.asyncProperty(path, query, async (route, pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const response = await simulator.get<ErrorBody>(`${route}${search ? `?${search}` : ''}`);
        expect(response.status).not.toBe(500);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body.ErrorCode).toBe('string');
          expect(typeof response.body.Message).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
  });
});
