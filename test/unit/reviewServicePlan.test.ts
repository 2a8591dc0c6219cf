import { describe, expect, it } from 'vitest';
import { reviewActionsBodySchema, type EventFacts, type ReviewAction } from '../../contract/wire/review';
import { ReviewServiceError } from '../../main/reviewService/errors';
import { planAction } from '../../main/reviewService/review/plan';
import { reviewStatusOf, untouched, type SharedState } from '../../main/reviewService/review/state';
import { Team } from '../../main/reviewService/team';

const team = Team.parse({
  id: 'ca',
  name: 'Corporate actions',
  appKeys: ['desk'],
  members: [
    { userKey: 'clara', name: 'Clara Lindqvist' },
    { userKey: 'jonas', name: 'Jonas Berger' },
    { userKey: 'amelia', name: 'Amelia Ortiz', roles: ['Viewer'] },
    { userKey: 'erik', name: 'Erik Analyst', roles: ['Analyst'] },
  ],
  fourEyes: { eventTypes: ['MRGR'] },
});
const clara = team.member('clara')!;
const jonas = team.member('jonas')!;
const amelia = team.member('amelia')!;
const erik = team.member('erik')!;
const at = new Date('2026-11-23T10:00:00Z');

const cashDividend: EventFacts = {
  EventType: 'DVCA',
  CorporateActionType: 'Mandatory',
  Electable: 'NotElectable',
};
const dividendOption: EventFacts = {
  EventType: 'DVOP',
  CorporateActionType: 'Mandatory',
  Electable: 'Electable',
};
const tender: EventFacts = { EventType: 'TEND', CorporateActionType: 'Voluntary' };
const merger: EventFacts = { EventType: 'MRGR', CorporateActionType: 'Mandatory', Electable: 'NotElectable' };

