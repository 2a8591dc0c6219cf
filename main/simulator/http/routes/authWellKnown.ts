/**
 * The authorization server's metadata, where clients look for it: `/.well-known/jwks.json`, the
 * key set that verifies its access tokens (a token inspector or a resource server checks a
 * token's signature with it), and `/.well-known/openid-configuration`, its endpoints and what
 * it supports. Both under `{auth_url}`, the tokens' issuer.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { PERSONAL_JWT_GRANT } from '../../auth/grants';

/** Registers the well-known documents on the authorization server's scope. */
export function registerWellKnownRoutes(app: FastifyInstance, server: AuthorizationServer): void {
  // Each run signs with a new key: a client must not keep an earlier run's key set.
  const headers = { 'cache-control': 'no-cache' };

  app.get('/.well-known/jwks.json', async (_request, reply) => reply.headers(headers).send(server.jwks));

  app.get('/.well-known/openid-configuration', async (_request, reply) => {
    const issuer = server.authUrl;
    return reply.headers(headers).send({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      revocation_endpoint: `${issuer}/revoke`,
      end_session_endpoint: `${issuer}/logout`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code', 'token'],
      response_modes_supported: ['query', 'fragment'],
      grant_types_supported: ['authorization_code', 'implicit', 'refresh_token', PERSONAL_JWT_GRANT],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      access_token_signing_alg_values_supported: ['RS256'],
    });
  });
}
