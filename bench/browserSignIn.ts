/**
 * Signing a benchmark's browser page into the web shell as a user does: the launch link, the
 * sign-in prompt, the simulator's login popup. (The e2e tests have their own page module,
 * which asserts each step with Playwright's test `expect`.)
 */
import type { Page } from 'playwright-core';

export interface SignInTarget {
  /** The web shell's launch link. */
  url: string;
  simulator: { username: string; password: string };
}

/** Resolves once the popup has closed itself and the prompt is gone. */
export async function signInThroughLoginPage(page: Page, target: SignInTarget): Promise<void> {
  await page.goto(target.url);
  const prompt = page.getByRole('dialog', { name: 'Sign in to RefDesk' });
  await prompt.waitFor();
  const popup = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: 'Sign in' }).click();
  const login = await popup;
  await login.getByLabel('User name').fill(target.simulator.username);
  await login.getByLabel('Password').fill(target.simulator.password);
  const closed = login.waitForEvent('close');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await prompt.waitFor({ state: 'hidden' });
}
