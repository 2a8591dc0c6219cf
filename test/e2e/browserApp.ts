/**
 * A browser app of another team, as the simulator must serve it: a static page on its own
 * origin (another port of 127.0.0.1) that signs in with the implicit flow, renews its token
 * through a hidden iframe with `prompt=none` (the renewal page posts its fragment to the parent,
 * as the platform's samples do) and signs out at the authorization server. Plain HTML and
 * script, no RefDesk code: what the simulator sees is what any such app would send.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrowserApp {
  /** The app's page, e.g. `http://127.0.0.1:43121/app`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const PAGE = (config: { authUrl: string; appKey: string }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner app</title></head>
<body>
<h1>Partner app</h1>
<p role="status" data-testid="session">Not signed in</p>
<p data-testid="renewal"></p>
<button type="button" id="sign-in">Sign in</button>
<button type="button" id="renew">Renew silently</button>
<button type="button" id="sign-out">Sign out</button>
<script>
const config = ${JSON.stringify(config)};
const callback = location.origin + '/refdesk/callback';
function authorizeUrl(prompt) {
  const state = crypto.randomUUID();
  sessionStorage.setItem('state', state);
  const query = new URLSearchParams({ response_type: 'token', client_id: config.appKey, redirect_uri: callback, state });
  if (prompt) query.set('prompt', prompt);
  return config.authUrl + '/authorize?' + query;
}
function show() {
  const token = sessionStorage.getItem('token');
  document.querySelector('[data-testid=session]').textContent = token ? 'Signed in' : 'Not signed in';
}
document.getElementById('sign-in').onclick = () => { location.href = authorizeUrl(); };
document.getElementById('sign-out').onclick = () => {
  sessionStorage.removeItem('token');
  const query = new URLSearchParams({ client_id: config.appKey, post_logout_redirect_uri: callback, state: 'signed-out' });
  location.href = config.authUrl + '/logout?' + query;
};
document.getElementById('renew').onclick = () => {
  const output = document.querySelector('[data-testid=renewal]');
  output.textContent = 'Renewing…';
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'silent renewal';
  const expected = authorizeUrl('none');
  const state = sessionStorage.getItem('state');
  addEventListener('message', function answer(event) {
    if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
    removeEventListener('message', answer);
    frame.remove();
    const fragment = new URLSearchParams(event.data.slice(1));
    if (fragment.get('state') !== state) { output.textContent = 'Renewal refused: wrong state'; return; }
    if (fragment.get('error')) { output.textContent = 'Renewal failed: ' + fragment.get('error'); return; }
    sessionStorage.setItem('token', fragment.get('access_token'));
    output.textContent = 'Renewed';
    show();
  });
  frame.src = expected;
  document.body.append(frame);
};
show();
</script>
</body></html>
`;

/** The redirect URI's page: hands the fragment to the app (in the iframe) or keeps the token (top level). */
const CALLBACK = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner app callback</title></head><body>
<script>
if (window.parent !== window) {
  window.parent.postMessage(location.hash, location.origin);
} else {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get('access_token') && fragment.get('state') === sessionStorage.getItem('state')) {
    sessionStorage.setItem('token', fragment.get('access_token'));
  }
  location.replace('/app');
}
</script></body></html>
`;

/** Serves the partner app on a free port of 127.0.0.1, signing in at `authUrl` as `appKey`. */
export async function startBrowserApp(config: { authUrl: string; appKey: string }): Promise<BrowserApp> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = path === '/app' ? PAGE(config) : path === '/refdesk/callback' ? CALLBACK : undefined;
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/app`,
    origin,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
