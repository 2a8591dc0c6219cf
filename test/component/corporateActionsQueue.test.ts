/**
 * The queue on a Saturday morning: the work to do (overdue group above the upcoming one) against
 * the history, the counts, the overdue window from Settings, and the status line naming the
 * filter that hides events; deadlines counted in the New York calendar (Thanksgiving closed).
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { useCorporateActionsStore } from '../../renderer/src/features/corporateActions/useCorporateActionsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { queueWorldAnswers } from '../support/queueWorld';

const SATURDAY_MORNING = '2026-11-28T09:00:00Z';

/** A stock listed in New York whose response deadline is 17:00 there on `day` (none when undefined). */
function event(id: string, uic: number, day: string | undefined, more: Partial<CorporateActionEvent> = {}): CorporateActionEvent {
  return {
    EventId: id,
    Uic: uic,
    AssetType: 'Stock',
    EventType: { Code: 'DVOP', Name: 'Dividend Option' },
    DisplayAndFormat: { Description: `Company ${id}` },
    EventState: 'Confirmed',
    EventStatus: 'Active',
    UpdatedDateTime: '2026-11-01T00:00:00Z',
    Options: [{ OptionId: '1', ...(day ? { Deadline: { Date: `${day}T22:00:00Z` } } : {}) }],
    ...more,
  };
}

const events = [
  event('dec9', 1, '2026-12-09'),
  event('fri', 2, '2026-11-27'),
  event('old', 3, '2026-11-18'),
  event('mon', 4, '2026-11-30'),
  event('past', 5, '2026-11-30', { EventStatus: 'Past' }),
  event('wed', 6, '2026-11-25'),
  event('div', 7, undefined),
  event('done', 8, '2026-12-02'),
];
const reviewed: EventReviewState = {
  eventId: 'done', read: true, flagged: false, note: '', version: 1, progress: 'Reviewed', fourEyes: false,
  reviewedAt: '2026-11-20T10:00:00Z', reviewedVersion: '2026-11-01T00:00:00Z',
};

function desk(overdueBusinessDays = 5) {
  return installDesk({
    ...queueWorldAnswers({
      holidays: [{ Date: '2026-11-26', ExchangeId: 'NYSE', Name: 'Thanksgiving Day' }],
      workQueue: { overdueBusinessDays },
    }),
    'corporateActions:events': () => ok({ Data: events, __count: events.length }),
    'corporateActions:reviewStatus': () =>
      ok({ store: { kind: 'local', revision: 1 }, reviewer: { profileId: 'embedded', userId: 'u1', name: 'Demo' } }),
    'corporateActions:reviewStates': (arg: { eventIds: string[] }) => ok(arg.eventIds.includes('done') ? [reviewed] : []),
    'corporateActions:audit': () => ok([]),
    'corporateActions:views': () => ok({ views: [] }),
    'corporateActions:activeView': () => ok({}),
    'corporateActions:accounts': () => ok({ clients: [], accounts: [] }),
    'corporateActions:lookupData': () => ok({ Data: [] }),
  });
}

async function mountInbox(): Promise<VueWrapper> {
  const wrapper = mount(CorporateActionsView, { attachTo: document.body });
  await flushPromises();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await flushPromises();
  return wrapper;
}

const shownIds = () => useCorporateActionsStore().rows.map((e) => e.EventId);
const status = (wrapper: VueWrapper) => wrapper.get('.count').text();
const tab = (wrapper: VueWrapper, id: string) => wrapper.get(`[data-testid="tab-${id}"]`);

describe('the queue on a Saturday morning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(SATURDAY_MORNING));
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    vi.useRealTimers();
  });

  it('opens on the work to do: the overdue group above the upcoming one, with the counts of each', async () => {
    desk();
    const wrapper = await mountInbox();
    const inbox = useCorporateActionsStore();
    // Wednesday's and Friday's deadlines passed (Thanksgiving closed New York); Monday's is due soon.
    expect(shownIds()).toEqual(['wed', 'fri', 'mon', 'dec9']);
    expect(inbox.overdueRows).toBe(2);
    expect(status(wrapper)).toBe(
      '4 to do · 2 overdue · 1 due within 2 business days · 4 in History · of all 8 matching events · sorted by response deadline here (the service cannot sort by it)',
    );
    expect(tab(wrapper, 'to-do').text()).toBe('To do (4 · 2 overdue)');
    expect(tab(wrapper, 'to-do').attributes('aria-selected')).toBe('true');
    expect(tab(wrapper, 'history').text()).toBe('History (4)');
    expect([...inbox.dueSoon]).toEqual(['mon']);
    wrapper.unmount();
  });

  it('keeps the rest in the History: past, deadline long passed, no deadline, already reviewed', async () => {
    desk();
    const wrapper = await mountInbox();
    await tab(wrapper, 'history').trigger('click');
    await flushPromises();
    expect(shownIds()).toEqual(['old', 'past', 'done', 'div']);
    expect(useCorporateActionsStore().overdueRows).toBeUndefined();
    expect(status(wrapper)).toMatch(/^4 in History · 4 to do · of all 8 matching events/);
    await tab(wrapper, 'all').trigger('click');
    await flushPromises();
    expect(shownIds()).toHaveLength(8);
    wrapper.unmount();
  });

  it('keeps a passed deadline to do for the business days Settings give', async () => {
    desk(10);
    const wrapper = await mountInbox();
    // 18 November is 7 business days back: to do with a window of 10.
    expect(shownIds()).toEqual(['old', 'wed', 'fri', 'mon', 'dec9']);
    expect(useCorporateActionsStore().overdueRows).toBe(3);
    wrapper.unmount();
  });

  it('says which filter hides the work to do, and Reset clears the work queue’s filters too', async () => {
    desk();
    const wrapper = await mountInbox();
    const flagged = wrapper
      .findAll('fieldset[aria-label="Work queue"] [role="checkbox"]')
      .find((box) => box.text() === 'Flagged')!;
    await flagged.trigger('click');
    await flushPromises();
    expect(shownIds()).toEqual([]);
    expect(status(wrapper)).toMatch(
      /^0 shown of 4 to do · 2 overdue · 1 due within 2 business days: 4 hidden by the review-state filter \(Flagged\) · 4 in History · of all 8 matching events/,
    );
    const reset = wrapper.findAll('button').find((button) => button.text() === 'Reset')!;
    await reset.trigger('click');
    await flushPromises();
    expect(useCorporateActionsStore().workQueue).toEqual({ place: 'toDo' });
    expect(shownIds()).toEqual(['wed', 'fri', 'mon', 'dec9']);
    wrapper.unmount();
  });
});
