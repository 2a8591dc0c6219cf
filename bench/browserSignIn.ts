/**
 * Signing a benchmark's browser page into the web shell as a user does: the launch link, the
 * sign-in prompt, the simulator's login popup. (The e2e tests have their own page module,
 * which asserts each step with Playwright's test `expect`.)
 */
import type { Page } from 'playwright-core';
import { DEMO_USER } from '../main/simulator/data/accounts/demo';

export interface SignInTarget {
  /** The web shell's launch link. */
  url: string;
}

/** Resolves once the popup has closed itself and the prompt is gone. */
export async function signInThroughLoginPage(page: Page, target: SignInTarget): Promise<void> {
  await page.goto(target.url);
  const prompt = page.getByRole('dialog', { name: 'Sign in to RefDesk' });
  await prompt.waitFor();
  const popup = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: 'Sign in' }).click();
  const login = await popup;
  // The README's demo user: the web shell's READY line does not print its password.
  await login.getByLabel('User name').fill(DEMO_USER.login);
  await login.getByLabel('Password').fill(DEMO_USER.password);
  const closed = login.waitForEvent('close');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await prompt.waitFor({ state: 'hidden' });
}
