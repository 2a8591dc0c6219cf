import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellResponding } from '../../renderer/src/shared/bridgeHealth';
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
    shellResponding.value = true;
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

  it('waits for a main that is still starting while its heartbeat answers', async () => {
    vi.useFakeTimers();
    // No handler: the call waits, as while the web shell serves the page and the simulator starts.
    const { desk, router, settled } = await landing();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(router.currentRoute.value.path).toBe('/');
    const [asked] = desk.calls.filter((recorded) => recorded.channel === 'settings:lastPlace');
    asked?.answer({ place: { route: '/chains', searchText: 'SPX' } });
    await settled;
    expect(router.currentRoute.value.path).toBe('/chains');
  });

  it('opens Instruments as soon as main stops responding, and after 15 s at most', async () => {
    vi.useFakeTimers();
    const hung = await landing();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(hung.router.currentRoute.value.path).toBe('/');
    // What the heartbeat (useShellHeartbeat.ts) says of a main that does not answer it.
    shellResponding.value = false;
    await hung.settled;
    expect(hung.router.currentRoute.value.path).toBe('/instruments');
    shellResponding.value = true;
    removeFakeDesk();
    const slow = await landing();
    await vi.advanceTimersByTimeAsync(14_990);
    expect(slow.router.currentRoute.value.path).toBe('/');
    await vi.advanceTimersByTimeAsync(20);
    await slow.settled;
    expect(slow.router.currentRoute.value.path).toBe('/instruments');
  });
});
