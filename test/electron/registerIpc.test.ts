import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcHandlers } from '../../main/core/ipc/dispatcher';

type Handler = (event: unknown, arg: unknown, requestId?: unknown) => Promise<unknown>;
type Listener = (event: unknown, ...args: unknown[]) => void;

/** Electron's ipcMain as far as registerIpc uses it: what is registered is what can be called. */
const ipcMain = {
  handlers: new Map<string, Handler>(),
  listeners: new Map<string, Listener>(),
  handle: vi.fn((channel: string, handler: Handler) => {
    if (ipcMain.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    ipcMain.handlers.set(channel, handler);
  }),
  removeHandler: vi.fn((channel: string) => ipcMain.handlers.delete(channel)),
  on: vi.fn((channel: string, listener: Listener) => ipcMain.listeners.set(channel, listener)),
  off: vi.fn((channel: string) => ipcMain.listeners.delete(channel)),
};

class FakeContents extends EventEmitter {
  static nextId = 1;
  id = FakeContents.nextId++;
  sent: unknown[][] = [];
  constructor(private readonly url: string) {
    super();
  }
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return false;
  }
  send(...args: unknown[]) {
    this.sent.push(args);
  }
}

const windows: { webContents: FakeContents }[] = [];

vi.mock('electron', () => ({
  ipcMain,
  BrowserWindow: { getAllWindows: () => windows },
  shell: { openExternal: vi.fn() },
}));

const { registerIpc } = await import('../../main/electron/registerIpc');
const { isAppUrl } = await import('../../main/electron/hardenWindow');
const { createIpcDispatcher } = await import('../../main/core/ipc/dispatcher');
const { PushEventBus } = await import('../../main/core/events');
const { CANCEL_CHANNEL, HEARTBEAT_CHANNEL, PUSH_CHANNEL } = await import('../../contract/bridge');
const { channelNames } = await import('../../contract/channelNames');

const APP_PAGE = 'app://refdesk/index.html';
const countries = vi.fn(async (_arg: unknown, _context?: { signal: AbortSignal }): Promise<{ Data: object[] }> => ({
  Data: [{ CountryCode: 'DK', Name: 'Denmark' }],
}));

/** An invoke event as Electron builds it: the frame's URL and parent are Electron's own view. */
function invokeEvent(url: string, parent: object | null, contents = new FakeContents(url)) {
  return { sender: contents, senderFrame: { url, parent } };
}

async function invoke(channel: string, event: unknown, arg?: unknown): Promise<unknown> {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, arg, 'request-1');
}

let events: InstanceType<typeof PushEventBus>;
let unregister: () => void;

beforeEach(() => {
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
  windows.length = 0;
  vi.clearAllMocks();
  events = new PushEventBus();
  const handlers = { 'reference:countries': countries } as unknown as IpcHandlers;
  unregister = registerIpc(createIpcDispatcher({ handlers, isTrustedSender: isAppUrl, events }));
});

describe('registerIpc (Electron faked)', () => {
  it("passes a call from the app's main frame to the dispatcher", async () => {
    const response = await invoke('reference:countries', invokeEvent(APP_PAGE, null));
    expect(response).toEqual({ ok: true, result: { Data: [{ CountryCode: 'DK', Name: 'Denmark' }] } });
    expect(countries).toHaveBeenCalledTimes(1);
  });

  it('refuses a subframe of the app page and a foreign origin with ForbiddenSender', async () => {
    const subframe = await invoke('reference:countries', invokeEvent(APP_PAGE, { url: APP_PAGE }));
    const foreign = await invoke('reference:countries', invokeEvent('https://evil.example/', null));
    const lookalike = await invoke('reference:countries', invokeEvent('app://refdesk.evil.example/index.html', null));
    const noFrame = await invoke('reference:countries', { sender: new FakeContents(APP_PAGE), senderFrame: null });
    for (const response of [subframe, foreign, lookalike, noFrame]) {
      expect(response).toMatchObject({ ok: false, error: { code: 'ForbiddenSender' } });
    }
    expect(countries).not.toHaveBeenCalled();
  });

  it('registers exactly the contract channels and the heartbeat: an unknown channel has no handler at all', () => {
    const registered = ipcMain.handle.mock.calls.map(([channel]) => channel);
    expect(registered.sort()).toEqual([...channelNames, HEARTBEAT_CHANNEL].sort());
    expect(registered).not.toContain('fs:readFile');
    expect(ipcMain.handlers.has('fs:readFile')).toBe(false);
    expect(ipcMain.handlers.has(PUSH_CHANNEL)).toBe(false);
    expect([...ipcMain.listeners.keys()]).toEqual([CANCEL_CHANNEL]);
  });

  it('lets only the main frame cancel its own call', async () => {
    let seen: AbortSignal | undefined;
    countries.mockImplementationOnce(async (_arg, context) => {
      seen = context?.signal;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { Data: [] };
    });
    const contents = new FakeContents(APP_PAGE);
    const call = invoke('reference:countries', invokeEvent(APP_PAGE, null, contents));
    const cancel = ipcMain.listeners.get(CANCEL_CHANNEL);
    cancel?.(invokeEvent(APP_PAGE, { url: APP_PAGE }, contents), 'request-1');
    expect(seen?.aborted).toBe(false);
    cancel?.(invokeEvent(APP_PAGE, null, contents), 'request-1');
    expect(seen?.aborted).toBe(true);
    await call;
  });

  it("answers the heartbeat of the app's main frame at once, and refuses any other sender", async () => {
    expect(await invoke(HEARTBEAT_CHANNEL, invokeEvent(APP_PAGE, null))).toEqual({ ok: true, result: true });
    for (const event of [invokeEvent(APP_PAGE, { url: APP_PAGE }), invokeEvent('https://evil.example/', null)]) {
      expect(await invoke(HEARTBEAT_CHANNEL, event)).toMatchObject({ ok: false, error: { code: 'ForbiddenSender' } });
    }
  });

  it("forwards push events to the app's windows only, never to the auth window", () => {
    const app = new FakeContents(APP_PAGE);
    const login = new FakeContents('http://127.0.0.1:4100/auth/authorize');
    windows.push({ webContents: app }, { webContents: login });
    events.emit('connection:status', { state: 'offline' });
    expect(app.sent).toEqual([[PUSH_CHANNEL, 'connection:status', { state: 'offline' }]]);
    expect(login.sent).toEqual([]);
  });

  it('removes every handler and stops forwarding when unregistered', () => {
    const app = new FakeContents(APP_PAGE);
    windows.push({ webContents: app });
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    expect(ipcMain.listeners.size).toBe(0);
    events.emit('connection:status', { state: 'online' });
    expect(app.sent).toEqual([]);
  });
});
