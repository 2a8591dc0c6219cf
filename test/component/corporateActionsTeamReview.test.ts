import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import type { ReviewStoreView } from '../../contract/review';
import type { CorporateActionEvent } from '../../contract/wire/types';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { useCorporateActionsStore } from '../../renderer/src/features/corporateActions/useCorporateActionsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { dayFromToday, queueWorldAnswers } from '../support/queueWorld';

const event: CorporateActionEvent = {
  EventId: '41',
  EventType: { Code: 'DVOP', Name: 'Dividend Option' },
  DisplayAndFormat: { Description: 'Nordic Bank', IsinCode: 'DK0009000001' },
  EventState: 'Confirmed',
  EventStatus: 'Active',
  CorporateActionType: 'Mandatory',
  Electable: 'Electable',
  UpdatedDateTime: '2026-03-01T00:00:00Z',
  // A response deadline ten days ahead: work to do until decided.
  Options: [{ OptionId: '1', Deadline: { Date: `${dayFromToday(10)}T16:00:00Z` } }],
};
const clara = {
  name: 'Clara Lindqvist',
  userId: 'key-clara',
  roles: ['Analyst', 'Approver'] as ('Analyst' | 'Approver')[],
};
const jonas = {
  name: 'Jonas Berger',
  userId: 'key-jonas',
  roles: ['Analyst', 'Approver'] as ('Analyst' | 'Approver')[],
};
const teamStore: ReviewStoreView = {
  kind: 'team',
  revision: 3,
  urls: ['http://127.0.0.1:8750'],
  state: 'available',
  replica: 'http://127.0.0.1:8750',
  team: { name: 'Corporate actions, Copenhagen', me: jonas, members: [clara, jonas] },
};
const untouched: EventReviewState = {
  eventId: '41',
  read: true,
  flagged: false,
  note: '',
  version: 0,
  progress: 'NotReviewed',
  fourEyes: false,
};

/** Jonas's desk on a team whose service keeps versions: a change on a stale version is refused as main refuses it. */
function teamDesk(initial: EventReviewState) {
  let state = initial;
  return {
    set: (next: EventReviewState) => (state = next),
    desk: installDesk({
      ...queueWorldAnswers(),
      'corporateActions:events': () => ok({ Data: [event], __count: 1 }),
      'corporateActions:event': () => ok(event),
      'corporateActions:reviewStatus': () =>
        ok({ store: teamStore, reviewer: { profileId: 'p', userId: 'u-jonas', name: 'Jonas Berger' } }),
      'corporateActions:reviewStates': () => ok([state]),
      'corporateActions:audit': () => ok([]),
      'corporateActions:views': () => ok({ views: [] }),
      'corporateActions:setNote': (arg: { note: string; version: number }) => {
        if (arg.version !== state.version) {
          return {
            ok: false,
            error: {
              code: 'ReviewConflict',
              message:
                'Event 41 changed since you loaded it: last changed by Clara Lindqvist (note). Nothing was saved; reload and try again.',
              conflicts: [
                {
                  eventId: '41',
                  yourVersion: arg.version,
                  current: state,
                  changesSince: [
                    { by: clara, at: '2026-03-02T09:00:00Z', action: 'note', before: '', after: state.note },
                  ],
                },
              ],
            },
          };
        }
        state = { ...state, note: arg.note, version: state.version + 1 };
        return ok(state);
      },
      'corporateActions:approve': (arg: { version: number }) => {
        state = {
          ...state,
          version: arg.version + 1,
          progress: 'Approved',
          approvedBy: jonas,
          approvedAt: '2026-03-02T10:00:00Z',
        };
        return ok(state);
      },
    }),
  };
}

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

async function openTheEvent() {
  const wrapper = mount(CorporateActionsView, { attachTo: document.body });
  await flushPromises();
  await new Promise((resolve) => setTimeout(resolve, 50));
  press('j');
  press('Enter');
  await flushPromises();
  return wrapper;
}

