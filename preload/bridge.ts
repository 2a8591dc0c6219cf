/**
 * Builds `window.desk` from the contract's channel list over any transport (Electron IPC or
 * the web shell's HTTP bridge). Shared by both preloads so they cannot drift apart.
 *
 * Functions resolve with main's `DeskResponse` rather than throwing: custom properties of an
 * Error do not survive Electron's contextBridge, a plain object does.
 */
import {
  channelNames,
  MAX_REQUEST_ID_LENGTH,
  pushEventNames,
  type CallOptions,
  type Desk,
  type DeskResponse,
  type PushEventName,
} from './contract';

/** How a preload reaches main. */
export interface DeskTransport {
  /** Sends one channel invocation to main and resolves with main's typed response. */
  invoke(channel: string, arg: unknown, requestId: string | undefined): Promise<DeskResponse<unknown>>;
  /** Asks main to abort the call started with `requestId`. */
  cancel(requestId: string): void;
  /** Starts receiving push events; called once, when the first listener subscribes. */
  listen(deliver: (event: PushEventName, payload: unknown) => void): void;
}

type Listener = (payload: unknown) => void;

/** A request id as sent across the bridge: a short string, or nothing. */
function requestIdOf(options: unknown): string | undefined {
  const requestId = (options as CallOptions | undefined)?.requestId;
  return typeof requestId === 'string' && requestId.length > 0 && requestId.length <= MAX_REQUEST_ID_LENGTH
    ? requestId
    : undefined;
}

/** Creates the frozen `desk` object: one named function per channel, `cancel` and `on`, nothing else. */
export function buildDesk(transport: DeskTransport): Desk {
  const desk: Record<string, unknown> = {};
  for (const name of channelNames) {
    const [domain, verb] = name.split(':') as [string, string];
    const functions = (desk[domain] ??= {}) as Record<string, unknown>;
    functions[verb] = (arg?: unknown, options?: unknown) => transport.invoke(name, arg, requestIdOf(options));
  }
  for (const functions of Object.values(desk)) Object.freeze(functions);

  const listeners = new Map<PushEventName, Set<Listener>>();
  let listening = false;
  const deliver = (event: PushEventName, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        // One failing listener must not starve the others of the event.
        console.error(`[desk] listener of ${event} failed`, error);
      }
    }
  };

  desk.cancel = (requestId: unknown) => {
    if (typeof requestId === 'string' && requestId.length <= MAX_REQUEST_ID_LENGTH)
      transport.cancel(requestId);
  };
  desk.on = (event: PushEventName, listener: Listener) => {
    if (!pushEventNames.includes(event))
      throw new TypeError(`Unknown push event: ${String(event).slice(0, 60)}`);
    if (typeof listener !== 'function') throw new TypeError('A push-event listener must be a function.');
    const set = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, set);
    set.add(listener);
    if (!listening) {
      listening = true;
      transport.listen(deliver);
    }
    return () => void set.delete(listener);
  };
  return Object.freeze(desk) as unknown as Desk;
}
