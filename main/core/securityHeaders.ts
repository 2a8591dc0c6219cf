/**
 * The Content-Security-Policy and companion headers of the renderer, shared by both shells.
 * Scripts only from the app itself; styles allow inline because AG Grid and the component
 * library set element styles at run time (no inline script is ever allowed).
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers sent with every renderer document and asset. */
export const RENDERER_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
