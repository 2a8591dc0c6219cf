import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { listedExpiries, type OptionRootShape } from '../../main/simulator/data/instruments/optionContracts';
import {
  WELL_KNOWN_OPTION_ROOTS,
  type OptionRootFact,
} from '../../main/simulator/data/instruments/optionFacts';
import { exchangeById } from '../../main/simulator/data/reference/exchanges';
import { exchangeIdOf } from '../../main/simulator/data/reference/venues';
import {
  expiryKind,
  expiryKindLabels,
  isOfKind,
} from '../../renderer/src/features/instruments/optionChains/logic/expiryFlags';
import {
  countOfKind,
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

  it('filters by kind, every kind when none is chosen; the quarter month’s standard expiry is a monthly too', () => {
    expect(tabsOfKinds(tabs, ['monthly']).map((tab) => tab.expiry)).toEqual([
      '2026-03-20',
      '2026-04-17',
      '2026-05-15',
    ]);
    expect(tabsOfKinds(tabs, ['quarterly']).map((tab) => tab.expiry)).toEqual(['2026-03-20']);
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

  it('counts days from the service’s day when it is known (a simulated day), not the service’s own counts', () => {
    const simulated = DateTime.fromISO('2026-03-01T00:00:00Z', { zone: 'utc' });
    const counted = expiryTabs([entry('2026-03-13'), entry('2026-03-20', '2026-03-01')], simulated);
    expect(counted.map((tab) => [tab.daysToExpiry, tab.daysToLastTrade])).toEqual([
      [12, 12],
      [19, 19],
    ]);
    expect(counted[1]?.heading).toBe('Fri 20 Mar 2026, Quarterly');
  });
});

describe('the Monthlies filter over several years, for every root the simulator lists', () => {
  /** The option space entries a root lists on `asOf`, as the simulator's route writes them. */
  function entriesOf(fact: OptionRootFact, asOf: Date) {
    const exchangeId = exchangeIdOf(fact.mic);
    const shape: OptionRootShape = {
      rootId: 1,
      fact,
      exchangeId,
      zone: exchangeById(exchangeId).ZoneName,
      steps: { near: 1, mid: 1, far: 1 },
      currency: 'USD',
      underlying: { uic: 1, price: 100 },
      layout: { base: 0, unit: 1, strikeSlots: 1, expirySlots: 1, byWeek: false },
    };
    return listedExpiries(shape, asOf).map((expiry) => ({
      kind: expiry.kind,
      entry: {
        DisplayDaysToExpiry: 1,
        DisplayExpiry: `${expiry.displayExpiry}T00:00:00Z`,
        Expiry: `${expiry.day}T00:00:00Z`,
        LastTradeDate: expiry.lastTrade,
      },
    }));
  }
  const days = ['2026-11-23', '2027-02-10', '2028-08-31', '2029-12-03', '2030-05-20', '2031-10-01'];

  it('shows every standard expiry of every root, the quarter months’ (March, June, September, December) included', () => {
    for (const fact of WELL_KNOWN_OPTION_ROOTS) {
      for (const day of days) {
        const listed = entriesOf(fact, new Date(`${day}T00:00:00Z`));
        const monthlies = new Set(
          tabsOfKinds(expiryTabs(listed.map(({ entry }) => entry)), ['monthly']).map((tab) => tab.expiry),
        );
        const standard = listed.filter(
          ({ kind }) => kind === 'Monthly' || kind === 'Quarterly' || kind === 'LongDated',
        );
        const missing = standard
          .map(({ entry }) => entry.Expiry.slice(0, 10))
          .filter((expiry) => !monthlies.has(expiry));
        expect(missing, `${fact.root} on ${day}`).toEqual([]);
      }
    }
  });

  it('lists SPX’s December and March third Fridays under Monthlies, and still under Quarterlies', () => {
    const spx = WELL_KNOWN_OPTION_ROOTS.find((fact) => fact.root === 'SPX')!;
    const tabs = expiryTabs(entriesOf(spx, new Date('2026-11-23T00:00:00Z')).map(({ entry }) => entry));
    const monthlies = tabsOfKinds(tabs, ['monthly']).map((tab) => tab.expiry);
    expect(monthlies).toEqual(
      expect.arrayContaining(['2026-12-18', '2027-03-19', '2027-01-15', '2027-02-19']),
    );
    expect(tabsOfKinds(tabs, ['quarterly']).map((tab) => tab.expiry)).toContain('2026-12-18');
    expect(tabsOfKinds(tabs, ['quarterly']).map((tab) => tab.expiry)).not.toContain('2027-01-15');
    expect(countOfKind(tabs, 'monthly')).toBe(monthlies.length);
  });

  it('counts a quarterly as a monthly only for the Monthlies filter', () => {
    expect(isOfKind('quarterly', 'monthly')).toBe(true);
    expect(isOfKind('monthly', 'quarterly')).toBe(false);
    expect(isOfKind('weekly', 'monthly')).toBe(false);
    expect(isOfKind('end-of-month', 'end-of-month')).toBe(true);
  });
});
