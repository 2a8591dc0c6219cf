import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import {
  registerCorporateActionsIpc,
  type ReviewerSource,
} from '../../main/core/ipc/registerCorporateActionsIpc';
import { LocalReviewStore } from '../../main/core/corporateActions/review/localReviewStore';
import { localReviewStores } from '../support/localReviewStores';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };

describe('the review channels through the IPC dispatcher', () => {
  let dataDir: string;
  let store: LocalReviewStore;
  let signedIn: { name: string; userId: string } | undefined;
  let profileId: string;

  const session: ReviewerSource = {
    view: () => ({
      signedIn: signedIn !== undefined,
      ...(signedIn ? { user: signedIn } : {}),
      profile: { id: profileId },
    }),
  };
  const dispatch = () =>
    createIpcDispatcher({
      handlers: registerCorporateActionsIpc({
        reviews: localReviewStores(store, session),
        session,
      }) as unknown as IpcHandlers,
      isTrustedSender: (url) => url.startsWith('app://refdesk/'),
    });

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refdesk-review-ipc-'));
    store = LocalReviewStore.open(dataDir);
    signedIn = { name: 'Demo User', userId: '17340521' };
    profileId = 'embedded';
  });
  afterEach(() => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps state for the signed-in user of the active profile, taken from main, never from the call', async () => {
    const call = dispatch();
    expect(
      await call('corporateActions:setFlagged', { eventId: '42', flagged: true, version: 0 }, own),
    ).toMatchObject({
      ok: true,
      result: { flagged: true },
    });
    expect(await call('corporateActions:reviewStatus', undefined, own)).toEqual({
      ok: true,
      result: {
        store: { kind: 'local', revision: 1 },
        reviewer: { profileId: 'embedded', userId: '17340521', name: 'Demo User' },
      },
    });
    // A caller cannot pass someone else's identity: extra keys are refused before any work.
    expect(
      await call('corporateActions:reviewStates', { eventIds: ['42'], userId: 'someone-else' }, own),
    ).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument' },
    });
    signedIn = { name: 'Trader Two', userId: '555' };
    expect(await call('corporateActions:reviewStates', { eventIds: ['42'] }, own)).toEqual({
      ok: true,
      result: [],
    });
    profileId = 'remote-1';
    signedIn = { name: 'Demo User', userId: '17340521' };
    expect(await call('corporateActions:reviewStates', { eventIds: ['42'] }, own)).toEqual({
      ok: true,
      result: [],
    });
  });

  it('asks to sign in when nobody is signed in, and writes nothing', async () => {
    signedIn = undefined;
    const response = await dispatch()(
      'corporateActions:setReviewed',
      { events: [{ eventId: '1', version: 0 }], reviewed: true },
      own,
    );
    expect(response).toMatchObject({
      ok: false,
      error: { code: 'NotSignedIn', message: expect.stringContaining('Sign in') },
    });
    signedIn = { name: 'Demo User', userId: '17340521' };
    expect(await dispatch()('corporateActions:audit', undefined, own)).toEqual({ ok: true, result: [] });
  });

  it('refuses bad arguments with field messages: oversized notes, odd ids, too many events', async () => {
    const call = dispatch();
    const note = await call('corporateActions:addNote', { eventId: '1', note: 'x'.repeat(4001) }, own);
    expect(note).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', fields: { note: ['A note is at most 4000 characters.'] } },
    });
    const id = await call('corporateActions:setRead', { eventId: '../../etc', read: true }, own);
    expect(id).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
    const many = Array.from({ length: 1001 }, (_, index) => ({ eventId: String(index), version: 0 }));
    expect(await call('corporateActions:setReviewed', { events: many, reviewed: true }, own)).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument' },
    });
    expect(await call('corporateActions:audit', undefined, own)).toEqual({ ok: true, result: [] });
  });

  it('refuses each bad review argument naming its field, and writes nothing', async () => {
    const call = dispatch();
    const bad: [string, string, unknown][] = [
      ['eventId', 'corporateActions:setRead', { eventId: "1' OR '1'='1", read: true }],
      ['read', 'corporateActions:setRead', { eventId: '1', read: 'yes' }],
      ['note', 'corporateActions:addNote', { eventId: '1', note: '   ' }],
      ['version', 'corporateActions:setFlagged', { eventId: '1', flagged: true }],
      ['events', 'corporateActions:setReviewed', { events: [], reviewed: true }],
      [
        'events.0.updatedDateTime',
        'corporateActions:setReviewed',
        { events: [{ eventId: '1', version: 0, updatedDateTime: 'yesterday' }], reviewed: true },
      ],
      ['(argument)', 'corporateActions:setFlagged', { eventId: '1', flagged: true, version: 0, extra: 1 }],
    ];
    for (const [field, channel, arg] of bad) {
      const answer = (await call(channel as 'corporateActions:setRead', arg, own)) as {
        ok: boolean;
        error?: { code: string; fields?: Record<string, string[]> };
      };
      expect(answer.ok, field).toBe(false);
      expect(answer.error?.code, field).toBe('InvalidArgument');
      expect(Object.keys(answer.error?.fields ?? {}), field).toContain(field);
    }
    expect(store.states({ profileId, userId: '17340521', name: 'Demo User' }, { eventIds: ['1'] })).toEqual(
      [],
    );
    expect(await call('corporateActions:audit', undefined, own)).toEqual({ ok: true, result: [] });
  });

  it('answers a missing saved view in words', async () => {
    const response = await dispatch()('corporateActions:deleteView', { name: 'Nope' }, own);
    expect(response).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgument', message: 'There is no saved view named "Nope".' },
    });
  });
});
