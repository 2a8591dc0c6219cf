/**
 * Escalation whatever workspace is open: the open events due within 2 business days counted
 * beside Corporate actions in the navigation, and (with notifications on) new or changed
 * events and unreviewed deadlines within a day shown once each, through main or the browser.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { EventReviewState } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { useEscalationStore } from '../../renderer/src/features/corporateActions/useEscalationStore';
import { useReviewStore } from '../../renderer/src/features/corporateActions/useReviewStore';
import { useSettingsStore } from '../../renderer/src/features/settings/useSettingsStore';
import TheNavigation from '../../renderer/src/shell/TheNavigation.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { queueWorldAnswers } from '../support/queueWorld';

/** Saturday 28 November 2026, 09:00 UTC; New York closed on Thanksgiving (Thursday 26th). */
const SATURDAY_MORNING = '2026-11-28T09:00:00Z';

function event(id: string, uic: number, deadline: string, updated = '2026-11-01T00:00:00Z'): CorporateActionEvent {
  return {
    EventId: id,
    Uic: uic,
    AssetType: 'Stock',
    EventType: { Code: 'DVOP', Name: 'Dividend Option' },
    DisplayAndFormat: { Description: `Company ${id}` },
    EventState: 'Confirmed',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
    Options: [{ OptionId: '1', Deadline: { Date: deadline } }],
  };
}

/** Friday's passed deadline, Monday's (due soon, within a day of Sunday…), Tuesday's, and a later one. */
const friday = event('fri', 1, '2026-11-27T22:00:00Z');
const monday = event('mon', 2, '2026-11-30T22:00:00Z');
const tuesday = event('tue', 3, '2026-12-01T22:00:00Z');
const later = event('later', 4, '2026-12-09T22:00:00Z');
const reviewedTuesday: EventReviewState = {
  eventId: 'tue', read: true, flagged: false, note: '', version: 1, progress: 'Reviewed', fourEyes: false,
  reviewedAt: '2026-11-20T10:00:00Z', reviewedVersion: '2026-11-01T00:00:00Z',
};

function desk(options: { notifications: boolean; shownByMain: boolean; latest: () => CorporateActionEvent[]; reviewed?: EventReviewState[] }) {
  return installDesk({
    ...queueWorldAnswers({
      holidays: [{ Date: '2026-11-26', ExchangeId: 'NYSE', Name: 'Thanksgiving Day' }],
      workQueue: { notifications: options.notifications },
    }),
    'corporateActions:events': (arg: { SortColumn?: string }) =>
      arg.SortColumn === 'UpdatedDateTime'
        ? ok({ Data: options.latest() })
        : ok({ Data: [friday, monday, tuesday, later], __count: 4 }),
    'corporateActions:reviewStates': (arg: { eventIds: string[] }) =>
      ok((options.reviewed ?? []).filter((state) => arg.eventIds.includes(state.eventId))),
    'corporateActions:reviewStatus': () => ok({ store: { kind: 'local', revision: 1 } }),
    'corporateActions:notify': () => ok({ shown: options.shownByMain }),
  });
}

describe('escalation of the work queue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(SATURDAY_MORNING));
    setActivePinia(createPinia());
  });
  afterEach(() => {
    removeFakeDesk();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts the unreviewed events due within 2 business days beside Corporate actions, and follows a review', async () => {
    desk({ notifications: false, shownByMain: false, latest: () => [] });
    const escalation = useEscalationStore();
    await useSettingsStore().load();
    await escalation.look();
    // Monday's and Tuesday's deadlines are 1 and 2 business days away; Friday's passed.
    expect(escalation.dueSoon).toEqual(['mon', 'tue']);

    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:any(.*)', component: { template: '<p />' } }] });
    const badges = () => ({ '/corporate-actions': { count: escalation.dueSoon.length, says: `${escalation.dueSoon.length} due` } });
    const navigation = mount(TheNavigation, {
      props: { items: [{ label: 'Corporate actions', to: '/corporate-actions' }], badges: badges() },
      global: { plugins: [router] },
    });
    expect(navigation.get('[data-testid="navigation-badge-corporate-actions"]').text()).toBe('2');
    const link = navigation.get('a');
    expect(navigation.get(`#${link.attributes('aria-describedby')}`).text()).toBe('2 due');

    // Tuesday's event reviewed on this desk: no longer counted.
    useReviewStore().states.tue = reviewedTuesday;
    expect(escalation.dueSoon).toEqual(['mon']);
    await navigation.setProps({ badges: badges() });
    expect(navigation.get('[data-testid="navigation-badge-corporate-actions"]').text()).toBe('1');
    navigation.unmount();
  });

  it('shows nothing on the desktop while notifications are off', async () => {
    const fake = desk({ notifications: false, shownByMain: true, latest: () => [later] });
    await useSettingsStore().load();
    await useEscalationStore().look();
    await useEscalationStore().look();
    expect(fake.channel('corporateActions:notify')).not.toHaveBeenCalled();
  });

  it('with notifications on, tells of deadlines within a day once, and of new or changed events after the first look', async () => {
    vi.setSystemTime(new Date('2026-11-30T01:00:00Z')); // Sunday evening in New York: Monday's deadline within a day
    let latest = [later, monday];
    const fake = desk({ notifications: true, shownByMain: true, latest: () => latest, reviewed: [reviewedTuesday] });
    await useSettingsStore().load();
    const escalation = useEscalationStore();
    await escalation.look();
    const notify = fake.channel('corporateActions:notify');
    expect(notify.mock.calls.map(([notice]) => notice)).toEqual([
      { title: 'Response deadline within a day', body: expect.stringMatching(/^DVOP Dividend Option · Company mon: 2026-11-30 17:00 New York.*, not yet reviewed\.$/) },
    ]);
    latest = [event('new', 9, '2026-12-15T22:00:00Z', '2026-11-30T00:30:00Z'), { ...later, UpdatedDateTime: '2026-11-30T00:40:00Z' }, monday];
    await escalation.look();
    expect(notify.mock.calls.slice(1).map(([notice]) => notice)).toEqual([
      { title: 'New corporate action for your accounts', body: 'DVOP Dividend Option · Company new' },
      { title: 'Corporate action changed', body: 'DVOP Dividend Option · Company later was updated.' },
    ]);
  });

  it('uses the browser’s notifications where main has none (the web shell), once the user allowed them', async () => {
    vi.setSystemTime(new Date('2026-11-30T01:00:00Z'));
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: { body?: string }) {
          shown.push({ title, body: options.body });
        }
      },
    );
    desk({ notifications: true, shownByMain: false, latest: () => [] });
    await useSettingsStore().load();
    await useEscalationStore().look();
    await flushPromises();
    expect(shown.map((notice) => notice.title)).toEqual(['Response deadline within a day']);
  });
});
