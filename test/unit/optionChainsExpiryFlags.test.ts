import { describe, expect, it } from 'vitest';
import {
  expiryKind,
  expiryKindLabels,
} from '../../renderer/src/features/instruments/optionChains/logic/expiryFlags';
import {
  expiryTabs,
  monthGroups,
  tabsOfKinds,
} from '../../renderer/src/features/instruments/optionChains/logic/expiryTabs';

describe('option expiry flags derived from the date', () => {
  it('marks the third Friday of a quarter month quarterly and of other months monthly', () => {
    expect(expiryKind('2026-03-20T00:00:00Z')).toBe('quarterly');
    expect(expiryKind('2026-12-18T00:00:00Z')).toBe('quarterly');
    expect(expiryKind('2026-04-17T00:00:00Z')).toBe('monthly');
    expect(expiryKind('2026-05-15')).toBe('monthly');
  });

  it('marks the last weekday of a month end-of-month, even when the 31st is a weekend', () => {
    expect(expiryKind('2026-03-31T00:00:00Z')).toBe('end-of-month');
    // 31 January 2026 is a Saturday: Friday the 30th is the month's last weekday.
    expect(expiryKind('2026-01-30T00:00:00Z')).toBe('end-of-month');
    expect(expiryKind('2026-01-29T00:00:00Z')).toBe('weekly');
  });

  it('marks other Fridays and weekday expiries weekly', () => {
    expect(expiryKind('2026-03-13T00:00:00Z')).toBe('weekly');
    expect(expiryKind('2026-03-27T00:00:00Z')).toBe('weekly');
    expect(expiryKind('2026-03-18T00:00:00Z')).toBe('weekly');
  });

  it('treats the Thursday before a holiday third Friday as the monthly only when that Friday is not listed', () => {
    // 3 April 2026 is not a third Friday; 17 April 2025 was the Thursday before Good Friday (third Friday).
    const goodFridayMonth = ['2025-04-11', '2025-04-17', '2025-04-25'];
    expect(expiryKind('2025-04-17', goodFridayMonth)).toBe('monthly');
    expect(expiryKind('2025-04-17', [...goodFridayMonth, '2025-04-18'])).toBe('weekly');
    expect(expiryKind('2025-04-17')).toBe('weekly');
  });

  it('has a label for every kind', () => {
    expect(expiryKindLabels['end-of-month']).toBe('End of month');
  });
});

describe('option expiry flags from the platform’s DisplayExpiry', () => {
  it('flags VIX-style monthlies (a Wednesday named for its month) monthly, never quarterly', () => {
    expect(expiryKind('2026-03-18T00:00:00Z', [], '2026-03-01T00:00:00Z')).toBe('monthly');
    expect(expiryKind('2026-04-15T00:00:00Z', [], '2026-04-01T00:00:00Z')).toBe('monthly');
    // Without the platform's sign the same Wednesday is a weekly.
    expect(expiryKind('2026-03-18T00:00:00Z', [], '2026-03-18T00:00:00Z')).toBe('weekly');
  });

  it('keeps the third Friday of a quarter month quarterly when named for its month', () => {
    expect(expiryKind('2026-03-20T00:00:00Z', [], '2026-03-01T00:00:00Z')).toBe('quarterly');
  });
});

describe('expiry tabs by month and kind', () => {
  const entry = (expiry: string, display = expiry) => ({
    DisplayDaysToExpiry: 5,
    DisplayDaysToLastTradeDate: 4,
    DisplayExpiry: `${display}T00:00:00Z`,
    Expiry: `${expiry}T00:00:00Z`,
    LastTradeDate: `${expiry}T20:15:00Z`,
  });
  const tabs = expiryTabs([
    entry('2026-03-13'),
    entry('2026-03-20', '2026-03-01'),
    entry('2026-03-31'),
    entry('2026-04-17', '2026-04-01'),
    { ...entry('2026-05-15', '2026-05-01'), LastTradeDate: '0001-01-01T00:00:00Z' },
  ]);

  it('groups consecutive expiries under their month', () => {
    expect(monthGroups(tabs).map((group) => [group.label, group.tabs.map((tab) => tab.dayLabel)])).toEqual([
      ['Mar 2026', ['13 Fri', '20 Fri', '31 Tue']],
      ['Apr 2026', ['17 Fri']],
      ['May 2026', ['15 Fri']],
    ]);
  });

  it('filters by kind, every kind when none is chosen', () => {
    expect(tabsOfKinds(tabs, ['monthly']).map((tab) => tab.expiry)).toEqual(['2026-04-17', '2026-05-15']);
    expect(tabsOfKinds(tabs, ['weekly', 'end-of-month']).map((tab) => tab.expiry)).toEqual([
      '2026-03-13',
      '2026-03-31',
    ]);
    expect(tabsOfKinds(tabs, [])).toHaveLength(5);
  });

  it('keeps the last trade date and its days, and treats the minimum date as none', () => {
    expect(tabs[0]).toMatchObject({ lastTrade: '2026-03-13T20:15:00Z', daysToLastTrade: 4 });
    expect(tabs[4]).toMatchObject({ lastTrade: undefined, daysToLastTrade: undefined });
  });
});
