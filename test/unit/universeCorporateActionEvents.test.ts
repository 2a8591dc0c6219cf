import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { isTradingDay } from '../../main/simulator/calendar/businessDays';
import { EVENT_CODES } from '../../main/simulator/data/corporateActions/codes';
import { generationSteps } from '../../main/simulator/data/steps';
import { openUniverse, type Universe } from '../../main/simulator/data/universe';
import { TEST_CACHE_DIR } from '../support/testSimulator';

const DAY_MS = 86_400_000;
const date = (value: string | undefined) => (value ? new Date(value) : undefined);
const day = (value: string | undefined) => value?.slice(0, 10);

interface Loaded {
  universe: Universe;
  events: CorporateActionEvent[];
  exchangeOf: Map<number, string>;
}

function load(now: Date): Loaded {
  const universe = openUniverse({
    seed: 20260101,
    scale: 'small',
    cacheDir: TEST_CACHE_DIR,
    steps: generationSteps,
    asOf: now,
  });
  const events = (
    universe.db.prepare('SELECT body FROM events ORDER BY event_id').pluck().all() as string[]
  ).map((body) => JSON.parse(body) as CorporateActionEvent);
  const exchanges = universe.db
    .prepare("SELECT uic, exchange_id FROM instruments WHERE asset_type = 'Stock'")
    .all() as { uic: number; exchange_id: string }[];
  return { universe, events, exchangeOf: new Map(exchanges.map((row) => [row.uic, row.exchange_id])) };
}