function reviewedBy(member = clara, event = dividendOption): SharedState {
  return planAction(
    team,
    member,
    { Action: 'MarkReviewed', EventId: 'E1', Version: 0, Event: event },
    untouched('E1'),
    false,
    at,
  ).shared!;
}

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ReviewServiceError)
      return { status: error.status, code: error.errorCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('four eyes', () => {
  it('needs approval for events with an election (voluntary, or mandatory with a choice) and configured types', () => {
    expect(reviewStatusOf(reviewedBy(clara, dividendOption))).toBe('AwaitingApproval');
    expect(reviewStatusOf(reviewedBy(clara, tender))).toBe('AwaitingApproval');
    expect(reviewStatusOf(reviewedBy(clara, merger))).toBe('AwaitingApproval');
    expect(reviewStatusOf(reviewedBy(clara, cashDividend))).toBe('Reviewed');
  });

  it('lets a different analyst approve, naming both', () => {
    const approved = planAction(
      team,
      jonas,
      { Action: 'Approve', EventId: 'E1', Version: 1 },
      reviewedBy(clara),
      false,
      at,
    ).shared!;
    expect(reviewStatusOf(approved)).toBe('Approved');
    expect(approved.reviewed?.name).toBe('Clara Lindqvist');
    expect(approved.approved?.name).toBe('Jonas Berger');
    expect(approved.version).toBe(2);
  });

  it('refuses the reviewer approving their own review', () => {
    const refused = refusal(() =>
      planAction(team, clara, { Action: 'Approve', EventId: 'E1', Version: 1 }, reviewedBy(clara), false, at),
    );
    expect(refused).toMatchObject({ status: 403, code: 'FourEyesSameUser' });
    expect(refused.message).toContain('a different analyst must approve it');
  });

  it('refuses approving what is not reviewed or needs no approval', () => {
    const notReviewed = refusal(() =>
      planAction(team, jonas, { Action: 'Approve', EventId: 'E1', Version: 0 }, untouched('E1'), false, at),
    );
    expect(notReviewed).toMatchObject({ status: 409, code: 'NotReviewed' });
    const plain = refusal(() =>
      planAction(
        team,
        jonas,
        { Action: 'Approve', EventId: 'E1', Version: 1 },
        reviewedBy(clara, cashDividend),
        false,
        at,
      ),
    );
    expect(plain).toMatchObject({ status: 409, code: 'ApprovalNotRequired' });
  });

  it('keeps four eyes once required: a later statement without an election cannot lift it', () => {
    const again = planAction(
      team,
      jonas,
      { Action: 'MarkReviewed', EventId: 'E1', Version: 1, Event: cashDividend },
      reviewedBy(clara, dividendOption),
      false,
      at,
    ).shared!;
    expect(again.fourEyes).toBe(true);
    expect(reviewStatusOf(again)).toBe('AwaitingApproval');
  });

  it('drops an approval when the event is reviewed again or unreviewed', () => {
    const approved = planAction(
      team,
      jonas,
      { Action: 'Approve', EventId: 'E1', Version: 1 },
      reviewedBy(clara),
      false,
      at,
    ).shared!;
    const rereview = planAction(
      team,
      clara,
      {
        Action: 'MarkReviewed',
        EventId: 'E1',
        Version: 2,
        Event: { ...dividendOption, UpdatedDateTime: '2026-11-24T08:00:00Z' },
      },
      approved,
      true,
      at,
    ).shared!;
    expect(rereview.approved).toBeUndefined();
    expect(rereview.reviewed?.eventVersion).toBe('2026-11-24T08:00:00Z');
    const unreviewed = planAction(
      team,
      jonas,
      { Action: 'Unreview', EventId: 'E1', Version: 2 },
      approved,
      false,
      at,
    ).shared!;
    expect(reviewStatusOf(unreviewed)).toBe('NotReviewed');
    expect(unreviewed.approved).toBeUndefined();
  });
});

describe('roles, assignees and audit entries', () => {
  it('lets a viewer keep read marks but not change shared state, and an analyst without Approver not approve', () => {
    expect(
      planAction(team, amelia, { Action: 'SetRead', EventId: 'E1', Read: true }, untouched('E1'), false, at)
        .read,
    ).toBe(true);
    expect(
      refusal(() =>
        planAction(
          team,
          amelia,
          { Action: 'SetFlagged', EventId: 'E1', Version: 0, Flagged: true },
          untouched('E1'),
          false,
          at,
        ),
      ),
    ).toMatchObject({
      status: 403,
      code: 'RoleRequired',
    });
    expect(
      refusal(() =>
        planAction(
          team,
          erik,
          { Action: 'Approve', EventId: 'E1', Version: 1 },
          reviewedBy(clara),
          false,
          at,
        ),
      ),
    ).toMatchObject({
      status: 403,
      code: 'RoleRequired',
    });
  });

  it('assigns members only, by the name the team knows them by', () => {
    const assigned = planAction(
      team,
      clara,
      { Action: 'Assign', EventId: 'E1', Version: 0, Assignee: 'jonas' },
      untouched('E1'),
      false,
      at,
    );
    expect(assigned.shared?.assignee).toEqual({ userKey: 'jonas', name: 'Jonas Berger' });
    expect(assigned.audit).toEqual([
      { action: 'Assigned', before: '', after: 'Jonas Berger', personal: false },
    ]);
    expect(
      refusal(() =>
        planAction(
          team,
          clara,
          { Action: 'Assign', EventId: 'E1', Version: 0, Assignee: 'mallory' },
          untouched('E1'),
          false,
          at,
        ),
      ),
    ).toMatchObject({
      status: 400,
      code: 'UnknownAssignee',
    });
  });

  it('writes nothing for a change that changes nothing', () => {
    const plan = planAction(
      team,
      clara,
      { Action: 'SetFlagged', EventId: 'E1', Version: 0, Flagged: false },
      untouched('E1'),
      false,
      at,
    );
    expect(plan).toEqual({ audit: [] });
  });

  it('marks the event read for the reviewer and records what the desk said the event was', () => {
    const plan = planAction(
      team,
      clara,
      { Action: 'MarkReviewed', EventId: 'E1', Version: 0, Event: tender },
      untouched('E1'),
      false,
      at,
    );
    expect(plan.read).toBe(true);
    expect(plan.audit).toEqual([
      {
        action: 'Reviewed',
        before: 'NotReviewed',
        after: 'AwaitingApproval',
        personal: false,
        event: tender,
      },
      { action: 'Read', before: 'false', after: 'true', personal: true },
    ]);
  });
});

describe('the wire schema of actions', () => {
  const parse = (actions: unknown) => reviewActionsBodySchema.safeParse({ Actions: actions });

  it('refuses identity in the body, unknown actions and two actions on one event', () => {
    expect(
      parse([{ Action: 'SetFlagged', EventId: 'E1', Version: 0, Flagged: true, UserKey: 'jonas' }]).success,
    ).toBe(false);
    expect(parse([{ Action: 'Delete', EventId: 'E1', Version: 0 }]).success).toBe(false);
    const twice: ReviewAction[] = [
      { Action: 'SetFlagged', EventId: 'E1', Version: 0, Flagged: true },
      { Action: 'SetNote', EventId: 'E1', Version: 0, Note: 'x' },
    ];
    expect(parse(twice).error?.issues[0]?.message).toBe('At most one action per event in one call.');
    expect(parse([{ Action: 'SetNote', EventId: 'E1', Version: 0, Note: 'x'.repeat(4001) }]).success).toBe(
      false,
    );
    expect(parse([{ Action: 'SetFlagged', EventId: 'E1', Flagged: true }]).success).toBe(false);
  });
});

describe('the team file', () => {
  it('names every problem of an unusable definition', () => {
    expect(() => Team.parse({ id: 'Bad Id', name: '', members: [] })).toThrow(
      /id: .*name: name is required.*appKeys: appKeys is required.*members: A team has at least one member/,
    );
    expect(() =>
      Team.parse({
        id: 'ca',
        name: 'CA',
        appKeys: ['desk'],
        members: [
          { userKey: 'a', name: 'A' },
          { userKey: 'a', name: 'B' },
        ],
      }),
    ).toThrow(/A user key is listed twice/);
  });

  it('refuses names PostgreSQL cannot store, and an empty list of applications', () => {
    expect(() =>
      Team.parse({
        id: 'ca',
        name: 'C\u0000A',
        appKeys: ['desk'],
        members: [{ userKey: 'a', name: 'A\ud800' }],
      }),
    ).toThrow(
      /name: name cannot contain the character U\+0000.*members\.0\.name: A name contains a lone surrogate/,
    );
    expect(() =>
      Team.parse({ id: 'ca', name: 'CA', appKeys: [], members: [{ userKey: 'a', name: 'A' }] }),
    ).toThrow(/appKeys: appKeys names at least one application/);
  });

  it('takes a new definition in place, naming who left, but never another team id', () => {
    const live = Team.parse({
      id: 'ca',
      name: 'CA',
      appKeys: ['desk'],
      members: [
        { userKey: 'a', name: 'A' },
        { userKey: 'b', name: 'B' },
      ],
    });
    const removed = live.update(
      Team.parse({
        id: 'ca',
        name: 'Corporate actions',
        appKeys: ['desk-2'],
        members: [
          { userKey: 'a', name: 'Ann', roles: ['Viewer'] },
          { userKey: 'c', name: 'C' },
        ],
        fourEyes: { withElection: false, eventTypes: ['MRGR'] },
      }),
    );
    expect(removed).toEqual(['b']);
    expect(live.name).toBe('Corporate actions');
    expect(live.member('b')).toBeUndefined();
    expect([...live.member('a')!.roles]).toEqual(['Viewer']);
    expect(live.acceptsApplication('desk')).toBe(false);
    expect(live.acceptsApplication('desk-2')).toBe(true);
    expect(live.needsFourEyes(tender)).toBe(false);
    expect(() =>
      live.update(
        Team.parse({ id: 'other', name: 'O', appKeys: ['d'], members: [{ userKey: 'a', name: 'A' }] }),
      ),
    ).toThrow(/the team id changed from "ca" to "other"/);
    expect(live.id).toBe('ca');
  });

  it('defaults to four eyes on every event with an election and members who may analyse and approve', () => {
    const plain = Team.parse({
      id: 'ca',
      name: 'CA',
      appKeys: ['desk'],
      members: [{ userKey: 'a', name: 'A' }],
    });
    expect(plain.needsFourEyes(tender)).toBe(true);
    expect(plain.needsFourEyes(merger)).toBe(false);
    expect([...plain.member('a')!.roles]).toEqual(['Analyst', 'Approver']);
  });
});
