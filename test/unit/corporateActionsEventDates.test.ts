import { describe, expect, it } from 'vitest';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { eventTimeline } from '../../renderer/src/features/corporateActions/logic/eventDates';

/** A rights issue with one subscription option and a lapse option paying the same day. */
const rights: CorporateActionEvent = {
  EventId: '77',
  EventType: { Code: 'RHTS', Name: 'Rights Issue' },
  EventState: 'Confirmed',
  EventStatus: 'Active',
  AnnouncedDate: '2026-02-10T00:00:00Z',
  Ex: { Date: '2026-02-20T00:00:00Z' },
  Record: { Date: '2026-02-23T00:00:00Z' },
  Effective: { Status: 'Ongoing' },
  Options: [
    {
      OptionId: '1',
      OptionType: { Code: 'EXER', Name: 'Subscribe' },
      Deadline: { Date: '2026-03-04T16:00:00Z' },
      MarketDeadline: { Date: '2026-03-06T16:00:00Z' },
      Payment: { Date: '2026-03-12T00:00:00Z' },
    },
    {
      OptionId: '2',
      OptionType: { Code: 'LAPS', Name: 'Lapse' },
      IsDefault: true,
      Payment: { Date: '2026-03-12T00:00:00Z' },
    },
  ],
};

describe('the key dates of an event', () => {
  it('orders the key dates and shows a shared payment date once', () => {
    const timeline = eventTimeline(rights);
    expect(timeline.map((entry) => entry.label)).toEqual([
      'Announced',
      'Ex date',
      'Record date',
      'Response deadline (option 1 EXER)',
      'Market deadline (option 1 EXER)',
      'Payment',
      'Effective date',
    ]);
    expect(timeline.at(-1)).toMatchObject({ status: 'Ongoing' });
  });
});
