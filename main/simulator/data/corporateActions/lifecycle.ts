/**
 * The lifecycle of an event as of the universe's date: announced as Preliminary, Confirmed a
 * few days later, Approved by the platform's corporate actions desk after that; a few are
 * cancelled or withdrawn, and a few never get past Preliminary or Confirmed before they lapse.
 * Every transition has a time; UpdatedDateTime is the latest one that has happened, so it moves
 * when the event changes (including when it turns Past).
 */
import type { RandomStream } from '../random';
import type { EventCode, EventStateValue, EventStatusValue } from './codes';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Offers that their offeror may withdraw. */
const WITHDRAWABLE = new Set<EventCode>(['TEND', 'BIDS', 'DTCH', 'EXOF', 'MRGR', 'CONV', 'RHTS', 'EXRI']);

export interface Lifecycle {
  state: EventStateValue;
  status: EventStatusValue;
  updated: Date;
  /** Past and never approved (Preliminary, Confirmed) or Cancelled: hidden unless lapsed events are asked for. */
  lapsed: boolean;
  /** When the event was cancelled or withdrawn, if it was (elections stop then). */
  endedAt?: Date;
}

export interface Transition {
  state: EventStateValue | 'Past';
  at: Date;
}

/** A time during the business day (UTC 07:00–18:00) of `day`. */
function during(day: Date, random: RandomStream): Date {
  return new Date(day.getTime() + random.int(7 * 60, 18 * 60) * 60_000);
}

/** An event's lifecycle as drawn once: its transitions with their times, whatever the day. */
export interface LifecyclePlan {
  transitions: Transition[];
  announcedAt: Date;
  final: Date;
  /** When it is cancelled or withdrawn, if it is. */
  endAt?: Date;
}

/**
 * The lifecycle of an event announced on `announced` whose last relevant day is `final`. The
 * stream must be the event's own, so the same event evolves the same way every day.
 */
export function planLifecycle(
  code: EventCode,
  announced: Date,
  final: Date,
  random: RandomStream,
): LifecyclePlan {
  const roll = random.next();
  const announcedAt = during(announced, random);
  const confirmedAt = new Date(
    announcedAt.getTime() + random.int(1, 6) * DAY_MS + random.int(0, 8) * HOUR_MS,
  );
  const approvedAt = new Date(confirmedAt.getTime() + random.int(1, 4) * DAY_MS + random.int(0, 8) * HOUR_MS);
  const endAt = new Date(
    announcedAt.getTime() +
      random.int(2, Math.max(3, Math.round((final.getTime() - announced.getTime()) / DAY_MS))) * DAY_MS,
  );
  // The event turns Past at the start of the day after its last day.
  const pastAt = new Date(final.getTime() + DAY_MS);

  const transitions: Transition[] = [{ state: 'Preliminary', at: announcedAt }];
  const cancelled = roll < 0.035;
  const withdrawn = !cancelled && roll < (WITHDRAWABLE.has(code) ? 0.08 : 0.045);
  const stuckPreliminary = !cancelled && !withdrawn && roll < 0.08;
  const stuckConfirmed = !cancelled && !withdrawn && !stuckPreliminary && roll < 0.15;
  if (cancelled || withdrawn) {
    if (endAt > confirmedAt) transitions.push({ state: 'Confirmed', at: confirmedAt });
    transitions.push({ state: cancelled ? 'Cancelled' : 'Withdrawn', at: endAt });
  } else if (!stuckPreliminary) {
    transitions.push({ state: 'Confirmed', at: confirmedAt });
    if (!stuckConfirmed) transitions.push({ state: 'Approved', at: approvedAt });
  }
  transitions.push({ state: 'Past', at: pastAt });
  return { transitions, announcedAt, final, ...(cancelled || withdrawn ? { endAt } : {}) };
}

/** The lifecycle of a planned event as of `asOf`. */
export function lifecycleOn(plan: LifecyclePlan, asOf: Date): Lifecycle {
  let state: EventStateValue = 'Preliminary';
  let updated = plan.announcedAt;
  for (const transition of plan.transitions) {
    if (transition.at > asOf) continue;
    if (transition.state !== 'Past') state = transition.state;
    if (transition.at > updated) updated = transition.at;
  }
  const status: EventStatusValue = plan.final.getTime() < asOf.getTime() ? 'Past' : 'Active';
  const lapsed =
    status === 'Past' && (state === 'Preliminary' || state === 'Confirmed' || state === 'Cancelled');
  const ended = plan.endAt && plan.endAt <= asOf ? plan.endAt : undefined;
  return { state, status, updated, lapsed, ...(ended ? { endedAt: ended } : {}) };
}

/** The instants at which the lifecycle of a planned event may change (what a day is compared with). */
export function lifecycleInstants(plan: LifecyclePlan): Date[] {
  return [
    ...plan.transitions.map((transition) => transition.at),
    plan.final,
    ...(plan.endAt ? [plan.endAt] : []),
  ];
}
