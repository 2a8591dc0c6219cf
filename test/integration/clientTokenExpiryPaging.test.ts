import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedItems, type FeedProgress } from '../../main/core/api/feed';
import { createHttpClient } from '../../main/core/api/http';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** Tokens live 2 s here, so a paged read that pauses between pages outlives its first token. */
const TOKEN_TTL_SECONDS = 2;

describe('a long paged load across a token expiry', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ tokenTtlSeconds: TOKEN_TTL_SECONDS, rateLimit: false });
  });
  afterAll(() => sim.close());

  it('re-authenticates once the token expires, then reads every item exactly once', async () => {
    let token = await sim.accessToken('demo');
    const refused: (string | undefined)[] = [];
    const http = createHttpClient({
      baseUrl: sim.baseUrl,
      auth: {
        accessToken: () => token,
        reauthenticate: async (rejected) => {
          refused.push(rejected);
          token = await sim.accessToken('demo');
          return true;
        },
      },
    });
    const query = { IncludeSubAccounts: true, IncludeLapsedEvents: true };
    const progress: FeedProgress = { truncated: false };
    const ids: string[] = [];
    let pausedOnce = false;
    for await (const event of feedItems<CorporateActionEvent>(http, 'ca/v2/events', query, { maxItems: 100_000, pageSize: 100 }, progress)) {
      ids.push(event.EventId);
      if (ids.length === 150 && !pausedOnce) {
        // The user is still scrolling when the token runs out.
        pausedOnce = true;
        await new Promise((resolve) => setTimeout(resolve, (TOKEN_TTL_SECONDS + 1) * 1000));
      }
    }
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toBeDefined();
    expect(progress.count).toBeGreaterThan(300);
    expect(ids).toHaveLength(progress.count!);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
