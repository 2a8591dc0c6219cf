/**
 * Drives the simulator's real login page over HTTP, as a browser would: GET the authorize URL
 * (keeping the CSRF cookie), then POST its form with the user's answer, and return where the
 * server redirected. Used by the session integration tests.
 */

export interface LoginAnswer {
  username?: string;
  password?: string;
  decision: 'allow' | 'deny';
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const decode = (text: string) => text.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
    fields[decode(match[1] ?? '')] = decode(match[2] ?? '');
  }
  return fields;
}

/** Opens the login page, answers it, and returns the Location of the server's 302 (or throws with the page). */
export async function answerLoginPage(authorizeUrl: string, answer: LoginAnswer): Promise<string> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`login page answered ${page.status}: ${html.slice(0, 300)}`);
  if (!html.includes('<label for="username">User name</label>') || !html.includes('<label for="password">Password</label>')) {
    throw new Error('the login page lacks its labelled fields');
  }
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const form = new URLSearchParams({ ...hiddenFields(html), decision: answer.decision });
  if (answer.username !== undefined) form.set('username', answer.username);
  if (answer.password !== undefined) form.set('password', answer.password);
  const submitted = await fetch(new URL('authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form.toString(),
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) throw new Error(`login form answered ${submitted.status}: ${(await submitted.text()).slice(0, 300)}`);
  return location;
}
