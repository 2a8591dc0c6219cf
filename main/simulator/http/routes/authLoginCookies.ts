/**
 * The cookies of the authorization server's login session (auth/loginSessions.ts): set after a
 * sign-in on the login page, read by `/authorize?prompt=none`, cleared by `/logout`. Both are
 * HttpOnly and scoped to the authorization server's path; see LOGIN_SESSION_COOKIE for why there
 * are two.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_SESSION_COOKIE, LOGIN_SESSION_LAX_COOKIE } from '../../auth/loginSessions';

/** The login session id the request carries, if any. */
export function loginSessionOf(request: FastifyRequest): string | undefined {
  return request.cookies[LOGIN_SESSION_COOKIE] ?? request.cookies[LOGIN_SESSION_LAX_COOKIE];
}

/** Sets the login session cookies on `reply`, living `maxAgeSeconds`. */
export function setLoginSessionCookies(reply: FastifyReply, sessionId: string, path: string, maxAgeSeconds: number): void {
  reply.setCookie(LOGIN_SESSION_COOKIE, sessionId, { path, httpOnly: true, sameSite: 'none', secure: true, maxAge: maxAgeSeconds });
  reply.setCookie(LOGIN_SESSION_LAX_COOKIE, sessionId, { path, httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds });
}

/** Tells the browser to drop the login session cookies. */
export function clearLoginSessionCookies(reply: FastifyReply, path: string): void {
  reply.clearCookie(LOGIN_SESSION_COOKIE, { path, httpOnly: true, sameSite: 'none', secure: true });
  reply.clearCookie(LOGIN_SESSION_LAX_COOKIE, { path, httpOnly: true, sameSite: 'lax' });
}
