/**
 * Election windows of voluntary and elective events (universe facts §9): the market deadline
 * (issuer or agent, 17:00 local) and the platform's earlier response deadline, 1–3 business
 * days before it; elections open on a business day and close on one.
 */
import type { EventOption } from '../../../../contract/wire/types';
import type { EventInstrument } from './draft';
import type { RandomStream } from '../random';
import { atInstant, onDay, period } from './wire';

export interface ElectionWindow {
  /** First day elections are accepted. */
  opens: Date;
  /** The platform's response deadline. */
  deadline: Date;
  /** The market (agent) deadline. */
  marketDeadline: Date;
  /** The issuer's own deadline: the market deadline or a business day later. */
  issuerDeadline: Date;
  /** Day of the market deadline, from which payment dates count. */
  closesOn: Date;
}

/** A window opening on `opens` (moved to a business day) and lasting `businessDays`. */
export function electionWindow(
  instrument: EventInstrument,
  random: RandomStream,
  opens: Date,
  businessDays: number,
): ElectionWindow {
  const { days } = instrument;
  const first = days.onOrAfter(opens);
  const closesOn = days.add(first, Math.max(businessDays, 4));
  const responseDay = days.add(closesOn, -random.int(1, 3));
  return {
    opens: first,
    closesOn,
    marketDeadline: days.localTime(closesOn, 17),
    deadline: days.localTime(responseDay, 17),
    issuerDeadline: days.localTime(random.chance(0.5) ? closesOn : days.add(closesOn, 1), 17),
  };
}

/** A window from `opens` to a market deadline on `closesOn` (both business days of the market). */
export function windowClosingOn(
  instrument: EventInstrument,
  random: RandomStream,
  opens: Date,
  closesOn: Date,
): ElectionWindow {
  const { days } = instrument;
  const responseDay = days.add(closesOn, -random.int(1, 2));
  return {
    opens: days.onOrAfter(opens),
    closesOn,
    marketDeadline: days.localTime(closesOn, 17),
    deadline: days.localTime(responseDay, 17),
    issuerDeadline: days.localTime(closesOn, 17),
  };
}

/** The deadline fields of an option for a window. */
export function deadlineFields(
  window: ElectionWindow,
): Pick<EventOption, 'Deadline' | 'MarketDeadline' | 'IssuerDeadline' | 'ElectionPeriod'> {
  return {
    Deadline: atInstant(window.deadline),
    MarketDeadline: atInstant(window.marketDeadline),
    IssuerDeadline: atInstant(window.issuerDeadline),
    ElectionPeriod: period(onDay(window.opens), atInstant(window.deadline)),
  };
}
