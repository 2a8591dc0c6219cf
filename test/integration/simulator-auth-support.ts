/**
 * Helpers of the authorization-server tests: token requests over real HTTP, signed assertions
 * made with the demo certificate the simulator wrote (or deliberately wrong ones), and the
 * login form driven like a browser (cookie kept, hidden fields and CSRF token read back).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import type { SimulatorInfo } from '../../main/simulator/server';

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** POSTs a form to `{auth_url}/token`, with client credentials as HTTP Basic when `basic` is given. */
export async function postToken(authUrl: string, form: Record<string, string>, basic?: [string, string]): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
  const response = await fetch(`${authUrl}/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The demo certificate's SHA-1 thumbprint in RFC 7515 and Windows hex form, computed from the PEM file. */
export function demoThumbprint(info: SimulatorInfo): { base64url: string; hex: string } {
  const der = Buffer.from(readFileSync(info.certificatePath, 'utf8').replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const digest = createHash('sha1').update(der).digest();
  return { base64url: digest.toString('base64url'), hex: digest.toString('hex').toUpperCase() };
}

/** A demo-app assertion for the demo user, signed with the demo key; `header`/`claims` override parts of it. */
export async function demoAssertion(
  info: SimulatorInfo,
  overrides: { header?: Partial<JWTHeaderParameters>; claims?: JWTPayload; lifetimeSeconds?: number } = {},
): Promise<string> {
  const key = await importPKCS8(readFileSync(info.privateKeyPath, 'utf8'), 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: info.appKey,
    sub: info.userId,
    aud: info.authUrl,
    spurl: info.appUrl,
    jti: randomUUID(),
    iat: now,
    exp: now + (overrides.lifetimeSeconds ?? 60),
    ...overrides.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', x5t: demoThumbprint(info).base64url, ...overrides.header })
    .sign(key);
}

/** The personal-JWT grant with the demo app's secret as HTTP Basic. */
export function assertionGrant(info: SimulatorInfo, assertion: string): Promise<JsonResponse> {
  return postToken(info.authUrl, { grant_type: 'urn:service:oauth:grant-type:personal-jwt', assertion }, [info.appKey, info.appSecret]);
}

/** The login page of an authorization request as a browser holds it. */
export interface LoginForm {
  status: number;
  headers: Headers;
  html: string;
  /** The page's form fields (hidden ones and the CSRF token). */
  fields: Record<string, string>;
  /** `name=value` of the CSRF cookie the page set. */
  cookie: string;
}

function decodeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** GETs `{auth_url}/authorize?…` and reads the form like a browser would. */
export async function openLoginPage(authUrl: string, parameters: Record<string, string>, cookie = ''): Promise<LoginForm> {
  const response = await fetch(`${authUrl}/authorize?${new URLSearchParams(parameters)}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  const html = await response.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[decodeHtml(match[1] ?? '')] = decodeHtml(match[2] ?? '');
  }
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, headers: response.headers, html, fields, cookie: setCookie ? (setCookie.split(';')[0] ?? '') : cookie };
}

/** What the login form's POST answered (not followed: the redirect is what the client would see). */
export interface LoginAnswer {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
  /** The Set-Cookie headers, whole (attributes included). */
  setCookies: string[];
}

/** POSTs the login form; answers are not followed (the redirect is what the client would see). */
export async function submitLogin(
  authUrl: string,
  form: LoginForm,
  input: Record<string, string>,
  options: { cookie?: string } = {},
): Promise<LoginAnswer> {
  const cookie = options.cookie ?? form.cookie;
  const response = await fetch(`${authUrl}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ ...form.fields, ...input }).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
    setCookies: response.headers.getSetCookie(),
  };
}

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header sends them back. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(';')[0] ?? '').join('; ');
}

/** The parameters of a redirect's fragment (implicit flow) or query (code flow). */
export function redirectParameters(location: string, part: 'fragment' | 'query'): Record<string, string> {
  const url = new URL(location);
  return Object.fromEntries(new URLSearchParams(part === 'fragment' ? url.hash.slice(1) : url.search));
}
