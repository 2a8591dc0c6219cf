/**
 * A web shell in front of the service endpoint channels only (instruments, reference, corporate
 * action events and their lookup lists: the derived handlers and the cached ones), over a given
 * service client: what
 * the client tests and the IPC benchmark drive through the real HTTP bridge.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BRIDGE_HEADER, type DeskResponse } from '../../contract/bridge';
import type { PushEventBus } from '../../main/core/events';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { endpointHandlers } from '../../main/core/ipc/endpointHandlers';
import { registerCorporateActionsLookupIpc } from '../../main/core/ipc/registerCorporateActionsLookupIpc';
import { registerInstrumentsIpc } from '../../main/core/ipc/registerInstrumentsIpc';
import { registerReferenceIpc } from '../../main/core/ipc/registerReferenceIpc';
import type { ServiceClient } from '../../main/core/services';
import { startWebShell, type RunningWebShell } from '../../main/web/server';

export interface BridgedShell {
  shell: RunningWebShell;
  /** Headers of a call from the shell's own page (cookie, Origin, bridge header). */
  pageHeaders: Record<string, string>;
  /** Calls a channel as the page's bridge does. */
  invoke<R = unknown>(channel: string, arg?: unknown, signal?: AbortSignal): Promise<DeskResponse<R>>;
  close(): Promise<void>;
}

/** Starts a web shell whose dispatcher serves the endpoint channels over `services`. */
export async function startBridgedShell(
  services: ServiceClient,
  events?: PushEventBus,
): Promise<BridgedShell> {
  const dir = await mkdtemp(path.join(tmpdir(), 'refdesk-client-shell-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<html><head><script type="module" src="./a.js"></script></head></html>',
  );
  await writeFile(path.join(dir, 'preload.js'), 'window.desk = {};');
  // Only the endpoint channels exist here; the dispatcher calls a handler only for its own channel.
  const handlers = {
    ...endpointHandlers(services.http),
    ...registerInstrumentsIpc(services),
    ...registerReferenceIpc(services),
    ...registerCorporateActionsLookupIpc(services),
  } as IpcHandlers;
  const shell = await startWebShell({
    dispatch: (isTrustedSender) =>
      createIpcDispatcher({ handlers, isTrustedSender, ...(events ? { events } : {}) }),
    rendererDir: dir,
    webPreloadFile: path.join(dir, 'preload.js'),
  });
  const launch = await fetch(shell.launchUrl, { redirect: 'manual' });
  const cookie = launch.headers.get('set-cookie')?.split(';')[0] ?? '';
  const pageHeaders = { cookie, origin: shell.origin, [BRIDGE_HEADER]: '1' };
  return {
    shell,
    pageHeaders,
    async invoke<R>(channel: string, arg?: unknown, signal?: AbortSignal) {
      const response = await fetch(`${shell.origin}/__desk/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...pageHeaders },
        body: JSON.stringify(arg === undefined ? {} : { arg }),
        ...(signal ? { signal } : {}),
      });
      return (await response.json()) as DeskResponse<R>;
    },
    close: () => shell.close(),
  };
}
