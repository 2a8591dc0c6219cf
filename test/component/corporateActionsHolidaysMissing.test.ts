/**
 * A platform without the holidays feed (GET /ref/v1/exchanges/holidays is beyond the spec and
 * platform-facts.md does not name it): where it answers 404, or fails, the queue still counts
 * deadlines in each market's zone and weekend, over weekends only, and says so once for the
 * whole queue (no error banner); a 404 is not asked again, another failure is.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { CorporateActionEvent } from '../../contract/wire/types';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { relevantDeadline } from '../../renderer/src/features/corporateActions/logic/deadlines';
import { useMarketCalendarsStore } from '../../renderer/src/features/corporateActions/useMarketCalendarsStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installDesk, ok, removeFakeDesk } from '../support/fakeDesk';
import { queueWorldAnswers } from '../support/queueWorld';

const SATURDAY_MORNING = '2026-11-28T09:00:00Z';

const event = (id: string, uic: number, day: string): CorporateActionEvent => ({
  EventId: id,
  Uic: uic,
  AssetType: 'Stock',
  EventType: { Code: 'DVOP', Name: 'Dividend Option' },
  DisplayAndFormat: { Description: `Company ${id}` },
  EventState: 'Confirmed',
  EventStatus: 'Active',
  UpdatedDateTime: '2026-11-01T00:00:00Z',
  Options: [{ OptionId: '1', Deadline: { Date: `${day}T22:00:00Z` } }],
});
// Wednesday before Thanksgiving (New York closed on Thursday the 26th), and the Monday after.
const events = [event('wed', 6, '2026-11-25'), event('mon', 4, '2026-11-30')];

function desk(holidays: () => DeskResponse<unknown>) {
  return installDesk({
    ...queueWorldAnswers({ holidays: [{ Date: '2026-11-26', ExchangeId: 'NYSE', Name: 'Thanksgiving Day' }] }),
    'reference:exchangeHolidays': holidays,
    'corporateActions:events': () => ok({ Data: events, __count: events.length }),
    'corporateActions:reviewStatus': () =>
      ok({ store: { kind: 'local', revision: 1 }, reviewer: { profileId: 'embedded', userId: 'u1', name: 'Demo' } }),
    'corporateActions:reviewStates': () => ok([]),
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

/** Where Wednesday's deadline stands on Saturday morning, in the calendar the queue uses for it. */
function wednesday() {
  const calendars = useMarketCalendarsStore();
  return relevantDeadline(events[0]!, { now: Date.parse(SATURDAY_MORNING), calendarOf: calendars.calendarOf });
}

describe('deadlines where the platform serves no market holidays', () => {
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

  it('counts over weekends only in the market’s own zone when the feed answers 404, and says so once', async () => {
    const fake = desk(() => ({ ok: false, error: { code: 'NotFound', message: 'No such resource.', status: 404 } }));
    const wrapper = await mountInbox();
    const deadline = wednesday();
    // Still New York's calendar (zone and weekend from the exchanges list), without its holidays:
    // Thanksgiving counts as a business day, so Wednesday's deadline passed 3 business days ago.
    expect(deadline?.calendar).toMatchObject({ exchangeId: 'NYSE', zone: 'America/New_York', holidayDays: [] });
    expect(deadline?.standing).toEqual({ kind: 'passed', businessDaysAgo: 3 });
    expect(wrapper.findAll('[data-testid="weekends-only"]')).toHaveLength(1);
    expect(wrapper.get('[data-testid="weekends-only"]').text()).toContain('deadlines count business days over weekends only');
    expect(wrapper.findAll('[role="alert"]').map((alert) => alert.text()).join(' ')).not.toMatch(/calendar|holiday/i);
    // Not asked again: the platform does not serve it.
    await useMarketCalendarsStore().prepare(events, Date.parse(SATURDAY_MORNING));
    expect(fake.channel('reference:exchangeHolidays')).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('counts New York’s holidays where the feed answers (Thanksgiving closed)', async () => {
    desk(() => ok({ Data: [{ Date: '2026-11-26', ExchangeId: 'NYSE', Name: 'Thanksgiving Day' }] }));
    const wrapper = await mountInbox();
    expect(wednesday()?.standing).toEqual({ kind: 'passed', businessDaysAgo: 2 });
    expect(wrapper.find('[data-testid="weekends-only"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('asks again after another failure, and stops saying so once the holidays arrive', async () => {
    let fail = true;
    const fake = desk(() =>
      fail
        ? { ok: false, error: { code: 'ServiceUnavailable', message: 'The service is unavailable.', status: 503 } }
        : ok({ Data: [{ Date: '2026-11-26', ExchangeId: 'NYSE', Name: 'Thanksgiving Day' }] }),
    );
    const wrapper = await mountInbox();
    expect(wrapper.get('[data-testid="weekends-only"]').text()).toContain('Market holidays could not be read (The service is unavailable.)');
    fail = false;
    await useMarketCalendarsStore().prepare(events, Date.parse(SATURDAY_MORNING));
    await flushPromises();
    expect(fake.channel('reference:exchangeHolidays')).toHaveBeenCalledTimes(2);
    expect(wednesday()?.standing).toEqual({ kind: 'passed', businessDaysAgo: 2 });
    expect(wrapper.find('[data-testid="weekends-only"]').exists()).toBe(false);
    wrapper.unmount();
  });
});
