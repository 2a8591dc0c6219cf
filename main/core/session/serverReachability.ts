/**
 * Before a login page is shown, RefDesk makes sure the sign-in service answers at all: an
 * unreachable server would otherwise leave the trader looking at a browser error page (or a
 * window that never loads) with RefDesk waiting. Any HTTP answer counts as reachable (even a
 * 404 or 405: the login page's own route decides the rest); no answer within the budget fails
 * the sign-in with the reason in words.
 */
import { AuthError } from './authErrors';
import type { TokenRequestOptions } from './tokenEndpoint';

/** Within this time a sign-in either goes on to the login page or says why it cannot. */
export const SIGN_IN_REACH_BUDGET_MS = 12_000;

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'it refused the connection (nothing answers on that address and port)',
  ENOTFOUND: 'its name could not be found (check the address, or the network’s name service)',
  EAI_AGAIN: 'its name could not be looked up just now (the network’s name service did not answer)',
  ECONNRESET: 'it closed the connection',
  EHOSTUNREACH: 'there is no route to it from this computer',
  ENETUNREACH: 'this computer has no network route to it',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
};

/** The reason in words of a failed request (undici puts the system error in `cause`). */
export function unreachableReason(error: unknown, budgetMs: number): string {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { name, code } = current as { name?: string; code?: string };
    if (name === 'TimeoutError') {
      const seconds = Math.max(1, Math.round(budgetMs / 1000));
      return `it did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
    }
    if (code && REASONS[code]) return REASONS[code];
  }
  return 'the connection failed';
}

/**
 * Resolves once the sign-in service at `authUrl` answers; throws AuthError (`network`) with the
 * reason when it does not within `budgetMs`.
 */
export async function ensureSignInServiceReachable(
  authUrl: string,
  options: TokenRequestOptions = {},
  budgetMs = SIGN_IN_REACH_BUDGET_MS,
): Promise<void> {
  const timeout = AbortSignal.timeout(budgetMs);
  try {
    const response = await (options.fetch ?? fetch)(authUrl, {
      method: 'HEAD',
      redirect: 'manual',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    await response.body?.cancel();
  } catch (error) {
    const origin = new URL(authUrl).origin;
    throw new AuthError('network', `The sign-in service at ${origin} could not be reached: ${unreachableReason(error, budgetMs)}.`, {
      cause: error,
    });
  }
}
