import { describe, expect, it } from 'vitest';
import { daysOffInOrder } from '../../renderer/src/features/reference/logic/daysOff';

describe('an exchange’s days off', () => {
  it('lists holidays and early closes together in date order, the holiday first on a shared day', () => {
    const days = daysOffInOrder({
      Holidays: [
        { Date: '2027-12-25', Name: 'Christmas Day' },
        { Date: '2027-01-01', Name: 'New Year' },
      ],
      EarlyCloses: [
        { Date: '2027-12-24', CloseTime: '13:00', Name: 'Christmas Eve' },
        { Date: '2027-01-01', CloseTime: '12:00', Name: 'Odd' },
      ],
    });
    expect(days.map((day) => `${day.date} ${day.text}`)).toEqual([
      '2027-01-01 New Year',
      '2027-01-01 closes at 12:00 (Odd)',
      '2027-12-24 closes at 13:00 (Christmas Eve)',
      '2027-12-25 Christmas Day',
    ]);
  });
});
