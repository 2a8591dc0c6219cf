import { describe, expect, it } from 'vitest';
import { expiryKind, expiryKindLabels } from '../../renderer/src/features/optionChains/logic/expiryFlags';

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
