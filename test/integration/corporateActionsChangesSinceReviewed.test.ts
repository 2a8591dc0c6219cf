import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CorporateActionEvent, Feed } from '../../contract/wire/types';
import type { HttpClient } from '../../main/core/api/http';
import { EVENT_VERSIONS_FILE_NAME, EventVersions, VERSIONS_PER_EVENT } from '../../main/core/corporateActions/eventVersions';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import type { ReviewerSource } from '../../main/core/ipc/registerCorporateActionsIpc';
import { registerCorporateActionsVersionsIpc } from '../../main/core/ipc/registerCorporateActionsVersionsIpc';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };

/** A dividend as the service writes it at `updated`, with a response deadline and a gross rate. */
function dividend(updated: string, change: { deadline?: string; rate?: number; narrative?: string; amount?: number } = {}): CorporateActionEvent {
  return {
    EventId: '9652429',
    EventType: { Code: 'DVOP', Name: 'Dividend Option' },
    EventState: 'Approved',
    EventStatus: 'Active',
    UpdatedDateTime: updated,
    Ex: { Date: '2026-03-10' },
    Narrative: change.narrative ?? '<p>Holders may elect shares.</p>',
    Options: [
      { OptionId: '1', OptionType: { Code: 'CASH', Name: 'Cash' }, Deadline: { Date: change.deadline ?? '2026-03-20T16:00:00Z' }, GrossRate: change.rate ?? 1.25 },
      { OptionId: '2', OptionType: { Code: 'SECU', Name: 'Securities' } },
    ],
    Holdings: [{ AccountId: '9300112INET', Amount: change.amount ?? 1000 }],
  } as CorporateActionEvent;
}

describe('what changed since an event was reviewed, field by field', () => {
  let dataDir: string;
  let versions: EventVersions;
  let answer: CorporateActionEvent;
  let signedIn: { name: string; userId: string } | undefined;
  const session: ReviewerSource = {
    view: () => ({ signedIn: signedIn !== undefined, ...(signedIn ? { user: signedIn } : {}), profile: { id: 'embedded' } }),
  };
  const http: HttpClient = {
    baseUrl: 'http://127.0.0.1:1/openapi',
    getJson: async <T,>(relative: string) =>
      (relative.endsWith('ca/v2/events') ? ({ __count: 1, Data: [answer] } satisfies Feed<CorporateActionEvent>) : answer) as T,
  };
  const dispatch = () =>
    createIpcDispatcher({
      handlers: registerCorporateActionsVersionsIpc({ http, session, eventVersions: versions }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-event-versions-'));
    versions = EventVersions.open(dataDir);
    signedIn = { name: 'Clara Lindqvist', userId: '17340521' };
  });
  afterEach(() => {
    versions.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps each version read, and names the terms that changed, not the holdings', async () => {
    const call = dispatch();
    answer = dividend('2026-03-01T08:00:00Z');
    await call('corporateActions:events', undefined, own); // reviewed as seen in the list
    answer = dividend('2026-03-04T09:30:00.000000Z', { deadline: '2026-03-18T16:00:00Z', rate: 1.3, narrative: '<p>Changed.</p>', amount: 5 });
    await call('corporateActions:event', { EventId: '9652429' }, own); // the version now, opened
    const result = await call(
      'corporateActions:changesSinceReviewed',
      { eventId: '9652429', reviewedVersion: '2026-03-01T08:00:00Z', currentVersion: '2026-03-04T09:30:00Z' },
      own,
    );
    expect(result).toMatchObject({ ok: true });
    const changes = (result as { result: { changes: { field: string; before?: string; after?: string }[] } }).result.changes;
    expect(changes.map((change) => change.field)).toEqual(['Narrative', 'Options 1 › Deadline › Date', 'Options 1 › GrossRate']);
    expect(changes[1]).toEqual({ field: 'Options 1 › Deadline › Date', before: '2026-03-20T16:00:00Z', after: '2026-03-18T16:00:00Z' });
    expect(changes[2]).toEqual({ field: 'Options 1 › GrossRate', before: '1.25', after: '1.3' });
  });

  it('says which version this computer never read, and keeps versions per user', async () => {
    const call = dispatch();
    answer = dividend('2026-03-04T09:30:00Z');
    await call('corporateActions:event', { EventId: '9652429' }, own);
    const ask = { eventId: '9652429', reviewedVersion: '2026-03-01T08:00:00Z', currentVersion: '2026-03-04T09:30:00Z' };
    expect(await call('corporateActions:changesSinceReviewed', ask, own)).toEqual({ ok: true, result: { missing: 'reviewed' } });
    signedIn = { name: 'Jonas Berger', userId: '17340877' };
    expect(await call('corporateActions:changesSinceReviewed', { ...ask, reviewedVersion: ask.currentVersion }, own)).toEqual({
      ok: true,
      result: { missing: 'reviewed' },
    });
  });

  it('keeps versions across a restart, the latest few per event, and starts afresh from a damaged file', () => {
    const owner = { profileId: 'embedded', userId: '17340521' };
    for (let day = 1; day <= VERSIONS_PER_EVENT + 2; day++) versions.keep(owner, [dividend(`2026-03-0${day}T08:00:00Z`, { rate: day })]);
    versions.close();
    versions = EventVersions.open(dataDir);
    expect(versions.terms(owner, '9652429', '2026-03-01T08:00:00Z')).toBeUndefined();
    expect(versions.terms(owner, '9652429', `2026-03-0${VERSIONS_PER_EVENT + 2}T08:00:00.000Z`)?.['Options 1 › GrossRate']).toBe(
      String(VERSIONS_PER_EVENT + 2),
    );
    versions.close();
    writeFileSync(path.join(dataDir, EVENT_VERSIONS_FILE_NAME), 'not a database at all, just text '.repeat(200));
    for (const suffix of ['-wal', '-shm']) rmSync(path.join(dataDir, EVENT_VERSIONS_FILE_NAME + suffix), { force: true });
    versions = EventVersions.open(dataDir);
    expect(versions.problem).toMatch(/could not be read; it was kept as event-versions\.sqlite\.unreadable-/);
    versions.keep(owner, [dividend('2026-03-01T08:00:00Z')]);
    expect(versions.terms(owner, '9652429', '2026-03-01T08:00:00Z')).toBeDefined();
  });
});
