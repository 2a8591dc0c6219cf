/**
 * "Copy my local review state to the team": the signed-in reviewer's flags, notes, reviewed
 * marks and read marks kept on this computer are sent to the team service, each as an ordinary
 * review action carrying the team's version (so nothing of the team's is overwritten), and the
 * answer says what was copied and what was not. What the team already has exactly so is left
 * alone; notes are added to the team's thread (a note the thread already holds is not added
 * again); a reviewed mark states the event version reviewed here, and the service refuses it
 * when the platform's event has changed since (named in the report: review it again); an event
 * another desk changes while the copy runs is left as it is and reported. Running it again
 * copies nothing twice.
 */
import type { CopyConflict, CopyToTeamReport, EventReviewState } from '../../../../../contract/review';
import type { ReviewAction, TeamEventReview } from '../../../../../contract/wire/review';
import { MAX_BULK_EVENTS } from '../../../../../contract/corporateActions';
import { ReviewConflictError, ReviewRefusedError } from '../reviewErrors';
import type { TeamReviewStore } from './teamReviewStore';

type Kind = 'flags' | 'notes' | 'reviewedMarks' | 'readMarks';

/** Copies `local` (the reviewer's states on this computer) to the team; answers the report. */
export async function copyToTeam(options: {
  local: EventReviewState[];
  team: TeamReviewStore;
  teamName: string;
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
  const worth = local.filter(
    (state) => state.flagged || state.notes.length > 0 || state.reviewedAt || state.read,
  );
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
        const refused = eventsRefused(error, batch);
        if (refused) {
          // The platform's event is not what was reviewed here (or not shown to you): named, the rest copied.
          for (const { eventId, message } of refused) {
            conflicted.add(eventId);
            report.conflicts.push({ eventId, what: 'event', message });
          }
          actions = actions.filter((action) => !conflicted.has(action.EventId));
          continue;
        }
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
  // Notes: added to the team's thread, one note per event and round, those the thread holds left out.
  const pendingNotes = new Map(
    worth.map((mine) => {
      const held = new Set((stateOf(mine.eventId).Notes ?? []).map((note) => note.Text));
      return [mine.eventId, mine.notes.filter((note) => !held.has(note.text))] as const;
    }),
  );
  for (const mine of worth)
    if (mine.notes.length > 0 && pendingNotes.get(mine.eventId)!.length === 0) report.alreadyOnTeam++;
  for (let more = true; more;) {
    const before = report.notes;
    await round('notes', (mine) => {
      const next = pendingNotes.get(mine.eventId)?.shift();
      return next ? { Action: 'AddNote', EventId: mine.eventId, Note: next.text } : undefined;
    });
    more = report.notes > before;
  }
  await round('reviewedMarks', (mine, theirs) => {
    if (!mine.reviewedAt) return undefined;
    if (theirs.ReviewStatus !== 'NotReviewed') return 'same';
    // The version reviewed here, stated: the service refuses it if the platform's event changed since.
    return {
      Action: 'MarkReviewed',
      EventId: mine.eventId,
      Version: theirs.Version,
      ...(mine.reviewedVersion ? { Event: { UpdatedDateTime: mine.reviewedVersion } } : {}),
    };
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

/**
 * The events a refused batch names when the refusal is about events (the platform's facts
 * disagree with the version reviewed here, or the platform does not show one); undefined for
 * any other refusal.
 */
function eventsRefused(
  error: unknown,
  batch: ReviewAction[],
): { eventId: string; message: string }[] | undefined {
  if (!(error instanceof ReviewRefusedError)) return undefined;
  if (error.disagreements?.length) {
    return [...new Set(error.disagreements.map((found) => found.EventId))].map((eventId) => ({
      eventId,
      message: `Not marked reviewed on the team: the event changed on the platform since you reviewed it here (${
        error.disagreements!.find((found) => found.EventId === eventId && found.Field === 'UpdatedDateTime')
          ?.Platform ?? 'another version'
      }). Review it again.`,
    }));
  }
  if (error.code !== 'EventNotOnPlatform' && error.code !== 'PlatformRefused') return undefined;
  const eventId = batch.find((action) => error.message.includes(`event ${action.EventId} `))?.EventId;
  return eventId ? [{ eventId, message: `Not marked reviewed on the team: ${error.message}` }] : undefined;
}
