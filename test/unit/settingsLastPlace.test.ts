/**
 * The trader's last place (workspace route and search text), kept by main per connection profile
 * and user in last-places.json: back after a restart for the same user only, the file the user's
 * alone, a file RefDesk cannot use kept aside; a place that is no workspace's refused by name,
 * and nothing kept for nobody.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../contract/session';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { registerSettingsPlaceIpc } from '../../main/core/ipc/registerSettingsPlaceIpc';
import { LAST_PLACES_FILE_NAME, LastPlaces } from '../../main/core/settings/lastPlaces';

const DEMO = { profileId: 'embedded', userId: '17340521' };
const TRADER2 = { profileId: 'embedded', userId: '17340877' };
const newDataDir = () => mkdtemp(path.join(tmpdir(), 'refdesk-last-place-'));

describe('the last places', () => {
  it('opens the same user where they were after a restart, and nobody else', async () => {
    const dataDir = await newDataDir();
    const places = await LastPlaces.open(dataDir);
    await places.keep(DEMO, { route: '/chains/4012', searchText: 'SPX' });
    await places.keep(TRADER2, { route: '/futures' });
    const reopened = await LastPlaces.open(dataDir);
    expect(reopened.get(DEMO)).toEqual({ route: '/chains/4012', searchText: 'SPX' });
    expect(reopened.get(TRADER2)).toEqual({ route: '/futures' });
    expect(reopened.get({ profileId: 'staging', userId: DEMO.userId })).toBeUndefined();
    expect(statSync(path.join(dataDir, LAST_PLACES_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it('keeps a file it cannot use aside and starts without places', async () => {
    const dataDir = await newDataDir();
    writeFileSync(path.join(dataDir, LAST_PLACES_FILE_NAME), '{"version": 1, "places": ');
    const places = await LastPlaces.open(dataDir, new Date('2026-11-27T08:00:00Z'));
    expect(places.problem).toBe(
      `${LAST_PLACES_FILE_NAME} is not a file of RefDesk's last places. It was kept as ` +
        `${path.join(dataDir, LAST_PLACES_FILE_NAME)}.unreadable-2026-11-27T08-00-00-000Z; RefDesk opens on its first workspace.`,
    );
    expect(places.get(DEMO)).toBeUndefined();
    await places.keep(DEMO, { route: '/instruments', searchText: 'Apple' });
    expect((await LastPlaces.open(dataDir)).get(DEMO)).toEqual({ route: '/instruments', searchText: 'Apple' });
    expect(readdirSync(dataDir).filter((name) => name.includes('unreadable'))).toHaveLength(1);
  });
});

describe('the place channels', () => {
  async function dispatcher(view: Partial<SessionView>) {
    const lastPlaces = await LastPlaces.open(await newDataDir());
    const session = { view: () => ({ signedIn: false, profile: { id: 'embedded' }, ...view }) as SessionView };
    const handlers = registerSettingsPlaceIpc({ lastPlaces, session }) as unknown as IpcHandlers;
    const dispatch = createIpcDispatcher({ handlers, isTrustedSender: () => true });
    return (channel: string, arg?: unknown) => dispatch(channel, arg, { url: 'app://refdesk/', isMainFrame: true });
  }

  it("keep the signed-in user's place and answer it", async () => {
    const call = await dispatcher({ signedIn: true, user: { name: 'Clara Lindqvist', userId: DEMO.userId } });
    expect(await call('settings:lastPlace')).toEqual({ ok: true, result: {} });
    await call('settings:keepPlace', { route: '/chains/4012', searchText: 'SPX' });
    expect(await call('settings:lastPlace')).toEqual({ ok: true, result: { place: { route: '/chains/4012', searchText: 'SPX' } } });
  });

  it('refuse a route that is no workspace’s, by name, and keep nothing for nobody', async () => {
    const signedIn = await dispatcher({ signedIn: true, user: { name: 'Clara Lindqvist', userId: DEMO.userId } });
    expect(await signedIn('settings:keepPlace', { route: 'https://example.com/' })).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', fields: { route: ['The route is not one of a workspace, such as /chains/4012.'] } },
    });
    const signedOut = await dispatcher({});
    expect(await signedOut('settings:keepPlace', { route: '/chains' })).toMatchObject({ ok: false, error: { code: 'NotSignedIn' } });
    expect(await signedOut('settings:lastPlace')).toEqual({ ok: true, result: {} });
  });
});
