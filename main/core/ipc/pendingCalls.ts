/**
 * Calls in flight that the renderer named with a request id, so a later `desk.cancel(id)`
 * (Electron: a message on the cancel channel) can abort them. Keyed by the sending window, so
 * one window can never cancel another's calls.
 */
import { MAX_REQUEST_ID_LENGTH } from '../../../contract/bridge';

export interface PendingCall {
  /** Aborted when the renderer cancels the call or its window goes away. */
  signal: AbortSignal;
  /** Forgets the call once it has answered. */
  end(): void;
}

/** A request id as the renderer may send it: a short string. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH;
}

export class PendingCalls {
  private readonly calls = new Map<string, AbortController>();
  private anonymousCalls = 0;

  /** Registers a call of `senderId`; an unnamed call still gets a signal (aborted with its window). */
  begin(senderId: number, requestId: unknown): PendingCall {
    const controller = new AbortController();
    const key = `${senderId}:${isRequestId(requestId) ? requestId : `anonymous:${++this.anonymousCalls}`}`;
    // A reused id supersedes the earlier call.
    this.calls.get(key)?.abort();
    this.calls.set(key, controller);
    return {
      signal: controller.signal,
      end: () => {
        if (this.calls.get(key) === controller) this.calls.delete(key);
      },
    };
  }

  /** Aborts the call `requestId` of `senderId`; unknown ids are ignored. */
  cancel(senderId: number, requestId: unknown): void {
    if (!isRequestId(requestId)) return;
    const key = `${senderId}:${requestId}`;
    this.calls.get(key)?.abort();
    this.calls.delete(key);
  }

  /** Aborts every call of a window that went away. */
  cancelAll(senderId: number): void {
    const prefix = `${senderId}:`;
    for (const [key, controller] of this.calls) {
      if (key.startsWith(prefix)) {
        controller.abort();
        this.calls.delete(key);
      }
    }
  }

  get size(): number {
    return this.calls.size;
  }
}
