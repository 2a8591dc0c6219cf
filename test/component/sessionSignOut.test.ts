/**
 * Sign-out clears the screen: every store family forgets what it read for the previous user the
 * moment the session passes to nobody, to another user or to another profile, and a read still
 * running for the previous user is cancelled and never lands. A session that merely expired
 * keeps the screen for its user.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationView } from '../../contract/apps';
import type { SessionView } from '../../contract/session';
import type { CorporateActionEvent, CountryDetails, SummaryInfo } from '../../contract/wire/types';
import AppsView from '../../renderer/src/features/apps/AppsView.vue';
import { useAppsStore } from '../../renderer/src/features/apps/useAppsStore';
import CorporateActionsView from '../../renderer/src/features/corporateActions/CorporateActionsView.vue';
import { useReviewStore } from '../../renderer/src/features/corporateActions/useReviewStore';
import { useCorporateActionsStore } from '../../renderer/src/features/corporateActions/useCorporateActionsStore';
import { useFuturesStore } from '../../renderer/src/features/instruments/futures/useFuturesStore';
import { useInstrumentsStore } from '../../renderer/src/features/instruments/useInstrumentsStore';
import { useOptionChainsStore } from '../../renderer/src/features/instruments/optionChains/useOptionChainsStore';
import { useReferenceStore } from '../../renderer/src/features/reference/useReferenceStore';
import { useSessionStore } from '../../renderer/src/features/session/useSessionStore';
import { registerGridModules } from '../../renderer/src/shared/gridSetup';
import { installRecordingDesk, removeFakeDesk, type RecordingDesk } from '../support/fakeDesk';
import { dayFromToday, NEW_YORK_EXCHANGE } from '../support/queueWorld';
import { DEFAULT_SETTINGS } from '../../contract/settings';

const profile = { id: 'embedded', name: 'Embedded simulator', kind: 'embedded', flow: 'implicit' } as const;

function signedInAs(userId: string, profileId = 'embedded'): SessionView {
  return {
    signedIn: true,
    user: { name: userId, userId },
    expiresAt: '2099-01-01T00:00:00Z',
    profile: { ...profile, id: profileId },
    tokenStorage: 'keychain',
    signingIn: false,
  };
}

function signedOut(signInNeeded?: 'expired', profileId = 'embedded'): SessionView {
  return {
    signedIn: false,
    profile: { ...profile, id: profileId },
    tokenStorage: 'keychain',
    signingIn: false,
    ...(signInNeeded ? { signInNeeded } : {}),
  };
}

/** An open event whose response deadline lies ahead: work to do. */
const event = (id: string): CorporateActionEvent => ({
  EventId: id,
  EventType: { Code: 'DVCA', Name: 'Cash Dividend' },
  DisplayAndFormat: { Description: `Company ${id}` },
  EventState: 'Approved',
  EventStatus: 'Active',
  UpdatedDateTime: '2026-03-01T00:00:00Z',
  Options: [{ OptionId: '1', Deadline: { Date: `${dayFromToday(10 + Number(id))}T16:00:00Z` } }],
});
const summary = (symbol: string): SummaryInfo => ({
  AssetType: 'Stock',
  Description: symbol,
  ExchangeId: 'NASDAQ',
  GroupId: 0,
  Identifier: 211,
  SummaryType: 'Instrument',
  Symbol: symbol,
});
const app = (appKey: string): ApplicationView => ({
  AppKey: appKey,
  Name: `App of ${appKey}`,
  Secrets: [{ SecretId: 2, ValidFrom: '2026-01-01T00:00:00Z', ValidUntil: '2099-01-01T00:00:00Z' }],
});
const denmark: CountryDetails = { A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 };

/** Each user's own book: demo holds events 1-3 and read event 1; trader2 holds event 1 and 9, unread. */
const books: Record<string, { events: string[]; read: string[]; app: string }> = {
  demo: { events: ['1', '2', '3'], read: ['1'], app: 'demo-app' },
  trader2: { events: ['1', '9'], read: [], app: 'trader2-app' },
};

let session: SessionView;
let desk: RecordingDesk;
const book = () => books[session.user?.userId ?? ''] ?? { events: [], read: [], app: '' };

let handlers: Record<string, (arg: unknown) => unknown>;

