/**
 * THE IPC contract: every channel the renderer may call, its zod argument schema and its
 * result type, named `feature:verb` with one word per feature (instruments, reference,
 * corporateActions, apps, session, settings, watchlists, prices). Main parses every argument with these schemas
 * before doing any work; the renderer imports this file with `import type` only; the preloads
 * import only `channelNames.ts`.
 */
import { z } from 'zod';
import {
  appArgSchema,
  appsPageArgSchema,
  secretRefArgSchema,
  type ApplicationView,
  type CopySecretResult,
  type ListedApplicationView,
  type RevealedSecret,
} from './apps';
import {
  accountsArgSchema,
  auditArgSchema,
  lookupDataArgSchema,
  changesSinceReviewedArgSchema,
  chooseViewArgSchema,
  corporateActionEventArg,
  corporateActionEventsArg,
  deleteViewArgSchema,
  desktopNoticeSchema,
  reviewStatesArgSchema,
  saveViewArgSchema,
  setFlaggedArgSchema,
  addNoteArgSchema,
  setReadArgSchema,
  setReviewedArgSchema,
  type AccountsTree,
  type ActiveInboxView,
  type ChangesSinceReviewed,
  type EventReviewState,
  type ReviewAuditEntry,
  type ReviewStatus,
  type SavedInboxViews,
} from './corporateActions';
import {
  futuresSpaceArg,
  instrumentDetailsArg,
  instrumentsDetailsArg,
  optionSpaceArg,
  searchInstrumentsArg,
  tradingScheduleArg,
} from './instruments';
import { unwatchPricesArg, watchPricesArg, type WatchPricesResult } from './prices';
import {
  approveArgSchema,
  assignArgSchema,
  type AuditVerificationView,
  type CopyToTeamReport,
} from './review';
import { currencyPairsArg, exchangeHolidaysArg, referenceListArg } from './reference';
import { reviewReportArgSchema, type PrintedReport, type ReviewReportResult } from './reviewReport';
import {
  profileIdArg,
  profileInputSchema,
  signInAttemptArg,
  signInCallbackArg,
  type ProfilesList,
  type ProfileView,
  type SessionView,
  type SignInOutcome,
  type SignInStart,
} from './session';
import {
  resetSimulatorArgSchema,
  workspacePlaceSchema,
  type LastPlace,
  type WorkspacePlace,
  saveReviewStoreArgSchema,
  saveWorkQueueArgSchema,
  saveSettingsArgSchema,
  type SettingsView,
  type SimulatorStatus,
} from './settings';
import {
  addToWatchlistArgSchema,
  chooseWatchlistArgSchema,
  createWatchlistArgSchema,
  deleteWatchlistArgSchema,
  removeFromWatchlistArgSchema,
  renameWatchlistArgSchema,
  type WatchlistsView,
} from './watchlists';
import type {
  ContractOptionSpace,
  FuturesSpace,
  InstrumentDetails,
  InstrumentTradeSessions,
  SummaryInfo,
} from './wire/instruments';
import type { CorporateActionEvent, EventLookupData } from './wire/corporateActions';
import type {
  CountryDetails,
  CurrencyPairDetails,
  ExchangeDetails,
  ExchangeHolidayEntry,
  Feed,
  TimeZoneDetails,
} from './wire/types';

/** Channels that take no argument. */
const noArg = z.undefined();

/** Declares one channel: its argument schema, its result type (phantom) and what it does. */
function channel<Arg extends z.ZodType, Result>(arg: Arg, doc: string) {
  return { arg, doc, result: undefined as unknown as Result };
}

