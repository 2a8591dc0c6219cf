/**
 * Which review store is in use, as Settings say: this computer's file (the default) or the
 * team review service. Switching takes effect at once: the team's live stream is opened (or
 * closed) and the renderer is told to read the states on screen again. While the team store is
 * in use, main listens to the team's changes and forwards them to the renderer
 * (`corporateActions:reviewsChanged`), and says whether the service can be used now
 * (`corporateActions:reviewStore`: available, unavailable with the reason, signed out).
 */
import type { Reviewer } from '../../../../contract/corporateActions';
import type { CopyToTeamReport, ReviewStoreView } from '../../../../contract/review';
import type { PushEvents } from '../../../../contract/events';
import type { ReviewStoreSettings } from '../../../../contract/settings';
import type { TeamDescription, TeamMemberWithRoles } from '../../../../contract/wire/review';
import type { SessionAuth } from '../../api/bearer';
import type { PushEventBus } from '../../events';
import type { LocalReviewStore } from './localReviewStore';
import type { ReviewBackend } from './reviewBackend';
import { ReviewRefusedError } from './reviewErrors';
import { copyToTeam } from './team/copyToTeam';
import { TeamLiveStream, type TeamLiveStreamOptions } from './team/teamLiveStream';
import { TeamReviewStore } from './team/teamReviewStore';
import { TeamServiceClient, type TeamServiceClientOptions } from './team/teamServiceClient';
import { changesFromWire } from './team/teamWire';

/** The session as the review stores use it: the token for the team service, and who is signed in. */
export interface ReviewSession extends SessionAuth {
  view(): { signedIn: boolean; user?: { name: string; userId: string }; profile: { id: string } };
}

export interface ReviewStoresOptions {
  local: LocalReviewStore;
  /** The store chosen in Settings at start. */
  initial: ReviewStoreSettings;
  session: ReviewSession;
  events: PushEventBus;
  /** Tuning of the team client and stream (tests use short timeouts). */
  team?: Partial<Pick<TeamServiceClientOptions, 'dispatcher' | 'timeoutMs' | 'confirmMs'>> &
    Partial<Pick<TeamLiveStreamOptions, 'silenceMs' | 'firstRetryMs' | 'lastRetryMs'>>;
}

/** The team store in use: its client, its stream while signed in, and what the renderer is told. */
interface TeamConnection {
  client: TeamServiceClient;
  store: TeamReviewStore;
  stream?: TeamLiveStream;
  /** Who the stream was opened for (profile and user): another sign-in opens it again. */
  streamFor?: string;
  view: Omit<Extract<ReviewStoreView, { kind: 'team' }>, 'revision'>;
}

const memberView = (member: TeamMemberWithRoles) => ({
  name: member.Name,
  userId: member.UserKey,
  roles: member.Roles,
});

