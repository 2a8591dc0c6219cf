import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_FILE_NAME } from '../../main/core/corporateActions/reviewDatabase';
import { ReviewInputError } from '../../main/core/corporateActions/reviewInput';
import type { Reviewer } from '../../contract/corporateActions';
import { ReviewStore } from '../../main/core/corporateActions/reviewStore';

const alice: Reviewer = { profileId: 'embedded', userId: 'u-alice', name: 'Alice Back-Office' };
const bob: Reviewer = { profileId: 'embedded', userId: 'u-bob', name: 'Bob' };
const aliceRemote: Reviewer = { ...alice, profileId: 'prod-gateway' };

describe('the review store (SQLite under the user data folder)', () => {
  let dataDir: string;
  let now: Date;
  const clock = () => now;
  const open = () => ReviewStore.open(dataDir, clock);

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-review-'));
    now = new Date('2026-03-02T09:00:00.000Z');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps read, flagged, reviewed and the note across closing and reopening', () => {
    const store = open();
    store.setRead(alice, { eventId: '9652429', read: true });
    store.setFlagged(alice, { eventId: '9652429', flagged: true });
    store.setNote(alice, { eventId: '9652429', note: 'Check the SECU ratio\nwith the agent.' });
    store.setReviewed(alice, {
      events: [{ eventId: '9652430', updatedDateTime: '2026-03-01T12:00:00Z' }],
      reviewed: true,
    });
    store.close();

    const reopened = open();
    const states = reopened.states(alice, { eventIds: ['9652429', '9652430', '1'] });
    expect(states).toHaveLength(2);
    expect(states.find((s) => s.eventId === '9652429')).toMatchObject({
      read: true,
      flagged: true,
      note: 'Check the SECU ratio\nwith the agent.',
    });
    expect(states.find((s) => s.eventId === '9652429')?.reviewedAt).toBeUndefined();
    // Marking reviewed also marks read, and remembers the version seen.
    expect(states.find((s) => s.eventId === '9652430')).toMatchObject({
      read: true,
      reviewedAt: '2026-03-02T09:00:00.000Z',
      reviewedVersion: '2026-03-01T12:00:00Z',
    });
    reopened.close();
  });

  it('marks many events reviewed in one call and can undo it', () => {
    const store = open();
    const events = ['1', '2', '3'].map((eventId) => ({ eventId, updatedDateTime: '2026-02-27T08:00:00Z' }));
    expect(store.setReviewed(alice, { events, reviewed: true }).every((s) => s.reviewedAt)).toBe(true);
    store.setReviewed(alice, { events: [{ eventId: '2' }], reviewed: false });
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
    store.setFlagged(alice, { eventId: '7', flagged: true });
    now = new Date('2026-03-02T09:05:00.000Z');
    store.setFlagged(alice, { eventId: '7', flagged: true }); // no change: no entry
    store.setNote(alice, { eventId: '7', note: 'Agent confirmed.' });
    now = new Date('2026-03-02T09:10:00.000Z');
    store.setReviewed(alice, {
      events: [{ eventId: '7', updatedDateTime: '2026-03-01T00:00:00Z' }],
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

  it('refuses to update or delete audit entries, even with direct SQL', () => {
    const store = open();
    store.setFlagged(alice, { eventId: '7', flagged: true });
    store.close();
    const db = new Database(path.join(dataDir, REVIEW_FILE_NAME));
    expect(() => db.prepare("UPDATE review_audit SET after = 'false'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM review_audit').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT count(*) AS n FROM review_audit').get()).toEqual({ n: 1 });
    db.close();
  });

  it('keeps each profile and user apart', () => {
    const store = open();
    store.setFlagged(alice, { eventId: '42', flagged: true });
    store.setNote(bob, { eventId: '42', note: "Bob's note" });
    store.views.save(alice, {
      name: 'Voluntary, this week',
      definition: {
        filters: { CorporateActionTypes: ['Voluntary'] },
        sort: { column: 'Date', type: 'Asc' },
        columns: ['eventType'],
      },
    });

    expect(store.states(alice, { eventIds: ['42'] })[0]).toMatchObject({ flagged: true, note: '' });
    expect(store.states(bob, { eventIds: ['42'] })[0]).toMatchObject({ flagged: false, note: "Bob's note" });
    expect(store.states(aliceRemote, { eventIds: ['42'] })).toEqual([]);
    expect(store.audit(bob).map((e) => e.action)).toEqual(['note']);
    expect(store.audit(aliceRemote)).toEqual([]);
    expect(store.views.list(alice).views.map((v) => v.name)).toEqual(['Voluntary, this week']);
    expect(store.views.list(bob).views).toEqual([]);
    store.close();
  });

  it('rejects bad input with field messages and writes nothing', () => {
    const store = open();
    const bad: [string, () => unknown][] = [
      ['eventId', () => store.setRead(alice, { eventId: "1' OR '1'='1", read: true })],
      ['read', () => store.setRead(alice, { eventId: '1', read: 'yes' })],
      ['note', () => store.setNote(alice, { eventId: '1', note: 'x'.repeat(4001) })],
      ['events', () => store.setReviewed(alice, { events: [], reviewed: true })],
      [
        'events.0.updatedDateTime',
        () =>
          store.setReviewed(alice, {
            events: [{ eventId: '1', updatedDateTime: 'yesterday' }],
            reviewed: true,
          }),
      ],
      ['(argument)', () => store.setFlagged(alice, { eventId: '1', flagged: true, extra: 1 })],
      [
        'definition.sort.column',
        () =>
          store.views.save(alice, {
            name: 'x',
            definition: { filters: {}, sort: { column: 'Nope', type: 'Asc' }, columns: ['a'] },
          }),
      ],
    ];
    for (const [field, call] of bad) {
      const error = (() => {
        try {
          call();
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error, field).toBeInstanceOf(ReviewInputError);
      expect(Object.keys((error as ReviewInputError).fields), field).toContain(field);
    }
    expect(store.states(alice, { eventIds: ['1'] })).toEqual([]);
    expect(store.audit(alice)).toEqual([]);
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
    store.setFlagged(alice, { eventId: '1', flagged: true });
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
