/**
 * The API's bearer-token check (RFC 6750): every request under the API scope needs
 * `Authorization: Bearer <token>` with an access token this run issued, not expired, of a live
 * session. Anything else is 401 with `WWW-Authenticate: Bearer` and, like the platform, an
 * empty body; the header says what was wrong.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AuthorizationServer } from './authorizationServer';

const REALM = 'refdesk-simulator';
/** RFC 6750 section 2.1: `Bearer` then a b64token. */
const BEARER_PATTERN = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const REFUSALS = {
  malformed: 'The Authorization header must be "Bearer <access token>".',
  invalid: 'The access token is not valid.',
  expired: 'The access token has expired.',
  revoked: 'The session of this access token was ended.',
} as const;

function refuse(reply: FastifyReply, reason?: keyof typeof REFUSALS): FastifyReply {
  // Without any credentials RFC 6750 section 3.1 says to name only the scheme and realm.
  const challenge = reason === undefined ? `Bearer realm="${REALM}"` : `Bearer realm="${REALM}", error="invalid_token", error_description="${REFUSALS[reason]}"`;
  return reply.status(401).header('www-authenticate', challenge).header('cache-control', 'no-store').send();
}

/** The onRequest hook of the API scope; verified claims are attached to the request for requestUser(). */
export function bearerAuthentication(server: AuthorizationServer): onRequestAsyncHookHandler {
  return async function checkBearer(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return refuse(reply);
    const match = BEARER_PATTERN.exec(header);
    if (!match?.[1]) return refuse(reply, 'malformed');
    const check = await server.verifyAccessToken(match[1]);
    if (!check.ok) return refuse(reply, check.reason);
    server.attach(request, check.claims);
  };
}
