/**
 * Copying from the page with the browser's clipboard: AppKeys (not secret), and secrets in the
 * web shell, where main has no system clipboard. A copied secret is cleared after the delay,
 * unless the clipboard no longer holds it; if the browser refuses to let the page read the
 * clipboard, it is cleared all the same (a secret left behind is the worse outcome).
 */

/** Copies plain text. Rejects with a message when the browser refuses. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('This browser gives the page no clipboard.');
  await navigator.clipboard.writeText(text);
}

let pendingClear: ReturnType<typeof setTimeout> | undefined;

/** Copies a secret and clears it after `clearAfterSeconds`. */
export async function copySecretInPage(secret: string, clearAfterSeconds: number): Promise<void> {
  await copyText(secret);
  if (pendingClear) clearTimeout(pendingClear);
  // Only a SHA-256 digest waits for the timer, not the secret itself.
  const matches = await fingerprint(secret);
  pendingClear = setTimeout(() => {
    pendingClear = undefined;
    void clearIfStill(matches);
  }, clearAfterSeconds * 1000);
}

async function fingerprint(text: string): Promise<(candidate: string) => Promise<boolean>> {
  const digest = async (value: string) =>
    Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))),
      (byte) => byte.toString(16).padStart(2, '0'),
    ).join('');
  const expected = await digest(text);
  return async (candidate) => (await digest(candidate)) === expected;
}

async function clearIfStill(matches: (candidate: string) => Promise<boolean>): Promise<void> {
  let current: string | undefined;
  try {
    current = await navigator.clipboard.readText();
  } catch {
    current = undefined;
  }
  if (current === undefined || (await matches(current))) {
    try {
      await navigator.clipboard.writeText('');
    } catch {
      // The page lost the clipboard (no focus); nothing more it can do.
    }
  }
}
