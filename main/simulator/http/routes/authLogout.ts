/**
 * `GET|POST {auth_url}/logout` (the discovery document's `end_session_endpoint`): ends the
 * authorization server's login session, so `prompt=none` answers `login_required` and the next
 * sign-in shows the login page. The session is the one of the browser's cookie, and with
 * `id_token_hint` the one a token of this server was signed in through: OpenID Connect
 * RP-initiated logout names the sign-in with an ID token; the simulator issues none, so an
 * access token it signed (expired or not) serves. That lets an application end the login
 * session from its back end, without the browser (RefDesk's sign-out does). With `client_id`
 * and a `post_logout_redirect_uri` registered for that app, the browser goes back there (with
 * `state`), as RP-initiated logout does; otherwise a page says the user is signed out. An
 * unregistered URI is never redirected to.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { renderErrorPage, renderSignedOutPage } from '../../auth/loginPage';
import { newNonce, pageHeaders } from '../../auth/pageHeaders';
import { OAuthError } from '../../auth/oauthError';
import { matchRedirectUri, withQuery } from '../../auth/redirectUris';
import { clearLoginSessionCookies, loginSessionOf } from './authLoginCookies';

type Parameters = Record<string, unknown>;

function textOf(parameters: Parameters, name: string): string | undefined {
  const value = parameters[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Ends the login session `id_token_hint` names, if any; a refusal in words for a hint that names none. */
async function endHintedSession(
  server: AuthorizationServer,
  parameters: Parameters,
): Promise<string | undefined> {
  const hint = textOf(parameters, 'id_token_hint');
  if (hint === undefined) return undefined;
  try {
    const known = await server.endLoginSessionOf(hint, textOf(parameters, 'client_id'));
    return known ? undefined : 'id_token_hint is not a token this server issued.';
  } catch (error) {
    if (error instanceof OAuthError) return error.description;
    throw error;
  }
}

/** Where to send the user after signing out: a URL, undefined for the signed-out page, or a refusal. */
function returnAddress(
  server: AuthorizationServer,
  parameters: Parameters,
): { url?: string; refusal?: string } {
  const text = (name: string) => textOf(parameters, name);
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

  async function signOut(request: FastifyRequest, reply: FastifyReply, raw: unknown): Promise<FastifyReply> {
    const parameters = (raw ?? {}) as Parameters;
    server.loginSessions.end(loginSessionOf(request));
    clearLoginSessionCookies(reply, cookiePath);
    const hintRefusal = await endHintedSession(server, parameters);
    const nonce = newNonce();
    if (hintRefusal !== undefined) {
      return reply
        .status(400)
        .headers(pageHeaders(nonce))
        .send(
          renderErrorPage({ title: 'This sign-out request cannot be used', message: hintRefusal, nonce }),
        );
    }
    const { url, refusal } = returnAddress(server, parameters);
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
