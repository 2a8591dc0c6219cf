import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporateActionEvent } from '../../main/core/api/types';
import type { EventReviewState } from '../../preload/contract';
import { registerGridModules } from '../../renderer/src/components/grid/gridSetup';
import CorporateActionsView from '../../renderer/src/views/CorporateActionsView.vue';

function event(id: string, updated: string): CorporateActionEvent {
  return {
    EventId: id,
    EventType: { Code: 'DVCA', Name: 'Cash Dividend' },
    DisplayAndFormat: { Description: `Company ${id}`, IsinCode: `US00000000${id}` },
    EventState: 'Approved',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
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
    states.get(eventId) ?? { eventId, read: false, flagged: false, note: '', changedAt: 'now' };
  const ok = <T>(result: T) => Promise.resolve({ ok: true as const, result });
  const desk = {
    cancel: vi.fn(),
    ca: {
      events: vi.fn(() => ok({ Data: events, __count: 3 })),
      event: vi.fn((arg: { EventId: string }) =>
        ok(events.find((candidate) => candidate.EventId === arg.EventId)),
      ),
    },
    review: {
      status: vi.fn(() => ok({ reviewer: { profileId: 'embedded', userId: 'u1', name: 'Demo' } })),
      states: vi.fn((arg: { eventIds: string[] }) =>
        ok(arg.eventIds.filter((id) => states.has(id)).map(state)),
      ),
      setRead: vi.fn((arg: { eventId: string; read: boolean }) => {
        states.set(arg.eventId, { ...state(arg.eventId), read: arg.read });
        return ok(state(arg.eventId));
      }),
      setFlagged: vi.fn((arg: { eventId: string; flagged: boolean }) => {
        states.set(arg.eventId, { ...state(arg.eventId), flagged: arg.flagged });
        return ok(state(arg.eventId));
      }),
      setReviewed: vi.fn((arg: { events: { eventId: string; updatedDateTime?: string }[] }) =>
        ok(
          arg.events.map(({ eventId, updatedDateTime }) => {
            states.set(eventId, {
              ...state(eventId),
              read: true,
              reviewedAt: '2026-03-02T10:00:00Z',
              reviewedVersion: updatedDateTime,
            });
            return state(eventId);
          }),
        ),
      ),
      setNote: vi.fn(),
      audit: vi.fn(() => ok([])),
      views: vi.fn(() => ok({ views: [] })),
      saveView: vi.fn(),
      deleteView: vi.fn(),
    },
  };
  Object.defineProperty(window, 'desk', { value: desk, configurable: true });
  return desk;
}

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('the corporate events inbox', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    registerGridModules();
  });
  afterEach(() => Reflect.deleteProperty(window, 'desk'));

  it('lists the events with the count and reads their review states', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    expect(wrapper.get('[role="status"]').text()).toBe('3 events · 3 loaded');
    expect(desk.ca.events).toHaveBeenCalledWith(
      expect.objectContaining({ SortColumn: 'Date', SortType: 'Desc', $top: 100, $skip: 0 }),
      expect.anything(),
    );
    expect(desk.review.states).toHaveBeenCalledWith({ eventIds: ['1', '2', '3'] });
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
    expect(desk.review.setReviewed).toHaveBeenCalledWith({
      events: [{ eventId: '2', updatedDateTime: '2026-03-01T00:00:00Z' }],
      reviewed: true,
    });
    press('f');
    await flushPromises();
    expect(desk.review.setFlagged).toHaveBeenCalledWith({ eventId: '2', flagged: true });
    press('k');
    press('Enter');
    await flushPromises();
    expect(desk.ca.event).toHaveBeenCalledWith(expect.objectContaining({ EventId: '1' }), expect.anything());
    expect(desk.review.setRead).toHaveBeenCalledWith({ eventId: '1', read: true });
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
    expect(desk.review.setReviewed).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('sends every filter of the panel and the chosen sort to the service', async () => {
    const desk = fakeDesk();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    await wrapper.get('input[type="search"]').setValue('  nordic ');
    await wrapper.get('input[aria-label="Ex date from"]').setValue('2026-03-01');
    await wrapper.get('input[aria-label="Ex date from"]').trigger('change');
    await wrapper.get('form[aria-label="Event filters"]').trigger('submit');
    await wrapper.get('select[aria-label="Sort by"]').setValue('EventType');
    await wrapper.get('button[aria-label="Sort direction: descending"]').trigger('click');
    await flushPromises();
    expect(desk.ca.events).toHaveBeenLastCalledWith(
      expect.objectContaining({
        Keywords: 'nordic',
        FromExDate: '2026-03-01',
        SortColumn: 'EventType',
        SortType: 'Asc',
      }),
      expect.anything(),
    );
    wrapper.unmount();
  });
});
