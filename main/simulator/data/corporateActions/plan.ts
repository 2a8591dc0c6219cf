/**
 * Which events an instrument has and when: a schedule drawn per instrument and per year from
 * streams named after the instrument and the slot, never after today's date, each year on its
 * own. The same event therefore has the same id and terms in every day's universe; only its
 * lifecycle (state, status, update time) moves as the days pass.
 */
import type { RandomStream } from '../random';
import type { EventCode } from './codes';
import type { EventInstrument } from './draft';

export interface EventSlot {
  eventId: number;
  code: EventCode;
  anchor: Date;
  /** Name of the slot's random stream (shared by the two events of a rights issue). */
  streamName: string;
}

/** Slot numbers within a year (32 per year, so ids stay unique). */
const SLOTS_PER_YEAR = 32;
const SLOT = { dividend: 0, meeting: 4, maturity: 4, rare: 5 } as const;

/** Rare share events per year, each with its own slot and yearly probability. */
const RARE_SHARE_EVENTS: { codes: EventCode[]; probability: number }[] = [
  { codes: ['SPLF'], probability: 0.02 },
  { codes: ['SPLR'], probability: 0.008 },
  { codes: ['BONU'], probability: 0.01 },
  { codes: ['DVSE'], probability: 0.008 },
  { codes: ['CAPD'], probability: 0.015 },
  { codes: ['RHTS', 'EXRI'], probability: 0.015 },
  { codes: ['TEND'], probability: 0.012 },
  { codes: ['BIDS'], probability: 0.012 },
  { codes: ['DTCH'], probability: 0.006 },
  { codes: ['MRGR'], probability: 0.008 },
  { codes: ['SOFF'], probability: 0.006 },
  { codes: ['EXOF'], probability: 0.006 },
];
const RARE_BOND_EVENTS: { codes: EventCode[]; probability: number }[] = [
  { codes: ['MCAL'], probability: 0.02 },
  { codes: ['PCAL'], probability: 0.02 },
  { codes: ['CONV'], probability: 0.015 },
  { codes: ['BIDS'], probability: 0.015 },
  { codes: ['EXOF'], probability: 0.01 },
];

/** A stable id from the instrument's stable code, the year and the slot. */
export function eventIdOf(
  instrument: Pick<EventInstrument, 'stableCode'>,
  year: number,
  slot: number,
): number {
  if (slot < 0 || slot >= SLOTS_PER_YEAR) throw new Error(`Event slot ${slot} out of range`);
  return instrument.stableCode * 64 * SLOTS_PER_YEAR + (year - 2000) * SLOTS_PER_YEAR + slot;
}

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** Dividend record (or AGM) target dates of a year, by the market's rhythm and the issuer's habit. */
function dividendAnchors(instrument: EventInstrument, traits: RandomStream, year: number): Date[] {
  const rule = instrument.rule;
  const firstMonth = traits.int(1, 3);
  const dayOfMonth = traits.int(6, 24);
  const meetingMonth = traits.int(4, 5);
  if (rule.fiscalHalfYearRecords) return [utc(year, 3, 31), utc(year, 9, 30)];
  if (rule.exAfterMeeting) {
    const meeting = utc(year, meetingMonth, dayOfMonth);
    return rule.dividendsPerYear === 1 ? [meeting] : [meeting, utc(year, meetingMonth + 6, dayOfMonth)];
  }
  const step = 12 / rule.dividendsPerYear;
  return Array.from({ length: rule.dividendsPerYear }, (_, i) =>
    utc(year, firstMonth + i * step, dayOfMonth),
  );
}

