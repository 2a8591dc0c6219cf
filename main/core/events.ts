/**
 * The push-event bus of main: services emit contract events here; each shell forwards them to
 * its renderer (webContents.send in Electron, server-sent events in the web shell).
 */
import { EventEmitter } from 'node:events';
import type { PushEventName, PushEvents } from '../../preload/contract';

export type PushListener = <E extends PushEventName>(event: E, payload: PushEvents[E]) => void;

export class PushEventBus {
  private readonly emitter = new EventEmitter();

  /** Sends `payload` to every renderer listening for `event`. */
  emit<E extends PushEventName>(event: E, payload: PushEvents[E]): void {
    this.emitter.emit('push', event, payload);
  }

  /** Receives every push event (shells forward them); returns the unsubscribe function. */
  subscribe(listener: PushListener): () => void {
    this.emitter.on('push', listener);
    return () => this.emitter.off('push', listener);
  }
}
