/**
 * What main holds of a signed-in session: the tokens, their expiry and who they belong to. It
 * lives in main's memory and (serialized) in the keychain only; the renderer gets a view of it
 * without any token (see sessionView.ts).
 */
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { TokenResponse } from './tokenEndpoint';

/** The sign-in flows a connection profile may use. */
export const signInFlows = ['implicit', 'code', 'assertion'] as const;
export type SignInFlow = (typeof signInFlows)[number];

export const sessionUserSchema = z.object({ name: z.string().min(1), userId: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The stored form (keychain) of a session; parsed again on restore, so a bad entry is refused. */
export const tokenSetSchema = z.object({
  version: z.literal(1),
  flow: z.enum(signInFlows),
  accessToken: z.string().min(1),
  /** Epoch milliseconds. */
  expiresAt: z.number().int().positive(),
  refreshToken: z.string().min(1).optional(),
  refreshExpiresAt: z.number().int().positive().optional(),
  user: sessionUserSchema.optional(),
  /** The authorization server that issued the tokens: a stored session is used only with it. */
  authUrl: z.string().optional(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

function stringClaim(claims: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/**
 * Who an access token belongs to, read from its JWT claims when it is a JWT (`name`/`unm`/
 * `preferred_username` for the name, `sub`/`uid` for the id; the id stands in for a name the
 * token does not carry); `fallback` otherwise. The
 * token's signature is the server's business: this only labels the status bar.
 */
export function userOfToken(accessToken: string, fallback?: SessionUser): SessionUser | undefined {
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(accessToken);
  } catch {
    return fallback;
  }
  const userId = stringClaim(claims, 'sub', 'uid');
  const name = stringClaim(claims, 'name', 'unm', 'preferred_username', 'sub', 'uid');
  if (!name) return fallback;
  return { name, userId: userId ?? fallback?.userId ?? '' };
}

/** A token set from a token endpoint answer received at `now` (epoch ms). */
export function tokenSetFromResponse(
  flow: SignInFlow,
  response: TokenResponse,
  now: number,
  fallbackUser?: SessionUser,
): TokenSet {
  const user = userOfToken(response.access_token, fallbackUser);
  return {
    version: 1,
    flow,
    accessToken: response.access_token,
    expiresAt: now + response.expires_in * 1000,
    ...(response.refresh_token ? { refreshToken: response.refresh_token } : {}),
    ...(response.refresh_token && response.refresh_token_expires_in
      ? { refreshExpiresAt: now + response.refresh_token_expires_in * 1000 }
      : {}),
    ...(user ? { user } : {}),
  };
}

/** A token set from an implicit-flow callback (no refresh token there). */
export function tokenSetFromImplicit(accessToken: string, expiresIn: number, now: number): TokenSet {
  const user = userOfToken(accessToken);
  return { version: 1, flow: 'implicit', accessToken, expiresAt: now + expiresIn * 1000, ...(user ? { user } : {}) };
}

/** The keychain form of a token set. */
export function serializeTokenSet(tokens: TokenSet): string {
  return JSON.stringify(tokens);
}

/** A token set read back from the keychain, or undefined when the entry is not one. */
export function parseStoredTokenSet(stored: string): TokenSet | undefined {
  try {
    const parsed = tokenSetSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** True while a refresh token exists and has not expired at `now`. */
export function canRefresh(tokens: TokenSet, now: number): boolean {
  return tokens.refreshToken !== undefined && (tokens.refreshExpiresAt === undefined || tokens.refreshExpiresAt > now);
}
