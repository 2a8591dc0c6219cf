/**
 * The push-event bus of main: services emit contract events here; each shell forwards them to
 * its renderer (webContents.send in Electron, server-sent events in the web shell).
 */
import { EventEmitter } from 'node:events';
import { pushEventSchemas, type PushEventName, type PushEvents } from '../../contract/events';

export type PushListener = <E extends PushEventName>(event: E, payload: PushEvents[E]) => void;

/**
 * Events that describe a current state rather than a moment: a renderer that subscribes late
 * (a reload, a second window) gets the latest one at once instead of waiting for the next change.
 */
const STATE_EVENTS: readonly PushEventName[] = [
  'connection:status',
  'settings:simulatorProgress',
  'corporateActions:reviewStore',
  'prices:status',
];

export class PushEventBus {
  private readonly emitter = new EventEmitter();
  private readonly latest = new Map<PushEventName, unknown>();

  /**
   * Sends `payload` to every renderer listening for `event`, once it matches the contract's
   * schema: a payload main got wrong fails here, loudly, instead of in every renderer.
   */
  emit<E extends PushEventName>(event: E, payload: PushEvents[E]): void {
    pushEventSchemas[event].parse(payload);
    if (STATE_EVENTS.includes(event)) this.latest.set(event, payload);
    this.emitter.emit('push', event, payload);
  }

  /** Receives every push event (shells forward them), the latest state events first; returns the unsubscribe function. */
  subscribe(listener: PushListener): () => void {
    for (const [event, payload] of this.latest) listener(event, payload as PushEvents[typeof event]);
    this.emitter.on('push', listener);
    return () => this.emitter.off('push', listener);
  }
}
