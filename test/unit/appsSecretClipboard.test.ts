import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecretClipboard, type SystemClipboard } from '../../main/core/apps/secretClipboard';

function fakeClipboard(): SystemClipboard & { text: string } {
  const board = {
    text: '',
    readText: async () => board.text,
    writeText: async (text: string) => {
      board.text = text;
    },
  };
  return board;
}

describe('copying a secret from main', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('puts the secret on the clipboard and clears it after the delay', async () => {
    const board = fakeClipboard();
    const clipboard = new SecretClipboard(board);
    expect(await clipboard.copy('s3cr3t', 30)).toEqual({
      copied: true,
      clearsAt: '2026-03-02T10:00:30.000Z',
    });
    expect(board.text).toBe('s3cr3t');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(board.text).toBe('s3cr3t');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(board.text).toBe('');
  });

  it('leaves alone what the user copied after the secret', async () => {
    const board = fakeClipboard();
    const clipboard = new SecretClipboard(board);
    await clipboard.copy('s3cr3t', 10);
    board.text = 'something the user copied later';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(board.text).toBe('something the user copied later');
  });

  it('says plainly when the shell has no system clipboard in main (web shell)', async () => {
    const clipboard = new SecretClipboard(undefined);
    expect(clipboard.available).toBe(false);
    expect(await clipboard.copy('s3cr3t', 10)).toMatchObject({ copied: false, reason: 'NoSystemClipboard' });
  });
});
