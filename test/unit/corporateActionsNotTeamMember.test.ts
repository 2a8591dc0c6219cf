/**
 * How a desk reads the review service's refusal of a non-member (notTeamMember.ts): the body's
 * UserKey/TeamName/Removed fields when the service sends them, its words only from an older
 * service, and nothing from another refusal.
 */
import { describe, expect, it } from 'vitest';
import {
  notTeamMemberRefusal,
  notTeamMemberText,
} from '../../main/core/corporateActions/review/team/notTeamMember';

const ASK =
  "Ask the team's administrator to add that UserKey to the team file (team.json); it takes effect within 30 s.";

describe('the non-member refusal', () => {
  it('takes the user and team from the fields, even when the words say something else', () => {
    const refusal = notTeamMemberRefusal({
      ErrorCode: 'NotTeamMember',
      Message: 'User stale== is not a member of the team Old desk.',
      UserKey: 'TC3QNKCilDiA1NRnBBbD7A==',
      TeamName: 'Corporate actions, Copenhagen',
      Removed: true,
    });
    expect(refusal).toEqual({
      userKey: 'TC3QNKCilDiA1NRnBBbD7A==',
      teamName: 'Corporate actions, Copenhagen',
      removed: true,
    });
    expect(notTeamMemberText(refusal!, 'Amelia Admin')).toBe(
      'Team review unavailable: Amelia Admin (UserKey TC3QNKCilDiA1NRnBBbD7A==) is no longer a member of the team Corporate actions, Copenhagen. ' +
        ASK,
    );
  });

  it('reads the words of an older service that sends no fields', () => {
    const refusal = notTeamMemberRefusal({
      ErrorCode: 'NotTeamMember',
      Message:
        "User k== is not a member of the team Corporate actions; ask the team's administrator to add you.",
    });
    expect(refusal).toEqual({ userKey: 'k==', teamName: 'Corporate actions', removed: false });
  });

  it('still says what to do when an older service words it otherwise', () => {
    const refusal = notTeamMemberRefusal({ ErrorCode: 'NotTeamMember', Message: 'Not in the team.' });
    expect(notTeamMemberText(refusal!, undefined)).toBe(
      "Team review unavailable: Your sign-in is not a member of the team. Ask the team's administrator to add your UserKey to the team file (team.json); it takes effect within 30 s.",
    );
  });

  it('is not another refusal, nor a body that is not an object', () => {
    expect(
      notTeamMemberRefusal({
        ErrorCode: 'Unauthorized',
        Message: 'The application x is no longer accepted.',
      }),
    ).toBeUndefined();
    expect(notTeamMemberRefusal('User k== is not a member of the team T.')).toBeUndefined();
    expect(notTeamMemberRefusal(undefined)).toBeUndefined();
  });
});
