import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reviewer } from '../../contract/corporateActions';
import { REVIEW_FILE_NAME } from '../../main/core/corporateActions/review/reviewDatabase';
import { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { registerCorporateActionsIpc } from '../../main/core/ipc/registerCorporateActionsIpc';
import { OWN_FRAME } from '../support/coreDesk';
import { localReviewStores } from '../support/localReviewStores';

const reviewer: Reviewer = { profileId: 'embedded', userId: '17340521', name: 'Clara Lindqvist' };
const session = { view: () => ({ signedIn: true, user: reviewer, profile: { id: reviewer.profileId } }) };
const PAGE = 4096;

describe('a damaged review.sqlite', () => {
  let dataDir: string;
  let file: string;
  const opened: LocalReviewStore[] = [];
  const open = () => {
    const store = LocalReviewStore.open(dataDir);
    opened.push(store);
    return store;
  };
  const dispatcherOver = (store: LocalReviewStore) =>
    createIpcDispatcher({
      handlers: registerCorporateActionsIpc({
        reviews: localReviewStores(store, session),
        session,
      }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });

  /** A review file with some state in it, closed (checkpointed into the main file). */
  function fileWithState(): Buffer {
    const store = LocalReviewStore.open(dataDir);
    for (let index = 0; index < 200; index += 1) {
      store.addNote(reviewer, {
        eventId: String(9_000_000 + index),
        note: `Checked with the agent, round ${index}.`,
      });
    }
    store.close();
    return readFileSync(file);
  }
  const garbled = (bytes: Buffer) => {
    const copy = Buffer.from(bytes);
    for (let at = PAGE; at < copy.length; at += 1) copy[at] = (at * 7919) & 0xff;
    return copy;
  };
  const backups = () =>
    readdirSync(dataDir).filter((name) => name.startsWith(`${REVIEW_FILE_NAME}.unreadable-`));

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-review-damage-'));
    file = path.join(dataDir, REVIEW_FILE_NAME);
  });
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What every damaged file must lead to: the original kept aside, the problem reported, a fresh store that works. */
  async function expectMovedAsideAndFresh(original: Buffer): Promise<void> {
    const store = open();
    expect(store.problem).toMatch(/kept as .*review\.sqlite\.unreadable-/);
    expect(backups()).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, backups()[0]!))).toEqual(original);
    const call = dispatcherOver(store);
    expect(await call('corporateActions:reviewStatus', undefined, OWN_FRAME)).toMatchObject({
      ok: true,
      result: { problem: expect.stringContaining('unreadable-') },
    });
    expect(
      await call('corporateActions:setFlagged', { eventId: '42', flagged: true, version: 0 }, OWN_FRAME),
    ).toMatchObject({
      ok: true,
      result: { flagged: true },
    });
    const definition = { filters: {}, sort: { column: 'Date', type: 'Asc' }, columns: ['EventId'] };
    expect(await call('corporateActions:saveView', { name: 'Mine', definition }, OWN_FRAME)).toMatchObject({
      ok: true,
    });
  }

  it('cut short after its first page: moved aside at opening, reported, and a fresh store started', async () => {
    const whole = fileWithState();
    const truncated = whole.subarray(0, PAGE);
    writeFileSync(file, truncated);
    await expectMovedAsideAndFresh(truncated);
  });

  it('with garbled pages: moved aside at opening, reported, and a fresh store started', async () => {
    const damaged = garbled(fileWithState());
    writeFileSync(file, damaged);
    await expectMovedAsideAndFresh(damaged);
  });

  it('missing one of its tables: moved aside at opening, reported, and a fresh store started', async () => {
    fileWithState();
    const db = new Database(file);
    db.exec('DROP TABLE inbox_view');
    db.close();
    await expectMovedAsideAndFresh(readFileSync(file));
  });

  it('not a database at all: moved aside at opening', async () => {
    const text = Buffer.from('review notes, exported by hand\n'.repeat(300));
    writeFileSync(file, text);
    await expectMovedAsideAndFresh(text);
  });

  it('damaged while RefDesk runs: writes fail with a clear message and the status says what to do', async () => {
    const store = open();
    for (let index = 0; index < 200; index += 1) {
      store.addNote(reviewer, {
        eventId: String(9_000_000 + index),
        note: `Checked with the agent, round ${index}.`,
      });
    }
    const call = dispatcherOver(store);
    // Everything into the main file (as SQLite does from time to time), then the disk damages it.
    const other = new Database(file);
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.close();
    writeFileSync(file, garbled(readFileSync(file)));
    const answer = await call(
      'corporateActions:addNote',
      { eventId: '9000150', note: 'Agent confirmed.' },
      OWN_FRAME,
    );
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'ReviewStoreDamaged',
        message: expect.stringMatching(/review state file .*damaged.*restart RefDesk/i),
      },
    });
    expect(await call('corporateActions:reviewStatus', undefined, OWN_FRAME)).toMatchObject({
      ok: true,
      result: { problem: expect.stringMatching(/damaged/) },
    });
    expect(existsSync(file)).toBe(true);
  });
});
