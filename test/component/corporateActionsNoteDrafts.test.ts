import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNoteDraftsStore } from '../../renderer/src/features/corporateActions/useNoteDraftsStore';

describe('a note being typed (a new note of the thread)', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('keeps what is typed per event until it is added or discarded', () => {
    const drafts = useNoteDraftsStore();
    drafts.keep('41', 'Ratio 1:4, agent confirmed.');
    drafts.keep('42', 'Call the agent.');
    expect(drafts.texts).toEqual({ '41': 'Ratio 1:4, agent confirmed.', '42': 'Call the agent.' });
    drafts.forget('41');
    expect(drafts.texts).toEqual({ '42': 'Call the agent.' });
  });

  it('forgets a draft typed back to nothing', () => {
    const drafts = useNoteDraftsStore();
    drafts.keep('41', 'Ratio');
    drafts.keep('41', '   ');
    expect(drafts.drafts['41']).toBeUndefined();
  });
});
