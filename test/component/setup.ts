/**
 * Component-test set-up: unmount every mounted component after each test, and let AG Grid's
 * deferred timers (state events it queues with setTimeout) run before jsdom is torn down, so
 * they never fire into a test environment that no longer has a window.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterAll, afterEach } from 'vitest';

enableAutoUnmount(afterEach);

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
});
