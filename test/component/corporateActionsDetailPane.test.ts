import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { CorporateActionEvent } from '../../contract/wire/types';
import EventDetailPane from '../../renderer/src/features/corporateActions/components/EventDetailPane.vue';
import { narrativeText } from '../../renderer/src/features/corporateActions/narrativeText';
import { marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';

/** Monday 2 March 2026, 08:00 in Copenhagen, on the Copenhagen exchange's calendar. */
const copenhagen = marketCalendar({ name: 'Nasdaq Copenhagen', zone: 'Europe/Copenhagen', weekendDays: ['Saturday', 'Sunday'], holidays: [] });
const MONDAY = { now: Date.parse('2026-03-02T07:00:00Z'), calendarOf: () => copenhagen };

const rights: CorporateActionEvent = {
  EventId: '77',
  EventType: { Code: 'RHTS', Name: 'Rights Issue' },
  DisplayAndFormat: { Description: 'Nordic Bank', IsinCode: 'DK0009000001', Symbol: 'NB:xcse' },
  EventState: 'Confirmed',
  EventStatus: 'Active',
  CorporateActionType: 'Voluntary',
  AnnouncedDate: '2026-02-10T00:00:00Z',
  Ex: { Date: '2026-02-20T00:00:00Z' },
  Record: { Date: '2026-02-23T00:00:00Z' },
  Effective: { Status: 'Ongoing' },
  Narrative:
    'Subscription 1 new for 4 held.<br>Price <b>DKK 20</b> &amp; fees.<img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>',
  EventIndicators: [
    { Indicator: 'RenounceableStatusofEntitlement', Values: [{ Code: 'RENO', Name: 'Renounceable' }] },
  ],
  Options: [
    {
      OptionId: '1',
      OptionType: { Code: 'EXER', Name: 'Subscribe' },
      Deadline: { Date: '2026-03-04T16:00:00Z' },
      MarketDeadline: { Date: '2026-03-06T16:00:00Z' },
      Payment: { Date: '2026-03-12T00:00:00Z' },
      CashMovements: [{ CashMovementType: 'Debit', Currency: 'DKK', SubscriptionPrice: 20 }],
      SecurityMovements: [
        { SecurityMovementType: 'Credit', DisplayAndFormat: { Description: 'Nordic Bank new' }, Uic: 4242 },
      ],
    },
    {
      OptionId: '2',
      OptionType: { Code: 'LAPS', Name: 'Lapse' },
      IsDefault: true,
      Payment: { Date: '2026-03-12T00:00:00Z' },
    },
  ],
  Holdings: [
    {
      AccountId: 'ACC-1',
      ClientName: 'Demo Client',
      Amount: 400,
      ElectedAmount: 200,
      ElectionStatus: 'PartialElected',
      Options: [
        {
          OptionId: '1',
          ElectedAmount: 200,
          ElectionType: 'Manual',
          ElectedBy: 'demo',
          Instruction: { Status: 'Accepted' },
        },
      ],
    },
  ],
  UpdatedDateTime: '2026-03-01T12:00:00Z',
};

describe('the event narrative', () => {
  it('keeps the text and its line breaks, decodes entities and drops every element', () => {
    expect(narrativeText(rights.Narrative)).toBe('Subscription 1 new for 4 held.\nPrice DKK 20 & fees.');
    expect(narrativeText('Line one\r\nLine two')).toBe('Line one\nLine two');
    expect(narrativeText(undefined)).toBe('');
  });

  it('is rendered as text in the detail pane: no markup, nothing runs', async () => {
    const wrapper = mount(EventDetailPane, {
      props: { event: rights, history: [], today: '2026-03-02', clock: MONDAY },
      attachTo: document.body,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const narrative = wrapper.get('[data-testid="event-narrative"]');
    expect(narrative.element.children).toHaveLength(0);
    expect(narrative.text()).toContain('Price DKK 20 & fees.');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    wrapper.unmount();
  });
});

describe('the event detail pane', () => {
  it('shows the options with movements, the holdings with elections, the indicators and the countdown', () => {
    const wrapper = mount(EventDetailPane, { props: { event: rights, history: [], today: '2026-03-02', clock: MONDAY } });
    const text = wrapper.text();
    expect(text).toContain('RHTS Rights Issue · Nordic Bank');
    expect(wrapper.get('[aria-label="Option 1"]').text()).toContain('Cash movements');
    expect(wrapper.get('[aria-label="Option 1"]').text()).toContain('Nordic Bank new');
    expect(wrapper.get('[aria-label="Option 2"]').text()).toContain('Default');
    expect(wrapper.get('[aria-label="Holdings"]').text()).toContain('ACC-1');
    expect(wrapper.get('[aria-label="Holdings"]').text()).toContain('1: 200, Manual, demo, Accepted');
    expect(wrapper.get('[aria-label="Indicators"]').text()).toContain('RENO · Renounceable');
    expect(wrapper.find('.countdown').text()).toContain('In 2 business days · 2026-03-04 17:00 Copenhagen');
    // The options' deadlines with their time in the market's zone.
    expect(wrapper.get('[aria-label="Option 1"]').text()).toContain('response 2026-03-04 17:00 Copenhagen, market 2026-03-06 17:00 Copenhagen');
  });

  it('shows affected accounts and eligible holdings when sub-accounts are included', () => {
    const aggregated = { ...rights, Holdings: undefined, AffectedAccounts: 12, EligibleHoldings: 15000 };
    const wrapper = mount(EventDetailPane, {
      props: { event: aggregated, history: [], today: '2026-03-02', clock: MONDAY },
    });
    expect(wrapper.get('[aria-label="Holdings"]').text()).toContain(
      '12 affected accounts holding 15,000 eligible',
    );
  });

  it('asks to mark reviewed, and to undo once reviewed and unchanged', async () => {
    const wrapper = mount(EventDetailPane, { props: { event: rights, history: [], today: '2026-03-02', clock: MONDAY } });
    await wrapper.get('button:not([aria-label])').trigger('click');
    expect(wrapper.emitted('reviewed')).toEqual([[true]]);
    await wrapper.setProps({
      review: {
        eventId: '77',
        read: true,
        flagged: false,
        note: '',
        changedAt: 'x',
        version: 1,
        progress: 'Reviewed',
        fourEyes: false,
        reviewedAt: '2026-03-02T09:00:00Z',
        reviewedVersion: '2026-03-01T12:00:00Z',
      },
    });
    const undo = wrapper.findAll('button').find((button) => button.text() === 'Undo reviewed');
    await undo?.trigger('click');
    expect(wrapper.emitted('reviewed')?.[1]).toEqual([false]);
  });

  it('says who reviewed which version on the team when this computer never read it, and compares when it did', async () => {
    const team = {
      name: 'Corporate actions, Copenhagen',
      me: { name: 'Jonas Berger', userId: 'key-jonas', roles: ['Analyst' as const] },
      members: [],
    };
    const reviewedElsewhere = {
      eventId: '77',
      read: true,
      flagged: false,
      note: '',
      version: 1,
      progress: 'AwaitingApproval' as const,
      fourEyes: true,
      reviewedAt: '2026-02-27T09:15:00Z',
      reviewedVersion: '2026-02-26T08:00:00Z',
      reviewedBy: { name: 'Clara Lindqvist', userId: 'key-clara' },
    };
    const wrapper = mount(EventDetailPane, {
      props: { event: rights, history: [], today: '2026-03-02', clock: MONDAY, team, review: reviewedElsewhere, changes: { missing: 'reviewed' } },
    });
    expect(wrapper.get('[data-testid="reviewed-elsewhere"]').text()).toBe(
      'Reviewed by Clara Lindqvist through the team review service (Corporate actions, Copenhagen) at 2026-02-27 09:15, ' +
        'on the event as updated 2026-02-26 08:00. This computer never read that version of the event (or no longer ' +
        'keeps it), so what changed cannot be shown field by field. Read the event and review it again.',
    );
    await wrapper.setProps({ changes: { changes: [{ field: 'Options 1 › Deadline › Date', before: '2026-03-06T16:00:00Z', after: '2026-03-04T16:00:00Z' }] } });
    expect(wrapper.find('[data-testid="reviewed-elsewhere"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="event-changes"]').text()).toContain('Options 1 › Response deadline › Date');
  });
});
