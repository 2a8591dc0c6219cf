/**
 * The authorization server's scope (`/auth`): form bodies and cookies only here, and failures
 * answered in the scope's own terms — RFC 6749 JSON on `/token`, an error page elsewhere —
 * rather than the API's `{ErrorCode, Message}`.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { renderErrorPage } from '../../auth/loginPage';
import { OAuthError } from '../../auth/oauthError';
import { newNonce, pageHeaders } from '../../auth/pageHeaders';
import { registerAuthorizeRoutes } from './authAuthorize';
import { registerLogoutRoute } from './authLogout';
import { registerTokenRoutes, sendOAuthError } from './authToken';
import { registerWellKnownRoutes } from './authWellKnown';

/** Form bodies of the login page and the token endpoint are small. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Registers `/authorize`, `/token`, `/revoke`, `/logout` and the `/.well-known` documents on
 * `app` (a scope prefixed with the authorization server's path).
 */
export async function registerAuthServerRoutes(app: FastifyInstance, server: AuthorizationServer): Promise<void> {
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(cookie);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    if (!clientError) request.log.error({ err: error }, 'unexpected authorization server failure');
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('/token') || path.endsWith('/revoke')) {
      const description = clientError ? error.message : 'The request could not be processed.';
      return sendOAuthError(reply, new OAuthError('invalid_request', description));
    }
    const nonce = newNonce();
    const status = clientError ? 400 : 500;
    return reply
      .status(status)
      .headers(pageHeaders(nonce))
      .send(renderErrorPage({ title: 'This sign-in request cannot be used', message: clientError ? error.message : 'The sign-in failed unexpectedly.', nonce }));
  });

  registerAuthorizeRoutes(app, server);
  registerTokenRoutes(app, server);
  registerLogoutRoute(app, server);
  registerWellKnownRoutes(app, server);
}
