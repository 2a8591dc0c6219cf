import { tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsStep } from '../../main/simulator/data/apps/appsStep';
import { ADMIN_USER, DEMO_APP, DEMO_USER, TRADER2_USER } from '../../main/simulator/data/accounts/demo';
import { findUserById, findUserByLogin } from '../../main/simulator/data/accounts/users';
import { findApp, findAppVisibleTo, listAppsVisibleTo } from '../../main/simulator/data/apps/appRecords';
import { identitiesStep } from '../../main/simulator/data/accounts/identitiesStep';
import { openUniverse, type Universe } from '../../main/simulator/data/universe';

describe('the identities and the applications of the universe', () => {
  let universe: Universe;
  let dir: string;
  const now = new Date('2026-03-10T12:00:00Z');

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'refdesk-users-apps-'));
    universe = openUniverse({
      seed: 1,
      scale: 'small',
      cacheDir: dir,
      steps: [identitiesStep, appsStep],
      asOf: now,
    });
  });
  afterAll(() => {
    universe.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in the documented users by login and password, and nobody with a wrong password', () => {
    const demo = findUserByLogin(universe.db, 'demo', 'refdesk-demo');
    expect(demo).toMatchObject({
      userId: DEMO_USER.userId,
      name: DEMO_USER.name,
      isAdmin: false,
      clientId: '9300112',
    });
    expect(demo?.clientKey).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(findUserByLogin(universe.db, 'DEMO', 'refdesk-demo')?.userId).toBe(DEMO_USER.userId);
    expect(findUserByLogin(universe.db, 'admin', 'refdesk-admin')).toMatchObject({
      isAdmin: true,
      role: 'admin',
    });
    expect(findUserByLogin(universe.db, 'trader2', 'refdesk-trader2')?.userId).toBe(TRADER2_USER.userId);
    expect(findUserByLogin(universe.db, 'demo', 'refdesk-admin')).toBeUndefined();
    expect(findUserByLogin(universe.db, 'nobody', 'refdesk-demo')).toBeUndefined();
    expect(findUserByLogin(universe.db, 'demo', '')).toBeUndefined();
  });

  it('never stores a password in clear', () => {
    const rows = universe.db.prepare('SELECT * FROM users').all() as Record<string, unknown>[];
    const stored = JSON.stringify(rows.map((row) => ({ ...row, password_hash: String(row.password_hash) })));
    expect(stored).not.toContain('refdesk-demo');
  });

  it('finds users by id', () => {
    expect(findUserById(universe.db, ADMIN_USER.userId)?.name).toBe(ADMIN_USER.name);
    expect(findUserById(universe.db, '0')).toBeUndefined();
  });

  it('holds the demo app with its redirect URIs, flows and current, past and future secrets', () => {
    const app = findApp(universe.db, DEMO_APP.appKey);
    expect(app).toMatchObject({
      name: 'RefDesk Desktop',
      status: 'OK',
      isActive: true,
      appUrl: DEMO_APP.appUrl,
    });
    expect(app?.allowedFlows).toEqual(['Implicit', 'Code', 'PersonalJwt']);
    expect(app?.redirectUris.map((r) => r.uri)).toEqual([
      'http://127.0.0.1/refdesk/callback',
      'https://refdesk.example.com/auth/callback',
      'refdesk://auth/callback',
    ]);
    const current = app?.secrets.filter((s) => s.validFrom <= now && s.validUntil > now) ?? [];
    expect(current.map((s) => s.secret)).toEqual([DEMO_APP.appSecret]);
    expect(app?.secrets.some((s) => s.validUntil < now)).toBe(true);
    expect(app?.secrets.some((s) => s.validFrom > now)).toBe(true);
    expect(findApp(universe.db, '0'.repeat(32))).toBeUndefined();
  });

  it('shows a user only the apps it created, and an admin all of them', () => {
    const demo = findUserById(universe.db, DEMO_USER.userId)!;
    const admin = findUserById(universe.db, ADMIN_USER.userId)!;
    const trader2 = findUserById(universe.db, TRADER2_USER.userId)!;
    const mine = listAppsVisibleTo(universe.db, demo, { top: 100, skip: 0 });
    const all = listAppsVisibleTo(universe.db, admin, { top: 1000, skip: 0 });
    expect(mine.apps.every((a) => a.createdBy.userId === DEMO_USER.userId)).toBe(true);
    expect(new Set(mine.apps.map((a) => a.status))).toEqual(
      new Set(['OK', 'Pending', 'Requestable', 'Rejected']),
    );
    expect(all.total).toBeGreaterThan(mine.total);
    expect(all.apps).toHaveLength(all.total);
    expect(findAppVisibleTo(universe.db, trader2, DEMO_APP.appKey)).toBeUndefined();
    expect(findAppVisibleTo(universe.db, admin, DEMO_APP.appKey)?.appKey).toBe(DEMO_APP.appKey);
  });
});
