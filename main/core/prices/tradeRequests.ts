/**
 * The requests of the Trading service's subscriptions and of the streaming connection's
 * authorization: POST, PATCH, DELETE and PUT with the signed-in user's bearer token (a 401 renews
 * the session once and replays once, the desk's rule in api/bearer.ts). Unlike the reads of
 * api/http.ts these change state on the service, so nothing is retried here: the subscriptions'
 * owner decides what to do about a failure (priceSubscriptions.ts).
 */
import { Agent, type Dispatcher } from 'undici';
import { sendWithBearer, type SessionAuth } from '../api/bearer';
import { errorFromResponse, ServiceCallError } from '../api/errors';
import { resolveUrl } from '../api/query';

const TIMEOUT_MS = 15_000;

/** What the subscriptions need of the service. */
export interface TradeRequests {
  /** The service base the requests go to now (ending in `/openapi`). */
  readonly baseUrl: string;
  /** Sends `method path` with a JSON body (when given) and answers the parsed JSON body, if any. */
  send(method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', path: string, body?: unknown): Promise<unknown>;
}

export interface TradeRequestsOptions {
  baseUrl: () => string;
  auth: SessionAuth;
  /** The undici dispatcher (a keep-alive pool of its own unless given). */
  dispatcher?: Dispatcher;
}

/** The trade requests over undici with the session's token. */
export function createTradeRequests(options: TradeRequestsOptions): TradeRequests {
  const dispatcher = options.dispatcher ?? new Agent({ connections: 8, keepAliveTimeout: 10_000 });
  async function send(method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', path: string, body?: unknown) {
    const url = resolveUrl(options.baseUrl(), path);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const answer = await sendWithBearer(options.auth, async (token) => {
      try {
        const response = await dispatcher.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers: {
            accept: 'application/json',
            ...(text !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(text !== undefined ? { body: text } : {}),
          headersTimeout: TIMEOUT_MS,
          bodyTimeout: TIMEOUT_MS,
        });
        return { status: response.statusCode, text: await response.body.text() };
      } catch (error) {
        throw new ServiceCallError('network', `The service at ${url.origin} could not be reached.`, {
          cause: error,
        });
      }
    });
    if (answer.status < 200 || answer.status >= 300) throw errorFromResponse(answer.status, answer.text);
    if (answer.text === '') return undefined;
    try {
      return JSON.parse(answer.text) as unknown;
    } catch (error) {
      throw new ServiceCallError('protocol', 'The service answered with a body that is not JSON.', {
        status: answer.status,
        code: 'MalformedResponse',
        cause: error,
      });
    }
  }
  return {
    get baseUrl() {
      return options.baseUrl();
    },
    send,
  };
}
