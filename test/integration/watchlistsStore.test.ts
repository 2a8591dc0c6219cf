import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import { WATCHLIST_LIMITS, type WatchlistsView } from '../../contract/watchlists';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { registerWatchlistsIpc, type WatchlistOwnerSource } from '../../main/core/ipc/registerWatchlistsIpc';
import { WatchlistsService } from '../../main/core/watchlists/watchlistsService';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };
const apple = { uic: 211, assetType: 'Stock', symbol: 'AAPL:xnas', description: 'Apple Inc.' } as const;
const spxCall = { uic: 9001, assetType: 'StockIndexOption', symbol: 'SPX/17Dec26C6500', description: 'SPX call' } as const;

function resultOf(response: DeskResponse<unknown>): WatchlistsView {
  if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result as WatchlistsView;
}

describe('watchlists kept by main, per profile and user, across restarts', () => {
  let dataDir: string;
  let signedIn: { userId: string } | undefined;
  let profileId: string;
  const session: WatchlistOwnerSource = {
    view: () => ({ signedIn: signedIn !== undefined, ...(signedIn ? { user: signedIn } : {}), profile: { id: profileId } }),
  };
  /** A fresh start of main on the same data folder. */
  const start = async () =>
    createIpcDispatcher({
      handlers: registerWatchlistsIpc({ session, watchlists: await WatchlistsService.open(dataDir) }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-watchlists-'));
    signedIn = { userId: '17340521' };
    profileId = 'embedded';
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates, fills, renames and removes; a restart finds it all; another user or profile sees none', async () => {
    const first = await start();
    const created = resultOf(await first('watchlists:create', { name: '  Morning  ' }, own));
    const id = created.lists[0]!.id;
    expect(created).toMatchObject({ lists: [{ name: 'Morning', items: [] }], chosenId: id });
    resultOf(await first('watchlists:add', { id, items: [apple, spxCall, apple] }, own));
    resultOf(await first('watchlists:rename', { id, name: 'Open' }, own));

    const restarted = await start();
    const kept = resultOf(await restarted('watchlists:list', undefined, own));
    expect(kept.chosenId).toBe(id);
    expect(kept.lists.map((list) => list.name)).toEqual(['Open']);
    expect(kept.lists[0]!.items.map((item) => item.symbol)).toEqual(['AAPL:xnas', 'SPX/17Dec26C6500']);
    const removed = resultOf(await restarted('watchlists:remove', { id, items: [{ uic: 211, assetType: 'Stock' }] }, own));
    expect(removed.lists[0]!.items.map((item) => item.uic)).toEqual([9001]);

    signedIn = { userId: '17340877' };
    expect(resultOf(await restarted('watchlists:list', undefined, own)).lists).toEqual([]);
    // Another user cannot reach the first user's list by its id.
    expect(await restarted('watchlists:add', { id, items: [apple] }, own)).toMatchObject({
      ok: false,
      error: { code: 'WatchlistNotFound', status: 404 },
    });
    signedIn = { userId: '17340521' };
    profileId = 'remote-1';
    expect(resultOf(await restarted('watchlists:list', undefined, own)).lists).toEqual([]);
    profileId = 'embedded';
    resultOf(await restarted('watchlists:delete', { id }, own));
    expect(resultOf(await (await start())('watchlists:list', undefined, own))).toEqual({ lists: [] });
    // The data folder's file is the user's alone.
    expect(statSync(path.join(dataDir, 'watchlists.json')).mode & 0o077).toBe(0);
  });

  it('refuses past its limits, names in use and bad input, in words naming the field', async () => {
    const call = await start();
    expect(await call('watchlists:create', { name: ' ' }, own)).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', message: 'A watchlist needs a name.' },
    });
    expect(await call('watchlists:create', { name: 'x'.repeat(61) }, own)).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', fields: { name: ['A watchlist name is at most 60 characters.'] } },
    });
    expect(await call('watchlists:create', { name: 'a\nb' }, own)).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
    const id = resultOf(await call('watchlists:create', { name: 'Tech' }, own)).lists[0]!.id;
    expect(await call('watchlists:create', { name: 'TECH ' }, own)).toMatchObject({
      ok: false,
      error: { code: 'WatchlistNameTaken', status: 409, message: 'You already have a watchlist named "Tech".' },
    });
    expect(await call('watchlists:add', { id, items: [{ ...apple, uic: -1 }] }, own)).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', fields: { 'items.0.uic': [expect.any(String)] } },
    });
    expect(await call('watchlists:add', { id: '../../etc', items: [apple] }, own)).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', fields: { id: ['Not a watchlist of RefDesk.'] } },
    });

    // Instruments: up to the limit, then refused whole with the room left.
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({ ...apple, uic: from + index, symbol: `S${from + index}` }));
    resultOf(await call('watchlists:add', { id, items: many(1, WATCHLIST_LIMITS.itemsPerList - 2) }, own));
    const over = await call('watchlists:add', { id, items: many(10_000, 3) }, own);
    expect(over).toMatchObject({
      ok: false,
      error: { code: 'WatchlistLimit', message: '"Tech" holds 498 instruments and takes at most 500: there is room for 2 more, not 3.' },
    });
    expect(resultOf(await call('watchlists:list', undefined, own)).lists[0]!.items).toHaveLength(498);

    // Lists: up to the limit, then refused.
    for (let index = 1; index < WATCHLIST_LIMITS.lists; index += 1)
      resultOf(await call('watchlists:create', { name: `List ${index}` }, own));
    expect(await call('watchlists:create', { name: 'One more' }, own)).toMatchObject({
      ok: false,
      error: {
        code: 'WatchlistLimit',
        message: 'You keep 50 watchlists, the most RefDesk keeps: delete one before creating another.',
      },
    });
    signedIn = undefined;
    expect(await call('watchlists:list', undefined, own)).toMatchObject({ ok: false, error: { code: 'NotSignedIn' } });
  });

  it('keeps a damaged file aside and reports it, keeping every list that still reads', async () => {
    const call = await start();
    const id = resultOf(await call('watchlists:create', { name: 'Kept' }, own)).lists[0]!.id;
    const file = path.join(dataDir, 'watchlists.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.owners['embedded|17340521'].lists.push({ id: 'x', name: 42 });
    writeFileSync(file, JSON.stringify(json));
    const view = resultOf(await (await start())('watchlists:list', undefined, own));
    expect(view.lists.map((list) => list.id)).toEqual([id]);
    expect(view.problem).toMatch(/^1 watchlist in watchlists.json could not be read and was left out. The original file was kept as .*unreadable-/);
    expect(readdirSync(dataDir).some((name) => name.startsWith('watchlists.json.unreadable-'))).toBe(true);

    writeFileSync(file, '{"version": 1, "own');
    const broken = resultOf(await (await start())('watchlists:list', undefined, own));
    expect(broken.lists).toEqual([]);
    expect(broken.problem).toMatch(/^watchlists.json is not valid JSON. It was kept as /);
  });
});
