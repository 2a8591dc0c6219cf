/**
 * Revealing and copying an application's secrets. Reveal reads one value from main on demand
 * and hides it again after the configured time (or on Hide, when another application opens,
 * when the pane closes, when the user signs out, or when the workspace unmounts); the value
 * lives only here while shown, never in a store. Copy goes through main where the shell has a
 * system clipboard, else through the page's clipboard, and the clipboard is cleared after a
 * delay either way.
 */
import { onUnmounted, ref, shallowReactive } from 'vue';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { copySecretInPage } from './pageClipboard';

/** The secrets state of one workspace: values shown by secret id, the busy secret, messages. */
export function useAppSecrets() {
  const shown = shallowReactive(new Map<number, string>());
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const busy = ref<number>();
  const message = ref<string>();
  const failure = ref<string>();
  /** Bumped by `forget`, so an answer for an application no longer open is dropped. */
  let generation = 0;
  const owned = useOwnedState(forget);

  function hide(secretId: number): void {
    clearTimeout(timers.get(secretId));
    timers.delete(secretId);
    shown.delete(secretId);
  }

  /** Hides every value and drops the messages (another application, the pane closed, another user). */
  function forget(): void {
    generation += 1;
    for (const secretId of [...shown.keys()]) hide(secretId);
    busy.value = undefined;
    message.value = undefined;
    failure.value = undefined;
  }

  /** Runs an action on one secret; its outcome is dropped if the application changed meanwhile. */
  async function act(secretId: number, run: (isCurrent: () => boolean) => Promise<void>, failed = ''): Promise<void> {
    const startedAt = generation;
    const isCurrent = () => startedAt === generation;
    busy.value = secretId;
    failure.value = undefined;
    try {
      await run(isCurrent);
    } catch (error) {
      if (isCurrent() && !isCancelled(error)) failure.value = `${failed}${messageOf(error)}`;
    } finally {
      if (isCurrent()) busy.value = undefined;
    }
  }

  const read = (appKey: string, secretId: number) =>
    call('apps:revealSecret', { AppKey: appKey, SecretId: secretId }, { signal: owned.signal });

  /** Shows a secret's value for the time main allows. */
  function reveal(appKey: string, secretId: number): Promise<void> {
    return act(secretId, async (isCurrent) => {
      const revealed = await read(appKey, secretId);
      if (!isCurrent()) return;
      hide(secretId);
      shown.set(secretId, revealed.Secret);
      timers.set(
        secretId,
        setTimeout(() => hide(secretId), revealed.hideAfterSeconds * 1000),
      );
      message.value = `Secret ${secretId} is shown for ${revealed.hideAfterSeconds} seconds.`;
    });
  }

  /** Copies a secret to the clipboard, which is cleared after the configured delay. */
  function copy(appKey: string, secretId: number): Promise<void> {
    return act(
      secretId,
      async (isCurrent) => {
        const result = await owned.settle(call('apps:copySecret', { AppKey: appKey, SecretId: secretId }));
        if (result.copied) {
          if (isCurrent()) message.value = `Secret ${secretId} copied; the clipboard is cleared at ${result.clearsAt.slice(11, 19)} UTC.`;
          return;
        }
        // The web shell: the page copies. The value is read for the copy and not kept.
        const value = shown.get(secretId) ?? (await read(appKey, secretId)).Secret;
        if (!isCurrent()) return;
        await copySecretInPage(value, result.clearAfterSeconds);
        message.value = `Secret ${secretId} copied; the clipboard is cleared in ${result.clearAfterSeconds} seconds.`;
      },
      'Could not copy: ',
    );
  }

  onUnmounted(forget);

  return { shown, busy, message, failure, reveal, hide, copy, forget };
}
