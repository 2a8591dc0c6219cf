import { describe, expect, it } from 'vitest';
import { DeskCallError } from '../../renderer/src/shared/desk';
import { useDetailLoader } from '../../renderer/src/shared/useDetailLoader';

/** A read that settles when the test says so, and rejects as cancelled when its signal aborts. */
function controlledRead() {
  const pending = new Map<string, (value: string) => void>();
  const read = (key: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      pending.set(key, resolve);
      signal.addEventListener('abort', () => reject(new DeskCallError({ code: 'Cancelled', message: 'cancelled' })));
    });
  return { read, settle: (key: string) => pending.get(key)?.(`details of ${key}`) };
}

describe('useDetailLoader (the item open in a detail pane)', () => {
  it('shows the newest choice: opening another item cancels the slower read of the previous one', async () => {
    const { read, settle } = controlledRead();
    const loader = useDetailLoader(read);
    const first = loader.open('A');
    const second = loader.open('B');
    settle('B');
    await Promise.all([first, second]);
    settle('A');
    expect(loader.openKey.value).toBe('B');
    expect(loader.detail.value).toBe('details of B');
    expect(loader.loading.value).toBe(false);
    expect(loader.error.value).toBeUndefined();
  });

  it('stays busy while the newest read runs, though the superseded one has already settled', async () => {
    const { read, settle } = controlledRead();
    const loader = useDetailLoader(read);
    const first = loader.open('A');
    const second = loader.open('B');
    await first; // cancelled by the second open
    expect(loader.loading.value).toBe(true);
    expect(loader.error.value).toBeUndefined();
    settle('B');
    await second;
    expect(loader.loading.value).toBe(false);
    expect(loader.detail.value).toBe('details of B');
  });

  it('shows a failure in words, and closing clears the pane', async () => {
    const loader = useDetailLoader<string, string>(async () => {
      throw new DeskCallError({ code: 'NotFound', message: 'Requested resource not found' });
    });
    await loader.open('gone');
    expect(loader.error.value).toBe('Requested resource not found');
    expect(loader.detail.value).toBeUndefined();
    loader.close();
    expect(loader.openKey.value).toBeUndefined();
    expect(loader.error.value).toBeUndefined();
  });
});
