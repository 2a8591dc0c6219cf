/**
 * `GET {auth_url}/authorize` shows the login page for a valid authorization request;
 * `POST {auth_url}/authorize` is that page's form: CSRF-checked, then deny, wrong credentials
 * (the page again, with the error) or sign-in (302 to the redirect URI with a token in the
 * fragment, or a code in the query).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { checkAuthorizeRequest, redirectWith, type ValidAuthorizeRequest } from '../../auth/authorizeRequest';
import { CSRF_COOKIE } from '../../auth/csrf';
import { renderErrorPage, renderLoginPage } from '../../auth/loginPage';
import { newNonce, pageHeaders } from '../../auth/pageHeaders';

type Form = Record<string, unknown>;

function field(form: Form, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
}

function sendErrorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  const nonce = newNonce();
  return reply.status(status).headers(pageHeaders(nonce)).send(renderErrorPage({ title, message, nonce }));
}

/** Registers `/authorize` on the authorization server's scope. */
export function registerAuthorizeRoutes(app: FastifyInstance, server: AuthorizationServer): void {
  const cookiePath = app.prefix === '' ? '/' : app.prefix;

  function sendLoginPage(
    reply: FastifyReply,
    request: ValidAuthorizeRequest,
    currentCookie: string | undefined,
    extra: { error?: string; username?: string } = {},
  ): FastifyReply {
    const cookie = server.csrf.cookieValue(currentCookie);
    if (cookie !== currentCookie) {
      reply.setCookie(CSRF_COOKIE, cookie, { path: cookiePath, httpOnly: true, sameSite: 'strict' });
    }
    const nonce = newNonce();
    const html = renderLoginPage({
      appName: request.app.name,
      request: request.parameters,
      csrfToken: server.csrf.formToken(cookie, server.now()),
      nonce,
      ...extra,
    });
    return reply.status(200).headers(pageHeaders(nonce, [request.redirectUri])).send(html);
  }

  app.get('/authorize', async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, server.directory);
    if (check.kind === 'errorPage') return sendErrorPage(reply, 400, check.title, check.message);
    if (check.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(check.location, 302);
    return sendLoginPage(reply, check.request, request.cookies[CSRF_COOKIE]);
  });

  app.post('/authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const check = checkAuthorizeRequest(form, server.directory);
    if (check.kind === 'errorPage') return sendErrorPage(reply, 400, check.title, check.message);
    if (check.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(check.location, 302);
    const cookie = request.cookies[CSRF_COOKIE];
    if (!server.csrf.check(cookie, field(form, 'csrf_token'), server.now())) {
      return sendErrorPage(
        reply,
        403,
        'This sign-in form has expired',
        'The form was not opened here or is too old. Go back to the application and start signing in again.',
      );
    }
    const valid = check.request;
    const back = (parameters: Record<string, string | undefined>) =>
      reply.header('cache-control', 'no-store').redirect(redirectWith(valid, { ...parameters, state: valid.state }), 302);

    if (field(form, 'decision') === 'deny') {
      return back({ error: 'access_denied', error_description: 'The user denied access.' });
    }
    const username = field(form, 'username')?.trim() ?? '';
    const password = field(form, 'password') ?? '';
    const user = username && password ? server.directory.findUserByLogin(username, password) : undefined;
    if (user === undefined) {
      return sendLoginPage(reply, valid, cookie, { error: 'The user name or password is not correct.', username });
    }
    if (valid.responseType === 'code') {
      const code = server.codes.issue(
        { appKey: valid.app.appKey, redirectUri: valid.redirectUri, userId: user.userId, codeChallenge: valid.codeChallenge ?? '' },
        server.now(),
      );
      return back({ code });
    }
    const { response } = await server.startSession(user, valid.app, { confidential: false, withRefreshToken: false });
    return back({ access_token: response.access_token, token_type: response.token_type, expires_in: String(response.expires_in) });
  });
}
