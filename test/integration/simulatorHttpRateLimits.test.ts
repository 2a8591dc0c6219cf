import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSimulator, type TestSimulator, type TestResponse } from '../support/testSimulator';

const limitsOf = (answer: TestResponse, dimension: string) => ({
  limit: answer.headers.get(`x-ratelimit-${dimension}-limit`),
  remaining: answer.headers.get(`x-ratelimit-${dimension}-remaining`),
  reset: answer.headers.get(`x-ratelimit-${dimension}-reset`),
});

describe('rate limits count by the route Fastify matched', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ rateLimit: { sessionPerMinute: 3, instrumentSearchPerMinute: 2 } });
  });
  afterAll(() => sim.close());

  it('counts percent-encoded and trailing-slash spellings of a path against the same service group', async () => {
    const spellings = ['ref/v1/countries', '%72ef/v1/countries', 'ref/v1/countries/', 'r%65f/v1/c%6Funtries'];
    const answers = [];
    for (const path of spellings) answers.push(await sim.get(path, { as: 'demo' }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get('x-ratelimit-session-remaining'))).toEqual(['2', '1', '0', '0']);
    // The budget of another service group of the same session is untouched.
    expect(limitsOf(await sim.get('developer/apps', { as: 'demo' }), 'session').remaining).toBe('2');
  });

  it('counts every spelling of the instrument search against RefDataInstrumentsMinute', async () => {
    const first = await sim.get('ref/v1/%69nstruments?Keywords=apple', { as: 'trader2' });
    expect(limitsOf(first, 'refdatainstrumentsminute')).toMatchObject({ limit: '2', remaining: '1' });
    const second = await sim.get('ref/v1/instruments/?Keywords=apple', { as: 'trader2' });
    expect(limitsOf(second, 'refdatainstrumentsminute').remaining).toBe('0');
    const third = await sim.get('ref/v1/instruments?Keywords=apple', { as: 'trader2' });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Instrument details are not a search: no search budget, no search headers; the refused
    // search used none of the session's ref budget, so one request of it is left.
    const details = await sim.get('ref/v1/instruments/details/211/Stock', { as: 'trader2' });
    expect(details.status).toBe(200);
    expect(details.headers.get('x-ratelimit-session-remaining')).toBe('0');
    expect(details.headers.get('x-ratelimit-refdatainstrumentsminute-limit')).toBeNull();
  });

  it('counts paths that match no route in one group of their own, whatever their first segment', async () => {
    const statuses = [];
    for (const path of ['nothing/here', 'ref-not/v1', 'ca/v2/none/such/thing', 'zzz']) statuses.push((await sim.get(path, { as: 'admin' })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await sim.get('ref/v1/countries', { as: 'admin' })).status).toBe(200);
  });
});

describe('rate limit windows and budgets', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ rateLimit: { sessionPerMinute: 2, instrumentSearchPerMinute: 1, appPerDay: 1000 } });
  });
  afterAll(() => sim.close());
  afterEach(() => vi.useRealTimers());

  it('counts down Remaining, refuses at the limit with the seconds left, and starts again after the window', async () => {
    // Only Date is faked, so the limiter's window and the token's lifetime move while sockets run.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await sim.get('ca/v2/events?$top=1', { as: 'demo' });
    expect(limitsOf(first, 'session')).toEqual({ limit: '2', remaining: '1', reset: '60' });
    vi.advanceTimersByTime(20_000);
    expect((await sim.get('ca/v2/events?$top=1', { as: 'demo' })).status).toBe(200);
    const refused = await sim.get<{ ErrorCode: string; Message: string }>('ca/v2/events?$top=1', { as: 'demo' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ ErrorCode: 'TooManyRequests', Message: 'Rate limit exceeded; retry after 40 s.' });
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(limitsOf(refused, 'session')).toEqual({ limit: '2', remaining: '0', reset: '40' });
    vi.advanceTimersByTime(40_000);
    expect(limitsOf(await sim.get('ca/v2/events?$top=1', { as: 'demo' }), 'session')).toEqual({ limit: '2', remaining: '1', reset: '60' });
  });

  it('resets AppDay at UTC midnight and lets a refused request use up no other budget', async () => {
    const now = Date.now();
    const midnight = (Math.floor(now / 86_400_000) + 1) * 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'], now: midnight - 30_000 });
    const search = await sim.get('ref/v1/instruments?Keywords=apple', { as: 'trader2' });
    const used = Number(search.headers.get('x-ratelimit-appday-remaining'));
    expect(search.headers.get('x-ratelimit-appday-reset')).toBe('30');
    // Refused by the search budget: AppDay and Session stay as they were.
    const refused = await sim.get('ref/v1/instruments?Keywords=apple', { as: 'trader2' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-appday-remaining')).toBe(String(used));
    expect(refused.headers.get('x-ratelimit-session-remaining')).toBe('1');
    expect(refused.headers.get('retry-after')).toBe('60');
    vi.setSystemTime(midnight + 1_000);
    const nextDay = await sim.get('ref/v1/countries', { as: 'trader2' });
    expect(limitsOf(nextDay, 'appday')).toEqual({ limit: '1000', remaining: '999', reset: String(86_400 - 1) });
  });
});

describe('rate limits under concurrency and per app', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ rateLimit: { sessionPerMinute: 5, appPerDay: 8 } });
  });
  afterAll(() => sim.close());

  it('lets exactly the limit through when requests arrive together', async () => {
    await sim.accessToken('demo'); // one session for all twenty (the helper mints a token per uncached call)
    const answers = await Promise.all(Array.from({ length: 20 }, () => sim.get('ref/v1/timezones', { as: 'demo' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
  });

  it('counts AppDay across the sessions of one app, and an exhausted day is a 429 until midnight', async () => {
    // The demo session above used 5 of the app's 8; two more sessions share the remaining 3.
    const statuses = [];
    for (const as of ['trader2', 'trader2', 'admin', 'admin']) statuses.push(await sim.get('ref/v1/countries', { as }));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    const overDay = statuses[3]!;
    expect(overDay.headers.get('x-ratelimit-appday-remaining')).toBe('0');
    const secondsToMidnight = Math.ceil((((Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000) - Date.now()) / 1000);
    expect(Math.abs(Number(overDay.headers.get('retry-after')) - secondsToMidnight)).toBeLessThanOrEqual(2);
  });
});
