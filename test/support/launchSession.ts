/**
 * Opening the web shell in a test's browser context. A launch link opens RefDesk once (15.5),
 * and every test has a fresh context, so the first opening of a shell's link is kept: its
 * session cookie is handed to later contexts of the same worker, which then open the shell's
 * origin directly, as the window that opened the link would.
 */
import type { Cookie, Page } from '@playwright/test';

/** The session cookie each launch link granted, by link (one worker's shells). */
const granted = new Map<string, Cookie>();

/** Opens RefDesk in `page`: through the launch link the first time, with the cookie it granted afterwards. */
export async function openRefDesk(page: Page, launchUrl: string): Promise<void> {
  const origin = new URL(launchUrl).origin;
  const cookie = granted.get(launchUrl);
  if (cookie) {
    await page.context().addCookies([cookie]);
    await page.goto(`${origin}/`);
    return;
  }
  await page.goto(launchUrl);
  // The link's page is RefDesk itself, whose bridge takes the used key out of the address.
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/' && url.search === '');
  const [session] = (await page.context().cookies(origin)).filter((candidate) => candidate.name === 'refdesk_session');
  if (!session) throw new Error(`opening ${origin}'s launch link granted no session cookie`);
  granted.set(launchUrl, session);
}
