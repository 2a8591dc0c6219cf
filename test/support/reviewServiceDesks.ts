/**
 * The team review set-up of the desktop's integration tests: a real PostgreSQL, the simulator
 * (in this process) as the platform whose tokens the team service trusts, review service
 * replicas as real processes, and core desks (the services a shell runs, driven through the
 * dispatcher) signed in through the simulator's login page as different users.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PushEventName, PushEvents } from '../../contract/events';
import type { SignInStart } from '../../contract/session';
import type { ReviewServiceInfo } from '../../main/reviewService/server';
import { DOCUMENTED_USERS } from '../../main/simulator/data/accounts/demo';
import { opaqueKey } from '../../main/simulator/data/accounts/keys';
import { answerLoginPage } from './loginPage';
import { openCoreDesk, unusedSimulatorControl, type CoreDesk } from './coreDesk';
import { startTestPostgres, type TestPostgres } from './postgres';
import { startReplica, writeTeamFile } from './reviewService';
import type { ReadyProcess } from './simulatorProcess';
import { startTestSimulator, type TestSimulator } from './testSimulator';

/** The platform's UserKey of a documented login (the simulator derives it from the user id). */
export function userKeyOf(login: string): string {
  const user = DOCUMENTED_USERS.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`no documented user ${login}`);
  return opaqueKey('user', user.userId);
}

export interface TeamReviewSetup {
  postgres: TestPostgres;
  simulator: TestSimulator;
  replicas: ReadyProcess<ReviewServiceInfo>[];
  urls: string[];
  /** The team file every replica watches. */
  teamFile: string;
  /** The team's database. */
  database: string;
  close(): Promise<void>;
}

/**
 * Starts PostgreSQL, the simulator and `replicas` review service replicas whose team is demo
 * (Clara Lindqvist) and trader2 (Jonas Berger), analysts and approvers, accepting the demo
 * app's tokens; admin is not a member. `args` are added to every replica's command line.
 */
export async function startTeamReview(
  replicaCount = 2,
  { args = [] }: { args?: string[] } = {},
): Promise<TeamReviewSetup> {
  const [postgres, simulator] = await Promise.all([startTestPostgres(), startTestSimulator()]);
  const database = await postgres.createDatabase();
  const teamFile = writeTeamFile({
    appKeys: [simulator.simulator.info.appKey],
    members: [
      { userKey: userKeyOf('demo'), name: 'Clara Lindqvist', roles: ['Analyst', 'Approver'] },
      { userKey: userKeyOf('trader2'), name: 'Jonas Berger', roles: ['Analyst', 'Approver'] },
    ],
  });
  const options = {
    databaseUrl: postgres.url(database),
    issuer: simulator.simulator.info.authUrl,
    platformUrl: simulator.simulator.info.baseUrl,
    teamFile,
    args: ['--heartbeat', '1', ...args],
  };
  const replicas: ReadyProcess<ReviewServiceInfo>[] = [];
  // One after the other: the first migrates, the others find the schema current.
  for (let index = 0; index < replicaCount; index++) replicas.push(await startReplica(options));
  return {
    postgres,
    simulator,
    replicas,
    urls: replicas.map((replica) => replica.ready.url),
    teamFile,
    database,
    async close() {
      await Promise.all(replicas.map((replica) => replica.stop()));
      await simulator.close();
      postgres.remove();
    },
  };
}

/**
 * A new access token of `login` from the simulator's authorization server (a sign-in of its
 * own, so revoking it touches no other token), issued to the application `appKey` (default: the
 * demo app).
 */
export async function freshToken(setup: TeamReviewSetup, login: string, appKey?: string): Promise<string> {
  const auth = setup.simulator.simulator.context.auth;
  const documented = DOCUMENTED_USERS.find((candidate) => candidate.login === login)!;
  const user = auth.usersAndApps.findUserById(documented.userId)!;
  const app = auth.usersAndApps.findApp(appKey ?? setup.simulator.simulator.info.appKey);
  if (!app) throw new Error(`no application ${appKey}`);
  const { response } = await auth.startSession(user, app, { confidential: false, withRefreshToken: false });
  return response.access_token;
}

/** Revokes `token` at the simulator's revocation endpoint (RFC 7009), as the demo app (a public client). */
export async function revokeToken(setup: TeamReviewSetup, token: string): Promise<void> {
  const info = setup.simulator.simulator.info;
  const response = await fetch(`${info.authUrl}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: info.appKey, token, token_type_hint: 'access_token' }),
  });
  if (response.status !== 200)
    throw new Error(`revocation answered ${response.status}: ${await response.text()}`);
}

/** A push event main sent, with when it arrived. */
export interface Pushed<E extends PushEventName = PushEventName> {
  event: E;
  payload: PushEvents[E];
  at: number;
}

export interface TeamDesk extends CoreDesk {
  pushed: Pushed[];
  /**
   * Resolves with the first push event `matches` accepts among those sent from index `since`
   * of `pushed` on (default: all, including those already sent), or to come.
   */
  waitForPush<E extends PushEventName>(
    event: E,
    matches: (payload: PushEvents[E]) => boolean,
    options?: { timeoutMs?: number; since?: number },
  ): Promise<Pushed<E>>;
  dataDir: string;
}

/**
 * Opens a core desk on a fresh data folder, connected to the simulator, signed in as `login`
 * through its login page (as the web shell's popup does).
 */
export async function openSignedInDesk(setup: TeamReviewSetup, login: string): Promise<TeamDesk> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `refdesk-team-${login}-`));
  const info = setup.simulator.simulator.info;
  const desk = await openCoreDesk({
    dataDir,
    embedded: {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      appKey: info.appKey,
      appSecret: info.appSecret,
      redirectUri: info.redirectUri,
    },
    simulator: unusedSimulatorControl,
    team: { silenceMs: 3000, firstRetryMs: 100, lastRetryMs: 1000, timeoutMs: 5000 },
  });
  const pushed: Pushed[] = [];
  const waiters = new Set<() => void>();
  desk.events.subscribe((event, payload) => {
    pushed.push({ event, payload, at: performance.now() } as Pushed);
    for (const waiter of [...waiters]) waiter();
  });
  const user = DOCUMENTED_USERS.find((candidate) => candidate.login === login)!;
  const start = await desk.call('session:signIn');
  if (!start.ok || (start.result as SignInStart).outcome !== 'openPopup')
    throw new Error('expected a popup sign-in');
  const popup = start.result as Extract<SignInStart, { outcome: 'openPopup' }>;
  const location = new URL(
    await answerLoginPage(popup.authorizeUrl, {
      username: user.login,
      password: user.password,
      decision: 'allow',
    }),
  );
  await desk.call('session:completeSignIn', { query: location.search, fragment: location.hash });
  const outcome = await desk.call('session:waitForSignIn', { attemptId: popup.attemptId });
  if (!outcome.ok || outcome.result.outcome !== 'signedIn') throw new Error(`${login} could not sign in`);
  return {
    ...desk,
    pushed,
    dataDir,
    waitForPush(event, matches, { timeoutMs = 5000, since = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = pushed
            .slice(since)
            .find(
              (candidate) =>
                candidate.event === event && matches(candidate.payload as PushEvents[typeof event]),
            );
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found as Pushed<typeof event>);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no ${event} push within ${timeoutMs} ms; got ${JSON.stringify(pushed.map((p) => [p.event, p.payload]))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await desk.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
