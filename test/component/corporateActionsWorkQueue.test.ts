import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventReviewState, InboxViewDefinition, SavedInboxView } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { useCorporateActionsStore } from '../../renderer/src/features/corporateActions/useCorporateActionsStore';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { dayFromToday, queueWorldAnswers } from '../support/queueWorld';

/** A day `offset` calendar days from today, `yyyy-mm-dd`. */
const day = (offset: number) => dayFromToday(offset);

function event(id: string, deadlineOffset: number, updated = '2026-03-01T00:00:00Z'): CorporateActionEvent {
  return {
    EventId: id,
    EventType: { Code: 'DVOP', Name: 'Dividend Option' },
    DisplayAndFormat: { Description: `Company ${id}` },
    EventState: 'Approved',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
    Options: [
      {
        OptionId: '1',
        OptionType: { Code: 'CASH', Name: 'Cash' },
        Deadline: { Date: `${day(deadlineOffset)}T16:00:00Z` },
      },
    ],
    Holdings: [{ AccountId: '9300112INET', ClientId: '9300112', Amount: 100 }],
  };
}

/** Event 2 changed after it was reviewed; 3 is reviewed and unchanged; 1 and 4 are open work. */
const events = [event('1', 20), event('2', 3, '2026-03-05T00:00:00Z'), event('3', 1), event('4', 9)];
const reviewed = (eventId: string): EventReviewState => ({
  eventId,
  read: true,
  flagged: false,
  notes: [],
  changedAt: 'x',
  reviewedAt: '2026-03-02T00:00:00Z',
  reviewedVersion: '2026-03-01T00:00:00Z',
  version: 1,
  progress: 'Reviewed',
  fourEyes: false,
});

function fakeDesk(options: { views?: SavedInboxView[]; activeView?: string } = {}) {
  const states = new Map<string, EventReviewState>([
    ['2', reviewed('2')],
    ['3', reviewed('3')],
  ]);
  const state = (eventId: string) =>
    states.get(eventId) ??
    ({
      eventId,
      read: false,
      flagged: false,
      notes: [],
      changedAt: 'now',
      version: 0,
      progress: 'NotReviewed',
      fourEyes: false,
    } as const);
  let views = options.views ?? [];
  return installDesk({
    ...queueWorldAnswers(),
    'corporateActions:events': () => ok({ Data: events, __count: events.length }),
    'corporateActions:event': (arg: { EventId: string }) =>
      ok(events.find((candidate) => candidate.EventId === arg.EventId)),
    'corporateActions:reviewStatus': () =>
      ok({
        store: { kind: 'local', revision: 1 },
        reviewer: { profileId: 'embedded', userId: '17340521', name: 'Clara Lindqvist' },
      }),
    'corporateActions:reviewStates': (arg: { eventIds: string[] }) => ok(arg.eventIds.map(state)),
    'corporateActions:setRead': (arg: { eventId: string; read: boolean }) => {
      states.set(arg.eventId, { ...state(arg.eventId), read: arg.read });
      return ok(state(arg.eventId));
    },
    'corporateActions:addNote': (arg: { eventId: string; note: string }) => {
      const before = state(arg.eventId);
      const by = { name: 'Clara Lindqvist', userId: '17340521' };
      states.set(arg.eventId, {
        ...before,
        notes: [
          ...before.notes,
          { id: before.notes.length + 1, by, at: '2026-03-02T09:00:00Z', text: arg.note },
        ],
        version: before.version + 1,
      });
      return ok(state(arg.eventId));
    },
    'corporateActions:setReviewed': (arg: { events: { eventId: string }[] }) =>
      ok(arg.events.map(({ eventId }) => reviewed(eventId))),
    'corporateActions:audit': () => ok([]),
    'session:profiles': () =>
      ok({ profiles: [{ id: 'embedded', name: 'Built-in simulator', kind: 'embedded' }], activeProfileId: 'embedded' }),
    'corporateActions:views': () => ok({ views }),
    'corporateActions:saveView': (arg: { name: string; definition: InboxViewDefinition }) => {
      views = [
        ...views.filter((view) => view.name !== arg.name),
        { name: arg.name, definition: arg.definition, savedAt: 'now' },
      ];
      return ok({ views });
    },
    'corporateActions:deleteView': (arg: { name: string }) => {
      views = views.filter((view) => view.name !== arg.name);
      return ok({ views });
    },
    'corporateActions:activeView': () => ok(options.activeView ? { name: options.activeView } : {}),
    'corporateActions:chooseView': (arg: { name: string | null }) => ok(arg.name ? { name: arg.name } : {}),
    'corporateActions:changesSinceReviewed': () =>
      ok({
        changes: [
          {
            field: 'Options 1 › Deadline › Date',
            before: `${day(5)}T16:00:00Z`,
            after: `${day(3)}T16:00:00Z`,
          },
        ],
      }),
    'corporateActions:accounts': () =>
      ok({
        clients: [{ ClientKey: 'top', ClientId: '9300112', Name: 'Lindqvist Capital ApS' }],
        accounts: [
          {
            AccountId: '9300112INET',
            AccountKey: 'inet',
            ClientKey: 'top',
            ClientId: '9300112',
            DisplayName: 'Lindqvist Capital ApS EUR',
          },
        ],
      }),
  });
}