/** A desk answering as main does for whoever is signed in (a channel whose handler is deleted waits for the test). */
function installAccountsDesk(): RecordingDesk {
  handlers = {
    'session:state': () => session,
    'session:profiles': () => ({ profiles: [], activeProfileId: session.profile.id }),
    'instruments:search': () => ({ Data: [summary(`${session.user?.userId}-stock`)] }),
    'instruments:details': () => ({
      Uic: 211,
      AssetType: 'Stock',
      Description: `${session.user?.userId}'s view`,
    }),
    'instruments:tradingSchedule': () => ({ Sessions: [], TimeZone: 3 }),
    'instruments:optionSpace': () => ({ OptionRootId: 5, OptionSpace: [{ Expiry: '2026-03-20T00:00:00Z' }] }),
    'instruments:futuresSpace': () => ({ BaseIdentifier: 'CL', Elements: [] }),
    'reference:countries': () => ({ Data: [denmark] }),
    'corporateActions:events': () => ({ Data: book().events.map(event), __count: book().events.length }),
    // The markets' calendars and the queue's settings (the events name no instrument: weekdays in UTC).
    'reference:exchanges': () => ({ Data: [NEW_YORK_EXCHANGE] }),
    'reference:exchangeHolidays': () => ({ Data: [] }),
    'settings:get': () => ({ settings: DEFAULT_SETTINGS }),
    'settings:simulatorStatus': () => ({ configured: { scale: 'small', seed: 1 } }),
    'corporateActions:event': (arg) => event((arg as { EventId: string }).EventId),
    'corporateActions:reviewStatus': () => ({
      store: { kind: 'local', revision: 1 },
      reviewer: { profileId: 'embedded', userId: session.user?.userId, name: 'x' },
    }),
    'corporateActions:reviewStates': (arg) =>
      (arg as { eventIds: string[] }).eventIds
        .filter((id) => book().read.includes(id))
        .map((eventId) => ({
          eventId,
          read: true,
          flagged: false,
          note: '',
          changedAt: 'now',
          version: 0,
          progress: 'NotReviewed',
          fourEyes: false,
        })),
    'corporateActions:setRead': (arg) => ({
      ...(arg as object),
      flagged: false,
      note: '',
      changedAt: 'now',
      version: 0,
      progress: 'NotReviewed',
      fourEyes: false,
    }),
    'corporateActions:audit': () => [
      { eventId: '1', action: 'read', before: '', after: '', at: 'now', userId: 'demo' },
    ],
    'corporateActions:views': () => ({ views: [{ name: `${session.user?.userId}'s view`, definition: {} }] }),
    'corporateActions:activeView': () => ({}),
    'corporateActions:chooseView': () => ({}),
    'corporateActions:accounts': () => ({ clients: [], accounts: [] }),
    'apps:list': () => ({ Data: [{ ...app(book().app), RedirectUriCount: 0 }], __count: 1 }),
    'apps:get': (arg) => app((arg as { AppKey: string }).AppKey),
    'apps:revealSecret': () => ({
      AppKey: book().app,
      SecretId: 2,
      Secret: `secret-of-${book().app}`,
      hideAfterSeconds: 60,
    }),
  };
  return installRecordingDesk(handlers);
}

/** Main tells the page the session changed, as it does on sign-in, sign-out and profile switches. */
async function sessionBecomes(next: SessionView): Promise<void> {
  session = next;
  desk.emit('session:changed', {
    signedIn: next.signedIn,
    profileId: next.profile.id,
    ...(next.user ? { user: next.user } : {}),
  });
  await flushPromises();
}

