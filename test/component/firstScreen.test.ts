/**
 * Background work of the shell (the corporate actions badge's reads) waits for the first
 * workspace to open, so its reads do not reach main ahead of the workspace's own.
 */
import { createMemoryHistory, createRouter } from 'vue-router';
import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from '../../renderer/src/shell/firstScreen';

describe('the first screen', () => {
  it('settles only after the first workspace has opened', async () => {
    let openWorkspace: () => void = () => undefined;
    const guard = new Promise<void>((resolve) => (openWorkspace = resolve));
    const router = createRouter({
      history: createMemoryHistory(),
      routes: [{ path: '/', component: { template: '<p>workspace</p>' }, beforeEnter: () => guard }],
    });
    let settled = false;
    const firstScreen = afterFirstScreen(router).then(() => (settled = true));
    void router.push('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    openWorkspace();
    await firstScreen;
    expect(settled).toBe(true);
  });
});
