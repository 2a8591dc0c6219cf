/**
 * `GET {auth_url}/authorize` shows the login page for a valid authorization request, or, with
 * `prompt=none`, signs the user of the login session in without it, to an application the user
 * signed in to on the login page during that session only (`error=login_required` without a
 * session, `consent_required` for another application); `POST {auth_url}/authorize` is that
 * page's form: CSRF-checked, then deny, throttled sign-in attempts, wrong credentials (the page
 * again, with the error) or sign-in (the login session, with this application added, and a 302
 * to the redirect URI with a token in the fragment, or a code in the query).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationServer } from '../../auth/authorizationServer';
import { checkAuthorizeRequest, redirectWith, type ValidAuthorizeRequest } from '../../auth/authorizeRequest';
import { CSRF_COOKIE } from '../../auth/csrf';
import type { AuthUser } from '../../auth/usersAndAppsPort';
import { renderErrorPage, renderLoginPage } from '../../auth/loginPage';
import { describeLockout, type Lockout, type ThrottleSubject } from '../../auth/loginThrottle';
import { newNonce, pageHeaders, silentAnswerHeaders } from '../../auth/pageHeaders';
import { loginSessionOf, setLoginSessionCookies } from './authLoginCookies';

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
    extra: { error?: string; username?: string; status?: number } = {},
  ): FastifyReply {
    const cookie = server.csrf.cookieValue(currentCookie);
    if (cookie !== currentCookie) {
      reply.setCookie(CSRF_COOKIE, cookie, { path: cookiePath, httpOnly: true, sameSite: 'strict' });
    }
    const nonce = newNonce();
    const { status = 200, ...shown } = extra;
    const html = renderLoginPage({
      appName: request.app.name,
      request: request.parameters,
      csrfToken: server.csrf.formToken(cookie, server.now()),
      nonce,
      ...shown,
    });
    return reply
      .status(status)
      .headers(pageHeaders(nonce, [request.redirectUri]))
      .send(html);
  }

  function sendLockedOut(
    reply: FastifyReply,
    valid: ValidAuthorizeRequest,
    cookie: string | undefined,
    lockout: Lockout,
    username: string,
  ) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(lockout.retryAfterMs / 1000))));
    return sendLoginPage(reply, valid, cookie, { error: describeLockout(lockout), username, status: 429 });
  }

  /**
   * What the redirect URI receives for `user` signed in through the login session `loginSession`
   * (its key): a code (code flow) or an access token (implicit).
   */
  async function signInAnswer(
    valid: ValidAuthorizeRequest,
    user: AuthUser,
    loginSession: string,
  ): Promise<Record<string, string>> {
    if (valid.responseType === 'code') {
      const code = server.codes.issue(
        {
          appKey: valid.app.appKey,
          redirectUri: valid.redirectUri,
          userId: user.userId,
          ...(valid.codeChallenge !== undefined ? { codeChallenge: valid.codeChallenge } : {}),
          loginSession,
        },
        server.now(),
      );
      return { code };
    }
    const { response } = await server.startSession(user, valid.app, {
      confidential: false,
      withRefreshToken: false,
      loginSession,
    });
    return {
      access_token: response.access_token,
      token_type: response.token_type,
      expires_in: String(response.expires_in),
    };
  }

  /** Why `prompt=none` cannot sign in silently, or the user and login session it signs in. */
  function silentSignIn(
    request: FastifyRequest,
    valid: ValidAuthorizeRequest,
  ): { user: AuthUser; loginSession: string } | { error: string; error_description: string } {
    const session = server.loginSessions.sessionOf(loginSessionOf(request), server.now());
    const user = session === undefined ? undefined : server.usersAndApps.findUserById(session.userId);
    if (session === undefined || user === undefined)
      return {
        error: 'login_required',
        error_description: 'The user is not signed in at the authorization server.',
      };
    if (!session.clientIds.has(valid.app.appKey)) {
      return {
        error: 'consent_required',
        error_description:
          'The user has not signed in to this application in this session; show the login page.',
      };
    }
    return { user, loginSession: session.key };
  }

  /**
   * `prompt=none`: the user of the login session, signed in again without the page to an
   * application they signed in to on the page in that session; otherwise `login_required` or
   * `consent_required`, on the redirect URI as the flow's error response.
   */
  async function signInSilently(
    request: FastifyRequest,
    reply: FastifyReply,
    valid: ValidAuthorizeRequest,
  ): Promise<FastifyReply> {
    const silent = silentSignIn(request, valid);
    const answer = 'user' in silent ? await signInAnswer(valid, silent.user, silent.loginSession) : silent;
    return reply
      .headers(silentAnswerHeaders(valid.redirectUri))
      .redirect(redirectWith(valid, { ...answer, state: valid.state }), 302);
  }

  app.get('/authorize', async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, server.usersAndApps);
    if (check.kind === 'errorPage') return sendErrorPage(reply, 400, check.title, check.message);
    if (check.kind === 'redirect')
      return reply.header('cache-control', 'no-store').redirect(check.location, 302);
    if (check.request.prompt === 'none') return signInSilently(request, reply, check.request);
    return sendLoginPage(reply, check.request, request.cookies[CSRF_COOKIE]);
  });

  app.post('/authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const check = checkAuthorizeRequest(form, server.usersAndApps);
    if (check.kind === 'errorPage') return sendErrorPage(reply, 400, check.title, check.message);
    if (check.kind === 'redirect')
      return reply.header('cache-control', 'no-store').redirect(check.location, 302);
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
      reply
        .header('cache-control', 'no-store')
        .redirect(redirectWith(valid, { ...parameters, state: valid.state }), 302);

    if (field(form, 'decision') === 'deny') {
      return back({ error: 'access_denied', error_description: 'The user denied access.' });
    }
    const username = field(form, 'username')?.trim().slice(0, 200) ?? '';
    const password = field(form, 'password') ?? '';
    // The login name first: on equal waits the page names the login rather than the computer.
    const subjects: ThrottleSubject[] = [
      ...(username ? [{ kind: 'loginName' as const, value: username }] : []),
      { kind: 'clientAddress', value: request.ip },
    ];
    const lockedOut = server.loginThrottle.lockout(subjects, server.now());
    if (lockedOut) return sendLockedOut(reply, valid, cookie, lockedOut, username);

    const user = username && password ? server.usersAndApps.findUserByLogin(username, password) : undefined;
    if (user === undefined) {
      const lockout = server.loginThrottle.recordFailure(subjects, server.now());
      if (lockout) return sendLockedOut(reply, valid, cookie, lockout, username);
      return sendLoginPage(reply, valid, cookie, {
        error: 'The user name or password is not correct.',
        username,
      });
    }
    server.loginThrottle.recordSuccess({ kind: 'loginName', value: username });
    const loginSession = server.loginSessions.signedIn(
      loginSessionOf(request),
      user.userId,
      valid.app.appKey,
      server.now(),
    );
    setLoginSessionCookies(reply, loginSession.cookie, cookiePath, server.loginSessions.ttlSeconds);
    return back(await signInAnswer(valid, user, loginSession.key));
  });
}