/** The event ids the grid is given, top to bottom (jsdom lays out no rows to read). */
const shownIds = (_wrapper?: VueWrapper) => useCorporateActionsStore().rows.map((event) => event.EventId);

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

/** Opens the event at `index` of the list with the keyboard, as a user triages. */
async function openAt(index: number): Promise<void> {
  for (let step = 0; step < 10; step++) press('k');
  for (let step = 0; step < index; step++) press('j');
  press('Enter');
  await flushPromises();
}

async function mountInbox() {
  const wrapper = mount(CorporateActionsView, { attachTo: document.body });
  await flushPromises();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await flushPromises();
  return wrapper;
}

const button = (wrapper: VueWrapper, text: string) => {
  const found = wrapper.findAll('button').find((candidate) => candidate.text() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
};

describe('the inbox as a work queue', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(removeFakeDesk);

  it('shows the work to do by response deadline first; a header click sorts the other way; accounts by name', async () => {
    fakeDesk();
    const wrapper = await mountInbox();
    expect(shownIds(wrapper)).toEqual(['2', '4', '1']); // 3 is reviewed and unchanged: not open work
    expect(wrapper.text()).toContain('Lindqvist Capital ApS EUR');
    const deadlineHeader = wrapper.findAll('.ag-header-cell').find((cell) => cell.text().startsWith('Response deadline'));
    expect(deadlineHeader?.text()).toContain('▲');
    await deadlineHeader!.find('.ag-header-cell-label').trigger('click');
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownIds(wrapper)).toEqual(['1', '4', '2']);
    expect(wrapper.get('.count').text()).toContain('sorted by response deadline here');
    wrapper.unmount();
  });

  it('on this computer offers no "awaiting approval" or "assigned to me" and says why', async () => {
    const desk = fakeDesk();
    const wrapper = await mountInbox();
    const box = (label: string) =>
      wrapper
        .findAll('fieldset[aria-label="Work queue"] [role="checkbox"]')
        .find((candidate) => candidate.text() === label)!;
    for (const label of ['Awaiting approval', 'Assigned to me']) {
      expect(box(label).attributes('aria-disabled')).toBe('true');
      expect(box(label).attributes('aria-checked')).toBe('false');
    }
    expect(wrapper.get('[data-testid="team-only-filters"]').text()).toContain(
      'on this computer nobody approves or assigns',
    );
    const reads = desk.channel('corporateActions:events').mock.calls.length;
    await box('Assigned to me').trigger('click');
    await flushPromises();
    expect(desk.channel('corporateActions:events').mock.calls.length).toBe(reads);
    expect(shownIds(wrapper)).toEqual(['2', '4', '1']);
    wrapper.unmount();
  });

  it('filters "changed since reviewed" and shows what changed, field by field', async () => {
    const desk = fakeDesk();
    const wrapper = await mountInbox();
    const box = (label: string) => wrapper.findAll('fieldset[aria-label="Work queue"] [role="checkbox"]').find((candidate) => candidate.text() === label)!;
    await box('Changed since reviewed').trigger('click');
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownIds(wrapper)).toEqual(['2']);
    await openAt(0);
    expect(desk.channel('corporateActions:changesSinceReviewed')).toHaveBeenCalledWith(
      { eventId: '2', reviewedVersion: '2026-03-01T00:00:00Z', currentVersion: '2026-03-05T00:00:00Z' },
      expect.anything(),
    );
    const changes = wrapper.get('[data-testid="event-changes"]').text();
    expect(changes).toContain('Options 1 › Response deadline › Date');
    expect(changes).toContain(`${day(5)}T16:00:00Z`);
    wrapper.unmount();
  });

  it('keeps a note being typed when another event is opened, and asks before closing with it unsaved', async () => {
    const desk = fakeDesk();
    const wrapper = await mountInbox();
    expect(shownIds()).toEqual(['2', '4', '1']);
    await openAt(1);
    await wrapper.get('textarea').setValue('Call the registrar first');
    await openAt(2);
    expect(wrapper.get('[data-testid="event-detail"]').text()).toContain('Company 1');
    expect((wrapper.get('textarea').element as HTMLTextAreaElement).value).toBe('');
    await openAt(1);
    expect((wrapper.get('textarea').element as HTMLTextAreaElement).value).toBe('Call the registrar first');
    expect(wrapper.text()).toContain('(draft, not saved)');
    await wrapper.get('button[aria-label="Close the event"]').trigger('click');
    expect(wrapper.get('[role="alertdialog"][aria-label="Unsaved note"]').text()).toContain('not saved');
    await button(wrapper, 'Save note').trigger('click');
    await flushPromises();
    expect(desk.channel('corporateActions:addNote')).toHaveBeenCalledWith({
      eventId: '4',
      note: 'Call the registrar first',
    });
    expect(wrapper.find('[data-testid="event-detail"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('asks before replacing a saved view, can undo a delete, and shows the view chosen last', async () => {
    const definition: InboxViewDefinition = {
      filters: { Keywords: 'nordic' },
      sort: { column: 'PayDate', type: 'Asc' },
      columns: ['instrument'],
    };
    const desk = fakeDesk({ views: [{ name: 'Nordic', definition, savedAt: 'then' }], activeView: 'Nordic' });
    const wrapper = await mountInbox();
    expect((wrapper.get('select[aria-label="Saved view"]').element as HTMLSelectElement).value).toBe(
      'Nordic',
    );
    expect(desk.channel('corporateActions:events')).toHaveBeenLastCalledWith(
      expect.objectContaining({ Keywords: 'nordic' }),
      expect.anything(),
    );
    await button(wrapper, 'Save view…').trigger('click');
    await wrapper.get('input[aria-label="View name"]').setValue('Nordic');
    await wrapper.get('.name-form').trigger('submit');
    await flushPromises();
    expect(desk.channel('corporateActions:saveView')).not.toHaveBeenCalled();
    expect(wrapper.get('[aria-label="Replace the view"]').text()).toContain('“Nordic” exists');
    await button(wrapper, 'Replace it').trigger('click');
    await flushPromises();
    expect(desk.channel('corporateActions:saveView')).toHaveBeenCalledTimes(1);
    await button(wrapper, 'Delete view').trigger('click');
    await flushPromises();
    expect(
      wrapper.findAll('select[aria-label="Saved view"] option').map((option) => option.text()),
    ).not.toContain('Nordic');
    await button(wrapper, 'Undo').trigger('click');
    await flushPromises();
    expect(
      wrapper.findAll('select[aria-label="Saved view"] option').map((option) => option.text()),
    ).toContain('Nordic');
    expect(desk.channel('corporateActions:chooseView')).toHaveBeenLastCalledWith(
      { name: 'Nordic' },
      expect.anything(),
    );
    wrapper.unmount();
  });

  it('saves the work to do view under a new name', async () => {
    const desk = fakeDesk();
    const wrapper = await mountInbox();
    await button(wrapper, 'Save view…').trigger('click');
    await wrapper.get('input[aria-label="View name"]').setValue('My open work');
    await wrapper.get('.name-form').trigger('submit');
    await flushPromises();
    expect(desk.channel('corporateActions:saveView')).toHaveBeenCalledTimes(1);
    const [saved] = desk.channel('corporateActions:saveView').mock.lastCall as [
      { name: string; definition: InboxViewDefinition },
    ];
    expect(saved.name).toBe('My open work');
    expect(saved.definition.workQueue).toEqual({ place: 'toDo' });
    expect(saved.definition.sort).toEqual({ column: 'Deadline', type: 'Asc' });
    expect((wrapper.get('select[aria-label="Saved view"]').element as HTMLSelectElement).value).toBe('My open work');
    wrapper.unmount();
  });

  it('shows the view chosen last with its work-queue filters and its sort', async () => {
    const definition: InboxViewDefinition = {
      filters: { CorporateActionTypes: ['Voluntary'] },
      workQueue: { review: ['notReviewed'] },
      sort: { column: 'EventType', type: 'Asc' },
      columns: ['review', 'eventType'],
    };
    const desk = fakeDesk({
      views: [{ name: 'Voluntary to review', definition, savedAt: 'then' }],
      activeView: 'Voluntary to review',
    });
    const wrapper = await mountInbox();
    expect((wrapper.get('select[aria-label="Saved view"]').element as HTMLSelectElement).value).toBe(
      'Voluntary to review',
    );
    expect(useCorporateActionsStore().sort).toEqual({ column: 'EventType', type: 'Asc' });
    expect(desk.channel('corporateActions:events')).toHaveBeenLastCalledWith(
      expect.objectContaining({
        CorporateActionTypes: ['Voluntary'],
        SortColumn: 'EventType',
        SortType: 'Asc',
      }),
      expect.anything(),
    );
    wrapper.unmount();
  });

  it('selects every matching event, says how many, asks, marks them all reviewed and sums it up', async () => {
    const desk = fakeDesk();
    const wrapper = await mountInbox();
    await button(wrapper, 'Select all 3 matching').trigger('click');
    await flushPromises();
    expect(wrapper.text()).toContain('All 3 matching events selected');
    await button(wrapper, 'Mark 3 selected reviewed').trigger('click');
    await flushPromises();
    // Nothing happens to many events before the user says so; Cancel leaves them as they were.
    expect(wrapper.text()).toContain('Mark 3 events reviewed?');
    await button(wrapper, 'Cancel').trigger('click');
    await flushPromises();
    expect(desk.channel('corporateActions:setReviewed')).not.toHaveBeenCalled();
    expect(wrapper.text()).not.toContain('Mark 3 events reviewed?');
    await button(wrapper, 'Mark 3 selected reviewed').trigger('click');
    await flushPromises();
    await button(wrapper, 'Mark reviewed').trigger('click');
    await flushPromises();
    expect(wrapper.get('[aria-label="Bulk action summary"]').text()).toContain('3 reviewed, 0 refused.');
    expect(desk.channel('corporateActions:setReviewed')).toHaveBeenCalledWith({
      events: ['2', '4', '1'].map((eventId) => ({
        eventId,
        updatedDateTime: events.find((e) => e.EventId === eventId)!.UpdatedDateTime,
        eventType: 'DVOP',
        version: eventId === '2' ? 1 : 0,
      })),
      reviewed: true,
    });
    wrapper.unmount();
  });

  it('opens the audit log full width, filters it and exports what is shown as CSV', async () => {
    const entries = [
      {
        id: 2,
        eventId: '4',
        at: '2026-03-03T10:00:00Z',
        actor: { name: 'Jonas Berger', userId: '17340877' },
        profileId: 'embedded',
        action: 'flagged',
        before: 'false',
        after: 'true',
      },
      {
        id: 1,
        eventId: '1',
        at: '2026-03-02T10:00:00Z',
        actor: { name: 'Clara Lindqvist', userId: '17340521' },
        profileId: 'embedded',
        action: 'read',
        before: 'false',
        after: 'true',
      },
    ];
    const desk = fakeDesk();
    const ownReadMark = { ...entries[1]!, id: 9, eventId: '3' };
    desk
      .channel('corporateActions:audit')
      .mockImplementation((arg?: { readMarks?: boolean }) => ok(arg?.readMarks ? [ownReadMark] : entries));
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const wrapper = await mountInbox();
    await button(wrapper, 'Audit log').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="inbox-grid"]').exists()).toBe(false);
    const audit = wrapper.get('[data-testid="audit-view"]');
    expect(audit.text()).toContain('2 of 2 entries');
    // Each entry shows the instrument and type of its event, as the queue lists it.
    const cells = (column: string) => audit.findAll(`[role="gridcell"][col-id="${column}"]`).map((cell) => cell.text());
    expect(cells('instrument')).toEqual(['Company 4', 'Company 1']);
    expect(cells('eventType')).toEqual(['DVOP Dividend Option', 'DVOP Dividend Option']);
    await audit.get('select').setValue('17340877');
    expect(audit.text()).toContain('1 of 2 entries');
    await button(wrapper, 'Export audit CSV').trigger('click');
    const csv = await created[0]!.text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    // The entry is joined with its event as the queue lists it, and names its profile.
    expect(csv).toContain('Jonas Berger,4,Company 4,DVOP Dividend Option,flagged,false,true,Flagged,Built-in simulator');
    // The personal read marks are read apart from the shared trail.
    await audit.get('[data-testid="audit-own-read-marks"]').setValue(true);
    await flushPromises();
    expect(desk.channel('corporateActions:audit').mock.lastCall?.[0]).toEqual({ limit: 5000, readMarks: true });
    expect(audit.text()).toContain('0 of 1 entries, newest first; your own read marks');
    vi.unstubAllGlobals();
    wrapper.unmount();
  });
});
