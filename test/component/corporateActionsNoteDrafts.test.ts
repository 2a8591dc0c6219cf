import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventReviewState } from '../../contract/corporateActions';
import { useNoteDraftsStore } from '../../renderer/src/features/corporateActions/useNoteDraftsStore';

const saved = (change: Partial<EventReviewState>): EventReviewState => ({
  eventId: '41',
  read: true,
  flagged: false,
  note: 'Ratio 1:4.',
  version: 3,
  progress: 'NotReviewed',
  fourEyes: false,
  ...change,
});

describe('a note being typed and the version it was written on', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('keeps the version the draft started from while somebody else changes the note, so its save is a conflict', () => {
    const drafts = useNoteDraftsStore();
    drafts.keep('41', 'Ratio 1:4, agent confirmed.', saved({}));
    drafts.follow(saved({ note: 'Ratio 1:5 (corrected).', version: 4 }));
    expect(drafts.drafts['41']).toEqual({ text: 'Ratio 1:4, agent confirmed.', baseNote: 'Ratio 1:4.', version: 3 });
  });

  it('moves the draft on when the state changes but its note does not (a flag, a review), and ends it once saved', () => {
    const drafts = useNoteDraftsStore();
    drafts.keep('41', 'Ratio 1:4, agent confirmed.', saved({}));
    drafts.follow(saved({ flagged: true, version: 4 }));
    expect(drafts.drafts['41']?.version).toBe(4);
    // An older state arriving late changes nothing.
    drafts.follow(saved({ version: 2 }));
    expect(drafts.drafts['41']?.version).toBe(4);
    drafts.follow(saved({ note: 'Ratio 1:4, agent confirmed.', version: 5 }));
    expect(drafts.drafts['41']).toBeUndefined();
  });

  it('forgets a draft typed back to the saved note, and starts a new one from the state shown', () => {
    const drafts = useNoteDraftsStore();
    drafts.keep('41', 'Ratio', saved({}));
    drafts.keep('41', 'Ratio 1:4.', saved({}));
    expect(drafts.drafts['41']).toBeUndefined();
    drafts.keep('41', 'Ratio 1:4. Call.', saved({ version: 7 }));
    expect(drafts.drafts['41']).toEqual({ text: 'Ratio 1:4. Call.', baseNote: 'Ratio 1:4.', version: 7 });
    expect(drafts.texts).toEqual({ '41': 'Ratio 1:4. Call.' });
  });
});