/** The slots of a share in one year. */
function shareSlots(instrument: EventInstrument, year: number, draw: SlotDraw): EventSlot[] {
  const { stream } = draw;
  const base = `ca:${instrument.stableKey}`;
  const traits = stream(`${base}:traits`);
  const pays = traits.chance(0.75);
  const style = traits.next();
  const holdsMeeting = traits.chance(0.65);
  const meetingMonth = traits.int(4, 6);
  const meetingDay = traits.int(5, 24);
  const slots: EventSlot[] = [];
  const anchors = dividendAnchors(instrument, stream(`${base}:habit`), year);
  if (pays) {
    anchors.forEach((anchor, index) => {
      const last = index === anchors.length - 1;
      const europeanChoice = instrument.rule.exAfterMeeting && last && style < 0.15;
      const reinvestment = !instrument.rule.exAfterMeeting && style > 0.9;
      const code: EventCode = europeanChoice ? 'DVOP' : reinvestment ? 'DRIP' : 'DVCA';
      slots.push({
        eventId: eventIdOf(instrument, year, SLOT.dividend + index),
        code,
        anchor,
        streamName: `${base}:${year}:${index}`,
      });
    });
  }
  if (holdsMeeting) {
    // The AGM: in Europe the dividend follows it, so they share the date.
    const meeting = instrument.rule.exAfterMeeting ? anchors[0]! : utc(year, meetingMonth, meetingDay);
    slots.push({
      eventId: eventIdOf(instrument, year, SLOT.meeting),
      code: 'MEET',
      anchor: meeting,
      streamName: `${base}:${year}:meeting`,
    });
  }
  slots.push(...rareSlots(instrument, draw, base, year, RARE_SHARE_EVENTS));
  return slots;
}

function rareSlots(
  instrument: EventInstrument,
  draw: SlotDraw,
  base: string,
  year: number,
  table: typeof RARE_SHARE_EVENTS,
): EventSlot[] {
  const rare = draw.stream(`${base}:${year}:rare`);
  const slots: EventSlot[] = [];
  let slot: number = SLOT.rare;
  for (const { codes, probability } of table) {
    const happens = rare.chance(probability * draw.rareFactor);
    const anchor = utc(year, 1, 1 + rare.int(0, 364));
    for (const code of codes) {
      if (happens)
        slots.push({
          eventId: eventIdOf(instrument, year, slot),
          code,
          anchor,
          streamName: `${base}:${year}:${codes.join('-')}`,
        });
      slot++;
    }
  }
  return slots;
}

/**
 * The slots of a bond in one year: coupons back from maturity, the maturity itself, and rare
 * calls and offers. A full call ends the year's later coupons and the redemption.
 */
function bondSlots(instrument: EventInstrument, year: number, draw: SlotDraw): EventSlot[] {
  const base = `ca:${instrument.stableKey}`;
  const maturity = instrument.maturity;
  if (!maturity || year > maturity.getUTCFullYear()) return [];
  const perYear = instrument.rule.couponsPerYear;
  const slots: EventSlot[] = [];
  const rare = rareSlots(instrument, draw, base, year, RARE_BOND_EVENTS).filter(
    (slot) => slot.anchor < maturity,
  );
  const calledAt = rare.find((slot) => slot.code === 'MCAL')?.anchor;
  const alive = (date: Date) => date <= maturity && (calledAt === undefined || date <= calledAt);
  if ((instrument.coupon ?? 0) > 0) {
    for (let index = 0; index < perYear; index++) {
      const month = maturity.getUTCMonth() + 1 - index * (12 / perYear);
      const anchor = utc(year, month, maturity.getUTCDate());
      if (alive(anchor))
        slots.push({
          eventId: eventIdOf(instrument, year, index),
          code: 'INTR',
          anchor,
          streamName: `${base}:${year}:${index}`,
        });
    }
  }
  if (year === maturity.getUTCFullYear() && calledAt === undefined) {
    slots.push({
      eventId: eventIdOf(instrument, year, SLOT.maturity),
      code: 'REDM',
      anchor: maturity,
      streamName: `${base}:${year}:maturity`,
    });
  }
  slots.push(...rare.filter((slot) => calledAt === undefined || slot.anchor <= calledAt));
  return slots;
}

/** Where a slot's draws come from, and how much likelier rare events are. */
export interface SlotDraw {
  stream(name: string): RandomStream;
  /** Multiplies the yearly probability of rare events (a small universe still shows every type). */
  rareFactor: number;
}

/** Every event slot of `instrument` in `year`: the same whatever the day. */
export function slotsOfYear(instrument: EventInstrument, year: number, draw: SlotDraw): EventSlot[] {
  return instrument.assetType === 'Bond'
    ? bondSlots(instrument, year, draw)
    : shareSlots(instrument, year, draw);
}
