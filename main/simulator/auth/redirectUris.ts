/**
 * Matching a requested `redirect_uri` against the URIs registered for an application: exact
 * match (RFC 6749 section 3.1.2), except that loopback IP redirect URIs match on any port
 * (RFC 8252 section 7.3), because a desktop app listens on whatever port it gets.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The registered URI that `requested` matches, or undefined. A requested URI with a fragment,
 * or one that is not an absolute URL, never matches.
 */
export function matchRedirectUri(requested: string, registered: readonly string[]): string | undefined {
  const wanted = parse(requested);
  if (wanted === undefined || wanted.hash !== '' || requested.includes('#')) return undefined;
  for (const candidate of registered) {
    const known = parse(candidate);
    if (known === undefined) continue;
    if (known.href === wanted.href) return candidate;
    if (isLoopback(known) && isLoopback(wanted)) {
      const samePlace =
        known.hostname === wanted.hostname && known.pathname === wanted.pathname && known.search === wanted.search;
      if (samePlace) return candidate;
    }
  }
  return undefined;
}

/** Appends parameters to a redirect URI's fragment (implicit flow, RFC 6749 section 4.2.2). */
export function withFragment(redirectUri: string, parameters: Record<string, string | undefined>): string {
  return `${redirectUri}#${encodeParameters(parameters)}`;
}

/** Appends parameters to a redirect URI's query (code flow, RFC 6749 section 4.1.2). */
export function withQuery(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

function encodeParameters(parameters: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.append(name, value);
  return search.toString();
}
