import { describe, expect, it } from 'vitest';
import type { TimeZoneDetails } from '../../contract/wire/types';
import { currencyPairRows, timeZoneRows } from '../../renderer/src/features/reference/logic/referenceLists';

describe('reference list rows', () => {
  const zones: TimeZoneDetails[] = [
    { DisplayName: 'US Eastern', TimeZoneId: '3', TimeZoneOffset: '-05:00:00', ZoneName: 'America/New_York' },
    { DisplayName: 'GMT', TimeZoneId: '0', TimeZoneOffset: '00:00:00', ZoneName: 'Etc/UTC' },
  ];

  it('gives each time zone the offset in force at the time, daylight saving included', () => {
    const july = timeZoneRows(zones, new Date('2026-07-01T12:00:00Z'));
    expect(july.map((row) => [row.id, row.currentOffset])).toEqual([
      ['0', '+00:00'],
      ['3', '-04:00'],
    ]);
    expect(timeZoneRows(zones, new Date('2026-01-10T12:00:00Z'))[1]?.currentOffset).toBe('-05:00');
  });

  it('flattens currency pairs to one row per related currency with its uic', () => {
    expect(
      currencyPairRows([
        {
          CurrencyCode: 'EUR',
          RelatedCurrencies: [
            { CurrencyCode: 'USD', Uic: 21 },
            { CurrencyCode: 'AUD', Uic: 12 },
          ],
        },
      ]),
    ).toEqual([
      { currency: 'EUR', related: 'USD', pair: 'EURUSD', uic: 21 },
      { currency: 'EUR', related: 'AUD', pair: 'EURAUD', uic: 12 },
    ]);
  });
});
