import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import { channels, type ChannelName } from '../../contract/channels';
import type { EventReviewState } from '../../contract/corporateActions';
import type { SignInStart } from '../../contract/session';
import type { WatchlistsView } from '../../contract/watchlists';
import type {
  Application,
  CorporateActionEvent,
  Feed,
  ListedApplication,
  SummaryInfo,
} from '../../contract/wire/types';
import { EmbeddedSimulator } from '../../main/app/embeddedSimulator';
import { DEMO_APP, DOCUMENTED_USERS } from '../../main/simulator/data/accounts/demo';
import { startSimulator } from '../../main/simulator/server';
import { parseAsOf } from '../../main/simulator/data/universe';
import { openCoreDesk, type CoreDesk } from '../support/coreDesk';
import {
  startTestSimulator,
  TEST_CACHE_DIR,
  TEST_DATA_DIR,
  type TestSimulator,
} from '../support/testSimulator';
import { answerLoginPage } from '../support/loginPage';

/** The one channel whose answer is a secret value, on purpose. */
const REVEALING_CHANNEL: ChannelName = 'apps:revealSecret';

function resultOf<T>(response: DeskResponse<unknown>, channel: string): T {
  if (!response.ok) throw new Error(`${channel}: ${response.error.code} ${response.error.message}`);
  return response.result as T;
}

/**
 * Drives every channel of the contract through the dispatcher, against the simulator, as the
 * demo user and as the admin (who sees every application), and searches every answer and push
 * event for the AppSecret values of the simulator's applications.
 */
