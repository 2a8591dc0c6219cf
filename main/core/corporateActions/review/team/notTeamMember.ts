/**
 * What a desk says to a signed-in user the team does not have: who they are signed in as, once,
 * and what to do about it. The service names the caller only by UserKey, an opaque id the user
 * does not recognize but the administrator needs: the desk says the user's own name with that
 * UserKey, the team, and where the administrator adds them (the team file, read again within
 * 30 s: docs/team-review.md).
 */
import { TEAM_REVIEW_UNAVAILABLE_TEXT as UNAVAILABLE } from '../../../../../contract/review';
import { notTeamMemberBodySchema } from '../../../../../contract/wire/review';

/** Who the service refused and from which team; a field is missing when the service did not say it. */
export interface NotTeamMemberRefusal {
  userKey?: string;
  teamName?: string;
  /** The caller was a member until the team file changed. */
  removed: boolean;
}

/** An older service's refusal text ("User TC3Q…== is not a member of the team …"). */
const SERVICE_TEXT = /^User (\S+) is (not|no longer) a member of the team (.+?)(?:; ask .*|\.)$/s;

/**
 * The non-member refusal a service's error body (parsed JSON, 403 or a stream's `refused`)
 * states, or undefined when it is another refusal. The body's fields are what counts; the text
 * is read only for a service from before the fields (it sent `{ErrorCode, Message}` alone).
 */
export function notTeamMemberRefusal(body: unknown): NotTeamMemberRefusal | undefined {
  const fields = notTeamMemberBodySchema.safeParse(body);
  if (fields.success) {
    const { UserKey: userKey, TeamName: teamName, Removed: removed } = fields.data;
    return { userKey, teamName, removed };
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { ErrorCode: errorCode, Message: message } = body as { ErrorCode?: unknown; Message?: unknown };
  // Older service: the UserKey and team are only in the text.
  const match = typeof message === 'string' ? SERVICE_TEXT.exec(message) : null;
  if (!match && errorCode !== 'NotTeamMember') return undefined;
  return { userKey: match?.[1], teamName: match?.[3], removed: match?.[2] === 'no longer' };
}

/**
 * The refusal in the desk's words, naming the user once: "Team review unavailable: Amelia Admin
 * (UserKey TC3Q…==) is not a member of the team Corporate actions, Copenhagen. Ask …".
 * `userName` is the signed-in user's name on the platform, when known.
 */
export function notTeamMemberText(refusal: NotTeamMemberRefusal, userName: string | undefined): string {
  const { userKey, teamName, removed } = refusal;
  const key = userKey && `UserKey ${userKey}`;
  const who = userName ? `${userName}${key ? ` (${key})` : ''}` : (key ?? 'Your sign-in');
  const team = teamName ? `the team ${teamName}` : 'the team';
  const status = removed ? 'is no longer a member of' : 'is not a member of';
  return (
    `${UNAVAILABLE}: ${who} ${status} ${team}. ` +
    `Ask the team's administrator to add ${userKey ? 'that UserKey' : 'your UserKey'} to the team file (team.json); it takes effect within 30 s.`
  );
}
