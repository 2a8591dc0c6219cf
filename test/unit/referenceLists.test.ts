import { describe, expect, it } from 'vitest';
import type { TimeZoneDetails } from '../../contract/wire/types';
import { countText, filterRows } from '../../renderer/src/features/reference/logic/referenceFilter';
import { currencyPairRows, marketOrder, timeZoneRows } from '../../renderer/src/features/reference/logic/referenceLists';

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

  it('lists each pair once, in the way its FX spot is quoted, with its own uic', () => {
    const listed = [
      { CurrencyCode: 'EUR', RelatedCurrencies: [{ CurrencyCode: 'USD', Uic: 21 }, { CurrencyCode: 'NOK', Uic: 7 }] },
      { CurrencyCode: 'USD', RelatedCurrencies: [{ CurrencyCode: 'EUR', Uic: 21 }, { CurrencyCode: 'JPY', Uic: 42 }] },
      { CurrencyCode: 'JPY', RelatedCurrencies: [{ CurrencyCode: 'USD', Uic: 42 }] },
      { CurrencyCode: 'NOK', RelatedCurrencies: [{ CurrencyCode: 'EUR', Uic: 7 }, { CurrencyCode: 'SEK', Uic: 9 }] },
      { CurrencyCode: 'SEK', RelatedCurrencies: [{ CurrencyCode: 'NOK', Uic: 9 }] },
    ];
    expect(currencyPairRows(listed, new Map([[21, 'EURUSD'], [42, 'USDJPY'], [9, 'NOKSEK']]))).toEqual([
      { pair: 'EURNOK', base: 'EUR', quote: 'NOK', uic: 7 },
      { pair: 'EURUSD', base: 'EUR', quote: 'USD', uic: 21 },
      { pair: 'NOKSEK', base: 'NOK', quote: 'SEK', uic: 9 },
      { pair: 'USDJPY', base: 'USD', quote: 'JPY', uic: 42 },
    ]);
  });

  it('falls back to the market’s precedence of currencies where the symbol is unknown', () => {
    expect(marketOrder('USD', 'EUR')).toEqual(['EUR', 'USD']);
    expect(marketOrder('JPY', 'USD')).toEqual(['USD', 'JPY']);
    expect(marketOrder('USD', 'XAU')).toEqual(['XAU', 'USD']);
    expect(marketOrder('SEK', 'NOK')).toEqual(['NOK', 'SEK']);
  });
});

describe('reference filter', () => {
  const rows = [{ name: 'São Tomé and Príncipe' }, { name: 'Curaçao' }, { name: 'Côte d’Ivoire' }, { name: 'Denmark' }];

  it('ignores case and accents, every word must appear', () => {
    expect(filterRows(rows, 'SAO tome', (row) => [row.name]).map((row) => row.name)).toEqual(['São Tomé and Príncipe']);
    expect(filterRows(rows, 'curacao', (row) => [row.name])).toHaveLength(1);
    expect(filterRows(rows, 'cote ivoire', (row) => [row.name])).toHaveLength(1);
    expect(filterRows(rows, '  ', (row) => [row.name])).toHaveLength(4);
  });

  it('counts what the filter shows out of all', () => {
    expect(countText(3, 249, 'country', 'countries')).toBe('3 of 249 countries');
    expect(countText(249, 249, 'country', 'countries')).toBe('249 countries');
    expect(countText(1, 1, 'country', 'countries')).toBe('1 country');
  });
});
