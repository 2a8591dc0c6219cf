/**
 * What a desk says to a signed-in user the team does not have: who they are signed in as, once,
 * and what to do about it. The service names the caller only by UserKey ("User TC3Q…== is not a
 * member of the team …"), an opaque id the user does not recognize but the administrator needs:
 * the desk says the user's own name with that UserKey, the team, and where the administrator adds
 * them (the team file, read again within 30 s: docs/team-review.md).
 */
import { TEAM_REVIEW_UNAVAILABLE_TEXT as UNAVAILABLE } from '../../../../../contract/review';

/** The service's refusal of a non-member (403 `NotTeamMember`, or a stream ended with `refused`). */
const SERVICE_TEXT = /^User (\S+) is (not|no longer) a member of the team (.+?)(?:; ask .*|\.)$/s;

/** Whether the service's `message` (its `ErrorCode` where known) refuses a caller who is not in the team. */
export function isNotTeamMember(message: string, errorCode?: string): boolean {
  return errorCode === 'NotTeamMember' || SERVICE_TEXT.test(message);
}

/**
 * The refusal in the desk's words, naming the user once: "Team review unavailable: Amelia Admin
 * (UserKey TC3Q…==) is not a member of the team Corporate actions, Copenhagen. Ask …".
 * `userName` is the signed-in user's name on the platform, when known.
 */
export function notTeamMemberText(serviceMessage: string, userName: string | undefined): string {
  const match = SERVICE_TEXT.exec(serviceMessage);
  const userKey = match?.[1];
  const key = userKey && `UserKey ${userKey}`;
  const who = userName ? `${userName}${key ? ` (${key})` : ''}` : (key ?? 'Your sign-in');
  const team = match?.[3] ? `the team ${match[3]}` : 'the team';
  const status = match?.[2] === 'no longer' ? 'is no longer a member of' : 'is not a member of';
  return (
    `${UNAVAILABLE}: ${who} ${status} ${team}. ` +
    `Ask the team's administrator to add ${userKey ? 'that UserKey' : 'your UserKey'} to the team file (team.json); it takes effect within 30 s.`
  );
}
