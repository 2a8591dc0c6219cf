/**
 * `GET|POST {auth_url}/logout` (the discovery document's `end_session_endpoint`): ends the
 * authorization server's login session, so `prompt=none` answers `login_required` and the next
 * sign-in shows the login page. With `client_id` and a `post_logout_redirect_uri` registered for
 * that app, the browser goes back there (with `state`), as OpenID Connect RP-initiated logout
 * does; otherwise a page says the user is signed out. An unregistered URI is never redirected to.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { renderErrorPage, renderSignedOutPage } from '../../auth/loginPage';
import { newNonce, pageHeaders } from '../../auth/pageHeaders';
import { matchRedirectUri, withQuery } from '../../auth/redirectUris';
import { clearLoginSessionCookies, loginSessionOf } from './authLoginCookies';

/** Where to send the user after signing out: a URL, undefined for the signed-out page, or a refusal. */
function returnAddress(
  server: AuthorizationServer,
  parameters: Record<string, unknown>,
): { url?: string; refusal?: string } {
  const text = (name: string) =>
    typeof parameters[name] === 'string' && parameters[name] !== ''
      ? (parameters[name] as string)
      : undefined;
  const uri = text('post_logout_redirect_uri');
  if (uri === undefined) return {};
  const clientId = text('client_id');
  const app = clientId === undefined ? undefined : server.usersAndApps.findApp(clientId);
  if (app === undefined)
    return { refusal: 'post_logout_redirect_uri needs the client_id of a known application.' };
  if (matchRedirectUri(uri, app.redirectUris) === undefined)
    return { refusal: 'post_logout_redirect_uri is not registered for this application.' };
  const state = text('state');
  return { url: withQuery(uri, state === undefined ? {} : { state }) };
}

/** Registers `/logout` on the authorization server's scope. */
export function registerLogoutRoute(app: FastifyInstance, server: AuthorizationServer): void {
  const cookiePath = app.prefix === '' ? '/' : app.prefix;

  function signOut(request: FastifyRequest, reply: FastifyReply, parameters: unknown): FastifyReply {
    server.loginSessions.end(loginSessionOf(request));
    clearLoginSessionCookies(reply, cookiePath);
    const { url, refusal } = returnAddress(server, (parameters ?? {}) as Record<string, unknown>);
    const nonce = newNonce();
    if (refusal !== undefined) {
      // Signed out all the same; only the way back is refused.
      return reply
        .status(400)
        .headers(pageHeaders(nonce))
        .send(
          renderErrorPage({ title: 'You are signed out, but cannot be sent back', message: refusal, nonce }),
        );
    }
    if (url !== undefined) return reply.header('cache-control', 'no-store').redirect(url, 302);
    return reply.status(200).headers(pageHeaders(nonce)).send(renderSignedOutPage({ nonce }));
  }

  app.get('/logout', async (request, reply) => signOut(request, reply, request.query));
  app.post('/logout', async (request, reply) => signOut(request, reply, request.body));
}
