import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, Feed, ListedApplication } from '../../contract/wire/types';
import { DEMO_APP } from '../../main/simulator/data/accounts/demo';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

describe('GET /developer/apps and /developer/apps/{AppKey}', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('lists the caller’s own apps in the listed shape, 20 by default, without secrets or __count', async () => {
    const response = await sim.get<Feed<ListedApplication>>('developer/apps');
    expect(response.status).toBe(200);
    const feed = response.body;
    expect(feed.__count).toBeUndefined();
    expect(feed.MaxRows).toBe(1000);
    expect(feed.Data.length).toBeGreaterThan(1);
    expect(feed.Data.length).toBeLessThanOrEqual(20);
    const demo = feed.Data.find((a) => a.AppKey === DEMO_APP.appKey);
    expect(demo).toMatchObject({ Name: 'RefDesk Desktop', Status: 'OK', IsActive: true, Flow: 'Implicit' });
    expect(demo?.Brandings?.[0]).toMatchObject({
      Id: 1,
      Name: expect.any(String),
      Description: expect.any(String),
    });
    expect(demo).not.toHaveProperty('Branding');
    expect(demo).not.toHaveProperty('Secrets');
    expect(demo).not.toHaveProperty('RedirectUris');
    expect(demo?.ManualOrderIndicator).toEqual(expect.any(String));
    expect(new Set(feed.Data.map((a) => a.CreatedBy?.UserKey)).size).toBe(1);
    expect(new Set(feed.Data.map((a) => a.Status))).toEqual(
      new Set(['OK', 'Pending', 'Requestable', 'Rejected']),
    );
  });

  it('adds __count with $inlinecount=AllPages and Secrets with IncludeSecrets=true', async () => {
    const all = (
      await sim.get<Feed<ListedApplication>>('developer/apps?$inlinecount=AllPages&IncludeSecrets=true')
    ).body;
    expect(all.__count).toBe(all.Data.length);
    const demo = all.Data.find((a) => a.AppKey === DEMO_APP.appKey);
    expect(demo?.Secrets?.map((s) => s.Secret)).toContain(DEMO_APP.appSecret);
    const none = (
      await sim.get<Feed<ListedApplication>>('developer/apps?$inlinecount=None&includesecrets=false')
    ).body;
    expect(none.__count).toBeUndefined();
    expect(none.Data.every((a) => a.Secrets === undefined)).toBe(true);
  });

  it('pages with $top and $skip, __next reaching every app exactly once', async () => {
    const whole = (await sim.get<Feed<ListedApplication>>('developer/apps?$top=1000')).body.Data.map(
      (a) => a.AppKey,
    );
    const seen: string[] = [];
    let next: string | undefined = 'developer/apps?$top=2';
    while (next) {
      const page: Feed<ListedApplication> = (await sim.get<Feed<ListedApplication>>(next)).body;
      expect(page.Data.length).toBeLessThanOrEqual(2);
      seen.push(...page.Data.map((a) => a.AppKey));
      next = page.__next;
    }
    expect(seen).toEqual(whole);
    const skipped = (await sim.get<Feed<ListedApplication>>('developer/apps?$skip=1&$top=1')).body;
    expect(skipped.Data.map((a) => a.AppKey)).toEqual(whole.slice(1, 2));
    const beyond = (await sim.get<Feed<ListedApplication>>(`developer/apps?$skip=${whole.length}`)).body;
    expect(beyond.Data).toEqual([]);
    expect(beyond.__next).toBeUndefined();
  });

  it('reads one app in the single shape with redirect URIs, secrets and this simulator’s endpoints', async () => {
    const response = await sim.get<Application>(`developer/apps/${DEMO_APP.appKey}`);
    expect(response.status).toBe(200);
    const app = response.body;
    const authUrl = sim.simulator.info.authUrl;
    expect(app.Endpoints).toEqual({
      AuthorizationEndpoint: `${authUrl}/authorize`,
      TokenEndpoint: `${authUrl}/token`,
    });
    expect(app.Branding?.length).toBeGreaterThan(0);
    expect(app).not.toHaveProperty('Brandings');
    expect(app.RedirectUris?.map((r) => r.Uri)).toEqual([
      'http://127.0.0.1/refdesk/callback',
      'https://refdesk.example.com/auth/callback',
      'refdesk://auth/callback',
    ]);
    expect(app.RedirectUris?.[0]).toMatchObject({
      RedirectUriId: 1,
      RedirectUriLabel: expect.any(String),
      Branding: { Id: 1 },
    });
    const now = Date.now();
    const windows = app.Secrets?.map((s) => [Date.parse(s.ValidFrom!), Date.parse(s.ValidUntil!)]) ?? [];
    expect(windows.some(([, until]) => until! < now)).toBe(true);
    expect(windows.some(([from, until]) => from! <= now && now < until!)).toBe(true);
    expect(windows.some(([from]) => from! > now)).toBe(true);
    expect(app.Secrets?.every((s) => s.ValidFrom?.endsWith('Z') && s.ValidUntil?.endsWith('Z'))).toBe(true);
    expect(app.CreatedBy).toEqual({ Name: 'Clara Lindqvist', UserKey: expect.any(String) });
  });

  it('answers 404 with the error shape for an unknown AppKey', async () => {
    const response = await sim.get<{ ErrorCode: string; Message: string }>(
      'developer/apps/00000000000000000000000000000000',
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ ErrorCode: 'NotFound', Message: expect.any(String) });
  });

  it('answers 400 naming the parameter for malformed paging, inline count or IncludeSecrets', async () => {
    for (const [query, parameter] of [
      ['$top=-1', '$top'],
      ['$top=abc', '$top'],
      ['$skip=1.5', '$skip'],
      ['$inlinecount=Some', '$inlinecount'],
      ['IncludeSecrets=yes', 'IncludeSecrets'],
    ] as const) {
      const response = await sim.get<{
        ErrorCode: string;
        Message: string;
        ModelState: Record<string, string[]>;
      }>(`developer/apps?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.ErrorCode).toBe('InvalidRequest');
      expect(Object.keys(response.body.ModelState)).toEqual([parameter]);
    }
  });

  describe('ownership', () => {
    it('hides another user’s app from an ordinary user (404) and shows it to the admin', async () => {
      expect((await sim.get(`developer/apps/${DEMO_APP.appKey}`, { as: 'trader2' })).status).toBe(404);
      expect((await sim.get(`developer/apps/${DEMO_APP.appKey}`, { as: 'admin' })).status).toBe(200);
      const trader2 = (await sim.get<Feed<ListedApplication>>('developer/apps?$top=1000', { as: 'trader2' }))
        .body.Data;
      expect(trader2.length).toBeGreaterThan(0);
      expect(trader2.some((a) => a.AppKey === DEMO_APP.appKey)).toBe(false);
    });

    it('lists every application to the admin, created by many users', async () => {
      const admin = (
        await sim.get<Feed<ListedApplication>>('developer/apps?$top=1000&$inlinecount=AllPages', {
          as: 'admin',
        })
      ).body;
      const demo = (await sim.get<Feed<ListedApplication>>('developer/apps?$top=1000&$inlinecount=AllPages'))
        .body;
      expect(admin.__count).toBeGreaterThan(demo.__count!);
      expect(new Set(admin.Data.map((a) => a.CreatedBy?.UserKey)).size).toBeGreaterThan(3);
      expect(admin.Data.map((a) => a.AppKey)).toEqual(expect.arrayContaining(demo.Data.map((a) => a.AppKey)));
    });
  });
});
