/**
 * The web shell's sign-in callback (`/refdesk/callback`): the page the login popup is
 * redirected to. Its script takes the redirect's query and fragment, wipes them from the
 * address bar and history, hands them to main over the bridge (main checks `state` and keeps the
 * token) and closes the popup. It stores nothing: no storage, no cookie, no message to the opener.
 *
 * The page and its script hold no secret, so they are served without the shell's session
 * cookie: a login page on another site redirects here cross-site, and a SameSite=Strict cookie
 * is not sent on such a navigation. The bridge call the script makes is same-site and does
 * carry the cookie, so main is still reached only by the browser that opened the launch link.
 */
import type { FastifyInstance } from 'fastify';
import { CALLBACK_PATH } from '../core/session/interactiveSignIn';

const CALLBACK_SCRIPT_PATH = `${CALLBACK_PATH}.js`;

/** True for the callback page and its script (served without the session cookie). */
export function isAuthCallbackPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0];
  return path === CALLBACK_PATH || path === CALLBACK_SCRIPT_PATH;
}

const CALLBACK_PAGE = `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Signing in – RefDesk</title>
<script src="/__desk/bridge.js"></script>
<script src="${CALLBACK_SCRIPT_PATH}" defer></script>
</head>
<body>
<main>
<h1>Signing in to RefDesk</h1>
<p id="callback-status" role="status">Completing the sign-in…</p>
</main>
</body>
</html>
`;

/**
 * Runs in the popup. Closes it once main has the answer (RefDesk's window shows the outcome);
 * stays open with the reason only when main could not be reached at all.
 */
const CALLBACK_SCRIPT = `(() => {
  'use strict';
  const status = document.getElementById('callback-status');
  const query = window.location.search;
  const fragment = window.location.hash;
  window.history.replaceState(null, '', window.location.pathname);
  const show = (text) => { status.textContent = text; };
  const bridge = window.desk;
  if (!bridge) {
    show('RefDesk could not be reached from this window. Close it and sign in again from RefDesk.');
    return;
  }
  bridge.invoke('session:completeSignIn', { query, fragment }).then((response) => {
    if (!response.ok) {
      show(response.error.message);
      return;
    }
    const result = response.result;
    show(result.outcome === 'signedIn' ? 'Signed in. This window closes now.' : result.message || 'The sign-in did not complete.');
    window.close();
  }, () => show('RefDesk could not be reached from this window. Close it and sign in again from RefDesk.'));
})();
`;

/** Registers the callback page and its script on the web shell. */
export function registerAuthCallback(app: FastifyInstance): void {
  app.get(CALLBACK_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(CALLBACK_PAGE),
  );
  app.get(CALLBACK_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(CALLBACK_SCRIPT),
  );
}