export const channels = {
  /** Search instruments and option roots: one page of SummaryInfo (GET /ref/v1/instruments). */
  'instruments:search': channel<typeof searchInstrumentsArg, Feed<SummaryInfo>>(
    searchInstrumentsArg,
    'Search instruments and option roots (spec 4.1).',
  ),
  /** Details of one instrument, from main's LRU unless `refresh` (GET /ref/v1/instruments/details/{Uic}/{AssetType}). */
  'instruments:details': channel<typeof instrumentDetailsArg, InstrumentDetails>(
    instrumentDetailsArg,
    'Details for one instrument (spec 4.3).',
  ),
  /** Details of a list of instruments: one page (GET /ref/v1/instruments/details). */
  'instruments:detailsList': channel<typeof instrumentsDetailsArg, Feed<InstrumentDetails>>(
    instrumentsDetailsArg,
    'Details for a list of instruments (spec 4.2).',
  ),
  /** An option root with its option space (GET /ref/v1/instruments/contractoptionspaces/{OptionRootId}). */
  'instruments:optionSpace': channel<typeof optionSpaceArg, ContractOptionSpace>(
    optionSpaceArg,
    'Option details and option space for an option root (spec 4.4).',
  ),
  /** The futures space of a continuous futures instrument (GET /ref/v1/instruments/futuresspaces/{Uic}). */
  'instruments:futuresSpace': channel<typeof futuresSpaceArg, FuturesSpace>(
    futuresSpaceArg,
    'Contract futures space (spec 4.5).',
  ),
  /** Trading sessions of an instrument (GET /ref/v1/instruments/tradingschedule/{Uic}/{AssetType}). */
  'instruments:tradingSchedule': channel<typeof tradingScheduleArg, InstrumentTradeSessions>(
    tradingScheduleArg,
    'Trading schedule of an instrument (spec 4.6).',
  ),
  /** Every ISO 3166-1 country, cached in main unless `refresh` (GET /ref/v1/countries). */
  'reference:countries': channel<typeof referenceListArg, Feed<CountryDetails>>(
    referenceListArg,
    'List every country of the service (spec 4.7).',
  ),
  /** The platform's time zones, cached in main unless `refresh` (GET /ref/v1/timezones). */
  'reference:timeZones': channel<typeof referenceListArg, Feed<TimeZoneDetails>>(
    referenceListArg,
    'List the time zones of the service (spec 4.8).',
  ),
  /** Currencies and their pairs, cached in main unless `refresh` (GET /ref/v1/currencypairs). */
  'reference:currencyPairs': channel<typeof currencyPairsArg, Feed<CurrencyPairDetails>>(
    currencyPairsArg,
    'List currency pairs (spec 4.9).',
  ),
  /**
   * Every exchange with its trading hours, holidays and the next seven days' sessions, cached in
   * main unless `refresh` (GET /ref/v1/exchanges, beyond the spec, as the platform serves it).
   */
  'reference:exchanges': channel<typeof referenceListArg, Feed<ExchangeDetails>>(
    referenceListArg,
    'List the exchanges with their hours, holidays and sessions.',
  ),
  /**
   * The holidays of exchanges over a range of days, past ones too, cached in main unless
   * `refresh` (GET /ref/v1/exchanges/holidays, beyond the spec): the business days a deadline is
   * counted in.
   */
  'reference:exchangeHolidays': channel<typeof exchangeHolidaysArg, Feed<ExchangeHolidayEntry>>(
    exchangeHolidaysArg,
    'List the holidays of exchanges from one day to another.',
  ),
  /** A filtered page of corporate action events (GET /ca/v2/events). */
  'corporateActions:events': channel<typeof corporateActionEventsArg, Feed<CorporateActionEvent>>(
    corporateActionEventsArg,
    'List corporate action events (spec 4.10).',
  ),
  /** One corporate action event with holdings and elections (GET /ca/v2/events/{EventId}). */
  'corporateActions:event': channel<typeof corporateActionEventArg, CorporateActionEvent>(
    corporateActionEventArg,
    'Read one corporate action event (spec 4.11).',
  ),
  /** The codes and names the event filters offer (event types, asset types, states…), cached in main unless `refresh` (GET /ca/v2/events/lookupdata). */
  'corporateActions:lookupData': channel<typeof lookupDataArgSchema, EventLookupData>(
    lookupDataArgSchema,
    'The code lists of the event filters.',
  ),
  /** The signed-in user's clients (with sub-clients) and accounts by name (GET /port/v1 clients and accounts). */
  'corporateActions:accounts': channel<typeof accountsArgSchema, AccountsTree>(
    accountsArgSchema,
    "The user's clients and accounts, for choosing accounts by name.",
  ),
  /** Where the review state is kept (this computer or the team service, and whether it answers), and who reviews. */
  'corporateActions:reviewStatus': channel<typeof noArg, ReviewStatus>(noArg, 'Review store status.'),
  /** The review state (read, flagged, reviewed, approved, note, assignee, version) of the given events for the signed-in user. */
  'corporateActions:reviewStates': channel<typeof reviewStatesArgSchema, EventReviewState[]>(
    reviewStatesArgSchema,
    'Review states of events.',
  ),
  /** Marks one event read or unread (audited). */
  'corporateActions:setRead': channel<typeof setReadArgSchema, EventReviewState>(
    setReadArgSchema,
    'Mark an event (un)read.',
  ),
  /** Flags or unflags one event (audited; refused as a conflict when `version` is stale). */
  'corporateActions:setFlagged': channel<typeof setFlaggedArgSchema, EventReviewState>(
    setFlaggedArgSchema,
    'Flag an event.',
  ),
  /** Marks events reviewed with the UpdatedDateTime seen (bulk), or not reviewed (audited). */
  'corporateActions:setReviewed': channel<typeof setReviewedArgSchema, EventReviewState[]>(
    setReviewedArgSchema,
    'Mark events (not) reviewed.',
  ),
  /** Adds a note to one event's thread (audited; kept with its author and time; overwrites no other note). */
  'corporateActions:addNote': channel<typeof addNoteArgSchema, EventReviewState>(
    addNoteArgSchema,
    'Add a note to an event.',
  ),
  /** Assigns one event to a member of the team, or unassigns it (team store only; audited). */
  'corporateActions:assign': channel<typeof assignArgSchema, EventReviewState>(
    assignArgSchema,
    'Assign an event.',
  ),
  /** Approves another analyst's review of one event (four eyes), or withdraws the approval (team store only). */
  'corporateActions:approve': channel<typeof approveArgSchema, EventReviewState>(
    approveArgSchema,
    'Approve a review.',
  ),
  /** Copies this computer's review state of the signed-in user (read marks, flags, notes, reviews) to the team, once; answers what was copied and what conflicted. */
  'corporateActions:copyToTeam': channel<typeof noArg, CopyToTeamReport>(
    noArg,
    'Copy local review state to the team.',
  ),
  /** The append-only audit log, newest first: the signed-in user's (this computer) or the team's. */
  /** How far the audit log verifies: a team's log is chained under a key the service holds; none on this computer. */
  'corporateActions:auditVerification': channel<typeof noArg, AuditVerificationView>(
    noArg,
    'Audit log verification.',
  ),
  'corporateActions:audit': channel<typeof auditArgSchema, ReviewAuditEntry[]>(
    auditArgSchema,
    'Review audit log.',
  ),
  /** The saved inbox views (filters, sort, columns) of the signed-in user. */
  'corporateActions:views': channel<typeof noArg, SavedInboxViews>(noArg, 'Saved inbox views.'),
  /** Saves (or replaces) an inbox view by name. */
  'corporateActions:saveView': channel<typeof saveViewArgSchema, SavedInboxViews>(
    saveViewArgSchema,
    'Save an inbox view.',
  ),
  /** Deletes a saved inbox view by name. */
  'corporateActions:deleteView': channel<typeof deleteViewArgSchema, SavedInboxViews>(
    deleteViewArgSchema,
    'Delete an inbox view.',
  ),
  /** What changed in an event's terms, field by field, from the version reviewed to the version now (both as read on this computer). */
  'corporateActions:changesSinceReviewed': channel<
    typeof changesSinceReviewedArgSchema,
    ChangesSinceReviewed
  >(changesSinceReviewedArgSchema, 'Changes since the reviewed version.'),
  /** The saved view the signed-in user chose last on this profile (kept across restarts). */
  'corporateActions:activeView': channel<typeof noArg, ActiveInboxView>(noArg, 'The inbox view chosen last.'),
  /** Remembers the saved view the inbox shows (null: none), per profile and user. */
  'corporateActions:chooseView': channel<typeof chooseViewArgSchema, ActiveInboxView>(
    chooseViewArgSchema,
    'Remember the inbox view.',
  ),
  /**
   * Shows a desktop notification of the work queue (a setting, off by default) through the
   * Electron shell's Notification; `shown: false` where main cannot (the web shell: the page uses
   * the browser's Notification API).
   */
  'corporateActions:notify': channel<typeof desktopNoticeSchema, { shown: boolean }>(
    desktopNoticeSchema,
    'Show a desktop notification of the work queue.',
  ),
  /**
   * The one-page review report for a range of days (reviewed, by whom, approved by whom, still
   * open and overdue), built in main from the review store and the platform's events, with the
   * same as a self-contained printable HTML page. A bad range is refused naming the field.
   */
  'corporateActions:reviewReport': channel<typeof reviewReportArgSchema, ReviewReportResult>(
    reviewReportArgSchema,
    'Build the review report for a range of days.',
  ),
  /**
   * Prints the review report to a PDF file the user chooses (Electron's printToPDF, built in main
   * from the same arguments, never from HTML the page sends). Only the Electron shell can: the web
   * shell refuses with `PrintUnavailable` and the page offers the HTML and the browser's print.
   */
  'corporateActions:printReviewReport': channel<typeof reviewReportArgSchema, PrintedReport>(
    reviewReportArgSchema,
    'Print the review report to PDF.',
  ),
  /** A page of applications (`$inlinecount=AllPages`) with redirect URI counts and secret windows, never secret values. */
  'apps:list': channel<typeof appsPageArgSchema, Feed<ListedApplicationView>>(
    appsPageArgSchema,
    'List applications without secret values.',
  ),
  /** One application (endpoints, redirect URIs, brandings) with secret validity windows, never values. */
  'apps:get': channel<typeof appArgSchema, ApplicationView>(appArgSchema, 'Read one application.'),
  /** The value of one secret, read from the service now, with how long it may be shown: the only channel answering a secret. */
  'apps:revealSecret': channel<typeof secretRefArgSchema, RevealedSecret>(
    secretRefArgSchema,
    'Reveal one secret.',
  ),
  /** Copies one secret from main to the system clipboard and clears it later; the web shell answers copied: false. */
  'apps:copySecret': channel<typeof secretRefArgSchema, CopySecretResult>(
    secretRefArgSchema,
    'Copy a secret.',
  ),
  /** The session as the renderer may see it: who, until when, which profile; never a token. */
  'session:state': channel<typeof noArg, SessionView>(noArg, 'The current session (no token).'),
  /**
   * Signs in with the active profile: Electron shows its auth window and answers the outcome;
   * the web shell answers `openPopup` with the login page for the renderer to open.
   */
  'session:signIn': channel<typeof noArg, SignInStart>(noArg, 'Start signing in with the active profile.'),
  /** Waits until the popup sign-in `attemptId` ends (web shell). */
  'session:waitForSignIn': channel<typeof signInAttemptArg, SignInOutcome>(
    signInAttemptArg,
    'Wait for a popup sign-in.',
  ),
  /** The web shell's callback page hands the redirect to main, which checks `state` and takes the token. */
  'session:completeSignIn': channel<typeof signInCallbackArg, SignInOutcome>(
    signInCallbackArg,
    'Complete a popup sign-in from its callback.',
  ),
  /** The user closed the login popup: the sign-in is cancelled. */
  'session:cancelSignIn': channel<typeof signInAttemptArg, SessionView>(
    signInAttemptArg,
    'Cancel a popup sign-in.',
  ),
  /** Signs out: the keychain entry and the login pages' storage are deleted. */
  'session:signOut': channel<typeof noArg, SessionView>(noArg, 'Sign out of the active profile.'),
  /** Every connection profile, the active one, and any problem reading profiles.json. */
  'session:profiles': channel<typeof noArg, ProfilesList>(noArg, 'List the connection profiles.'),
  /** Creates or updates a remote profile (validated; the AppSecret goes to the keychain). */
  'session:saveProfile': channel<typeof profileInputSchema, ProfileView>(
    profileInputSchema,
    'Save a connection profile.',
  ),
  /** Deletes a remote profile with its stored secret and session. */
  'session:deleteProfile': channel<typeof profileIdArg, ProfilesList>(
    profileIdArg,
    'Delete a connection profile.',
  ),
  /** Makes a profile active; its stored session is restored if still valid. */
  'session:chooseProfile': channel<typeof profileIdArg, SessionView>(
    profileIdArg,
    'Choose the active connection profile.',
  ),
  /** The signed-in user's watchlists on the active profile, and the one chosen last. */
  'watchlists:list': channel<typeof noArg, WatchlistsView>(noArg, 'List the watchlists.'),
  /** Creates an empty watchlist (names are unique per user, case ignored; at most 50 lists). */
  'watchlists:create': channel<typeof createWatchlistArgSchema, WatchlistsView>(
    createWatchlistArgSchema,
    'Create a watchlist.',
  ),
  /** Renames a watchlist. */
  'watchlists:rename': channel<typeof renameWatchlistArgSchema, WatchlistsView>(
    renameWatchlistArgSchema,
    'Rename a watchlist.',
  ),
  /** Deletes a watchlist with its instruments. */
  'watchlists:delete': channel<typeof deleteWatchlistArgSchema, WatchlistsView>(
    deleteWatchlistArgSchema,
    'Delete a watchlist.',
  ),
  /** Remembers the watchlist the keyboard adds to (kept across restarts). */
  'watchlists:choose': channel<typeof chooseWatchlistArgSchema, WatchlistsView>(
    chooseWatchlistArgSchema,
    'Choose the watchlist to add to.',
  ),
  /** Adds instruments to a watchlist (those already there stay; at most 500 per list, refused whole beyond). */
  'watchlists:add': channel<typeof addToWatchlistArgSchema, WatchlistsView>(
    addToWatchlistArgSchema,
    'Add instruments to a watchlist.',
  ),
  /** Removes instruments from a watchlist. */
  'watchlists:remove': channel<typeof removeFromWatchlistArgSchema, WatchlistsView>(
    removeFromWatchlistArgSchema,
    'Remove instruments from a watchlist.',
  ),
  /**
   * Quote what one view shows now (instruments, and a window of strikes and expiries per option
   * chain), replacing what that watch held; renewed by the view within WATCH_LEASE_MS. Quotes
   * come as `prices:quotes` pushes; the answer holds those main already has.
   */
  'prices:watch': channel<typeof watchPricesArg, WatchPricesResult>(
    watchPricesArg,
    'Quote what a view shows.',
  ),
  /** The view no longer shows prices: main ends the subscriptions nothing else needs. */
  'prices:unwatch': channel<typeof unwatchPricesArg, undefined>(unwatchPricesArg, 'Stop quoting a view.'),
  /** RefDesk's own settings (secret reveal and clipboard timings, the simulator's start settings). */
  'settings:get': channel<typeof noArg, SettingsView>(noArg, 'Read the settings.'),
  /** Keeps new secret timings. */
  'settings:save': channel<typeof saveSettingsArgSchema, SettingsView>(
    saveSettingsArgSchema,
    'Save the settings.',
  ),
  /** Where review state is kept: this computer, or the team service at a list of addresses (takes effect at once). */
  'settings:saveReviewStore': channel<typeof saveReviewStoreArgSchema, SettingsView>(
    saveReviewStoreArgSchema,
    'Choose the review store.',
  ),
  /** The work queue's overdue window and desktop notifications (take effect at once). */
  'settings:saveWorkQueue': channel<typeof saveWorkQueueArgSchema, SettingsView>(
    saveWorkQueueArgSchema,
    'Save the work queue settings.',
  ),
  /** Where the signed-in user was when RefDesk last ran on this profile (contract/settings.ts). */
  'settings:lastPlace': channel<typeof noArg, LastPlace>(noArg, 'The last workspace, route and search text.'),
  /** Keeps where the signed-in user is now, for the next start. */
  'settings:keepPlace': channel<typeof workspacePlaceSchema, WorkspacePlace>(
    workspacePlaceSchema,
    'Keep the current workspace, route and search text.',
  ),
  /** The embedded simulator: state, URLs, universe (scale, seed, date, size) and configured start settings. */
  'settings:simulatorStatus': channel<typeof noArg, SimulatorStatus>(noArg, 'Embedded simulator status.'),
  /** Restarts the embedded simulator with a scale and seed (same port); its sessions end. */
  'settings:resetSimulator': channel<typeof resetSimulatorArgSchema, SimulatorStatus>(
    resetSimulatorArgSchema,
    'Reset the embedded simulator.',
  ),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ArgOf<C extends ChannelName> = z.input<Channels[C]['arg']>;
export type ParsedArgOf<C extends ChannelName> = z.output<Channels[C]['arg']>;
export type ResultOf<C extends ChannelName> = Channels[C]['result'];
/** The feature a channel belongs to: the part of its name before the colon. */
export type FeatureOf<C extends ChannelName> = C extends `${infer F}:${string}` ? F : never;