describe('generated corporate action events', () => {
  const today = new Date(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()),
  );
  let now: Loaded;
  let later: Loaded;
  beforeAll(() => {
    now = load(today);
    later = load(new Date(today.getTime() + 10 * DAY_MS));
  });
  afterAll(() => {
    now.universe.close();
    later.universe.close();
  });

  const ofCode = (code: string, exchange?: string) =>
    now.events.filter(
      (e) =>
        e.EventType!.Code === code && (exchange === undefined || now.exchangeOf.get(e.Uic!) === exchange),
    );

  it('covers every event type, state, status, action type and electability', () => {
    expect(now.events.length).toBeGreaterThan(800);
    expect(new Set(now.events.map((e) => e.EventType!.Code))).toEqual(new Set(EVENT_CODES));
    expect(new Set(now.events.map((e) => e.EventState))).toEqual(
      new Set(['Preliminary', 'Confirmed', 'Approved', 'Cancelled', 'Withdrawn']),
    );
    expect(new Set(now.events.map((e) => e.EventStatus))).toEqual(new Set(['Active', 'Past']));
    expect(new Set(now.events.map((e) => e.CorporateActionType))).toEqual(
      new Set(['Mandatory', 'Voluntary']),
    );
    expect(new Set(now.events.map((e) => e.Electable))).toEqual(new Set(['Electable', 'NotElectable']));
    expect(now.events.some((e) => e.Effective?.Status === 'Ongoing')).toBe(true);
    expect(now.events.some((e) => e.InformationToComply === 'RestrictionsMayApply')).toBe(true);
    expect(now.events.every((e) => e.Narrative!.includes('\n'))).toBe(true);
    expect(new Set(now.events.map((e) => e.EventId)).size).toBe(now.events.length);
  });

  it('puts ex dates of shares on trading days of their exchange', () => {
    const shares = now.events.filter((e) => e.AssetType === 'Stock' && e.Ex?.Date);
    expect(shares.length).toBeGreaterThan(500);
    for (const event of shares)
      expect(isTradingDay(now.exchangeOf.get(event.Uic!)!, date(event.Ex!.Date)!), event.EventId).toBe(true);
  });

  it('follows each market’s ex/record rule for cash dividends', () => {
    const us = ofCode('DVCA', 'NYSE').concat(ofCode('DVCA', 'NASDAQ'));
    expect(us.length).toBeGreaterThan(10);
    expect(us.every((e) => e.Ex!.Date === e.Record!.Date)).toBe(true);
    const london = ofCode('DVCA', 'LSE_SETS');
    expect(london.length).toBeGreaterThan(5);
    expect(london.every((e) => e.Ex!.Date! < e.Record!.Date!)).toBe(true);
    // UK ex dates are Thursdays (a holiday may move them).
    expect(london.filter((e) => date(e.Ex!.Date)!.getUTCDay() === 4).length / london.length).toBeGreaterThan(
      0.8,
    );
    const tokyo = ofCode('DVCA', 'TYO');
    expect(tokyo.length).toBeGreaterThan(5);
    for (const event of tokyo) {
      const record = date(event.Record!.Date)!;
      const halfYearEnd = ['03-31', '09-30'].map(
        (md) => new Date(`${record.getUTCFullYear()}-${md}T00:00:00Z`),
      );
      expect(
        halfYearEnd.some((end) => end >= record && end.getTime() - record.getTime() <= 4 * DAY_MS),
        event.EventId,
      ).toBe(true);
    }
    const xetra = ofCode('DVCA', 'FSE');
    const meetings = ofCode('MEET', 'FSE');
    const paired = xetra.filter((dividend) =>
      meetings.some(
        (m) =>
          m.Uic === dividend.Uic &&
          day(m.Effective!.Date)!.slice(0, 4) === day(dividend.Ex!.Date)!.slice(0, 4),
      ),
    );
    expect(paired.length).toBeGreaterThan(0);
    for (const dividend of paired) {
      const meeting = meetings.find(
        (m) =>
          m.Uic === dividend.Uic &&
          day(m.Effective!.Date)!.slice(0, 4) === day(dividend.Ex!.Date)!.slice(0, 4),
      )!;
      expect(date(dividend.Ex!.Date)! > date(meeting.Effective!.Date)!).toBe(true);
      expect(
        date(dividend.Ex!.Date)!.getTime() - date(meeting.Effective!.Date)!.getTime(),
      ).toBeLessThanOrEqual(5 * DAY_MS);
    }
  });

  it('pays on or after the record date, and after the deadlines', () => {
    for (const event of now.events) {
      for (const option of event.Options ?? []) {
        const payment = date(option.Payment?.Date);
        if (payment && event.Record?.Date)
          expect(payment >= date(event.Record.Date)!, event.EventId).toBe(true);
        if (option.Deadline?.Date && option.MarketDeadline?.Date) {
          expect(date(option.Deadline.Date)! < date(option.MarketDeadline.Date)!, event.EventId).toBe(true);
          expect(
            date(option.ElectionPeriod!.Start!.Date)! <= date(option.Deadline.Date)!,
            event.EventId,
          ).toBe(true);
          if (payment) expect(payment > date(option.MarketDeadline.Date)!, event.EventId).toBe(true);
        }
      }
    }
  });

  it('makes voluntary events electable, with no action (or lapse) as the default', () => {
    const voluntary = now.events.filter((e) => e.CorporateActionType === 'Voluntary');
    expect(voluntary.every((e) => e.Electable === 'Electable')).toBe(true);
    for (const event of voluntary) {
      const defaults = event.Options!.filter((o) => o.IsDefault).map((o) => o.OptionType!.Code);
      expect(defaults, event.EventId).toHaveLength(1);
      expect(['NOAC', 'LAPS'], event.EventId).toContain(defaults[0]);
    }
    const usTenders = ofCode('TEND', 'NYSE').concat(ofCode('TEND', 'NASDAQ'));
    for (const tender of usTenders) {
      const option = tender.Options![0]!;
      const open = date(option.ElectionPeriod!.Start!.Date)!.getTime();
      expect(date(option.MarketDeadline!.Date)!.getTime() - open).toBeGreaterThanOrEqual(20 * DAY_MS);
    }
  });

  it('keeps UpdatedDateTime between the announcement and today', () => {
    for (const event of now.events) {
      expect(event.UpdatedDateTime! >= event.AnnouncedDate!, event.EventId).toBe(true);
      expect(date(event.UpdatedDateTime)! <= today, event.EventId).toBe(true);
    }
  });

  it('keeps each event’s id and terms from day to day while its lifecycle moves on', () => {
    const terms = (e: CorporateActionEvent) =>
      JSON.parse(
        JSON.stringify(
          {
            type: e.EventType,
            isin: e.DisplayAndFormat,
            ex: e.Ex,
            record: e.Record,
            narrative: e.Narrative,
            options: e.Options,
          },
          (k, v: unknown) => (k === 'Uic' ? undefined : v),
        ),
      );
    const before = new Map(now.events.map((e) => [e.EventId, e]));
    const both = later.events.filter((e) => before.has(e.EventId));
    expect(both.length).toBeGreaterThan(now.events.length * 0.9);
    // A bond whose issue matured in between is the next issue of its series: its events follow the new maturity.
    const reissued = both.filter(
      (e) => e.DisplayAndFormat!.Description !== before.get(e.EventId)!.DisplayAndFormat!.Description,
    );
    expect(reissued.every((e) => e.AssetType === 'Bond')).toBe(true);
    expect(reissued.length).toBeLessThan(both.length * 0.05);
    let moved = 0;
    for (const after of both.filter((e) => !reissued.includes(e))) {
      const earlier = before.get(after.EventId)!;
      // Uics of generated instruments are the reference data's, laid out afresh each day: compare the rest.
      expect(terms(after)).toEqual(terms(earlier));
      expect(after.UpdatedDateTime! >= earlier.UpdatedDateTime!).toBe(true);
      if (after.EventState !== earlier.EventState || after.EventStatus !== earlier.EventStatus) {
        moved++;
        expect(after.UpdatedDateTime! > earlier.UpdatedDateTime!).toBe(true);
      }
    }
    expect(moved).toBeGreaterThan(10);
  });
});
