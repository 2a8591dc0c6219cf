/**
 * "Copy my local review state to the team": the signed-in reviewer's flags, notes, reviewed
 * marks and read marks kept on this computer are sent to the team service, each as an ordinary
 * review action carrying the team's version (so nothing of the team's is overwritten), and the
 * answer says what was copied and what was not. What the team already has exactly so is left
 * alone; a note that differs from the team's is not copied (it is named in the report), and an
 * event another desk changes while the copy runs is left as it is and reported. Running it again
 * copies nothing twice.
 */
import type { CopyConflict, CopyToTeamReport, EventReviewState } from '../../../../../contract/review';
import type { EventFacts, ReviewAction, TeamEventReview } from '../../../../../contract/wire/review';
import { MAX_BULK_EVENTS } from '../../../../../contract/corporateActions';
import type { CorporateActionEvent } from '../../../../../contract/wire/corporateActions';
import { corporateActionTypes } from '../../../../../contract/wire/enums';
import { corporateActionEndpoints } from '../../../api/corporateActions';
import type { HttpClient } from '../../../api/http';
import { ReviewConflictError } from '../reviewErrors';
import type { TeamReviewStore } from './teamReviewStore';

/** What the desk reads of an event on the platform to state it to the team (a reviewed mark needs its type). */
export type ReadEventFacts = (eventId: string) => Promise<Omit<EventFacts, 'UpdatedDateTime'>>;

/** Reads an event's facts from the platform the desk is signed in to (sub-accounts' events included, as the inbox shows them). */
export function platformEventFacts(http: HttpClient): ReadEventFacts {
  return async (eventId) => {
    const event: CorporateActionEvent = await corporateActionEndpoints['corporateActions:event'](http, {
      EventId: eventId,
      IncludeSubAccounts: true,
    });
    const type = event.EventType?.Code;
    if (!type) throw new Error('the platform does not say which type the event is');
    const kind = corporateActionTypes.find((known) => known === event.CorporateActionType);
    const electable = (['Electable', 'NotElectable'] as const).find((known) => known === event.Electable);
    return {
      EventType: type,
      ...(kind ? { CorporateActionType: kind } : {}),
      ...(electable ? { Electable: electable } : {}),
    };
  };
}

/** Events read from the platform at the same time while copying reviewed marks. */
const PARALLEL_READS = 6;

type Kind = 'flags' | 'notes' | 'reviewedMarks' | 'readMarks';

