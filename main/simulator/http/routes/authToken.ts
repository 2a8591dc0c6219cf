/**
 * `POST {auth_url}/token` and `POST {auth_url}/revoke` (RFC 7009): form-encoded requests
 * answered with RFC 6749's JSON, never cached; a failed client authentication is 401 with
 * `WWW-Authenticate: Basic`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { handleTokenRequest } from '../../auth/grants';
import { OAuthError } from '../../auth/oauthError';
import { handleRevocationRequest } from '../../auth/revocation';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Sends an OAuthError as RFC 6749 section 5.2 prescribes. */
export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  reply.status(error.status).headers(NO_STORE);
  if (error.status === 401) reply.header('www-authenticate', 'Basic realm="refdesk-simulator", charset="UTF-8"');
  return reply.send(error.body());
}

/** Reads the urlencoded form: each field once (RFC 6749 section 3.2), as a string. */
function readForm(body: unknown): Record<string, string | undefined> {
  if (body === null || typeof body !== 'object') throw new OAuthError('invalid_request', 'The request must be form-encoded.');
  const form: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `The parameter ${name.slice(0, 60)} was given more than once.`);
    if (typeof value === 'string') form[name] = value;
  }
  return form;
}

/** The form of a request to `/token` or `/revoke`; an OAuthError for any other body. */
function formOf(request: FastifyRequest): Record<string, string | undefined> {
  if (!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The request must be application/x-www-form-urlencoded.');
  }
  return readForm(request.body);
}

/** Registers `/token` and `/revoke` on the authorization server's scope. */
export function registerTokenRoutes(app: FastifyInstance, server: AuthorizationServer): void {
  app.post('/token', async (request, reply) => {
    try {
      const response = await handleTokenRequest(server, request.headers.authorization, formOf(request));
      return reply.status(200).headers(NO_STORE).send(response);
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });

  app.post('/revoke', async (request, reply) => {
    try {
      await handleRevocationRequest(server, request.headers.authorization, formOf(request));
      return reply.status(200).headers(NO_STORE).send();
    } catch (error) {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      throw error;
    }
  });
}
