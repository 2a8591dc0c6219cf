/**
 * Web-shell preload: the same `window.desk` as the Electron preload, carried over HTTP to the
 * web shell on the same origin. The session cookie (HttpOnly, set by the launch link) and the
 * bridge header authenticate the call; the page never sees the per-run secret.
 */
import { buildDesk } from './bridge';
import { BRIDGE_HEADER, type DeskResponse } from './contract';

async function invokeOverHttp(channel: string, arg: unknown): Promise<DeskResponse<unknown>> {
  let response: Response;
  try {
    response = await fetch(`/__desk/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: '1' },
      body: JSON.stringify(arg === undefined ? {} : { arg }),
    });
  } catch {
    return { ok: false, error: { code: 'ShellUnreachable', message: 'The RefDesk web shell is not reachable.' } };
  }
  try {
    return (await response.json()) as DeskResponse<unknown>;
  } catch {
    return {
      ok: false,
      error: { code: 'ShellError', message: `The web shell answered ${response.status} without a result.` },
    };
  }
}

Object.defineProperty(window, 'desk', { value: buildDesk(invokeOverHttp), writable: false, configurable: false });
