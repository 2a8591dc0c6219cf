import { describe, expect, it } from 'vitest';
import { lengthLimitNotice, limitedNumber } from '../../renderer/src/shared/inputLimits';

const roll = { field: 'The roll window', unit: 'days' };

describe('a clamped input says so', () => {
  it('keeps a number within its limits without a word', () => {
    expect(limitedNumber(30, { min: 0, max: 365 }, roll)).toEqual({ value: 30, notice: undefined });
    expect(limitedNumber(365, { min: 0, max: 365 }, roll)).toEqual({ value: 365, notice: undefined });
  });

  it('turns a number past a limit into the limit and names it', () => {
    expect(limitedNumber(900, { min: 0, max: 365 }, roll)).toEqual({
      value: 365,
      notice: 'The roll window is at most 365 days: 365 is used.',
    });
    expect(limitedNumber(-4, { min: 1, max: 1000 }, { field: 'Strikes either side', unit: 'strikes', unitOfOne: 'strike' })).toEqual({
      value: 1,
      notice: 'Strikes either side is at least 1 strike: 1 is used.',
    });
  });

  it('says a text field is full once it reached its longest length', () => {
    expect(lengthLimitNotice('a'.repeat(254), 255, 'Search text')).toBeUndefined();
    expect(lengthLimitNotice('a'.repeat(255), 255, 'Search text')).toBe(
      'Search text is limited to 255 characters; anything beyond is not taken.',
    );
  });
});
