import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskResponse } from '../../contract/bridge';
import type { WatchlistsView } from '../../contract/watchlists';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { registerWatchlistsIpc } from '../../main/core/ipc/registerWatchlistsIpc';
import { WatchlistsService } from '../../main/core/watchlists/watchlistsService';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };
const session = { view: () => ({ signedIn: true, user: { userId: '17340521' }, profile: { id: 'embedded' } }) };

function resultOf(response: DeskResponse<unknown>): WatchlistsView {
  if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result as WatchlistsView;
}

describe('concurrent watchlist saves through the dispatcher', () => {
  let dataDir: string;
  const start = async () =>
    createIpcDispatcher({
      handlers: registerWatchlistsIpc({ session, watchlists: await WatchlistsService.open(dataDir) }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'refdesk-watchlists-concurrent-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged addition, removal and new list of 60 writes fired at once, across a restart', async () => {
    const call = await start();
    const first = resultOf(await call('watchlists:create', { name: 'First' }, own)).lists[0]!.id;
    const second = resultOf(await call('watchlists:create', { name: 'Second' }, own)).lists[1]!.id;
    resultOf(await call('watchlists:add', { id: first, items: [{ uic: 1, assetType: 'Stock', symbol: 'GONE', description: '' }] }, own));

    const writes: Promise<DeskResponse<unknown>>[] = [];
    for (let index = 0; index < 25; index += 1) {
      const item = { uic: 100 + index, assetType: 'Stock', symbol: `S${index}`, description: `Stock ${index}` };
      writes.push(call('watchlists:add', { id: first, items: [item] }, own));
      writes.push(call('watchlists:add', { id: second, items: [{ ...item, assetType: 'Etf' }] }, own));
    }
    writes.push(call('watchlists:remove', { id: first, items: [{ uic: 1, assetType: 'Stock' }] }, own));
    for (let index = 0; index < 9; index += 1) writes.push(call('watchlists:create', { name: `New ${index}` }, own));
    const answers = await Promise.all(writes);
    expect(answers.every((answer) => answer.ok)).toBe(true);

    const kept = resultOf(await (await start())('watchlists:list', undefined, own));
    const uicsOf = (id: string) => kept.lists.find((list) => list.id === id)!.items.map((item) => item.uic).sort((a, b) => a - b);
    const expected = Array.from({ length: 25 }, (_, index) => 100 + index);
    expect(uicsOf(first)).toEqual(expected);
    expect(uicsOf(second)).toEqual(expected);
    expect(kept.lists).toHaveLength(11);
  });
});