describe('signing out clears every store', () => {
  beforeEach(async () => {
    setActivePinia(createPinia());
    registerGridModules();
    session = signedInAs('demo');
    desk = installAccountsDesk();
    await useSessionStore().start();
  });
  afterEach(() => {
    useSessionStore().stop();
    removeFakeDesk();
    document.body.innerHTML = '';
  });

  it('instruments: the search, the palette search, details and schedules', async () => {
    const instruments = useInstrumentsStore();
    instruments.search.keywords = 'aapl';
    instruments.paletteSearch.keywords = 'msft';
    await instruments.open({ uic: 211, assetType: 'Stock' });
    await flushPromises();
    expect(instruments.search.results.map((row) => row.Symbol)).toEqual(['demo-stock']);
    expect(instruments.detailsOf({ uic: 211, assetType: 'Stock' })?.value?.Description).toBe("demo's view");

    await sessionBecomes(signedOut());
    expect(instruments.search.results).toEqual([]);
    expect(instruments.search.keywords).toBe('');
    expect(instruments.paletteSearch.results).toEqual([]);
    expect(instruments.detailsOf({ uic: 211, assetType: 'Stock' })).toBeUndefined();
    expect(instruments.scheduleOf({ uic: 211, assetType: 'Stock' })).toBeUndefined();
    // Clearing the search box is no search: nothing is read for nobody.
    expect(desk.callsOf('instruments:search')).toHaveLength(2);

    await sessionBecomes(signedInAs('trader2'));
    await instruments.open({ uic: 211, assetType: 'Stock' });
    expect(instruments.detailsOf({ uic: 211, assetType: 'Stock' })?.value?.Description).toBe(
      "trader2's view",
    );
  });

  it('instruments: a read still running for the previous user is cancelled and never lands', async () => {
    Reflect.deleteProperty(handlers, 'instruments:details');
    const instruments = useInstrumentsStore();
    void instruments.loadDetails({ uic: 211, assetType: 'Stock' });
    const [read] = desk.callsOf('instruments:details');
    await sessionBecomes(signedOut());
    expect(desk.cancelled).toContain(read?.requestId);
    read?.answer({ Uic: 211, AssetType: 'Stock', Description: "demo's view" });
    await flushPromises();
    expect(instruments.detailsOf({ uic: 211, assetType: 'Stock' })).toBeUndefined();
  });

  it('option chains, futures and reference lists', async () => {
    const chains = useOptionChainsStore();
    const futures = useFuturesStore();
    const reference = useReferenceStore();
    await Promise.all([chains.openRoot(5), futures.loadLadder(500), reference.loadCountries()]);
    await chains.rootSearch.searchNow();
    expect(chains.spaces.get(5)?.value).toBeDefined();
    expect(chains.settingsOf(5).activeExpiry).toBe('2026-03-20');
    expect(futures.spaces.get(500)?.value).toBeDefined();
    expect(reference.countries).toHaveLength(1);

    await sessionBecomes(signedOut());
    expect(chains.spaces.size).toBe(0);
    expect(chains.rootSearch.results).toEqual([]);
    expect(chains.settingsOf(5).activeExpiry).toBeUndefined();
    expect(futures.spaces.size).toBe(0);
    expect(futures.noticeDates.size).toBe(0);
    expect(futures.spreads.size).toBe(0);
    expect(reference.countries).toEqual([]);
    expect(reference.exchanges).toEqual([]);

    // The next user reads the lists again rather than seeing the previous user's.
    await sessionBecomes(signedInAs('trader2'));
    await reference.loadCountries();
    expect(desk.callsOf('reference:countries')).toHaveLength(2);
  });

  it('corporate actions: the inbox, the open event, review badges, the audit log and saved views', async () => {
    const events = useCorporateActionsStore();
    const review = useReviewStore();
    const wrapper = mount(CorporateActionsView, { attachTo: document.body });
    await flushPromises();
    await events.openEvent('2');
    await review.loadAudit();
    await flushPromises();
    expect(events.rows.map((row) => row.EventId)).toEqual(['1', '2', '3']);
    expect(review.states['1']?.read).toBe(true);
    expect(review.views.map((view) => view.name)).toEqual(["demo's view"]);
    expect(wrapper.get('[role="status"]').text()).toBe(
      '3 to do · 0 overdue · 0 in History · of all 3 matching events · sorted by response deadline here (the service cannot sort by it)',
    );

    await sessionBecomes(signedOut());
    expect(events.rows).toEqual([]);
    expect(events.detail).toBeUndefined();
    expect(events.openEventId).toBeUndefined();
    expect(review.states).toEqual({});
    expect(review.audit).toEqual([]);
    expect(review.views).toEqual([]);
    expect(review.reviewer).toBeUndefined();
    expect(wrapper.find('[data-testid="event-detail"]').exists()).toBe(false);
    expect(wrapper.get('[role="status"]').text()).toBe('0 events · 0 loaded · sorted by the service');

    // trader2 sees their own inbox at once, and event 1 unread: demo's "Read" is not theirs.
    await sessionBecomes(signedInAs('trader2'));
    expect(events.rows.map((row) => row.EventId)).toEqual(['1', '9']);
    expect(review.states['1']).toBeUndefined();
    expect(review.views.map((view) => view.name)).toEqual(["trader2's view"]);
    expect(wrapper.get('[role="status"]').text()).toBe(
      '2 to do · 0 overdue · 0 in History · of all 2 matching events · sorted by response deadline here (the service cannot sort by it)',
    );
  });

  it('apps: the directory, the open application and a revealed secret', async () => {
    const apps = useAppsStore();
    const wrapper = mount(AppsView, { attachTo: document.body });
    await flushPromises();
    await apps.openApp('demo-app');
    await flushPromises();
    await wrapper.get('[aria-label="Reveal secret 2"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="secret-value"]').text()).toBe('secret-of-demo-app');

    await sessionBecomes(signedOut());
    expect(apps.rows).toEqual([]);
    expect(apps.detail).toBeUndefined();
    expect(wrapper.find('[data-testid="app-detail"]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('secret-of-demo-app');

    await sessionBecomes(signedInAs('trader2'));
    expect(apps.rows.map((row) => row.AppKey)).toEqual(['trader2-app']);
  });

  it('a switch to another profile clears too; an expiry keeps the screen for the same user only', async () => {
    const events = useCorporateActionsStore();
    await events.search();
    expect(events.rows).toHaveLength(3);

    await sessionBecomes(signedOut('expired'));
    expect(events.rows).toHaveLength(3);
    await sessionBecomes(signedInAs('demo'));
    expect(events.rows).toHaveLength(3);

    await sessionBecomes(signedInAs('demo', 'remote-profile'));
    expect(events.rows).toEqual([]);

    await events.search();
    await sessionBecomes(signedOut('expired', 'remote-profile'));
    expect(events.rows).toHaveLength(3);
    await sessionBecomes(signedInAs('trader2', 'remote-profile'));
    expect(events.rows).toEqual([]);
  });
});
