import { describe, expect, it } from 'vitest';
import { formatOffset, timeZoneDetailsAt } from '../../main/simulator/data/reference/timezones';

const byId = (at: string) => new Map(timeZoneDetailsAt(new Date(at)).map((zone) => [zone.TimeZoneId, zone]));

describe('platform time zones', () => {
  it('writes offsets as signed TimeSpans without a plus sign', () => {
    expect(formatOffset(-300)).toBe('-05:00:00');
    expect(formatOffset(0)).toBe('00:00:00');
    expect(formatOffset(330)).toBe('05:30:00');
    expect(formatOffset(-570)).toBe('-09:30:00');
  });

  it('lists ids 0–20 and 256 with their IANA zones', () => {
    const zones = byId('2026-01-15T12:00:00Z');
    expect([...zones.keys()]).toEqual([...Array.from({ length: 21 }, (_, id) => String(id)), '256']);
    expect(zones.get('0')).toEqual({
      DisplayName: 'GMT',
      TimeZoneAbbreviation: 'GMT',
      TimeZoneId: '0',
      TimeZoneOffset: '00:00:00',
      ZoneName: 'Etc/UTC',
    });
    expect(zones.get('10')).toMatchObject({
      DisplayName: 'GMT +9 No Daylight S.',
      ZoneName: 'Etc/GMT-9',
      TimeZoneOffset: '09:00:00',
    });
    expect(zones.get('256')).toMatchObject({ ZoneName: 'Asia/Kolkata', TimeZoneOffset: '05:30:00' });
  });

  it('gives the offset and abbreviation in force at the moment asked, following daylight saving', () => {
    const winter = byId('2026-01-15T12:00:00Z');
    const summer = byId('2026-07-15T12:00:00Z');
    expect(winter.get('3')).toMatchObject({ TimeZoneAbbreviation: 'EST', TimeZoneOffset: '-05:00:00' });
    expect(summer.get('3')).toMatchObject({ TimeZoneAbbreviation: 'EDT', TimeZoneOffset: '-04:00:00' });
    expect(winter.get('4')).toMatchObject({ TimeZoneAbbreviation: 'CET', TimeZoneOffset: '01:00:00' });
    expect(summer.get('4')).toMatchObject({ TimeZoneAbbreviation: 'CEST', TimeZoneOffset: '02:00:00' });
    // Southern hemisphere: Sydney is on summer time in January.
    expect(winter.get('8')).toMatchObject({ TimeZoneAbbreviation: 'AEDT', TimeZoneOffset: '11:00:00' });
    expect(summer.get('8')).toMatchObject({ TimeZoneAbbreviation: 'AEST', TimeZoneOffset: '10:00:00' });
    // São Paulo has had no daylight saving since 2019.
    expect(winter.get('20')).toMatchObject({ TimeZoneAbbreviation: 'BRT', TimeZoneOffset: '-03:00:00' });
  });

  it('switches New York on the second Sunday of March at 02:00 local', () => {
    expect(byId('2026-03-08T06:59:00Z').get('3')?.TimeZoneOffset).toBe('-05:00:00');
    expect(byId('2026-03-08T07:00:00Z').get('3')?.TimeZoneOffset).toBe('-04:00:00');
  });
});
