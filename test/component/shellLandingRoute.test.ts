import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeskRouter } from '../../renderer/src/shell/router';
import { installRecordingDesk, removeFakeDesk } from '../support/fakeDesk';

/** Where a page opened on `/` lands, with main answering `settings:lastPlace` as `lastPlace` does. */
async function landing(lastPlace?: (arg: unknown) => unknown) {
  const desk = installRecordingDesk(lastPlace ? { 'settings:lastPlace': lastPlace } : {});
  const router = createDeskRouter();
  const settled = router.push('/');
  return { desk, router, settled };
}

describe('the page’s landing workspace', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    removeFakeDesk();
  });

  it('goes straight to the kept place, never through Instruments', async () => {
    const { router, settled } = await landing(() => ({ place: { route: '/chains', searchText: 'SPX' } }));
    const visited: string[] = [];
    router.afterEach((to) => visited.push(to.path));
    await settled;
    expect(router.currentRoute.value.path).toBe('/chains');
    // useWorkspacePlace recognises a page that opened by itself by this.
    expect(router.currentRoute.value.redirectedFrom?.path).toBe('/');
    expect(visited).toEqual(['/chains']);
  });

  it('opens Instruments when nothing was kept or main refuses', async () => {
    const nothingKept = await landing(() => ({}));
    await nothingKept.settled;
    expect(nothingKept.router.currentRoute.value.path).toBe('/instruments');
    removeFakeDesk();
    const refused = await landing(() => {
      throw new Error('Sign in first.');
    });
    await refused.settled;
    expect(refused.router.currentRoute.value.path).toBe('/instruments');
  });

  it('does not wait more than 1.5 s for a main that does not answer', async () => {
    vi.useFakeTimers();
    // No handler: the call stays unanswered, as with a main that hangs.
    const { router, settled } = await landing();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(router.currentRoute.value.path).toBe('/');
    await vi.advanceTimersByTimeAsync(2);
    await settled;
    expect(router.currentRoute.value.path).toBe('/instruments');
  });
});
