import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorInfo } from '../../main/simulator/server';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';
import { openLoginPage, submitLogin, type LoginAnswer } from '../support/loginPage';

describe('login throttling on the login page', () => {
  let offsetMs = 0;
  let test: TestSimulator;
  let info: SimulatorInfo;

  beforeAll(async () => {
    // A clock the test moves: lockouts end without waiting.
    test = await startTestSimulator({ clock: () => new Date(Date.now() + offsetMs) });
    info = test.simulator.info;
  });
  // Failures are forgotten after a quiet quarter of an hour: each test starts afresh.
  beforeEach(() => {
    offsetMs += 3_600_000;
  });
  afterAll(() => test.close());

  async function signIn(username: string, password: string): Promise<LoginAnswer> {
    const page = await openLoginPage(info.authUrl, { response_type: 'token', client_id: info.appKey, redirect_uri: 'http://127.0.0.1:4999/refdesk/callback' });
    return submitLogin(info.authUrl, page, { username, password, decision: 'allow' });
  }
  const fail = (username: string) => signIn(username, 'not-the-password');
  const signedIn = (answer: LoginAnswer) => answer.status === 302 && /#access_token=/.test(answer.location ?? '');

  it('locks a login name out after 5 failures, says so on the page, and refuses even the right password meanwhile', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await fail('demo');
      expect(answer.status, `attempt ${attempt}`).toBe(200);
      expect(answer.html).toContain('The user name or password is not correct.');
    }
    const fifth = await fail('demo');
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('1');
    expect(fifth.html).toContain('Too many failed sign-ins for demo. Try again in 1 second.');
    expect(fifth.html).toContain('role="alert"');

    const right = await signIn('demo', 'refdesk-demo');
    expect(right.status).toBe(429);
    expect(right.location).toBeNull();
    expect(right.html).toContain('Too many failed sign-ins for demo.');

    offsetMs += 1_000;
    expect(signedIn(await signIn('demo', 'refdesk-demo'))).toBe(true);
  });

  it('doubles the delay with every further failure: 1, 2, 4 seconds …', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await fail('trader2');
    const waits: string[] = [];
    for (const wait of [1_000, 2_000, 4_000]) {
      offsetMs += wait;
      const answer = await fail('trader2');
      waits.push(/Try again in (\d+ seconds?)\./.exec(answer.html)?.[1] ?? answer.html.slice(0, 80));
    }
    expect(waits).toEqual(['2 seconds', '4 seconds', '8 seconds']);
    // Half-way through the 8 seconds the page counts down.
    offsetMs += 4_000;
    expect((await signIn('trader2', 'refdesk-trader2')).html).toContain('Try again in 4 seconds.');
    offsetMs += 4_000;
    expect(signedIn(await signIn('trader2', 'refdesk-trader2'))).toBe(true);
  });

  it('starts afresh after a successful sign-in', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await fail('admin');
    expect(signedIn(await signIn('admin', 'refdesk-admin'))).toBe(true);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await fail('admin')).status).toBe(200);
    expect(signedIn(await signIn('admin', 'refdesk-admin'))).toBe(true);
  });

  it('counts the login name case-insensitively, and throttles unknown names like known ones', async () => {
    for (const name of ['Demo', 'DEMO', 'demo', 'dEmO']) await fail(name);
    expect((await fail('DeMo')).html).toContain('Too many failed sign-ins for DeMo.');
    offsetMs += 1_000;
    for (let attempt = 1; attempt <= 4; attempt += 1) await fail('nobody-by-this-name');
    const unknown = await fail('nobody-by-this-name');
    expect(unknown.status).toBe(429);
    expect(unknown.html).toContain('Too many failed sign-ins for nobody-by-this-name. Try again in 1 second.');
  });

  it('locks out a client address that tries many login names (20 failures)', async () => {
    for (let attempt = 1; attempt <= 19; attempt += 1) expect((await fail(`guess-${attempt}`)).status).toBe(200);
    const twentieth = await fail('guess-20');
    expect(twentieth.status).toBe(429);
    expect(twentieth.html).toContain('Too many failed sign-ins from this computer. Try again in 1 second.');
    expect((await signIn('demo', 'refdesk-demo')).status).toBe(429);
    offsetMs += 1_000;
    expect(signedIn(await signIn('demo', 'refdesk-demo'))).toBe(true);
  });

  it('answers 300 rapid wrong passwords: only the first 4 are told "not correct", every later one is refused as locked out', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 300; attempt += 1) statuses.push((await fail('demo')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
  });
});