describe('no channel answers a secret value, except apps:revealSecret', () => {
  let test: TestSimulator;
  let embedded: EmbeddedSimulator;
  let dataDir: string;
  let desk: CoreDesk;
  /** Every AppSecret value of every application (the demo app's expired, current and future ones included). */
  let secretValues: string[];
  const answers = new Map<ChannelName, string[]>();
  const pushed: string[] = [];

  beforeAll(async () => {
    test = await startTestSimulator();
    const info = test.simulator.info;
    embedded = new EmbeddedSimulator(test.simulator, ({ asOf, ...start }) =>
      startSimulator({
        ...start,
        ...(asOf !== undefined ? { asOf: parseAsOf(asOf) } : {}),
        cacheDir: TEST_CACHE_DIR,
        dataDir: TEST_DATA_DIR,
      }),
    );
    dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-every-channel-'));
    desk = await openCoreDesk({
      dataDir,
      embedded: {
        baseUrl: info.baseUrl,
        authUrl: info.authUrl,
        appKey: info.appKey,
        appSecret: info.appSecret,
        redirectUri: info.redirectUri,
      },
      simulator: embedded,
    });
    desk.events.subscribe((event, payload) => pushed.push(JSON.stringify([event, payload])));

    const values = new Set<string>();
    for (let skip = 0; ; skip += 100) {
      const page = await test.get<Feed<ListedApplication>>(
        `developer/apps?IncludeSecrets=true&$top=100&$skip=${skip}`,
        {
          as: 'admin',
        },
      );
      for (const app of page.body.Data)
        for (const secret of app.Secrets ?? []) if (secret.Secret) values.add(secret.Secret);
      if (page.body.Data.length < 100) break;
    }
    const demoApp = await test.get<Application>(`developer/apps/${DEMO_APP.appKey}`, { as: 'demo' });
    for (const secret of demoApp.body.Secrets ?? []) if (secret.Secret) values.add(secret.Secret);
    secretValues = [...values];
  });
  afterAll(async () => {
    await desk?.close();
    await embedded?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Calls a channel, keeps its whole answer (result or error) for the search, and answers the result. */
  async function call<T>(channel: ChannelName, arg?: unknown): Promise<T> {
    const response = await desk.call(channel, arg);
    answers.set(channel, [...(answers.get(channel) ?? []), JSON.stringify(response)]);
    return resultOf<T>(response, channel);
  }

  /** Calls a channel that must refuse with `code`, keeping its answer for the search. */
  async function refusal(channel: ChannelName, arg: unknown, code: string): Promise<void> {
    const response = await desk.call(channel, arg);
    answers.set(channel, [...(answers.get(channel) ?? []), JSON.stringify(response)]);
    expect(response).toMatchObject({ ok: false, error: { code } });
  }

  /** Signs in through the login page as `login`, as the web shell's popup does, through the session channels. */
  async function signInAs(login: string): Promise<void> {
    const user = DOCUMENTED_USERS.find((candidate) => candidate.login === login)!;
    const start = await call<SignInStart>('session:signIn');
    if (start.outcome !== 'openPopup') throw new Error(`expected a popup, got ${start.outcome}`);
    const location = new URL(
      await answerLoginPage(start.authorizeUrl, {
        username: user.login,
        password: user.password,
        decision: 'allow',
      }),
    );
    await call('session:completeSignIn', { query: location.search, fragment: location.hash });
    expect(await call('session:waitForSignIn', { attemptId: start.attemptId })).toMatchObject({
      outcome: 'signedIn',
    });
    // A second attempt, closed by the user.
    const abandoned = await call<SignInStart>('session:signIn');
    if (abandoned.outcome === 'openPopup')
      await call('session:cancelSignIn', { attemptId: abandoned.attemptId });
  }

  /** Every channel but the session's sign-in ones (see signInAs) and the simulator reset (last). */
  async function everyChannel(): Promise<void> {
    await call('session:state');
    await call('reference:countries');
    await call('reference:timeZones', { refresh: true });
    await call('reference:currencyPairs', {});
    await call('reference:exchanges');
    await call('reference:exchangeHolidays', { FromDate: '2026-01-01', ToDate: '2026-12-31', ExchangeIds: ['NYSE'] });
    const found = await call<Feed<SummaryInfo>>('instruments:search', { AssetTypes: ['Stock'], $top: 5 });
    const stock = found.Data[0]!;
    await call('instruments:details', { Uic: stock.Identifier, AssetType: 'Stock' });
    await call('instruments:detailsList', { Uics: [stock.Identifier] });
    await call('instruments:tradingSchedule', { Uic: stock.Identifier, AssetType: 'Stock' });
    const roots = await call<Feed<SummaryInfo>>('instruments:search', {
      AssetTypes: ['StockIndexOption'],
      $top: 50,
    });
    const root = roots.Data.find((item) => item.SummaryType === 'ContractOptionRoot')!;
    await call('instruments:optionSpace', { OptionRootId: root.Identifier });
    const futures = await call<Feed<SummaryInfo>>('instruments:search', {
      AssetTypes: ['ContractFutures'],
      $top: 50,
    });
    const continuous = futures.Data.find((item) => item.DisplayHint === 'Continuous')!;
    await call('instruments:futuresSpace', { ContinuousFuturesUic: continuous.Identifier });
    const events = await call<Feed<CorporateActionEvent>>('corporateActions:events', {
      $top: 3,
      IncludeSubAccounts: true,
    });
    const eventId = events.Data[0]?.EventId ?? '1';
    if (events.Data[0]) await call('corporateActions:event', { EventId: eventId, IncludeSubAccounts: true });
    await call('corporateActions:accounts');
    await call('corporateActions:lookupData');
    await call('corporateActions:lookupData', { refresh: true });
    await call('corporateActions:chooseView', { name: 'Mine' });
    await call('corporateActions:activeView');
    await call('corporateActions:notify', { title: 'Due within a day', body: 'DVOP Company A: 17:00 New York' });
    const updated = events.Data[0]?.UpdatedDateTime ?? '2026-01-01T00:00:00Z';
    await call('corporateActions:changesSinceReviewed', {
      eventId,
      reviewedVersion: updated,
      currentVersion: updated,
    });
    await call('corporateActions:reviewStatus');
    await call('corporateActions:setRead', { eventId, read: true });
    const version = async () =>
      (await call<EventReviewState[]>('corporateActions:reviewStates', { eventIds: [eventId] }))[0]
        ?.version ?? 0;
    await call('corporateActions:setFlagged', { eventId, flagged: true, version: await version() });
    await call('corporateActions:addNote', { eventId, note: 'Checked.' });
    await call('corporateActions:setReviewed', {
      events: [{ eventId, version: await version() }],
      reviewed: true,
    });
    // On this computer's store, what needs a team is refused in words (and answers no secret either).
    await refusal('corporateActions:assign', { eventId, version: await version() }, 'TeamReviewOnly');
    await refusal(
      'corporateActions:approve',
      { eventId, version: await version(), approved: true },
      'TeamReviewOnly',
    );
    await refusal('corporateActions:copyToTeam', undefined, 'TeamReviewOnly');
    await call('corporateActions:reviewStates', { eventIds: [eventId] });
    await call('corporateActions:audit');
    await call('corporateActions:auditVerification');
    const today = new Date().toISOString().slice(0, 10);
    await call('corporateActions:reviewReport', { from: today, to: today, timeZone: 'Europe/Copenhagen' });
    // The web shell's core has no PDF printer: refused in words.
    await refusal('corporateActions:printReviewReport', { from: today, to: today }, 'PrintUnavailable');
    const definition = { filters: {}, sort: { column: 'Date', type: 'Asc' }, columns: ['EventId'] };
    await call('corporateActions:saveView', { name: 'Mine', definition });
    await call('corporateActions:views');
    await call('corporateActions:deleteView', { name: 'Mine' });
    const apps = await call<Feed<ListedApplication>>('apps:list', { $top: 100, $skip: 0 });
    expect(apps.Data.length).toBeGreaterThan(0);
    await call('apps:get', { AppKey: DEMO_APP.appKey });
    for (const app of apps.Data.slice(0, 5)) await call('apps:get', { AppKey: app.AppKey });
    const demoApp = await test.get<Application>(`developer/apps/${DEMO_APP.appKey}`, { as: 'demo' });
    for (const secret of demoApp.body.Secrets ?? []) {
      await desk
        .call('apps:revealSecret', { AppKey: DEMO_APP.appKey, SecretId: secret.SecretId })
        .then((response) =>
          answers.set(REVEALING_CHANNEL, [
            ...(answers.get(REVEALING_CHANNEL) ?? []),
            JSON.stringify(response),
          ]),
        );
      await call('apps:copySecret', { AppKey: DEMO_APP.appKey, SecretId: secret.SecretId });
    }
    // A remote profile holding the demo AppSecret: the secret goes to the token store, never back.
    const saved = await call<{ id: string }>('session:saveProfile', {
      name: 'Gateway with a secret',
      baseUrl: 'https://gateway.example.com/openapi',
      authUrl: 'https://auth.example.com/auth',
      appKey: DEMO_APP.appKey,
      appSecret: DEMO_APP.appSecret,
      redirectUri: 'http://127.0.0.1/refdesk/callback',
      flow: 'code',
    });
    await call('session:profiles');
    await call('session:chooseProfile', { id: saved.id });
    await call('session:chooseProfile', { id: 'embedded' });
    await call('session:deleteProfile', { id: saved.id });
    await call('settings:get');
    await call('settings:save', { secrets: { revealSeconds: 25, clipboardClearSeconds: 35 } });
    await call('settings:saveReviewStore', { store: 'local', teamUrls: ['https://review.example.com'] });
    await call('settings:saveWorkQueue', { overdueBusinessDays: 5, notifications: false });
    await call('settings:simulatorStatus');
    await call('settings:keepPlace', { route: '/watchlists', searchText: 'AAPL' });
    await call('settings:lastPlace');
    const { lists } = await call<WatchlistsView>('watchlists:create', { name: 'Morning' });
    const watchlist = lists[0]!.id;
    const watched = { uic: stock.Identifier, assetType: 'Stock', symbol: stock.Symbol, description: stock.Description };
    await call('watchlists:add', { id: watchlist, items: [watched] });
    await call('watchlists:remove', { id: watchlist, items: [{ uic: stock.Identifier, assetType: 'Stock' }] });
    await call('watchlists:rename', { id: watchlist, name: 'Open' });
    await call('watchlists:choose', { id: watchlist });
    await call('watchlists:list');
    await call('watchlists:delete', { id: watchlist });
    await call('prices:watch', {
      WatchId: 'every-channel',
      Instruments: [{ Uic: stock.Identifier, AssetType: 'Stock' }],
      Chains: [],
    });
    await call('prices:unwatch', { WatchId: 'every-channel' });
  }

  it('holds for the demo user and for the admin, over every channel of the contract', async () => {
    for (const login of ['demo', 'admin']) {
      await signInAs(login);
      await everyChannel();
      await call('session:signOut');
    }
    const { scale, seed } = test.simulator.info.universe;
    await call('settings:resetSimulator', { scale, seed });

    // Every channel was driven, so a new channel cannot slip past this test.
    expect(Object.keys(channels).filter((channel) => !answers.has(channel as ChannelName))).toEqual([]);
    expect(secretValues).toContain(DEMO_APP.appSecret);
    expect(secretValues.length).toBeGreaterThanOrEqual(3);
    const leaks = [...answers]
      .filter(([channel]) => channel !== REVEALING_CHANNEL)
      .flatMap(([channel, texts]) =>
        secretValues
          .filter((value) => texts.some((text) => text.includes(value)))
          .map((value) => `${channel}: ${value}`),
      );
    expect(leaks).toEqual([]);
    expect(secretValues.filter((value) => pushed.some((text) => text.includes(value)))).toEqual([]);
    // The search finds a value where one is: the revealing channel's answers carry the demo app's secrets.
    expect(answers.get(REVEALING_CHANNEL)!.some((text) => text.includes(DEMO_APP.appSecret))).toBe(true);
  }, 120_000);
});
