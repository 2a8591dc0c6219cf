import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_FILE_NAME } from '../../main/core/corporateActions/review/reviewDatabase';
import { ReviewInputError } from '../../main/core/corporateActions/review/reviewInput';
import type { Reviewer } from '../../contract/corporateActions';
import { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import {
  ReviewConflictError,
  ReviewRefusedError,
} from '../../main/core/corporateActions/review/reviewErrors';

const alice: Reviewer = { profileId: 'embedded', userId: 'u-alice', name: 'Alice Back-Office' };
const bob: Reviewer = { profileId: 'embedded', userId: 'u-bob', name: 'Bob' };
const aliceRemote: Reviewer = { ...alice, profileId: 'prod-gateway' };

describe('the local review store (SQLite under the user data folder)', () => {
  let dataDir: string;
  let now: Date;
  const clock = () => now;
  const open = () => LocalReviewStore.open(dataDir, clock);

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-review-'));
    now = new Date('2026-03-02T09:00:00.000Z');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps read, flagged, reviewed and the note across closing and reopening', () => {
    const store = open();
    store.setRead(alice, { eventId: '9652429', read: true });
    store.setFlagged(alice, { eventId: '9652429', flagged: true, version: 0 });
    store.addNote(alice, { eventId: '9652429', note: 'Check the SECU ratio\nwith the agent.' });
    store.setReviewed(alice, {
      events: [{ eventId: '9652430', version: 0, updatedDateTime: '2026-03-01T12:00:00Z' }],
      reviewed: true,
    });
    store.close();

    const reopened = open();
    const states = reopened.states(alice, { eventIds: ['9652429', '9652430', '1'] });
    expect(states).toHaveLength(2);
    expect(states.find((s) => s.eventId === '9652429')).toMatchObject({
      read: true,
      flagged: true,
      notes: [
        {
          id: 1,
          by: { name: 'Alice Back-Office', userId: 'u-alice' },
          at: '2026-03-02T09:00:00.000Z',
          text: 'Check the SECU ratio\nwith the agent.',
        },
      ],
      version: 2,
      progress: 'NotReviewed',
    });
    expect(states.find((s) => s.eventId === '9652429')?.reviewedAt).toBeUndefined();
    // Marking reviewed also marks read, and remembers the version seen.
    expect(states.find((s) => s.eventId === '9652430')).toMatchObject({
      read: true,
      reviewedAt: '2026-03-02T09:00:00.000Z',
      reviewedVersion: '2026-03-01T12:00:00Z',
      reviewedBy: { name: 'Alice Back-Office', userId: 'u-alice' },
      progress: 'Reviewed',
      version: 1,
    });
    reopened.close();
  });

  it('marks many events reviewed in one call and can undo it', () => {
    const store = open();
    const events = ['1', '2', '3'].map((eventId) => ({
      eventId,
      version: 0,
      updatedDateTime: '2026-02-27T08:00:00Z',
    }));
    expect(store.setReviewed(alice, { events, reviewed: true }).every((s) => s.reviewedAt)).toBe(true);
    store.setReviewed(alice, { events: [{ eventId: '2', version: 1 }], reviewed: false });
    const states = store.states(alice, { eventIds: ['1', '2', '3'] });
    expect(
      states
        .filter((s) => s.reviewedAt)
        .map((s) => s.eventId)
        .sort(),
    ).toEqual(['1', '3']);
    store.close();
  });

  it('writes one audit entry per real change, with who, when and before/after, newest first', () => {
    const store = open();
    store.setFlagged(alice, { eventId: '7', flagged: true, version: 0 });
    now = new Date('2026-03-02T09:05:00.000Z');
    store.setFlagged(alice, { eventId: '7', flagged: true, version: 1 }); // no change: no entry
    store.addNote(alice, { eventId: '7', note: 'Agent confirmed.' });
    now = new Date('2026-03-02T09:10:00.000Z');
    store.setReviewed(alice, {
      events: [{ eventId: '7', version: 2, updatedDateTime: '2026-03-01T00:00:00Z' }],
      reviewed: true,
    });

    const entries = store.audit(alice, { eventId: '7' });
    expect(entries.map((e) => e.action)).toEqual(['read', 'reviewed', 'note', 'flagged']);
    expect(entries[1]).toMatchObject({
      at: '2026-03-02T09:10:00.000Z',
      actor: { name: 'Alice Back-Office', userId: 'u-alice' },
      profileId: 'embedded',
      before: 'not reviewed',
      after: '2026-03-01T00:00:00Z',
    });
    expect(entries[2]).toMatchObject({
      before: '',
      after: 'Agent confirmed.',
      at: '2026-03-02T09:05:00.000Z',
    });
    store.close();
  });

  it('refuses a change made on a stale version (another window changed the event first), naming the change, and keeps the newer state', () => {
    const store = open();
    const seen = store.setFlagged(alice, { eventId: '7', flagged: true, version: 0 });
    now = new Date('2026-03-02T09:05:00.000Z');
    // The other window saw version 1 and unflags: version 2.
    store.setFlagged(alice, { eventId: '7', flagged: false, version: seen.version });
    let refused: unknown;
    try {
      store.setReviewed(alice, { events: [{ eventId: '7', version: seen.version }], reviewed: true });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ReviewConflictError);
    const conflict = (refused as ReviewConflictError).conflicts[0]!;
    expect(conflict).toMatchObject({
      eventId: '7',
      yourVersion: 1,
      current: { version: 2, flagged: false },
      changesSince: [
        {
          action: 'unflagged',
          before: 'true',
          after: 'false',
          at: '2026-03-02T09:05:00.000Z',
          by: { name: 'Alice Back-Office' },
        },
      ],
    });
    expect((refused as Error).message).toMatch(
      /Event 7 changed since you loaded it: last changed by Alice Back-Office \(unflagged/,
    );
    // A stale bulk review refuses every event of the call.
    expect(() =>
      store.setReviewed(alice, {
        events: [
          { eventId: '8', version: 0 },
          { eventId: '7', version: 1 },
        ],
        reviewed: true,
      }),
    ).toThrow(ReviewConflictError);
    expect(store.states(alice, { eventIds: ['7', '8'] })).toMatchObject([
      { eventId: '7', flagged: false, version: 2 },
    ]);
    // Read marks are the reviewer's own and carry no version.
    expect(store.setRead(alice, { eventId: '7', read: true })).toMatchObject({ read: true, version: 2 });
    store.close();
  });

  it('keeps notes as a thread: two windows writing notes overwrite nothing, newest last', () => {
    const store = open();
    store.addNote(alice, { eventId: '7', note: 'From the other window.' });
    now = new Date('2026-03-02T09:05:00.000Z');
    const state = store.addNote(alice, { eventId: '7', note: 'From this window.' });
    expect(state.notes.map((note) => [note.id, note.at, note.text])).toEqual([
      [1, '2026-03-02T09:00:00.000Z', 'From the other window.'],
      [2, '2026-03-02T09:05:00.000Z', 'From this window.'],
    ]);
    store.close();
    expect(
      open()
        .states(alice, { eventIds: ['7'] })[0]
        ?.notes.map((note) => note.text),
    ).toEqual(['From the other window.', 'From this window.']);
    const db = new Database(path.join(dataDir, REVIEW_FILE_NAME));
    expect(() => db.prepare("UPDATE review_note SET text = 'rewritten'").run()).toThrow(/kept as written/);
    db.close();
  });

  it('leaves assignment and approval to the team store, in words', () => {
    const store = open();
    expect(() => store.assign()).toThrow(ReviewRefusedError);
    expect(() => store.approve()).toThrow(/four eyes.*team review service/);
    store.close();
  });

  it('refuses to update or delete audit entries, even with direct SQL', () => {
    const store = open();
    store.setFlagged(alice, { eventId: '7', flagged: true, version: 0 });
    store.close();
    const db = new Database(path.join(dataDir, REVIEW_FILE_NAME));
    expect(() => db.prepare("UPDATE review_audit SET after = 'false'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM review_audit').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) AS n FROM review_audit').get()).toEqual({ n: 1 });
    db.close();
  });

  it('keeps each profile and user apart', () => {
    const store = open();
    store.setFlagged(alice, { eventId: '42', flagged: true, version: 0 });
    store.addNote(bob, { eventId: '42', note: "Bob's note" });
    store.views.save(alice, {
      name: 'Voluntary, this week',
      definition: {
        filters: { CorporateActionTypes: ['Voluntary'] },
        sort: { column: 'Date', type: 'Asc' },
        columns: ['eventType'],
      },
    });

    expect(store.states(alice, { eventIds: ['42'] })[0]).toMatchObject({ flagged: true, notes: [] });
    expect(store.states(bob, { eventIds: ['42'] })[0]).toMatchObject({
      flagged: false,
      notes: [{ text: "Bob's note", by: { name: 'Bob' } }],
    });
    expect(store.states(aliceRemote, { eventIds: ['42'] })).toEqual([]);
    expect(store.audit(bob).map((e) => e.action)).toEqual(['note']);
    expect(store.audit(aliceRemote)).toEqual([]);
    expect(store.views.list(alice).views.map((v) => v.name)).toEqual(['Voluntary, this week']);
    expect(store.views.list(bob).views).toEqual([]);
    store.close();
  });

  it('refuses a bad saved view with field messages and writes nothing', () => {
    // Review arguments arrive parsed by the IPC dispatcher (see corporateActionsReviewIpc.test.ts);
    // a saved view's definition is parsed here, where it is kept.
    const store = open();
    const error = (() => {
      try {
        store.views.save(alice, {
          name: 'x',
          definition: { filters: {}, sort: { column: 'Nope', type: 'Asc' }, columns: ['a'] },
        });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ReviewInputError);
    expect(Object.keys((error as ReviewInputError).fields)).toContain('definition.sort.column');
    expect(store.views.list(alice).views).toEqual([]);
    store.close();
  });

  it('moves an unusable file aside, says where, and starts empty', () => {
    writeFileSync(path.join(dataDir, REVIEW_FILE_NAME), 'this is not a database');
    const store = open();
    expect(store.problem).toMatch(/kept as .*review\.sqlite\.unreadable-2026-03-02T09-00-00-000Z/);
    expect(readdirSync(dataDir).some((name) => name.startsWith(`${REVIEW_FILE_NAME}.unreadable-`))).toBe(
      true,
    );
    store.setFlagged(alice, { eventId: '1', flagged: true, version: 0 });
    expect(store.states(alice, { eventIds: ['1'] })).toHaveLength(1);
    store.close();
    expect(existsSync(path.join(dataDir, REVIEW_FILE_NAME))).toBe(true);
  });

  it('reports a saved view that no longer parses without dropping it', () => {
    const store = open();
    store.views.save(alice, {
      name: 'Good',
      definition: { filters: {}, sort: { column: 'EventId', type: 'Desc' }, columns: ['eventId'] },
    });
    store.close();
    const db = new Database(path.join(dataDir, REVIEW_FILE_NAME));
    db.prepare(
      "INSERT INTO inbox_view VALUES ('embedded', 'u-alice', 'Broken', '{not json', '2026-01-01T00:00:00Z')",
    ).run();
    db.close();
    const reopened = open();
    const listed = reopened.views.list(alice);
    expect(listed.views.map((v) => v.name)).toEqual(['Good']);
    expect(listed.problem).toContain('"Broken"');
    expect(() => reopened.views.delete(alice, { name: 'Missing' })).toThrow(/no saved view named "Missing"/);
    expect(reopened.views.delete(alice, { name: 'Broken' }).problem).toBeUndefined();
    reopened.close();
  });
});
