/**
 * The simulator's login page ({auth_url}/authorize) driven over HTTP, as a browser would: GET
 * the page (keeping the CSRF cookie), read its form (hidden fields and CSRF token), POST it with
 * the user's answer and look at the redirect without following it. The authorization-server
 * tests use the parts; the client's session tests use `answerLoginPage`, or the form fields in
 * an auth window of their own (httpAuthWindow.ts).
 */

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

/** What the login form's POST answered (not followed: the redirect is what the client would see). */
export interface LoginAnswer {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
  /** The Set-Cookie headers, whole (attributes included). */
  setCookies: string[];
}

/** What the user enters on the login page and which button they press. */
export interface LoginInput {
  username?: string;
  password?: string;
  decision: 'allow' | 'deny';
}

function decodeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** The hidden fields of the login page's form (the request's parameters and the CSRF token), decoded. */
export function loginFormFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[decodeHtml(match[1] ?? '')] = decodeHtml(match[2] ?? '');
  }
  return fields;
}

/** The form fields the user's answer adds to the page's own. */
export function loginInputFields(input: LoginInput): Record<string, string> {
  return {
    decision: input.decision,
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.password !== undefined ? { password: input.password } : {}),
  };
}

/** GETs an authorize URL and reads the form like a browser would. */
async function readLoginPage(authorizeUrl: string, cookie: string): Promise<LoginForm> {
  const response = await fetch(authorizeUrl, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, headers: response.headers, html, fields: loginFormFields(html), cookie: setCookie ? (setCookie.split(';')[0] ?? '') : cookie };
}

/** POSTs the login form to `postUrl`; the answer is not followed. */
async function postLoginForm(postUrl: string, form: LoginForm, input: Record<string, string>, cookie: string): Promise<LoginAnswer> {
  const response = await fetch(postUrl, {
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

/** GETs `{auth_url}/authorize?…` and reads the form like a browser would. */
export function openLoginPage(authUrl: string, parameters: Record<string, string>, cookie = ''): Promise<LoginForm> {
  return readLoginPage(`${authUrl}/authorize?${new URLSearchParams(parameters)}`, cookie);
}

/** POSTs the login form; answers are not followed (the redirect is what the client would see). */
export function submitLogin(authUrl: string, form: LoginForm, input: Record<string, string>, options: { cookie?: string } = {}): Promise<LoginAnswer> {
  return postLoginForm(`${authUrl}/authorize`, form, input, options.cookie ?? form.cookie);
}

/**
 * Opens the login page of a whole authorize URL (as a client built it), answers it, and returns
 * the Location of the server's 302; throws with the page when either step answers otherwise.
 */
export async function answerLoginPage(authorizeUrl: string, input: LoginInput): Promise<string> {
  return (await answerLoginPageKeepingCookies(authorizeUrl, input)).location;
}

/**
 * answerLoginPage, also returning the cookies a browser would keep afterwards (the server's
 * login session), as a Cookie header: what a later `prompt=none` request from that browser sends.
 */
export async function answerLoginPageKeepingCookies(authorizeUrl: string, input: LoginInput): Promise<{ location: string; cookie: string }> {
  const form = await readLoginPage(authorizeUrl, '');
  if (form.status !== 200) throw new Error(`login page answered ${form.status}: ${form.html.slice(0, 300)}`);
  if (!form.html.includes('<label for="username">User name</label>') || !form.html.includes('<label for="password">Password</label>')) {
    throw new Error('the login page lacks its labelled fields');
  }
  const submitted = await postLoginForm(new URL('authorize', authorizeUrl).href, form, loginInputFields(input), form.cookie);
  if (submitted.status !== 302 || !submitted.location) throw new Error(`login form answered ${submitted.status}: ${submitted.html.slice(0, 300)}`);
  return { location: submitted.location, cookie: cookieHeader(submitted.setCookies) };
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