/** Copies `local` (the reviewer's states on this computer) to the team; answers the report. */
export async function copyToTeam(options: {
  local: EventReviewState[];
  team: TeamReviewStore;
  teamName: string;
  readEventFacts: ReadEventFacts;
  now?: () => Date;
}): Promise<CopyToTeamReport> {
  const { local, team } = options;
  const report: CopyToTeamReport = {
    events: 0,
    eventsCopied: 0,
    notes: 0,
    flags: 0,
    reviewedMarks: 0,
    readMarks: 0,
    alreadyOnTeam: 0,
    conflicts: [],
    at: '',
    team: options.teamName,
  };
  const worth = local.filter((state) => state.flagged || state.note !== '' || state.reviewedAt || state.read);
  report.events = worth.length;
  const current = new Map(
    (await team.allStatesOf(worth.map((state) => state.eventId))).map((s) => [s.EventId, s]),
  );
  const copied = new Set<string>();
  const conflicted = new Set<string>();
  const stateOf = (eventId: string): TeamEventReview =>
    current.get(eventId) ?? {
      EventId: eventId,
      Version: 0,
      Flagged: false,
      FourEyes: false,
      ReviewStatus: 'NotReviewed',
      Read: false,
    };

  /** Sends one round of actions (one per event), leaving out events that conflict, and counts what was copied. */
  async function round(
    kind: Kind,
    plan: (
      mine: EventReviewState,
      theirs: TeamEventReview,
    ) => ReviewAction | 'same' | CopyConflict | undefined,
  ) {
    let actions: ReviewAction[] = [];
    for (const mine of worth) {
      if (conflicted.has(mine.eventId)) continue;
      const planned = plan(mine, stateOf(mine.eventId));
      if (planned === 'same') report.alreadyOnTeam++;
      else if (planned && 'Action' in planned) actions.push(planned);
      else if (planned) report.conflicts.push(planned);
    }
    while (actions.length > 0) {
      const batch = actions.slice(0, MAX_BULK_EVENTS);
      try {
        const states = await team.send(batch);
        for (const action of batch) copied.add(action.EventId);
        report[kind] += batch.length;
        for (const state of states) current.set(state.EventId, state);
        actions = actions.slice(batch.length);
      } catch (error) {
        if (!(error instanceof ReviewConflictError)) throw error;
        // Changed by another desk while copying: left as the team has it, and reported.
        for (const conflict of error.conflicts) {
          conflicted.add(conflict.eventId);
          const last = conflict.changesSince.at(-1);
          report.conflicts.push({
            eventId: conflict.eventId,
            what:
              kind === 'notes'
                ? 'note'
                : kind === 'flags'
                  ? 'flag'
                  : kind === 'readMarks'
                    ? 'read'
                    : 'reviewed',
            message: `Changed on the team while copying${last ? ` by ${last.by.name}` : ''}: left as the team has it.`,
          });
        }
        actions = actions.filter((action) => !conflicted.has(action.EventId));
      }
    }
  }

  await round('flags', (mine, theirs) => {
    if (!mine.flagged) return undefined;
    if (theirs.Flagged) return 'same';
    return { Action: 'SetFlagged', EventId: mine.eventId, Version: theirs.Version, Flagged: true };
  });
  await round('notes', (mine, theirs) => {
    if (mine.note === '') return undefined;
    if ((theirs.Note ?? '') === mine.note) return 'same';
    if (theirs.Note) {
      return {
        eventId: mine.eventId,
        what: 'note',
        message: `The team already has another note${theirs.Changed ? ` (last changed by ${theirs.Changed.By.Name})` : ''}; yours was not copied: “${mine.note}”`,
      };
    }
    return { Action: 'SetNote', EventId: mine.eventId, Version: theirs.Version, Note: mine.note };
  });
  const facts = await readFacts(
    worth.filter(
      (mine) =>
        mine.reviewedAt &&
        !conflicted.has(mine.eventId) &&
        stateOf(mine.eventId).ReviewStatus === 'NotReviewed',
    ),
    options.readEventFacts,
  );
  await round('reviewedMarks', (mine, theirs) => {
    if (!mine.reviewedAt) return undefined;
    if (theirs.ReviewStatus !== 'NotReviewed') return 'same';
    const read = facts.get(mine.eventId);
    if (!read || 'message' in read) {
      return {
        eventId: mine.eventId,
        what: 'event',
        message: `Not marked reviewed on the team: ${read?.message ?? 'the event could not be read'}`,
      };
    }
    const event: EventFacts = {
      ...read,
      ...(mine.reviewedVersion ? { UpdatedDateTime: mine.reviewedVersion } : {}),
    };
    return { Action: 'MarkReviewed', EventId: mine.eventId, Version: theirs.Version, Event: event };
  });
  await round('readMarks', (mine, theirs) => {
    if (!mine.read) return undefined;
    if (theirs.Read) return 'same';
    return { Action: 'SetRead', EventId: mine.eventId, Read: true };
  });
  report.eventsCopied = copied.size;
  report.at = (options.now ?? (() => new Date()))().toISOString();
  return report;
}

/** Reads the platform's facts of each event (a few at a time); a failure is kept as its message. */
async function readFacts(
  events: EventReviewState[],
  read: ReadEventFacts,
): Promise<Map<string, Omit<EventFacts, 'UpdatedDateTime'> | { message: string }>> {
  const facts = new Map<string, Omit<EventFacts, 'UpdatedDateTime'> | { message: string }>();
  const queue = [...events];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        facts.set(next.eventId, await read(next.eventId));
      } catch (error) {
        facts.set(next.eventId, { message: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return facts;
}
