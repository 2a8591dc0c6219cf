/**
 * Web-shell preload: the same `window.desk` as the Electron preload, carried over HTTP to the
 * web shell on the same origin. The session cookie (HttpOnly, set by the launch link) and the
 * bridge header authenticate the call; the page never sees the per-run secret.
 *
 * Cancelling a call aborts its fetch: the browser drops the request and the shell, seeing the
 * connection close, aborts the work in main (down to the HTTP request to the service).
 */
import { BRIDGE_HEADER, WEB_HEARTBEAT_PATH, WEB_INVOKE_PATH, type DeskResponse } from '../contract/bridge';
import { buildDesk } from './bridge';
import { streamPushEvents } from './webEvents';
import { createLanes, isPriorityChannel, ORDINARY_LANES } from './webLanes';

// A first opening's page is the app itself, served at its launch link (main/web/server.ts): the
// address drops the used key before the renderer's router reads it (this script runs first).
if (location.pathname === '/launch') history.replaceState(history.state, '', `/${location.hash}`);

/** Calls in flight that were given a request id, so `desk.cancel` can abort them. */
const inFlight = new Map<string, AbortController>();
/** The connections ordinary calls may hold (webLanes.ts: a sign-in must always get through). */
const ordinaryLanes = createLanes(ORDINARY_LANES);

async function invokeOverHttp(
  channel: string,
  arg: unknown,
  requestId: string | undefined,
): Promise<DeskResponse<unknown>> {
  const controller = new AbortController();
  if (requestId !== undefined) {
    inFlight.get(requestId)?.abort();
    inFlight.set(requestId, controller);
  }
  const release = isPriorityChannel(channel) ? () => undefined : await ordinaryLanes.acquire(controller.signal);
  if (!release) {
    if (requestId !== undefined && inFlight.get(requestId) === controller) inFlight.delete(requestId);
    return cancelledResponse();
  }
  try {
    let response: Response;
    try {
      response = await fetch(`${WEB_INVOKE_PATH}/${encodeURIComponent(channel)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: '1' },
        body: JSON.stringify(arg === undefined ? {} : { arg }),
        signal: controller.signal,
      });
    } catch {
      if (controller.signal.aborted) return cancelledResponse();
      return {
        ok: false,
        error: { code: 'ShellUnreachable', message: 'The RefDesk web shell is not reachable.' },
      };
    }
    try {
      return (await response.json()) as DeskResponse<unknown>;
    } catch {
      if (controller.signal.aborted) return cancelledResponse();
      return {
        ok: false,
        error: { code: 'ShellError', message: `The web shell answered ${response.status} without a result.` },
      };
    }
  } finally {
    release();
    if (requestId !== undefined && inFlight.get(requestId) === controller) inFlight.delete(requestId);
  }
}

/** The heartbeat: answered by the shell as soon as its event loop runs; refused or dropped means it is gone. */
async function heartbeatOverHttp(): Promise<DeskResponse<true>> {
  try {
    const response = await fetch(WEB_HEARTBEAT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { [BRIDGE_HEADER]: '1' },
      cache: 'no-store',
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true, result: true };
    return { ok: false, error: { code: 'ShellError', message: `The web shell answered the heartbeat with ${response.status}.` } };
  } catch {
    return { ok: false, error: { code: 'ShellUnreachable', message: 'The RefDesk web shell is not reachable.' } };
  }
}

function cancelledResponse(): DeskResponse<never> {
  return { ok: false, error: { code: 'Cancelled', message: 'The request was cancelled.' } };
}

Object.defineProperty(window, 'desk', {
  value: buildDesk({
    invoke: invokeOverHttp,
    cancel: (requestId) => inFlight.get(requestId)?.abort(),
    heartbeat: heartbeatOverHttp,
    listen: streamPushEvents,
  }),
  writable: false,
  configurable: false,
});
