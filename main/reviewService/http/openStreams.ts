/**
 * The live streams open on this replica, by caller, so a stream lasts only as long as its
 * caller may still read: at most a few per member; every few seconds each stream's token is
 * confirmed with the platform again (revocation.ts: a cached answer, asked at most every 25 s),
 * and a revoked one ends its streams with `refused`; a team file that no longer lists the
 * member (or the application the token was issued to) ends them at once.
 */
import type { Caller } from '../auth/identity';
import type { RevocationCheck } from '../auth/revocation';
import { notTeamMemberBody, ReviewServiceError } from '../errors';
import type { Team } from '../team';
import { tooMany } from './memberLimits';

/** How a stream is ended: the event said last (none: a plain shutdown). */
export type StreamEnding = {
  event: 'refused' | 'unavailable';
  body: { ErrorCode?: string; Message: string };
};

interface OpenStream {
  caller: Caller;
  end(ending?: StreamEnding): void;
}

/** How often open streams' tokens are looked at (the platform is asked only when their confirmation is old). */
const RECHECK_MS = 2000;

export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private readonly timer: NodeJS.Timeout;
  private checking = false;

  constructor(
    private readonly team: Team,
    private readonly revocation: RevocationCheck,
    private readonly streamsPerMember: number,
  ) {
    this.timer = setInterval(() => void this.recheckTokens(), RECHECK_MS);
    this.timer.unref();
  }

  /** Refuses (429) a stream beyond the member's limit; call before answering. */
  admit(caller: Caller): void {
    let open = 0;
    for (const stream of this.streams) if (stream.caller.userKey === caller.userKey) open++;
    if (open >= this.streamsPerMember) {
      throw tooMany(
        `${caller.name} already has ${open} live streams open on this replica (at most ${this.streamsPerMember}): close a desk, or wait for a closed one to be noticed.`,
        5,
      );
    }
  }

  /** Tracks an open stream; answers the function that forgets it. */
  add(caller: Caller, end: (ending?: StreamEnding) => void): () => void {
    const stream = { caller, end };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Ends the streams of callers the team no longer has (or whose application it no longer accepts). */
  enforceTeam(): void {
    for (const stream of [...this.streams]) {
      const { caller } = stream;
      if (!this.team.member(caller.userKey)) {
        stream.end({
          event: 'refused',
          body: notTeamMemberBody(caller.userKey, this.team.name, true),
        });
      } else if (!this.team.acceptsApplication(caller.appKey)) {
        stream.end({
          event: 'refused',
          body: {
            ErrorCode: 'Unauthorized',
            Message: `The application ${caller.appKey} is no longer accepted by the team ${this.team.name}: sign in with one it accepts.`,
          },
        });
      }
    }
  }

  /** Ends every stream (shutdown). */
  endAll(): void {
    clearInterval(this.timer);
    for (const stream of [...this.streams]) stream.end();
  }

  private async recheckTokens(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const byToken = new Map<string, OpenStream[]>();
      // Every stream of one token shares its caller's expiry.
      for (const stream of this.streams) {
        const list = byToken.get(stream.caller.token) ?? [];
        list.push(stream);
        byToken.set(stream.caller.token, list);
      }
      await Promise.all(
        [...byToken].map(async ([token, streams]) => {
          try {
            await this.revocation.confirm(token, streams[0]!.caller.tokenExpiresAt, {
              waitForPlatform: true,
            });
          } catch (error) {
            const refusal = error instanceof ReviewServiceError ? error : undefined;
            const ending: StreamEnding = {
              event: refusal?.status === 401 ? 'refused' : 'unavailable',
              body: refusal
                ? { ErrorCode: refusal.errorCode, Message: refusal.message }
                : { Message: String(error) },
            };
            for (const stream of streams) stream.end(ending);
          }
        }),
      );
    } finally {
      this.checking = false;
    }
  }
}
