/**
 * The platform's official JavaScript library (openapi-clientlib) set up in Node against a
 * simulator, unchanged: its plain WebSocket streaming over its REST transport. Node 20 has no
 * browser globals, so `window` is the global object and `WebSocket` is the `ws` package's.
 */
import WebSocket from 'ws';

/**
 * A browser's WebSocket reports a failed connection through `onerror`/`onclose` only; `ws`
 * also emits an 'error' event, which Node throws when nobody listens (the library listens by
 * the `on…` properties alone). Listening to it makes `ws` behave as a browser's socket.
 */
class BrowserWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => undefined);
  }
}

const globals = globalThis as unknown as Record<string, unknown>;
globals.window ??= globalThis;
globals.WebSocket ??= BrowserWebSocket;

const library = await import('openapi-clientlib');
export const { AuthProvider, TransportAuth, Streaming, streamingTransports, log } = library;

export type ClientStreaming = InstanceType<typeof Streaming>;

/** Errors the library logged (the streaming's "Messages out of order" among them). */
export function collectLibraryErrors(): { errors: string[]; infos: string[]; stop(): void } {
  const errors: string[] = [];
  const infos: string[] = [];
  const onError = (area: string, message: string) => errors.push(`${area}: ${message}`);
  const onInfo = (area: string, message: string) => infos.push(`${area}: ${message}`);
  log.on(log.ERROR, onError);
  log.on(log.INFO, onInfo);
  return {
    errors,
    infos,
    stop: () => {
      log.off(log.ERROR, onError);
      log.off(log.INFO, onInfo);
    },
  };
}

/**
 * A streaming client of the library for `origin` (the simulator's, or a proxy's) signed in with
 * `token`. The token's expiry as the library sees it is the real clock's (the simulator's clock
 * may run on another day).
 */
export function libraryClient(origin: string, token: string) {
  const authProvider = new AuthProvider({ token, expiry: Date.now() + 20 * 60_000 });
  const transport = new TransportAuth(origin, authProvider);
  const streaming = new Streaming(transport, `${origin}/openapi`, authProvider, {
    transportTypes: [streamingTransports.PLAIN_WEBSOCKETS],
  });
  return { authProvider, transport, streaming };
}

/** Resolves once `condition` holds (checked every 20 ms), or rejects after `timeoutMs`. */
export async function eventually(
  condition: () => boolean,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