export class ReviewStores {
  private team: TeamConnection | undefined;
  /** Changes of the view so far (see `revision` in the contract): the renderer keeps the newest. */
  private revision = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: ReviewStoresOptions) {
    this.unsubscribe = options.events.subscribe((event) => {
      if (event === 'session:changed') this.followSession();
    });
    this.apply(options.initial);
  }

  /** The store review actions go to now. */
  get active(): ReviewBackend {
    return this.team?.store ?? this.options.local;
  }

  /** The team store when the team service keeps review state, else undefined. */
  get teamStore(): TeamReviewStore | undefined {
    return this.team?.store;
  }

  /** This computer's store (saved views stay here whichever store keeps review state). */
  get local(): LocalReviewStore {
    return this.options.local;
  }

  /** Where review state is kept and whether it can be used now. */
  view(): ReviewStoreView {
    return this.team
      ? { ...this.team.view, revision: this.revision }
      : { kind: 'local', revision: this.revision };
  }

  /** Uses the store `settings` name from now on (unless it is the one in use); the renderer reads its states again. */
  apply(settings: ReviewStoreSettings): void {
    const urls = settings.store === 'team' ? settings.teamUrls : [];
    const inUse = this.team?.client.urls ?? [];
    if (this.team && urls.join('\n') === inUse.join('\n')) return;
    // The old connection closes in the background: its stream's answers are ignored from now on.
    void this.closeTeam();
    if (urls.length > 0) {
      const client = new TeamServiceClient({
        urls,
        auth: this.options.session,
        userName: () => this.options.session.view().user?.name,
        ...this.options.team,
        onReplica: (replica) => this.update(team, { replica }),
        // Said where the store is shown ("not responding"), until the replica answers again.
        onNotResponding: (silent) =>
          this.update(
            team,
            silent.length > 0 ? { notResponding: silent } : {},
            silent.length > 0 ? [] : ['notResponding'],
          ),
      });
      const team: TeamConnection = {
        client,
        store: new TeamReviewStore(client),
        view: { kind: 'team', urls: [...urls], state: 'connecting', replica: client.replica },
      };
      this.team = team;
      this.followSession();
    }
    this.publish();
    this.options.events.emit('corporateActions:reviewsChanged', { states: [], reload: true });
  }

  /** Copies the reviewer's state on this computer to the team (see team/copyToTeam.ts). */
  async copyToTeam(reviewer: Reviewer): Promise<CopyToTeamReport> {
    const team = this.team;
    if (!team) {
      throw new ReviewRefusedError(
        'TeamReviewOnly',
        'Choose the team review service under Settings → Review store first: the copy goes to that team.',
      );
    }
    const description = await team.store.team();
    const report = await copyToTeam({
      local: this.options.local.allStates(reviewer),
      team: team.store,
      teamName: description.Name,
    });
    return report;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.closeTeam();
  }

  /** Opens the stream for the signed-in user (again, when another user or profile signed in); closes it when signed out. */
  private followSession(): void {
    const team = this.team;
    if (!team) return;
    const view = this.options.session.view();
    const who = view.signedIn && view.user ? `${view.profile.id}|${view.user.userId}` : undefined;
    if (who === team.streamFor) return;
    void team.stream?.stop();
    delete team.stream;
    delete team.streamFor;
    if (!who) {
      this.update(
        team,
        {
          state: 'signedOut',
          message: 'Sign in to use team review: it is reached with your platform sign-in.',
        },
        ['team'],
      );
      return;
    }
    team.streamFor = who;
    this.update(team, { state: 'connecting' }, ['message', 'team']);
    const stream = new TeamLiveStream({
      client: team.client,
      ...this.options.team,
      handlers: {
        onChange: (message) => {
          if (team.stream !== stream) return;
          this.options.events.emit('corporateActions:reviewsChanged', {
            states: changesFromWire(message.Reviews, message.Read),
            by: { name: message.By.Name, userId: message.By.UserKey },
            at: message.At,
          });
        },
        onReset: () => {
          if (team.stream === stream)
            this.options.events.emit('corporateActions:reviewsChanged', { states: [], reload: true });
        },
        onState: (state, message, replica) => {
          if (team.stream !== stream) return;
          const wasAvailable = team.view.state === 'available';
          this.update(
            team,
            { state, ...(message ? { message } : {}), ...(replica ? { replica } : {}) },
            message ? [] : ['message'],
          );
          if (state === 'available' && (!wasAvailable || !team.view.team))
            void this.describeTeam(team, stream);
        },
      },
    });
    team.stream = stream;
    stream.start();
  }

  /** Reads the team (its name, members, who the user is in it) for the Settings and inbox. */
  private async describeTeam(team: TeamConnection, stream: TeamLiveStream): Promise<void> {
    let description: TeamDescription;
    try {
      description = await team.store.team();
    } catch {
      return; // The stream says whether the service can be used; the description comes with the next "available".
    }
    if (team.stream !== stream) return;
    this.update(team, {
      team: {
        name: description.Name,
        me: memberView(description.Me),
        members: description.Members.map(memberView),
      },
    });
  }

  private update(
    team: TeamConnection,
    change: Partial<TeamConnection['view']>,
    remove: ('message' | 'team' | 'notResponding')[] = [],
  ): void {
    if (this.team !== team) return;
    const next = { ...team.view, ...change };
    for (const key of remove) delete next[key];
    team.view = next;
    this.publish();
  }

  private publish(): void {
    this.revision++;
    const view: PushEvents['corporateActions:reviewStore'] = this.view();
    this.options.events.emit('corporateActions:reviewStore', view);
  }

  private async closeTeam(): Promise<void> {
    const team = this.team;
    this.team = undefined;
    if (!team) return;
    await team.stream?.stop();
    await team.client.close();
  }
}
