/**
 * Builds `window.desk` over any transport (Electron IPC or the web shell's HTTP bridge). Shared
 * by both preloads so they cannot drift apart. It knows the contract's channel and event names
 * only (contract/channelNames.ts), never its schemas: main parses every argument.
 *
 * `invoke` resolves with main's `DeskResponse` rather than throwing: custom properties of an
 * Error do not survive Electron's contextBridge, a plain object does.
 */
import { MAX_REQUEST_ID_LENGTH, type CallOptions, type Desk, type DeskResponse } from '../contract/bridge';
import { channelNames, pushEventNames } from '../contract/channelNames';
import type { PushEventName } from '../contract/events';

/** How a preload reaches main. */
export interface DeskTransport {
  /** Sends one channel invocation to main and resolves with main's typed response. */
  invoke(channel: string, arg: unknown, requestId: string | undefined): Promise<DeskResponse<unknown>>;
  /** Asks main to abort the call started with `requestId`. */
  cancel(requestId: string): void;
  /** Resolves when main answers (see Desk.heartbeat). */
  heartbeat(): Promise<DeskResponse<true>>;
  /** Starts receiving push events; called once, when the first listener subscribes. */
  listen(deliver: (event: PushEventName, payload: unknown) => void): void;
}

type Listener = (payload: unknown) => void;

const knownChannels: ReadonlySet<string> = new Set(channelNames);
const knownEvents: ReadonlySet<string> = new Set(pushEventNames);

/** A request id as sent across the bridge: a short string, or nothing. */
function requestIdOf(options: unknown): string | undefined {
  const requestId = (options as CallOptions | undefined)?.requestId;
  return typeof requestId === 'string' && requestId.length > 0 && requestId.length <= MAX_REQUEST_ID_LENGTH
    ? requestId
    : undefined;
}

/** True for a push event name of the contract. */
export function isPushEventName(name: unknown): name is PushEventName {
  return typeof name === 'string' && knownEvents.has(name);
}

/** Creates the frozen `desk` object: `invoke` for the listed channels, `cancel`, `heartbeat` and `on`, nothing else. */
export function buildDesk(transport: DeskTransport): Desk {
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

  const desk = {
    invoke(channel: unknown, arg?: unknown, options?: unknown): Promise<DeskResponse<unknown>> {
      if (typeof channel !== 'string' || !knownChannels.has(channel)) {
        const name = String(channel).slice(0, 80);
        return Promise.resolve({ ok: false, error: { code: 'UnknownChannel', message: `No such channel: ${name}` } });
      }
      return transport.invoke(channel, arg, requestIdOf(options));
    },
    cancel(requestId: unknown): void {
      if (typeof requestId === 'string' && requestId.length <= MAX_REQUEST_ID_LENGTH) transport.cancel(requestId);
    },
    heartbeat: (): Promise<DeskResponse<true>> => transport.heartbeat(),
    on(event: unknown, listener: unknown): () => void {
      if (!isPushEventName(event)) throw new TypeError(`Unknown push event: ${String(event).slice(0, 60)}`);
      if (typeof listener !== 'function') throw new TypeError('A push-event listener must be a function.');
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener as Listener);
      if (!listening) {
        listening = true;
        transport.listen(deliver);
      }
      return () => void set.delete(listener as Listener);
    },
  };
  return Object.freeze(desk) as unknown as Desk;
}
