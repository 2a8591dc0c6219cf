/**
 * The key dates of a corporate action event: what the list shows (ex, record, pay) and the
 * detail's timeline (announced, ex, record, effective, payment, deadlines, periods), as UTC
 * calendar days (`yyyy-mm-dd`) so no time zone shifts a date; deadlines, which are instants,
 * are read in deadlines.ts.
 */
import { DateTime } from 'luxon';
import type { CorporateActionEvent, DateAndStatus, EventOption } from '../../../../../contract/wire/types';
import { zonePlace } from './deadlineText';

/** `yyyy-mm-dd` of a wire date or date-time; undefined when absent or unreadable. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : undefined;
}

/**
 * A wire date-time in a market's zone, e.g. `2026-11-27 17:00 New York`; a date only (`T00:00:00Z`)
 * stays a date, with no time the service did not give.
 */
export function dateTimeInZone(value: string, zone: string): string {
  if (/^\d{4}-\d{2}-\d{2}(T00:00:00(\.0+)?Z)?$/.test(value)) return value.slice(0, 10);
  const local = DateTime.fromISO(value, { zone });
  return local.isValid ? `${local.toFormat('yyyy-MM-dd HH:mm')} ${zonePlace(zone)}` : value;
}

/** A DateAndStatus as text: its date, else its status (e.g. Ongoing), else empty. */
export function dateAndStatusText(value: DateAndStatus | undefined): string {
  return isoDate(value?.Date) ?? value?.Status ?? '';
}

function optionDates(
  event: CorporateActionEvent,
  pick: (option: EventOption) => DateAndStatus | undefined,
): string[] {
  return (event.Options ?? [])
    .map((option) => isoDate(pick(option)?.Date))
    .filter((day): day is string => day !== undefined)
    .sort();
}

/** The earliest payment date of the event's options. */
export function payDate(event: CorporateActionEvent): string | undefined {
  return optionDates(event, (option) => option.Payment)[0];
}

/** One point of the detail's timeline. */
export interface TimelineEntry {
  label: string;
  /** `yyyy-mm-dd`, or absent when only a status is known. */
  date?: string;
  /** A status instead of a date, e.g. Ongoing. */
  status?: string;
  kind: 'announced' | 'ex' | 'record' | 'effective' | 'payment' | 'deadline' | 'period' | 'suspended';
}

function entry(
  label: string,
  kind: TimelineEntry['kind'],
  value: DateAndStatus | undefined,
): TimelineEntry | undefined {
  const date = isoDate(value?.Date);
  if (date) return { label, kind, date };
  if (value?.Status) return { label, kind, status: value.Status };
  return undefined;
}

const OPTION_SUFFIX = / \(option .*\)$/;

function optionLabel(option: EventOption, count: number): string {
  if (count <= 1) return '';
  return ` (option ${option.OptionId}${option.OptionType?.Code ? ` ${option.OptionType.Code}` : ''})`;
}

/** Every key date of the event in date order; entries with a status only come last. */
export function eventTimeline(event: CorporateActionEvent): TimelineEntry[] {
  const entries: (TimelineEntry | undefined)[] = [
    entry('Announced', 'announced', event.AnnouncedDate ? { Date: event.AnnouncedDate } : undefined),
    entry('Ex date', 'ex', event.Ex),
    entry('Record date', 'record', event.Record),
    entry('Effective date', 'effective', event.Effective),
    entry('Trading suspended', 'suspended', event.TradingSuspended),
    entry('Claim period starts', 'period', event.ClaimPeriod?.Start),
    entry('Claim period ends', 'period', event.ClaimPeriod?.End),
  ];
  const options = event.Options ?? [];
  for (const option of options) {
    const suffix = optionLabel(option, options.length);
    entries.push(
      entry(`Election period starts${suffix}`, 'period', option.ElectionPeriod?.Start),
      entry(`Election period ends${suffix}`, 'period', option.ElectionPeriod?.End),
      entry(`Response deadline${suffix}`, 'deadline', option.Deadline),
      entry(`Market deadline${suffix}`, 'deadline', option.MarketDeadline),
      entry(`Issuer deadline${suffix}`, 'deadline', option.IssuerDeadline),
      entry(`Payment${suffix}`, 'payment', option.Payment),
    );
  }
  const known = entries.filter((item): item is TimelineEntry => item !== undefined);
  // A date several options share (one payment date for all) is shown once, without an option.
  const byKey = new Map<string, TimelineEntry[]>();
  for (const item of known) {
    const key = `${item.kind}|${item.label.replace(OPTION_SUFFIX, '')}|${item.date ?? item.status}`;
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const unique = [...byKey.values()].map((group) =>
    group.length > 1
      ? {
          ...(group[0] as TimelineEntry),
          label: (group[0] as TimelineEntry).label.replace(OPTION_SUFFIX, ''),
        }
      : (group[0] as TimelineEntry),
  );
  return unique.sort((a, b) => {
    if (a.date && b.date) return a.date.localeCompare(b.date);
    return a.date ? -1 : b.date ? 1 : 0;
  });
}
