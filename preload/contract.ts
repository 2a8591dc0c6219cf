/**
 * THE IPC contract: every channel the renderer may call, its zod argument schema and its
 * result type. Main parses every argument with these schemas before doing any work; both
 * preloads (Electron and web) build `window.desk` from the channel list below; the renderer
 * imports this file with `import type` only.
 */
import { z } from 'zod';
import type { CountryDetails, Feed } from '../main/core/api/types';

/** Declares one channel: its argument schema, its result type (phantom) and what it does. */
function channel<Arg extends z.ZodType, Result>(arg: Arg, doc: string) {
  return { arg, doc, result: undefined as unknown as Result };
}

/** Options shared by reference-list reads. */
const referenceListArg = z
  .object({
    /** Bypass the client-side cache and read the service again. */
    refresh: z.boolean().optional(),
  })
  .strict()
  .optional();

export const channels = {
  /** Every ISO 3166-1 country (GET /ref/v1/countries). */
  'ref:countries': channel<typeof referenceListArg, Feed<CountryDetails>>(
    referenceListArg,
    'List every country of the service (spec 4.7).',
  ),
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

/**
 * The shape of `window.desk`: `desk.<domain>.<verb>(arg)` for every `domain:verb` channel,
 * resolving with main's response (the renderer's api/ layer unwraps it).
 */
export type Desk = {
  [D in DomainOf<ChannelName>]: {
    [C in ChannelName as C extends `${D}:${infer V}` ? V : never]: undefined extends ArgOf<C>
      ? (arg?: ArgOf<C>) => Promise<DeskResponse<ResultOf<C>>>
      : (arg: ArgOf<C>) => Promise<DeskResponse<ResultOf<C>>>;
  };
};
