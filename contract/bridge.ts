/**
 * The bridge between a renderer and main, the same in both shells: what a call answers, the
 * error shape carried instead of a thrown Error, and the few constants both sides of each
 * transport must agree on. Types and string constants only, so the preloads bundle nothing else.
 */
import type { ArgOf, ChannelName, ResultOf } from './channels';
import type { ReviewConflictView } from './review';
import type { PushEventName, PushEvents } from './events';

/** Typed error shape carried across the bridge instead of a thrown Error. */
export interface DeskErrorShape {
  /** Stable machine-readable code, e.g. `InvalidArgument`, `Network`, or the service's ErrorCode. */
  code: string;
  message: string;
  /** HTTP status of the service response, when the error came from the service. */
  status?: number;
  /** Per-field messages (the service's ModelState, or zod issues for invalid arguments). */
  fields?: Record<string, string[]>;
  /** A review change made on a stale version (code `ReviewConflict`): per event, its state now and who changed what since. */
  conflicts?: ReviewConflictView[];
}

/** What every channel invocation answers: never a thrown, half-serialized Error. */
export type DeskResponse<R> = { ok: true; result: R } | { ok: false; error: DeskErrorShape };

/** Per-call options of `desk.invoke`. */
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
/** Web shell route of bridge calls: `POST {WEB_INVOKE_PATH}/{channel}`. */
export const WEB_INVOKE_PATH = '/__desk/invoke';
/** Electron IPC channel (invoke) of the renderer's heartbeat: main answers it as soon as its event loop runs. */
export const HEARTBEAT_CHANNEL = 'desk:heartbeat';
/** Web shell route of the heartbeat (a POST guarded like invoke). */
export const WEB_HEARTBEAT_PATH = '/__desk/heartbeat';
/** Web shell route of push events (server-sent events over a POST guarded like invoke). */
export const WEB_EVENTS_PATH = '/__desk/events';
/** Header the web shell requires on bridge calls: forces a CORS preflight for any foreign page. */
export const BRIDGE_HEADER = 'x-desk-bridge';

/**
 * The shape of `window.desk`, the same in both shells: one `invoke` for every channel of the
 * contract (resolving with main's response; the renderer's `call` unwraps it), `cancel` for
 * superseded calls and `on` for push events.
 */
export interface Desk {
  /** Calls one channel of the contract; main parses `arg` with the channel's schema first. */
  invoke<C extends ChannelName>(
    channel: C,
    arg: ArgOf<C>,
    options?: CallOptions,
  ): Promise<DeskResponse<ResultOf<C>>>;
  /** Aborts the call started with this `requestId`, in main and at the service; unknown ids are ignored. */
  cancel(requestId: string): void;
  /**
   * Resolves as soon as main answers, whatever else it is doing: the renderer beats with it to
   * tell a main process that hangs (no answer) from one that is gone (`ShellUnreachable`).
   */
  heartbeat(): Promise<DeskResponse<true>>;
  /** Subscribes to one push event; returns the unsubscribe function. */
  on<E extends PushEventName>(event: E, listener: (payload: PushEvents[E]) => void): () => void;
}
