/**
 * The HTML of the authorization server: the login page and the error page. Self-contained (no
 * script, no external resources; the one inline style is allowed by a per-response nonce in a
 * strict CSP) and accessible: a language, a title, a main landmark, labelled fields with
 * autocomplete hints, and errors announced as alerts and tied to the fields.
 */

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(24rem, 90vw); padding: 2rem; border: 1px solid GrayText; border-radius: 0.5rem; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; padding: 0.6rem; font: inherit; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  .error { padding: 0.75rem; border: 2px solid #b00020; border-radius: 0.25rem; }
`;

function page(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageModel {
  appName: string;
  /** The authorization request, carried through the POST unchanged. */
  request: Record<string, string | undefined>;
  csrfToken: string;
  nonce: string;
  /** Shown above the form after a failed attempt. */
  error?: string;
  username?: string;
}

/** The sign-in form with a sign-in and a deny button. */
export function renderLoginPage(model: LoginPageModel): string {
  const hidden = Object.entries(model.request)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const error = model.error
    ? `<p id="sign-in-error" class="error" role="alert">${escapeHtml(model.error)}</p>\n`
    : '';
  const describedBy = model.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  return page(
    'Sign in – RefDesk simulator',
    model.nonce,
    `<h1>Sign in</h1>
<p><strong>${escapeHtml(model.appName)}</strong> asks to use the service on your behalf.</p>
${error}<form method="post" action="authorize">
${hidden}
<input type="hidden" name="csrf_token" value="${escapeHtml(model.csrfToken)}">
<label for="username">User name</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(model.username ?? '')}"${describedBy}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
<div class="actions">
<button type="submit" name="decision" value="allow">Sign in</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );
}

/** A page that explains why the authorization request cannot go on (never a redirect). */
export function renderErrorPage(model: { title: string; message: string; nonce: string }): string {
  return page(
    `${model.title} – RefDesk simulator`,
    model.nonce,
    `<h1>${escapeHtml(model.title)}</h1>
<p role="alert">${escapeHtml(model.message)}</p>`,
  );
}

/** The page `/logout` shows when it has nowhere to send the user back to. */
export function renderSignedOutPage(model: { nonce: string }): string {
  return page(
    'Signed out – RefDesk simulator',
    model.nonce,
    `<h1>You are signed out</h1>
<p role="status">The authorization server no longer remembers your sign-in. Applications will ask you to sign in again.</p>`,
  );
}
