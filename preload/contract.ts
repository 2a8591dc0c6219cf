/**
 * THE IPC contract: every channel the renderer may call, its zod argument schema and its
 * result type. Main parses every argument with these schemas before doing any work; both
 * preloads (Electron and web) build `window.desk` from the channel list below; the renderer
 * imports this file with `import type` only.
 */
import { z } from 'zod';
import type {
  Application, ContractOptionSpace, CorporateActionEvent, CountryDetails, CurrencyPairDetails, Feed, FuturesSpace,
  InstrumentDetails, InstrumentTradeSessions, ListedApplication, SummaryInfo, TimeZoneDetails,
} from '../main/core/api/types';
import {
  applicationArg, applicationsArg, corporateActionEventArg, corporateActionEventsArg, currencyPairsArg,
  futuresSpaceArg, instrumentDetailsArg, instrumentsDetailsArg, optionSpaceArg, referenceListArg,
  searchInstrumentsArg, tradingScheduleArg,
} from './schemas';
import type { SessionView, SignInOutcome, SignInStart } from '../main/core/auth/sessionView';
import { profileInputSchema, type ProfilesList, type ProfileView } from '../main/core/profiles/profileSchema';

export type { SessionView, SignInOutcome, SignInStart } from '../main/core/auth/sessionView';
export type { ProfileInput, ProfilesList, ProfileView } from '../main/core/profiles/profileSchema';
import {
  auditArgSchema, deleteViewArgSchema, reviewStatesArgSchema, saveViewArgSchema, setFlaggedArgSchema, setNoteArgSchema,
  setReadArgSchema, setReviewedArgSchema,
  type EventReviewState, type Reviewer, type ReviewAuditEntry, type SavedInboxViews,
} from '../main/core/review/reviewSchema';
import {
  resetSimulatorArgSchema, saveSettingsArgSchema, type SettingsView, type SimulatorStatus,
} from '../main/core/settings/settingsSchema';
import {
  registryAppArgSchema, registryAppsArgSchema, secretRefArgSchema,
  type ApplicationView, type CopySecretResult, type ListedApplicationView, type RevealedSecret,
} from '../main/core/appRegistry/appRegistrySchema';

export type {
  EventReviewState, InboxFilters, InboxViewDefinition, Reviewer, ReviewAction, ReviewAuditEntry, SavedInboxView,
  SavedInboxViews,
} from '../main/core/review/reviewSchema';
export type {
  DeskSettings, SecretSettings, SettingsView, SimulatorScale, SimulatorSettings, SimulatorStatus,
} from '../main/core/settings/settingsSchema';
export type {
  ApplicationView, CopySecretResult, ListedApplicationView, RevealedSecret, SecretWindow,
} from '../main/core/appRegistry/appRegistrySchema';

/** Channels that take no argument. */
const noArg = z.undefined();
/** A popup sign-in started by `session:signIn` (web shell). */
const signInAttemptArg = z.object({ attemptId: z.uuid('Unknown sign-in.') }).strict();
/** What the web shell's callback page hands over: the redirect's query and fragment, as received. */
const signInCallbackArg = z
  .object({ query: z.string().max(8_192).optional(), fragment: z.string().max(16_384).optional() })
  .strict();
const profileIdArg = z.object({ id: z.string().min(1).max(64) }).strict();

/** Declares one channel: its argument schema, its result type (phantom) and what it does. */
function channel<Arg extends z.ZodType, Result>(arg: Arg, doc: string) {
  return { arg, doc, result: undefined as unknown as Result };
}

