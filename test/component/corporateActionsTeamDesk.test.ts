/**
 * What a desk on a team shows around the review itself: who reviewed, approved and is assigned
 * as grid and CSV columns (by the team's names), a user the team does not have told once what to
 * do, and "Team review unavailable" gone by itself once the service answers again.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import type { ReviewStoreView } from '../../contract/review';
import type { CorporateActionEvent } from '../../contract/wire/types';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import InboxToolbar from '../../renderer/src/features/corporateActions/components/InboxToolbar.vue';
import { useCorporateActionsStore } from '../../renderer/src/features/corporateActions/useCorporateActionsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installDesk, ok, removeFakeDesk, type InstalledDesk } from '../support/fakeDesk';
import { dayFromToday, queueWorldAnswers } from '../support/queueWorld';

const eventOf = (id: string): CorporateActionEvent => ({
  EventId: id,
  EventType: { Code: 'DVOP', Name: 'Dividend Option' },
  DisplayAndFormat: { Description: `Company ${id}`, IsinCode: `DK000900000${id.at(-1)}` },
  EventState: 'Confirmed',
  EventStatus: 'Active',
  CorporateActionType: 'Mandatory',
  Electable: 'Electable',
  UpdatedDateTime: '2026-03-01T00:00:00Z',
  Options: [{ OptionId: '1', Deadline: { Date: `${dayFromToday(10)}T16:00:00Z` } }],
});
const clara = { name: 'Clara Lindqvist', userId: 'key-clara', roles: ['Analyst', 'Approver'] as const };
const jonas = { name: 'Jonas Berger', userId: 'key-jonas', roles: ['Analyst', 'Approver'] as const };
const person = ({ name, userId }: { name: string; userId: string }) => ({ name, userId });
const teamStore: Extract<ReviewStoreView, { kind: 'team' }> = {
  kind: 'team',
  revision: 3,
  urls: ['http://127.0.0.1:8750'],
  state: 'available',
  replica: 'http://127.0.0.1:8750',
  team: {
    name: 'Corporate actions, Copenhagen',
    me: { ...jonas, roles: [...jonas.roles] },
    members: [clara, jonas].map((member) => ({ ...member, roles: [...member.roles] })),
  },
};
const untouched = (eventId: string): EventReviewState => ({
  eventId,
  read: true,
  flagged: false,
  notes: [],
  version: 0,
  progress: 'NotReviewed',
  fourEyes: false,
});

function deskWith(
  events: CorporateActionEvent[],
  states: EventReviewState[],
  store: ReviewStoreView,
  answers: Record<string, (arg: never) => unknown> = {},
): InstalledDesk {
  return installDesk({
    ...queueWorldAnswers(),
    'corporateActions:events': () => ok({ Data: events, __count: events.length }),
    'corporateActions:event': (arg: { EventId: string }) =>
      ok(events.find((event) => event.EventId === arg.EventId)),
    'corporateActions:reviewStatus': () =>
      ok({ store, reviewer: { profileId: 'p', userId: 'u-jonas', name: 'Jonas Berger' } }),
    'corporateActions:reviewStates': (arg: { eventIds: string[] }) =>
      ok(states.filter((state) => arg.eventIds.includes(state.eventId))),
    'corporateActions:audit': () => ok([]),
    'corporateActions:views': () => ok({ views: [] }),
    ...answers,
  });
}

async function mountInbox(): Promise<VueWrapper> {
  const wrapper = mount(CorporateActionsView, { attachTo: document.body });
  await flushPromises();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await flushPromises();
  return wrapper;
}

const cells = (wrapper: VueWrapper, column: string) =>
  wrapper.findAll(`[role="gridcell"][col-id="${column}"]`).map((cell) => cell.text());

describe('a desk on a team', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => {
    removeFakeDesk();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows reviewer, approver and assignee columns by the team’s names, and exports them', async () => {
    const states: EventReviewState[] = [
      {
        ...untouched('41'),
        version: 3,
        progress: 'Approved',
        fourEyes: true,
        reviewedBy: person(clara),
        reviewedAt: '2026-03-02T09:00:00Z',
        approvedBy: person(jonas),
        approvedAt: '2026-03-02T10:00:00Z',
        assignee: person(jonas),
      },
      // A member the service names by key only still gets a cell.
      { ...untouched('42'), version: 1, assignee: { name: '', userId: 'key-new' } },
    ];
    deskWith([eventOf('41'), eventOf('42')], states, teamStore);
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const wrapper = await mountInbox();
    const inbox = useCorporateActionsStore();

    // Only these columns (as the chooser leaves them, below), so the grid draws them all in a window of no width.
    inbox.columns = ['reviewedBy', 'approvedBy', 'assignee', 'eventId'];
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cells(wrapper, 'reviewedBy')).toEqual(['Upcoming · 2', 'Clara Lindqvist', '']);
    expect(cells(wrapper, 'approvedBy')).toEqual(['Jonas Berger', '']);
    expect(cells(wrapper, 'assignee')).toEqual(['Jonas Berger', 'key-new']);
    expect(cells(wrapper, 'eventId')).toEqual(['41', '42']);

    const exportButton = wrapper.findAll('button').find((candidate) => candidate.text() === 'Export CSV')!;
    await exportButton.trigger('click');
    await flushPromises();
    const lines = (await created[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Reviewer,Approver,Assignee,Event id,Notes',
      'Clara Lindqvist,Jonas Berger,Jonas Berger,41,',
      ',,key-new,42,',
    ]);
    wrapper.unmount();
  });

  it('offers reviewer, approver and assignee in the columns chooser, in the order of the definitions', async () => {
    const toolbar = mount(InboxToolbar, {
      props: {
        sort: { column: 'Deadline', type: 'Asc' },
        columns: ['eventId'],
        views: [],
        activeView: '',
        selectedCount: 0,
        exporting: false,
        auditOpen: false,
      },
    });
    const boxes = toolbar.get('details.columns').findAll('[role="checkbox"]');
    const box = (label: string) => {
      const found = boxes.find((candidate) => candidate.text() === label);
      if (!found) throw new Error(`no column "${label}" in the chooser`);
      return found;
    };
    let columns = ['eventId'];
    for (const label of ['Assignee', 'Reviewer', 'Approver']) {
      expect(box(label).attributes('aria-checked')).toBe('false');
      await box(label).trigger('click');
      columns = toolbar.emitted<[string[]]>('columns')!.at(-1)![0];
      await toolbar.setProps({ columns });
    }
    expect(columns).toEqual(['reviewedBy', 'approvedBy', 'assignee', 'eventId']);
  });

  it('tells a user the team does not have who they are and what to ask for, once', async () => {
    const told =
      'Team review unavailable: Amelia Ortiz (UserKey TC3QNKCilDiA1NRnBBbD7A==) is not a member of the team Corporate actions, Copenhagen. ' +
      "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.";
    const refused = { ok: false, error: { code: 'NotTeamMember', message: told, status: 403 } };
    deskWith(
      [eventOf('41')],
      [],
      { ...teamStore, state: 'unavailable', message: told, team: undefined },
      { 'corporateActions:reviewStates': () => refused },
    );
    const wrapper = await mountInbox();
    expect(wrapper.get('[data-testid="team-review-unavailable"]').text()).toBe(told);
    // The states the inbox asked for were refused with the same words: said once, not twice.
    expect(wrapper.text().split('Amelia Ortiz')).toHaveLength(2);
    wrapper.unmount();
  });

  it('clears "Team review unavailable", and the action it refused, once the service answers again', async () => {
    const lost = 'Team review unavailable: the review database cannot be reached.';
    const notSent =
      'Team review unavailable: no replica of the team review service answers (http://127.0.0.1:8750: connect ECONNREFUSED). Your change was not sent.';
    const desk = deskWith([eventOf('41')], [untouched('41')], teamStore, {
      'corporateActions:setFlagged': () => ({
        ok: false,
        error: { code: 'TeamReviewUnavailable', message: notSent },
      }),
    });
    const wrapper = await mountInbox();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flushPromises();
    desk.emit('corporateActions:reviewStore', {
      ...teamStore,
      revision: 4,
      state: 'unavailable',
      message: lost,
    });
    await flushPromises();
    const flag = wrapper.findAll('button').find((candidate) => candidate.text() === 'Flag')!;
    await flag.trigger('click');
    await flushPromises();
    const alerts = () => wrapper.findAll('[role="alert"]').map((alert) => alert.text());
    expect(alerts()).toEqual(expect.arrayContaining([lost, `Review: ${notSent}`]));

    desk.emit('corporateActions:reviewStore', { ...teamStore, revision: 5 });
    await flushPromises();
    expect(wrapper.find('[data-testid="team-review-unavailable"]').exists()).toBe(false);
    expect(alerts().filter((text) => text.includes('Team review unavailable'))).toEqual([]);
    wrapper.unmount();
  });
});
