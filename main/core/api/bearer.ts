/**
 * The session's rule for every HTTP client of the desk (the service client in http.ts, the
 * team review client in corporateActions/review/team/): send with the signed-in user's bearer
 * token; on a 401 the session can cure, renew the token once and send once more. Never a loop:
 * a second 401 is the answer. The token stays in main; nothing here logs it.
 */

/**
 * What an HTTP client needs from the signed-in session (implemented by core/session). The
 * client reads the token per request.
 */
export interface SessionAuth {
  /** The current access token, or undefined when signed out. */
  accessToken(): string | undefined;
  /**
   * Called once after a 401 with the token that was refused: renew the session (refresh token,
   * new assertion or sign-in). Resolves true when a new token is ready and the request should be
   * replayed once. Knowing the refused token lets the session ignore a 401 of a token it has
   * already replaced, instead of ending a fresh session.
   */
  reauthenticate(rejectedToken?: string): Promise<boolean>;
}

/** Asks the session to renew the token `rejected`; a failing renewal counts as "no". */
export async function renewSession(auth: SessionAuth, rejected: string | undefined): Promise<boolean> {
  try {
    return (await auth.reauthenticate(rejected)) === true;
  } catch {
    return false;
  }
}

export interface BearerOptions<A> {
  /** The token to send first (default: the session's current one). */
  firstToken?: string;
  /** Whether a 401 answer is one a renewal cures (default: every 401). */
  curable?: (answer: A) => boolean;
  /** Told of every answer, the replay's too (reachability bookkeeping). */
  seen?: (answer: A) => void;
}

/**
 * Sends with the session's token; a curable 401 renews the session once and replays once. The
 * answer returned is the last one, whatever its status: judging it is the caller's.
 */
export async function sendWithBearer<A extends { status: number }>(
  auth: SessionAuth | undefined,
  send: (token: string | undefined) => Promise<A>,
  options: BearerOptions<A> = {},
): Promise<A> {
  const first = options.firstToken ?? auth?.accessToken();
  const answer = await send(first);
  options.seen?.(answer);
  if (answer.status !== 401 || !auth || !(options.curable?.(answer) ?? true)) return answer;
  if (!(await renewSession(auth, first))) return answer;
  const replay = await send(auth.accessToken() ?? first);
  options.seen?.(replay);
  return replay;
}
