/**
 * Where review state is kept, as main says it over two channels: a status read (a call) and the
 * pushes of each change. Saving the team service asks for the status; main answers
 * "Connecting…", then the stream connects and main pushes "available". On a busy machine the
 * push can reach the page before the read's answer: the page must keep the push (it stayed on
 * "Connecting to the team review service…" while the team answered).
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewStoreView } from '../../contract/review';
import { useReviewStore } from '../../renderer/src/features/corporateActions/useReviewStore';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

const urls = ['http://127.0.0.1:8750'];
const connecting: ReviewStoreView = { kind: 'team', revision: 4, urls, state: 'connecting' };
const available: ReviewStoreView = { kind: 'team', revision: 5, urls, state: 'available', replica: urls[0] };
const reviewer = { profileId: 'embedded', userId: 'u1', name: 'Clara Lindqvist' };

describe('the review store status read while main pushes changes', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => removeFakeDesk());

  it('keeps a pushed change when a read answered before it arrives afterwards', async () => {
    const desk = installRecordingDesk({});
    const reviews = useReviewStore();
    reviews.follow();
    const loading = reviews.loadStatus();
    desk.emit('corporateActions:reviewStore', available);
    await flushPromises();
    desk.callsOf('corporateActions:reviewStatus')[0]?.answer({ store: connecting, reviewer });
    await loading;
    expect(reviews.store).toEqual(available);
    expect(reviews.reviewer).toEqual(reviewer);
  });

  it('takes a read that is newer than the last push', async () => {
    installRecordingDesk({ 'corporateActions:reviewStatus': () => ({ store: available, reviewer }) });
    const reviews = useReviewStore();
    reviews.follow();
    await reviews.loadStatus();
    expect(reviews.store).toEqual(available);
  });

  it('follows a restarted main, whose count starts again', async () => {
    const desk = installRecordingDesk({});
    const reviews = useReviewStore();
    reviews.follow();
    desk.emit('corporateActions:reviewStore', available);
    desk.emit('corporateActions:reviewStore', { kind: 'local', revision: 1 });
    await flushPromises();
    expect(reviews.store).toEqual({ kind: 'local', revision: 1 });
  });
});
