/**
 * The API's bearer-token check (RFC 6750): every request under the API scope needs
 * `Authorization: Bearer <token>` with an access token this run issued, not expired, of a live
 * session. Anything else is 401 with `WWW-Authenticate: Bearer` and, like the platform, an
 * empty body; the header says what was wrong.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { AuthorizationServer, TokenCheck } from './authorizationServer';

const REALM = 'refdesk-simulator';
/** RFC 6750 section 2.1: `Bearer` then a b64token. */
const BEARER_PATTERN = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const REFUSALS = {
  malformed: 'The Authorization header must be "Bearer <access token>".',
  invalid: 'The access token is not valid.',
  expired: 'The access token has expired.',
  revoked: 'The session of this access token was ended.',
} as const;

/** Answers 401; returns nothing, because a callback hook that returns a thenable (a reply is one) is awaited. */
function refuse(reply: FastifyReply, reason?: keyof typeof REFUSALS): void {
  // Without any credentials RFC 6750 section 3.1 says to name only the scheme and realm.
  const challenge = reason === undefined ? `Bearer realm="${REALM}"` : `Bearer realm="${REALM}", error="invalid_token", error_description="${REFUSALS[reason]}"`;
  void reply.status(401).header('www-authenticate', challenge).header('cache-control', 'no-store').send();
}

/**
 * The onRequest hook of the API scope; verified claims are attached to the request for
 * requestUser(). A callback hook rather than an async one: a token seen before is checked
 * without waiting, which saves every API request a round of promises.
 */
export function bearerAuthentication(server: AuthorizationServer): onRequestHookHandler {
  function conclude(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, check: TokenCheck): void {
    if (!check.ok) return refuse(reply, check.reason);
    server.attach(request, check.claims);
    done();
  }
  return function checkBearer(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return refuse(reply);
    const token = BEARER_PATTERN.exec(header)?.[1];
    if (!token) return refuse(reply, 'malformed');
    const known = server.verifyKnownAccessToken(token);
    if (known) return conclude(request, reply, done, known);
    void server.verifyAccessToken(token).then((check) => conclude(request, reply, done, check), done);
  };
}
