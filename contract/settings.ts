/**
 * RefDesk's own settings (settings.json in the user data folder) and the embedded simulator's
 * status: what the Settings workspace reads and changes. Pure zod, no Node imports: the IPC
 * contract uses these schemas and re-exports the types to the renderer.
 */
import { z } from 'zod';
import { MAX_SEARCH_TEXT } from './instruments';
import { serviceUrl } from './session';

/** Sizes of the simulator's generated universe (the simulator's own SCALES). */
export const simulatorScales = ['small', 'default', 'large'] as const;
export type SimulatorScale = (typeof simulatorScales)[number];

/** The seed the simulator uses when none was chosen (the simulator's DEFAULT_SEED). */
export const DEFAULT_SIMULATOR_SEED = 20260101;

const seedSchema = z
  .number({ error: 'The seed is a whole number.' })
  .int('The seed is a whole number.')
  .min(0, 'The seed is 0 or more.')
  .max(999_999_999, 'The seed has at most 9 digits.');

/** The days the simulator can simulate (the simulator's AS_OF_RANGE). */
export const SIMULATOR_DAYS = { first: '2002-01-01', last: '2062-12-31' } as const;

/** A day to simulate, `yyyy-mm-dd`, a real date within SIMULATOR_DAYS. */
const simulatedDaySchema = z
  .string({ error: 'The day to simulate is a date written yyyy-mm-dd.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day to simulate is a date written yyyy-mm-dd.')
  .refine((text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
  }, 'The day to simulate is not a date of the calendar.')
  .refine(
    (text) => text >= SIMULATOR_DAYS.first && text <= SIMULATOR_DAYS.last,
    `The day to simulate lies from ${SIMULATOR_DAYS.first} to ${SIMULATOR_DAYS.last}.`,
  );

/** A UTC time of day, `hh:mm` from 00:00 to 23:59 (the simulator's parseMarketTime). */
const marketTimeSchema = z
  .string({ error: 'The market time is a UTC time of day written hh:mm.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The market time is a UTC time of day written hh:mm, 00:00 to 23:59.');

/** Most browser origins the embedded simulator can be limited to. */
const MAX_CORS_ORIGINS = 20;

/** The URL of `text` if it is an http(s) origin alone: no path, query, fragment or credentials. */
function originUrl(text: string): URL | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const plain =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '';
  return plain ? url : undefined;
}

/**
 * A browser app's origin, `scheme://host[:port]` (the simulator's rule for `--cors-origins`),
 * kept as browsers send it (lower-case host, default port left out), so it compares as they do.
 */
const browserOriginSchema = z
  .string({ error: 'An origin is text such as http://localhost:5173.' })
  .trim()
  .max(300, 'An origin has at most 300 characters.')
  .refine(
    (text) => originUrl(text) !== undefined,
    'An origin is a scheme, host and port only, such as http://localhost:5173.',
  )
  .transform((text) => originUrl(text)?.origin ?? text);

/** Origins whose browser apps may call the embedded simulator; absent or empty: any origin. */
const corsOriginsSchema = z
  .array(browserOriginSchema)
  .max(MAX_CORS_ORIGINS, `At most ${MAX_CORS_ORIGINS} origins.`)
  .refine((origins) => new Set(origins).size === origins.length, 'An origin is listed twice.');

/** How the embedded simulator is started. */
export const simulatorSettingsSchema = z
  .object({
    scale: z.enum(simulatorScales, { error: 'Scale is small, default or large.' }),
    seed: seedSchema,
    /** The day the simulator's universe shows (listings, expiries, event states); absent: today. */
    asOf: simulatedDaySchema.optional(),
    /**
     * The market's UTC time of day when the simulator starts, `hh:mm` (the simulator's
     * `--market-time`): its prices run from that time of the simulated day on, in real time, so
     * a session that is open can be watched at night or on a weekend; absent: the real time.
     */
    marketTime: marketTimeSchema.optional(),
    /**
     * The origins of browser apps allowed to call it across origins (CORS); absent: any origin,
     * as bearer tokens are no ambient credentials (the simulator's `--cors-origins`).
     */
    corsOrigins: corsOriginsSchema.optional(),
    /**
     * Hold OAuth clients to the RFCs where the platform is lenient (the simulator's
     * `--strict-oauth`: PKCE code verifiers of 43 to 128 characters); absent: as the platform.
     */
    strictOAuth: z.boolean({ error: 'strictOAuth is true or false.' }).optional(),
  })
  .strict();
export type SimulatorSettings = z.output<typeof simulatorSettingsSchema>;

/** How long secrets stay on screen and on the clipboard. */
export const secretSettingsSchema = z
  .object({
    revealSeconds: z
      .number()
      .int()
      .min(5, 'Show a secret for at least 5 seconds.')
      .max(120, 'Show a secret for at most 120 seconds.'),
    clipboardClearSeconds: z
      .number()
      .int()
      .min(5, 'Clear the clipboard after at least 5 seconds.')
      .max(300, 'Clear the clipboard after at most 300 seconds.'),
  })
  .strict();
export type SecretSettings = z.output<typeof secretSettingsSchema>;

/** Most addresses of team review service replicas RefDesk tries in turn. */
export const MAX_TEAM_REVIEW_URLS = 10;

/**
 * Where review state is kept: `local` (this computer's review file, the default) or `team` (the
 * team review service, reached at the first of `teamUrls` that answers). Addresses only: the
 * service is called with the signed-in user's platform token, so no credential is ever kept here.
 */
export const reviewStoreSettingsSchema = z
  .object({
    store: z.enum(['local', 'team'], { error: 'Review store is local or team.' }),
    teamUrls: z
      .array(serviceUrl('Team review service address', 'https://review.example.com'))
      .max(MAX_TEAM_REVIEW_URLS, `At most ${MAX_TEAM_REVIEW_URLS} addresses.`)
      .refine((urls) => new Set(urls).size === urls.length, 'An address is listed twice.'),
  })
  .strict()
  .refine((review) => review.store === 'local' || review.teamUrls.length > 0, {
    message: 'Give the address of at least one replica of the team review service.',
    path: ['teamUrls'],
  });
export type ReviewStoreSettings = z.output<typeof reviewStoreSettingsSchema>;

const DEFAULT_REVIEW_STORE: ReviewStoreSettings = { store: 'local', teamUrls: [] };

/** Most business days a passed deadline can stay work to do. */
export const MAX_OVERDUE_BUSINESS_DAYS = 60;

/**
 * The back office's work queue: how many business days a passed response deadline stays work to
 * do (overdue) before it goes to the history, and whether desktop notifications are shown (new
 * or changed events of the user's accounts, unreviewed deadlines within a day). Off by default.
 */
export const workQueueSettingsSchema = z
  .object({
    overdueBusinessDays: z
      .number({ error: 'Overdue for is a whole number of business days.' })
      .int('Overdue for is a whole number of business days.')
      .min(0, 'Overdue for is 0 business days or more.')
      .max(MAX_OVERDUE_BUSINESS_DAYS, `Overdue for is at most ${MAX_OVERDUE_BUSINESS_DAYS} business days.`),
    notifications: z.boolean({ error: 'Desktop notifications are on or off.' }),
  })
  .strict();
export type WorkQueueSettings = z.output<typeof workQueueSettingsSchema>;

export const DEFAULT_WORK_QUEUE_SETTINGS: WorkQueueSettings = {
  overdueBusinessDays: 5,
  notifications: false,
};

/** The inbox's chosen saved view per profile and user (`<profileId>|<userId>` → view name), kept across restarts. */
export const inboxSettingsSchema = z
  .object({ activeViews: z.record(z.string().max(300), z.string().trim().min(1).max(60)) })
  .strict();
export type InboxSettings = z.output<typeof inboxSettingsSchema>;

export const deskSettingsSchema = z
  .object({
    version: z.literal(1),
    simulator: simulatorSettingsSchema,
    secrets: secretSettingsSchema,
    /** Absent in files of earlier versions: the local store. */
    review: reviewStoreSettingsSchema.default(DEFAULT_REVIEW_STORE),
    inbox: inboxSettingsSchema.optional(),
    /** Absent in files of earlier versions: five business days overdue, no notifications. */
    workQueue: workQueueSettingsSchema.default(DEFAULT_WORK_QUEUE_SETTINGS),
  })
  .strict();
export type DeskSettings = z.output<typeof deskSettingsSchema>;

export const DEFAULT_SETTINGS: DeskSettings = {
  version: 1,
  simulator: { scale: 'default', seed: DEFAULT_SIMULATOR_SEED },
  secrets: { revealSeconds: 20, clipboardClearSeconds: 30 },
  review: DEFAULT_REVIEW_STORE,
  workQueue: DEFAULT_WORK_QUEUE_SETTINGS,
};

/** `settings:save`: the secret timings (the simulator's settings change through `settings:resetSimulator`). */
export const saveSettingsArgSchema = z.object({ secrets: secretSettingsSchema }).strict();

/** `settings:saveWorkQueue`: the work queue's overdue window and desktop notifications. */
export const saveWorkQueueArgSchema = workQueueSettingsSchema;

/** `settings:saveReviewStore`: where review state is kept; takes effect at once. */
export const saveReviewStoreArgSchema = reviewStoreSettingsSchema;

/** `settings:resetSimulator`: restart the embedded simulator, with another scale or seed, or regenerating its universe. */
export const resetSimulatorArgSchema = z
  .object({
    scale: simulatorSettingsSchema.shape.scale,
    seed: seedSchema,
    /** Build the universe again even when a cached one exists. */
    regenerate: z.boolean().optional(),
    /** The day to simulate: absent keeps the configured day, null goes back to today. */
    asOf: simulatedDaySchema.nullable().optional(),
    /** Browser origins allowed: absent keeps the configured ones, null or empty allows any origin. */
    corsOrigins: corsOriginsSchema.nullable().optional(),
  })
  .strict();

export type ResetSimulatorArg = z.input<typeof resetSimulatorArgSchema>;

/** How far the embedded simulator's universe generation (or roll to another day) has got. */
export const simulatorProgressSchema = z
  .object({
    kind: z.enum(['generate', 'roll']),
    step: z.string(),
    stepIndex: z.number().int(),
    stepCount: z.number().int(),
    fraction: z.number().min(0).max(1),
    elapsedMs: z.number(),
    remainingMs: z.number().optional(),
    done: z.boolean(),
  })
  .strict();
export type SimulatorProgress = z.output<typeof simulatorProgressSchema>;

/** What the Settings workspace shows about the embedded simulator. */
export interface SimulatorStatus {
  state: 'running' | 'restarting' | 'stopped';
  baseUrl: string;
  authUrl: string;
  port: number;
  /** When this run of the simulator started (ISO). */
  startedAt: string;
  universe: {
    scale: string;
    seed: number;
    /** The universe's "today" (yyyy-mm-dd). */
    asOf: string;
    cacheUsed: boolean;
    /** The day the cached universe held before this start rolled it to `asOf`. */
    rolledFrom?: string;
    generationMs: number;
    databaseBytes: number;
  };
  /** Browser origins allowed to call it now; `*`: any origin. */
  corsOrigins: '*' | string[];
  /**
   * The day it simulates now (`yyyy-mm-dd`) when one is set (`simulator.asOf`, `--as-of`): its
   * days to expiry and to notice count from it, at the clock's time of day. Absent: it follows
   * the clock, as a remote service does.
   */
  simulatedDay?: string;
  /** What the next start uses (kept in settings.json). */
  configured: SimulatorSettings;
  /** The last restart's failure, in words. */
  problem?: string;
}

/** What `settings:get` answers. */
export interface SettingsView {
  settings: DeskSettings;
  /** Set when settings.json could not be used; says where it was kept. */
  problem?: string;
}

/*
 * Where the trader was when RefDesk last ran (per connection profile and user): the workspace's
 * route, which names an open chain, ladder or instrument, and that workspace's search text. The
 * next start opens there. Kept by main in the data folder, not in the page's storage: the web
 * shell's page has a new origin every run (and its window is incognito), so only main can carry
 * it from one morning to the next, and main keeps it per user.
 */

/** The route of a workspace (`/chains`, `/chains/4012`, `/instruments/Stock/211`...): the router's own paths only. */
export const WORKSPACE_ROUTE =
  /^\/(instruments|chains|futures|reference|watchlists|corporate-actions|apps|settings)(\/[\w.-]{1,64}){0,2}$/;

/** A place to keep: `settings:keepPlace`'s argument. */
export const workspacePlaceSchema = z
  .object({
    route: z
      .string({ error: 'The route is text such as /chains/4012.' })
      .max(200, 'The route has at most 200 characters.')
      .regex(WORKSPACE_ROUTE, 'The route is not one of a workspace, such as /chains/4012.'),
    searchText: z
      .string({ error: 'The search text is text.' })
      .max(MAX_SEARCH_TEXT, `The search text has at most ${MAX_SEARCH_TEXT} characters.`)
      .optional(),
  })
  .strict();
export type WorkspacePlace = z.infer<typeof workspacePlaceSchema>;

/** What `settings:lastPlace` answers: the signed-in user's kept place on the active profile, if any. */
export interface LastPlace {
  place?: WorkspacePlace;
}
