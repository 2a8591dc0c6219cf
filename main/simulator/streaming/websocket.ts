/**
 * The streaming connection: `GET {API}/streamingws/connect?contextId=…&Authorization=Bearer…
 * [&sendHeartbeats=true][&messageid=N]` upgraded to a WebSocket (the `ws` library does the
 * protocol). A browser's WebSocket cannot send headers, so the token comes in the query, as on
 * the platform; it is checked like every API request's bearer token, and the connection belongs
 * to the token's user: it can only join that user's contexts. Anything else is answered with a
 * plain HTTP refusal before the upgrade (the service's error body, 401 without one).
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AccessTokenClaims } from '../auth/accessTokens';
import type { AuthorizationServer, TokenCheck } from '../auth/authorizationServer';
import type { CorsOrigins } from '../http/cors';
import { ServiceError } from '../http/errors';
import type { StreamingHub } from './hub';

/** ContextId as the platform allows it: letters, digits, '-' and '_', at most 50 characters. */
export const CONTEXT_ID_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const MESSAGE_ID = /^\d{1,15}$/;

function refuse(
  socket: Duplex,
  status: number,
  body?: { ErrorCode: string; Message: string },
  headers: Record<string, string> = {},
): void {
  const text = body ? JSON.stringify(body) : '';
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(text)}`,
    ...(body ? ['Content-Type: application/json; charset=utf-8'] : []),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}

async function verify(auth: AuthorizationServer, token: string): Promise<TokenCheck> {
  return auth.verifyKnownAccessToken(token) ?? (await auth.verifyAccessToken(token));
}

export interface StreamingSocketOptions {
  hub: StreamingHub;
  auth: AuthorizationServer;
  /** The API's path (`/openapi`): the connection is at `{apiPrefix}/streamingws/connect`. */
  apiPrefix: string;
  corsOrigins: CorsOrigins;
}

/** Serves the streaming connection on `server`'s upgrade requests; returns how to stop. */
export function serveStreamingSockets(server: Server, options: StreamingSocketOptions): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096, perMessageDeflate: false });
  const connectPath = `${options.apiPrefix}/streamingws/connect`.toLowerCase();

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.toLowerCase().replace(/\/$/, '') !== connectPath) {
      return refuse(socket, 404, { ErrorCode: 'NotFound', Message: 'Requested resource not found' });
    }
    const origin = request.headers.origin;
    if (options.corsOrigins !== '*' && origin !== undefined && !options.corsOrigins.includes(origin)) {
      return refuse(socket, 403, {
        ErrorCode: 'Forbidden',
        Message: 'This origin may not open streaming connections.',
      });
    }
    const query = new Map([...url.searchParams].map(([name, value]) => [name.toLowerCase(), value]));
    const contextId = query.get('contextid') ?? '';
    if (!CONTEXT_ID_PATTERN.test(contextId)) {
      return refuse(socket, 400, {
        ErrorCode: 'InvalidRequest',
        Message: 'contextId is required: letters, digits, "-" and "_", at most 50 characters.',
      });
    }
    const messageId = query.get('messageid');
    if (messageId !== undefined && !MESSAGE_ID.test(messageId)) {
      return refuse(socket, 400, {
        ErrorCode: 'InvalidRequest',
        Message: 'messageid must be a whole number.',
      });
    }
    const token = BEARER.exec(query.get('authorization') ?? '')?.[1];
    const check = token === undefined ? undefined : await verify(options.auth, token);
    if (!check?.ok || token === undefined) {
      return refuse(socket, 401, undefined, {
        'WWW-Authenticate': 'Bearer realm="refdesk-simulator", error="invalid_token"',
      });
    }
    const claims: AccessTokenClaims = check.claims;
    const { hub } = options;
    let context;
    try {
      context = hub.contextFor(claims.uid, contextId);
    } catch (error) {
      if (error instanceof ServiceError)
        return refuse(socket, error.status, { ErrorCode: error.errorCode, Message: error.message });
      throw error;
    }
    if (!context.connection && hub.connectionCount(claims.uid) >= hub.limits.connectionsPerUser) {
      return refuse(socket, 429, {
        ErrorCode: 'TooManyStreamingConnections',
        Message: `A user may hold at most ${hub.limits.connectionsPerUser} streaming connections.`,
      });
    }
    // The HTTP server's idle timeout is for requests: a quiet streaming connection stays open.
    if ('setTimeout' in socket) (socket as Duplex & { setTimeout(ms: number): void }).setTimeout(0);
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      hub.connect(
        context,
        webSocket,
        { token, expiresAt: claims.exp * 1000, sessionId: claims.sid },
        query.get('sendheartbeats')?.toLowerCase() === 'true',
        messageId === undefined ? undefined : Number(messageId),
      );
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgrade(request, socket, head).catch(() =>
      refuse(socket, 500, {
        ErrorCode: 'InternalServerError',
        Message: 'The streaming connection could not be opened.',
      }),
    );
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    sockets.close();
  };
}
