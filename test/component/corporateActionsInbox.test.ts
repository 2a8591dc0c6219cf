import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CorporateActionEvent } from '../../contract/wire/types';
import type { EventReviewState } from '../../contract/corporateActions';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { dayFromToday, queueWorldAnswers } from '../support/queueWorld';

/** An open event whose response deadline is `10 × id` days ahead: work to do, none due soon. */
function event(id: string, updated: string): CorporateActionEvent {
  return {
    EventId: id,
    EventType: { Code: 'DVCA', Name: 'Cash Dividend' },
    DisplayAndFormat: { Description: `Company ${id}`, IsinCode: `US00000000${id}` },
    EventState: 'Approved',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
    Options: [{ OptionId: '1', Deadline: { Date: `${dayFromToday(10 * Number(id))}T12:00:00Z` } }],
  };
}

const events = [
  event('1', '2026-03-01T00:00:00Z'),
  event('2', '2026-03-01T00:00:00Z'),
  event('3', '2026-03-01T00:00:00Z'),
];

function fakeDesk() {
  const states = new Map<string, EventReviewState>();
  const state = (eventId: string) =>
    states.get(eventId) ?? {
      eventId,
      read: false,
      flagged: false,
      note: '',
      changedAt: 'now',
      version: 0,
      progress: 'NotReviewed' as const,
      fourEyes: false,
    };
  return installDesk({
    ...queueWorldAnswers(),
    'corporateActions:lookupData': () =>
      ok({
        Data: [
          { FieldGroup: 'EventTypes', Values: [{ Code: 'DVCA', Name: 'Cash Dividend' }, { Code: 'XMET', Name: 'Extraordinary General Meeting' }] },
          { FieldGroup: 'EventStates', Values: [{ Code: 'Approved', Name: 'Approved' }] },
        ],
      }),
    'corporateActions:events': () => ok({ Data: events, __count: 3 }),
    'corporateActions:event': (arg: { EventId: string }) =>
      ok(events.find((candidate) => candidate.EventId === arg.EventId)),
    'corporateActions:reviewStatus': () =>
      ok({ store: { kind: 'local', revision: 1 }, reviewer: { profileId: 'embedded', userId: 'u1', name: 'Demo' } }),
    'corporateActions:reviewStates': (arg: { eventIds: string[] }) =>
      ok(arg.eventIds.filter((id) => states.has(id)).map(state)),
    'corporateActions:setRead': (arg: { eventId: string; read: boolean }) => {
      states.set(arg.eventId, { ...state(arg.eventId), read: arg.read });
      return ok(state(arg.eventId));
    },
    'corporateActions:setFlagged': (arg: { eventId: string; flagged: boolean }) => {
      states.set(arg.eventId, { ...state(arg.eventId), flagged: arg.flagged, version: state(arg.eventId).version + 1 });
      return ok(state(arg.eventId));
    },
    'corporateActions:setReviewed': (arg: { events: { eventId: string; updatedDateTime?: string }[] }) =>
      ok(
        arg.events.map(({ eventId, updatedDateTime }) => {
          states.set(eventId, {
            ...state(eventId),
            read: true,
            reviewedAt: '2026-03-02T10:00:00Z',
            ...(updatedDateTime ? { reviewedVersion: updatedDateTime } : {}),
            version: state(eventId).version + 1,
            progress: 'Reviewed',
          });
          return state(eventId);
        }),
      ),
    'corporateActions:audit': () => ok([]),
    'corporateActions:views': () => ok({ views: [] }),
    'corporateActions:activeView': () => ok({}),
    'corporateActions:chooseView': (arg: { name: string | null }) => ok(arg.name ? { name: arg.name } : {}),
    'corporateActions:accounts': () => ok({ clients: [], accounts: [] }),
  });
}

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('the corporate events inbox', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(removeFakeDesk);

  it('opens on the work to do by response deadline: every matching event read, their review states, sorted here', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe(
      '3 to do · 0 overdue · 0 in History · of all 3 matching events · sorted by response deadline here (the service cannot sort by it)',
    );
    expect(desk.channel('corporateActions:events')).toHaveBeenCalledWith(
      expect.objectContaining({ SortColumn: 'Date', SortType: 'Desc', $top: 1000, $skip: 0 }),
      expect.anything(),
    );
    expect(desk.channel('corporateActions:reviewStates')).toHaveBeenCalledWith({ eventIds: ['1', '2', '3'] }, expect.anything());
    wrapper.unmount();
  });

  it('triages by keyboard: j moves, r marks reviewed with the version seen, f flags, Enter opens and marks read', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    await new Promise((resolve) => setTimeout(resolve, 50));
    press('j'); // first row
    press('j'); // second row
    press('r');
    await flushPromises();
    expect(desk.channel('corporateActions:setReviewed')).toHaveBeenCalledWith({
      events: [{ eventId: '2', version: 0, updatedDateTime: '2026-03-01T00:00:00Z', eventType: 'DVCA' }],
      reviewed: true,
    });
    press('f');
    await flushPromises();
    // The flag is sent with the version the review made.
    expect(desk.channel('corporateActions:setFlagged')).toHaveBeenCalledWith({ eventId: '2', flagged: true, version: 1 });
    press('k');
    press('Enter');
    await flushPromises();
    expect(desk.channel('corporateActions:event')).toHaveBeenCalledWith(expect.objectContaining({ EventId: '1' }), expect.anything());
    expect(desk.channel('corporateActions:setRead')).toHaveBeenCalledWith({ eventId: '1', read: true });
    expect(wrapper.get('[data-testid="event-detail"]').text()).toContain('Company 1');
    wrapper.unmount();
  });

  it('leaves keys typed into a field alone', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    const keywords = wrapper.get('input[type="search"]');
    keywords.element.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
    await flushPromises();
    expect(desk.channel('corporateActions:setReviewed')).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('sends every filter of the panel and the chosen sort to the service', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    await wrapper.get('input[type="search"]').setValue('  nordic ');
    await wrapper.get('input[aria-label="Ex date from"]').setValue('2026-03-01');
    await wrapper.get('input[aria-label="Ex date from"]').trigger('change');
    // The event types offered are the service's lookup data.
    const eventTypes = wrapper.get('form[aria-label="Event filters"] select[multiple]');
    expect(desk.channel('corporateActions:lookupData')).toHaveBeenCalledTimes(1);
    expect(eventTypes.findAll('option').map((option) => option.text())).toEqual(['DVCA Cash Dividend', 'XMET Extraordinary General Meeting']);
    (eventTypes.find('option[value="XMET"]').element as HTMLOptionElement).selected = true;
    await eventTypes.trigger('change');
    // Enter (or Apply) applies at once; otherwise the filters apply once the typing pauses.
    await wrapper.get('form[aria-label="Event filters"]').trigger('submit');
    await wrapper.get('select[aria-label="Sort by"]').setValue('EventType');
    await wrapper.get('button[aria-label="Sort direction: ascending"]').trigger('click');
    await flushPromises();
    expect(desk.channel('corporateActions:events')).toHaveBeenLastCalledWith(
      expect.objectContaining({
        Keywords: 'nordic',
        FromExDate: '2026-03-01',
        EventTypes: ['XMET'],
        SortColumn: 'EventType',
        SortType: 'Desc',
      }),
      expect.anything(),
    );
    wrapper.unmount();
  });
});