export const channels = {
  /** Search instruments and option roots: one page of SummaryInfo (GET /ref/v1/instruments). */
  'ref:searchInstruments': channel<typeof searchInstrumentsArg, Feed<SummaryInfo>>(
    searchInstrumentsArg,
    'Search instruments and option roots (spec 4.1).',
  ),
  /** Details of one instrument, from main's LRU unless `refresh` (GET /ref/v1/instruments/details/{Uic}/{AssetType}). */
  'ref:instrumentDetails': channel<typeof instrumentDetailsArg, InstrumentDetails>(
    instrumentDetailsArg,
    'Details for one instrument (spec 4.3).',
  ),
  /** Details of a list of instruments: one page (GET /ref/v1/instruments/details). */
  'ref:instrumentsDetails': channel<typeof instrumentsDetailsArg, Feed<InstrumentDetails>>(
    instrumentsDetailsArg,
    'Details for a list of instruments (spec 4.2).',
  ),
  /** An option root with its option space (GET /ref/v1/instruments/contractoptionspaces/{OptionRootId}). */
  'ref:optionSpace': channel<typeof optionSpaceArg, ContractOptionSpace>(
    optionSpaceArg,
    'Option details and option space for an option root (spec 4.4).',
  ),
  /** The futures space of a continuous futures instrument (GET /ref/v1/instruments/futuresspaces/{Uic}). */
  'ref:futuresSpace': channel<typeof futuresSpaceArg, FuturesSpace>(futuresSpaceArg, 'Contract futures space (spec 4.5).'),
  /** Trading sessions of an instrument (GET /ref/v1/instruments/tradingschedule/{Uic}/{AssetType}). */
  'ref:tradingSchedule': channel<typeof tradingScheduleArg, InstrumentTradeSessions>(
    tradingScheduleArg,
    'Trading schedule of an instrument (spec 4.6).',
  ),
  /** Every ISO 3166-1 country, cached in main unless `refresh` (GET /ref/v1/countries). */
  'ref:countries': channel<typeof referenceListArg, Feed<CountryDetails>>(
    referenceListArg,
    'List every country of the service (spec 4.7).',
  ),
  /** The platform's time zones, cached in main unless `refresh` (GET /ref/v1/timezones). */
  'ref:timeZones': channel<typeof referenceListArg, Feed<TimeZoneDetails>>(
    referenceListArg,
    'List the time zones of the service (spec 4.8).',
  ),
  /** Currencies and their pairs, cached in main unless `refresh` (GET /ref/v1/currencypairs). */
  'ref:currencyPairs': channel<typeof currencyPairsArg, Feed<CurrencyPairDetails>>(
    currencyPairsArg,
    'List currency pairs (spec 4.9).',
  ),
  /** A filtered page of corporate action events (GET /ca/v2/events). */
  'ca:events': channel<typeof corporateActionEventsArg, Feed<CorporateActionEvent>>(
    corporateActionEventsArg,
    'List corporate action events (spec 4.10).',
  ),
  /** One corporate action event with holdings and elections (GET /ca/v2/events/{EventId}). */
  'ca:event': channel<typeof corporateActionEventArg, CorporateActionEvent>(
    corporateActionEventArg,
    'Read one corporate action event (spec 4.11).',
  ),
  /** A page of registered applications (GET /developer/apps). */
  'apps:list': channel<typeof applicationsArg, Feed<ListedApplication>>(
    applicationsArg,
    'List registered applications (spec 4.13).',
  ),
  /** One registered application (GET /developer/apps/{AppKey}). */
  'apps:get': channel<typeof applicationArg, Application>(applicationArg, 'Read one application (spec 4.12).'),
  /** The session as the renderer may see it: who, until when, which profile; never a token. */
  'session:state': channel<typeof noArg, SessionView>(noArg, 'The current session (no token).'),
  /**
   * Signs in with the active profile: Electron shows its auth window and answers the outcome;
   * the web shell answers `openPopup` with the login page for the renderer to open.
   */
  'session:signIn': channel<typeof noArg, SignInStart>(noArg, 'Start signing in with the active profile.'),
  /** Waits until the popup sign-in `attemptId` ends (web shell). */
  'session:waitForSignIn': channel<typeof signInAttemptArg, SignInOutcome>(signInAttemptArg, 'Wait for a popup sign-in.'),
  /** The web shell's callback page hands the redirect to main, which checks `state` and takes the token. */
  'session:completeSignIn': channel<typeof signInCallbackArg, SignInOutcome>(
    signInCallbackArg,
    'Complete a popup sign-in from its callback.',
  ),
  /** The user closed the login popup: the sign-in is cancelled. */
  'session:cancelSignIn': channel<typeof signInAttemptArg, SessionView>(signInAttemptArg, 'Cancel a popup sign-in.'),
  /** Signs out: the keychain entry and the login pages' storage are deleted. */
  'session:signOut': channel<typeof noArg, SessionView>(noArg, 'Sign out of the active profile.'),
  /** Every connection profile, the active one, and any problem reading profiles.json. */
  'profiles:list': channel<typeof noArg, ProfilesList>(noArg, 'List the connection profiles.'),
  /** Creates or updates a remote profile (validated; the AppSecret goes to the keychain). */
  'profiles:save': channel<typeof profileInputSchema, ProfileView>(profileInputSchema, 'Save a connection profile.'),
  /** Deletes a remote profile with its stored secret and session. */
  'profiles:delete': channel<typeof profileIdArg, ProfilesList>(profileIdArg, 'Delete a connection profile.'),
  /** Makes a profile active; its stored session is restored if still valid. */
  'profiles:choose': channel<typeof profileIdArg, SessionView>(profileIdArg, 'Choose the active connection profile.'),
  /** Where the review state is kept and who reviews: a problem opening the file, and the signed-in reviewer. */
  'review:status': channel<typeof noArg, { problem?: string; reviewer?: Reviewer }>(noArg, 'Review store status.'),
  /** The review state (read, flagged, reviewed, note) of the given events for the signed-in user. */
  'review:states': channel<typeof reviewStatesArgSchema, EventReviewState[]>(reviewStatesArgSchema, 'Review states of events.'),
  /** Marks one event read or unread (audited). */
  'review:setRead': channel<typeof setReadArgSchema, EventReviewState>(setReadArgSchema, 'Mark an event (un)read.'),
  /** Flags or unflags one event (audited). */
  'review:setFlagged': channel<typeof setFlaggedArgSchema, EventReviewState>(setFlaggedArgSchema, 'Flag an event.'),
  /** Marks events reviewed with the UpdatedDateTime seen (bulk), or not reviewed (audited). */
  'review:setReviewed': channel<typeof setReviewedArgSchema, EventReviewState[]>(
    setReviewedArgSchema,
    'Mark events (not) reviewed.',
  ),
  /** Keeps a note on one event (audited; empty removes it). */
  'review:setNote': channel<typeof setNoteArgSchema, EventReviewState>(setNoteArgSchema, 'Keep a note on an event.'),
  /** The append-only audit log of the signed-in user's review actions, newest first. */
  'review:audit': channel<typeof auditArgSchema, ReviewAuditEntry[]>(auditArgSchema, 'Review audit log.'),
  /** The saved inbox views (filters, sort, columns) of the signed-in user. */
  'review:views': channel<typeof noArg, SavedInboxViews>(noArg, 'Saved inbox views.'),
  /** Saves (or replaces) an inbox view by name. */
  'review:saveView': channel<typeof saveViewArgSchema, SavedInboxViews>(saveViewArgSchema, 'Save an inbox view.'),
  /** Deletes a saved inbox view by name. */
  'review:deleteView': channel<typeof deleteViewArgSchema, SavedInboxViews>(deleteViewArgSchema, 'Delete an inbox view.'),
  /** RefDesk's own settings (secret reveal and clipboard timings, the simulator's start settings). */
  'settings:get': channel<typeof noArg, SettingsView>(noArg, 'Read the settings.'),
  /** Keeps new secret timings. */
  'settings:save': channel<typeof saveSettingsArgSchema, SettingsView>(saveSettingsArgSchema, 'Save the settings.'),
  /** The embedded simulator: state, URLs, universe (scale, seed, date, size) and configured start settings. */
  'simulator:status': channel<typeof noArg, SimulatorStatus>(noArg, 'Embedded simulator status.'),
  /** Restarts the embedded simulator with a scale and seed (same port); its sessions end. */
  'simulator:reset': channel<typeof resetSimulatorArgSchema, SimulatorStatus>(
    resetSimulatorArgSchema,
    'Reset the embedded simulator.',
  ),
  /** A page of applications (`$inlinecount=AllPages`) with redirect URI counts and secret windows, never secret values. */
  'registry:apps': channel<typeof registryAppsArgSchema, Feed<ListedApplicationView>>(
    registryAppsArgSchema,
    'List applications without secret values.',
  ),
  /** One application (endpoints, redirect URIs, brandings) with secret validity windows, never values. */
  'registry:app': channel<typeof registryAppArgSchema, ApplicationView>(registryAppArgSchema, 'Read one application.'),
  /** The value of one secret, read from the service now, with how long it may be shown. */
  'registry:revealSecret': channel<typeof secretRefArgSchema, RevealedSecret>(secretRefArgSchema, 'Reveal one secret.'),
  /** Copies one secret from main to the system clipboard and clears it later; the web shell answers copied: false. */
  'clipboard:copySecret': channel<typeof secretRefArgSchema, CopySecretResult>(secretRefArgSchema, 'Copy a secret.'),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ArgOf<C extends ChannelName> = z.input<Channels[C]['arg']>;
export type ParsedArgOf<C extends ChannelName> = z.output<Channels[C]['arg']>;
export type ResultOf<C extends ChannelName> = Channels[C]['result'];

/**
 * Push events main sends to the renderer (payload types). The preloads expose
 * `desk.on(event, listener)` returning an unsubscribe function.
 */
export interface PushEvents {
  /** The session changed: signed in or out, profile switched, token renewed. */
  'session:changed': { signedIn: boolean; user?: { name: string; userId: string }; expiresAt?: string; profileId: string };
  /** The access token expires soon; `expiresAt` is an ISO date-time. */
  'session:expiring': { expiresAt: string; secondsLeft: number };
  /** The connection to the service (embedded simulator or remote) changed state. */
  'connection:status': { state: 'online' | 'offline' | 'degraded'; detail?: string };
}
export type PushEventName = keyof PushEvents;
export const pushEventNames: PushEventName[] = ['session:changed', 'session:expiring', 'connection:status'];

/** The channel names, for the preloads to build `window.desk` from. */
export const channelNames = Object.keys(channels) as ChannelName[];

/** Header the web shell requires on bridge calls: forces a CORS preflight for any foreign page. */
export const BRIDGE_HEADER = 'x-desk-bridge';

/** Typed error shape carried across the bridge instead of a thrown Error. */
export interface DeskErrorShape {
  /** Stable machine-readable code, e.g. `InvalidArgument`, `Network`, or the service's ErrorCode. */
  code: string;
  message: string;
  /** HTTP status of the service response, when the error came from the service. */
  status?: number;
  /** Per-field messages (the service's ModelState, or zod issues for invalid arguments). */
  fields?: Record<string, string[]>;
}

/** What every channel invocation answers: never a thrown, half-serialized Error. */
export type DeskResponse<R> = { ok: true; result: R } | { ok: false; error: DeskErrorShape };

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never;

/** Per-call options of a bridge function. */
export interface CallOptions {
  /**
   * Names the call so `desk.cancel(requestId)` can abort it in main (a superseded search):
   * the HTTP request to the service is cancelled too. Unique within the page.
   */
  requestId?: string;
}

/** Longest request id main accepts. */
export const MAX_REQUEST_ID_LENGTH = 64;

/** Electron IPC channel (send, not invoke) carrying `desk.cancel(requestId)` to main. */
export const CANCEL_CHANNEL = 'desk:cancel';
/** Electron IPC channel main sends push events on: `(event, payload)`. */
export const PUSH_CHANNEL = 'desk:push';
/** Web shell route of push events (server-sent events over a POST guarded like invoke). */
export const WEB_EVENTS_PATH = '/__desk/events';

/** The channel functions: `desk.<domain>.<verb>(arg, options)` for every `domain:verb` channel. */
export type DeskChannels = {
  [D in DomainOf<ChannelName>]: {
    [C in ChannelName as C extends `${D}:${infer V}` ? V : never]: undefined extends ArgOf<C>
      ? (arg?: ArgOf<C>, options?: CallOptions) => Promise<DeskResponse<ResultOf<C>>>
      : (arg: ArgOf<C>, options?: CallOptions) => Promise<DeskResponse<ResultOf<C>>>;
  };
};

/**
 * The shape of `window.desk`, the same in both shells: the channel functions (resolving with
 * main's response; the renderer's api/ layer unwraps it), `cancel` for superseded calls and
 * `on` for push events.
 */
export type Desk = DeskChannels & {
  /** Aborts the call started with this `requestId`, in main and at the service; unknown ids are ignored. */
  cancel(requestId: string): void;
  /** Subscribes to one push event; returns the unsubscribe function. */
  on<E extends PushEventName>(event: E, listener: (payload: PushEvents[E]) => void): () => void;
};
