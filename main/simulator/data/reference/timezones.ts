/**
 * The platform's time zones (universe-facts §2): its small integer ids 0–20, plus 256
 * (Asia/Kolkata) that the National Stock Exchange of India needs. Offsets and daylight saving
 * come from the IANA database through luxon (Intl) at the moment asked; only the names and the
 * standard/daylight abbreviations are data here, since Intl's English short names are mostly
 * "GMT+1"-style rather than the CET/CEST the platform shows.
 */
import { DateTime } from 'luxon';
import type { TimeZoneDetails } from '../../../../contract/wire/types';

export interface PlatformTimeZone {
  id: number;
  displayName: string;
  /** IANA zone, e.g. `America/New_York`; `Etc/GMT-9` is UTC+09:00 (inverted sign). */
  zoneName: string;
  /** Abbreviation in standard time and, for zones with daylight saving, in summer time. */
  abbreviations: readonly [standard: string, daylight?: string];
}

export const PLATFORM_TIME_ZONES: readonly PlatformTimeZone[] = [
  { id: 0, displayName: 'GMT', zoneName: 'Etc/UTC', abbreviations: ['GMT'] },
  { id: 1, displayName: 'British Time', zoneName: 'Europe/London', abbreviations: ['GMT', 'BST'] },
  { id: 2, displayName: 'Singapore', zoneName: 'Asia/Singapore', abbreviations: ['SGT'] },
  { id: 3, displayName: 'US Eastern', zoneName: 'America/New_York', abbreviations: ['EST', 'EDT'] },
  { id: 4, displayName: 'Central European', zoneName: 'Europe/Paris', abbreviations: ['CET', 'CEST'] },
  { id: 5, displayName: 'US Central', zoneName: 'America/Chicago', abbreviations: ['CST', 'CDT'] },
  { id: 6, displayName: 'US Pacific', zoneName: 'America/Los_Angeles', abbreviations: ['PST', 'PDT'] },
  { id: 7, displayName: 'Hong Kong', zoneName: 'Asia/Hong_Kong', abbreviations: ['HKT'] },
  { id: 8, displayName: 'Sydney', zoneName: 'Australia/Sydney', abbreviations: ['AEST', 'AEDT'] },
  { id: 9, displayName: 'New Zealand', zoneName: 'Pacific/Auckland', abbreviations: ['NZST', 'NZDT'] },
  { id: 10, displayName: 'GMT +9 No Daylight S.', zoneName: 'Etc/GMT-9', abbreviations: ['+09'] },
  { id: 11, displayName: 'GMT +7 No Daylight S.', zoneName: 'Etc/GMT-7', abbreviations: ['+07'] },
  { id: 12, displayName: 'Russia Zone 2', zoneName: 'Europe/Moscow', abbreviations: ['MSK'] },
  { id: 13, displayName: 'GMT +8 No Daylight S.', zoneName: 'Etc/GMT-8', abbreviations: ['+08'] },
  { id: 14, displayName: 'Eastern European', zoneName: 'Europe/Helsinki', abbreviations: ['EET', 'EEST'] },
  { id: 15, displayName: 'Hawaii', zoneName: 'Pacific/Honolulu', abbreviations: ['HST'] },
  { id: 16, displayName: 'South African', zoneName: 'Africa/Johannesburg', abbreviations: ['SAST'] },
  { id: 17, displayName: 'GMT +10 No Daylight S.', zoneName: 'Etc/GMT-10', abbreviations: ['+10'] },
  { id: 18, displayName: 'GMT+3', zoneName: 'Etc/GMT-3', abbreviations: ['+03'] },
  { id: 19, displayName: 'GMT+4', zoneName: 'Etc/GMT-4', abbreviations: ['+04'] },
  { id: 20, displayName: 'Brazil Sao Paulo', zoneName: 'America/Sao_Paulo', abbreviations: ['BRT', 'BRST'] },
  { id: 256, displayName: 'India', zoneName: 'Asia/Kolkata', abbreviations: ['IST'] },
];

const BY_ID = new Map(PLATFORM_TIME_ZONES.map((zone) => [zone.id, zone]));

/** The platform time zone with this id, or undefined. */
export function platformTimeZone(id: number): PlatformTimeZone | undefined {
  return BY_ID.get(id);
}

/**
 * A UTC offset in minutes written the platform's way, as a .NET TimeSpan: `-05:00:00`,
 * `01:00:00`, `05:30:00` (no plus sign).
 */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '';
  const absolute = Math.abs(offsetMinutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}:00`;
}

/**
 * Offset and abbreviation of a platform zone at an instant. `zoneName` overrides the zone the
 * offset is read from (an exchange in Toronto reports zone 3 but follows Toronto's rules).
 */
export function zoneStateAt(
  zone: PlatformTimeZone,
  at: Date,
  zoneName = zone.zoneName,
): { offset: string; abbreviation: string } {
  const local = DateTime.fromJSDate(at, { zone: zoneName });
  const [standard, daylight] = zone.abbreviations;
  return {
    offset: formatOffset(local.offset),
    abbreviation: local.isInDST && daylight ? daylight : standard,
  };
}

/** The /ref/v1/timezones feed items at an instant (offsets are those in force then). */
export function timeZoneDetailsAt(at: Date): TimeZoneDetails[] {
  return PLATFORM_TIME_ZONES.map((zone) => {
    const { offset, abbreviation } = zoneStateAt(zone, at);
    return {
      DisplayName: zone.displayName,
      TimeZoneAbbreviation: abbreviation,
      TimeZoneId: String(zone.id),
      TimeZoneOffset: offset,
      ZoneName: zone.zoneName,
    };
  });
}