describe('the inbox on a team review service', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(removeFakeDesk);

  it('keeps a draft when another desk saves a note, refuses it as a conflict naming who and what, and Reload shows theirs', async () => {
    const team = teamDesk(untouched);
    const wrapper = await openTheEvent();
    const note = () => wrapper.get<HTMLTextAreaElement>('textarea');
    await note().setValue('Waiting for the agent.');
    // Clara saves a note on her desk: it arrives live.
    const theirs = team.set({ ...untouched, note: 'Ratio confirmed.', version: 1, changedBy: clara });
    team.desk.emit('corporateActions:reviewsChanged', {
      states: [{ ...theirs, read: undefined }],
      by: clara,
    });
    await flushPromises();
    expect(note().element.value).toBe('Waiting for the agent.');

    await wrapper.get('form.note').trigger('submit');
    await flushPromises();
    expect(team.desk.channel('corporateActions:setNote')).toHaveBeenCalledWith({
      eventId: '41',
      note: 'Waiting for the agent.',
      version: 0,
    });
    const conflict = wrapper.get('[data-testid="review-conflict"]');
    expect(conflict.text()).toContain('last changed by Clara Lindqvist');
    expect(conflict.text()).toContain('Clara Lindqvist · Added the note “Ratio confirmed.”');
    expect(conflict.text()).toContain('Not saved: your note “Waiting for the agent.”');
    expect(note().element.value).toBe('Waiting for the agent.');

    await conflict.get('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="review-conflict"]').exists()).toBe(false);
    expect(note().element.value).toBe('Ratio confirmed.');
    wrapper.unmount();
  });

  it('follows notes saved on other desks once the own note is saved', async () => {
    const team = teamDesk(untouched);
    const wrapper = await openTheEvent();
    const note = () => wrapper.get<HTMLTextAreaElement>('textarea');
    await note().setValue('Mine.');
    await wrapper.get('form.note').trigger('submit');
    await flushPromises();
    expect(team.desk.channel('corporateActions:setNote')).toHaveBeenCalledWith({
      eventId: '41',
      note: 'Mine.',
      version: 0,
    });
    const theirs = team.set({ ...untouched, note: 'Theirs.', version: 2, changedBy: clara });
    team.desk.emit('corporateActions:reviewsChanged', { states: [theirs], by: clara });
    await flushPromises();
    expect(note().element.value).toBe('Theirs.');
    wrapper.unmount();
  });

  it('shows both names of a four-eyes review, approves another analyst’s review, and says when the team is unavailable', async () => {
    const team = teamDesk({
      ...untouched,
      version: 1,
      progress: 'AwaitingApproval',
      fourEyes: true,
      reviewedBy: clara,
      reviewedAt: '2026-03-02T09:00:00Z',
      reviewedVersion: '2026-03-01T00:00:00Z',
    });
    const wrapper = await openTheEvent();
    const signOff = () => wrapper.get('[data-testid="review-sign-off"]');
    expect(signOff().text()).toContain('Reviewed by Clara Lindqvist');
    expect(signOff().text()).toContain('Awaiting approval by a second analyst');
    await signOff().get('button').trigger('click');
    await flushPromises();
    expect(team.desk.channel('corporateActions:approve')).toHaveBeenCalledWith({
      eventId: '41',
      approved: true,
      version: 1,
    });
    expect(signOff().text()).toContain('Approved by Jonas Berger');
    expect(signOff().text()).toContain('Reviewed by Clara Lindqvist');

    team.desk.emit('corporateActions:reviewStore', {
      ...teamStore,
      revision: teamStore.revision + 1,
      state: 'unavailable',
      message: 'Team review unavailable: the review database cannot be reached.',
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="team-review-unavailable"]').text()).toBe(
      'Team review unavailable: the review database cannot be reached.',
    );
    wrapper.unmount();
  });

  it('filters the queue by reviews awaiting approval and by events assigned to the user, from the team’s state', async () => {
    const other = (id: string): CorporateActionEvent => ({
      ...event,
      EventId: id,
      DisplayAndFormat: { Description: `Company ${id}` },
    });
    const events = ['41', '42', '43', '44'].map(other);
    const states: EventReviewState[] = [
      {
        ...untouched,
        eventId: '41',
        version: 1,
        progress: 'AwaitingApproval',
        fourEyes: true,
        reviewedBy: clara,
        reviewedAt: '2026-03-02T09:00:00Z',
        reviewedVersion: event.UpdatedDateTime,
      },
      { ...untouched, eventId: '42', version: 1, assignee: jonas },
      { ...untouched, eventId: '43', version: 1, assignee: clara },
      {
        ...untouched,
        eventId: '44',
        version: 2,
        progress: 'Approved',
        fourEyes: true,
        reviewedBy: clara,
        approvedBy: jonas,
        reviewedAt: '2026-03-02T09:00:00Z',
        reviewedVersion: event.UpdatedDateTime,
      },
    ];
    installDesk({
      ...queueWorldAnswers(),
      'corporateActions:events': () => ok({ Data: events, __count: events.length }),
      'corporateActions:reviewStatus': () =>
        ok({ store: teamStore, reviewer: { profileId: 'p', userId: 'u-jonas', name: 'Jonas Berger' } }),
      'corporateActions:reviewStates': (arg: { eventIds: string[] }) =>
        ok(states.filter((state) => arg.eventIds.includes(state.eventId))),
      'corporateActions:audit': () => ok([]),
      'corporateActions:views': () => ok({ views: [] }),
    });
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const shown = () => useCorporateActionsStore().rows.map((row) => row.EventId);
    // The work to do with a team: not reviewed, or reviewed and awaiting the second analyst; approved is history.
    expect(shown()).toEqual(['41', '42', '43']);
    expect(useCorporateActionsStore().counts).toMatchObject({ toDo: 3, history: 1 });
    const box = (label: string) =>
      wrapper
        .findAll('fieldset[aria-label="Work queue"] [role="checkbox"]')
        .find((candidate) => candidate.text() === label)!;
    expect(box('Assigned to me').attributes('aria-disabled')).toBeUndefined();
    expect(wrapper.find('[data-testid="team-only-filters"]').exists()).toBe(false);
    await box('Awaiting approval').trigger('click');
    await flushPromises();
    expect(shown()).toEqual(['41']);
    await box('Awaiting approval').trigger('click');
    await box('Assigned to me').trigger('click');
    await flushPromises();
    expect(shown()).toEqual(['42']);
    wrapper.unmount();
  });
});
