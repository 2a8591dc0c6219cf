import { describe, expect, it } from 'vitest';
import { businessDaysBetween, deadlineUrgency } from '../../renderer/src/features/corporateActions/logic/businessDays';

describe('business days to a deadline', () => {
  it('counts weekdays only: Friday to Monday is one business day, a weekend deadline counts from Friday', () => {
    expect(businessDaysBetween('2026-03-06', '2026-03-09')).toBe(1);
    expect(businessDaysBetween('2026-03-06', '2026-03-07')).toBe(0);
    expect(businessDaysBetween('2026-03-02', '2026-03-30')).toBe(20);
    expect(businessDaysBetween('2026-03-09', '2026-03-06')).toBe(-1);
    expect(businessDaysBetween('2026-03-02', 'soon')).toBeUndefined();
    expect(deadlineUrgency(0)).toBe('critical');
  });
});
