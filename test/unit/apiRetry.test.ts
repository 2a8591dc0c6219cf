import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../main/core/api/errors';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  rateLimitAdvice,
  retryRule,
  sleep,
} from '../../main/core/api/retry';

const policy = { ...DEFAULT_RETRY_POLICY, minRateLimitWaitMs: 1000 };

describe('backoff', () => {
  it('grows exponentially, is capped, and is jittered below its ceiling', () => {
    const ceilings = [0, 1, 2, 3, 10].map((retry) => backoffDelayMs(retry, policy, () => 1));
    expect(ceilings).toEqual([250, 500, 1000, 2000, 4000]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(1000);
  });
});

describe('rate-limit advice of a 429', () => {
  it('waits as long as Retry-After says, in seconds or as an HTTP date', () => {
    expect(rateLimitAdvice(new Headers({ 'retry-after': '7' }), policy).waitMs).toBe(7000);
    const now = Date.parse('2026-03-05T10:00:00Z');
    const date = new Headers({ 'retry-after': 'Thu, 05 Mar 2026 10:00:12 GMT' });
    expect(rateLimitAdvice(date, policy, now).waitMs).toBe(12_000);
  });

  it('waits for the reset of the exhausted dimension, never less than a second', () => {
    const headers = new Headers({
      'x-ratelimit-session-limit': '120',
      'x-ratelimit-session-remaining': '0',
      'x-ratelimit-session-reset': '42',
      'x-ratelimit-appday-remaining': '9999',
      'x-ratelimit-appday-reset': '82332',
    });
    expect(rateLimitAdvice(headers, policy)).toEqual({
      waitMs: 42_000,
      fatal: false,
      dimensions: ['session'],
    });
    const soon = new Headers({ 'x-ratelimit-session-remaining': '0', 'x-ratelimit-session-reset': '0' });
    expect(rateLimitAdvice(soon, policy).waitMs).toBe(1000);
  });

  it('treats an exhausted daily quota as fatal', () => {
    const headers = new Headers({ 'x-ratelimit-appday-remaining': '0', 'x-ratelimit-appday-reset': '82332' });
    expect(rateLimitAdvice(headers, policy)).toMatchObject({ fatal: true, dimensions: ['appday'] });
  });
});

describe('the retry rule undici asks before each retry', () => {
  const quick = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 0, maxDelayMs: 0, minRateLimitWaitMs: 0 };
  /** Whether the rule retries (null) or gives up (the error it hands back). */
  const decide = (rule: ReturnType<typeof retryRule>, error: Error) =>
    new Promise<Error | null>((resolve) => rule(error, {} as never, (result) => resolve(result ?? null)));
  const failed = (fields: object) => Object.assign(new Error('attempt failed'), fields);

  it('gives 429s a budget of 2 and 503s and dropped connections one of 3, kept apart', async () => {
    const rule = retryRule(quick, () => 0, undefined);
    const tooMany = failed({ statusCode: 429, headers: { 'retry-after': '0' } });
    const unavailable = failed({ statusCode: 503, headers: {} });
    const dropped = failed({ code: 'UND_ERR_SOCKET' });
    expect([await decide(rule, tooMany), await decide(rule, tooMany)]).toEqual([null, null]);
    expect(await decide(rule, tooMany)).toBe(tooMany);
    expect([
      await decide(rule, unavailable),
      await decide(rule, dropped),
      await decide(rule, unavailable),
    ]).toEqual([null, null, null]);
    expect(await decide(rule, dropped)).toBe(dropped);
  });

  it('never retries a timeout, another status, an exhausted day quota or a wait over the bound', async () => {
    const rule = retryRule(quick, () => 0, undefined);
    for (const error of [
      failed({ code: 'UND_ERR_HEADERS_TIMEOUT' }),
      failed({ code: 'UND_ERR_BODY_TIMEOUT' }),
      failed({ statusCode: 500, headers: {} }),
      failed({ statusCode: 404, headers: {} }),
      failed({
        statusCode: 429,
        headers: { 'x-ratelimit-appday-remaining': '0', 'x-ratelimit-appday-reset': '5' },
      }),
      failed({ statusCode: 429, headers: { 'retry-after': '31' } }),
    ]) {
      expect(await decide(rule, error)).toBe(error);
    }
  });
});

describe('sleep', () => {
  it('rejects as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('service errors', () => {
  it('reads ErrorCode, Message and ModelState from the body', () => {
    const body = JSON.stringify({
      ErrorCode: 'InvalidRequest',
      Message: 'AssetTypes has an unknown value',
      ModelState: { AssetTypes: ['Unknown value "Shoe"'] },
    });
    expect(errorFromResponse(400, body)).toMatchObject({
      kind: 'service',
      status: 400,
      code: 'InvalidRequest',
      message: 'AssetTypes has an unknown value',
      details: { fields: { AssetTypes: ['Unknown value "Shoe"'] } },
    });
  });

  it('gives empty and non-JSON bodies a code and words from the status', () => {
    expect(errorFromResponse(401, '')).toMatchObject({ status: 401, code: 'Unauthorized' });
    expect(errorFromResponse(404, '')).toMatchObject({ status: 404, code: 'NotFound' });
    expect(errorFromResponse(502, '<html>Bad gateway</html>')).toMatchObject({
      status: 502,
      code: 'Http502',
    });
    expect(errorFromResponse(400, '{"ModelState": ["not", "a map"]}').details.fields).toBeUndefined();
  });
});
