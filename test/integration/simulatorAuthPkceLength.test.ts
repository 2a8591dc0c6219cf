/**
 * The length of a PKCE code verifier over HTTP: by default the simulator takes what the platform
 * takes, the 32-character verifier of its public PKCE sample included; `--strict-oauth` (and the
 * `strictOAuth` option of an embedded simulator) holds clients to RFC 7636's 43 to 128.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorInfo } from '../../main/simulator/server';
import { exchangePkceCode, pkceCode, sampleVerifier } from '../support/pkceSignIn';
import { startSimulatorCli } from '../support/simulatorProcess';
import {
  startTestSimulator,
  TEST_CACHE_DIR,
  TEST_DATA_DIR,
  type TestSimulator,
} from '../support/testSimulator';
import { postToken } from '../support/tokenRequests';

describe('PKCE code verifiers as the platform takes them', () => {
  let lenient: TestSimulator;
  let strict: TestSimulator;

  beforeAll(async () => {
    [lenient, strict] = await Promise.all([startTestSimulator(), startTestSimulator({ strictOAuth: true })]);
  });
  afterAll(async () => {
    await Promise.all([lenient?.close(), strict?.close()]);
  });

  it("signs in with the platform sample's 32-character verifier, and its refresh token works", async () => {
    const info = lenient.simulator.info;
    const verifier = sampleVerifier();
    const answer = await exchangePkceCode(info, await pkceCode(info, verifier), verifier);
    expect(answer.status).toBe(200);
    const countries = await lenient.get('ref/v1/countries', {
      headers: { authorization: `Bearer ${String(answer.body.access_token)}` },
    });
    expect(countries.status).toBe(200);
    const refreshed = await postToken(info.authUrl, {
      grant_type: 'refresh_token',
      client_id: info.appKey,
      refresh_token: String(answer.body.refresh_token),
    });
    expect(refreshed.status).toBe(200);
  });

  it('still refuses a shorter verifier, naming the rule, and leaves the code unspent', async () => {
    const info = lenient.simulator.info;
    const verifier = sampleVerifier();
    const code = await pkceCode(info, verifier);
    const short = await exchangePkceCode(info, code, verifier.slice(0, 31));
    expect(short).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(short.body.error_description)).toBe(
      'code_verifier must be 32 to 128 characters of A-Z a-z 0-9 - . _ ~ (as the platform takes it); it has 31.',
    );
    expect((await exchangePkceCode(info, code, verifier)).status).toBe(200);
  });

  it('with strictOAuth refuses the 32-character verifier as RFC 7636 does, and takes 43 characters', async () => {
    const info = strict.simulator.info;
    const verifier = sampleVerifier();
    const code = await pkceCode(info, verifier);
    const refused = await exchangePkceCode(info, code, verifier);
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(String(refused.body.error_description)).toBe(
      'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 section 4.1, enforced by --strict-oauth); it has 32.',
    );
    const longer = `${verifier}${sampleVerifier().slice(0, 11)}`;
    expect((await exchangePkceCode(info, await pkceCode(info, longer), longer)).status).toBe(200);
  });

  it('npm run simulator -- --strict-oauth enforces RFC 7636 too', async () => {
    const cli = await startSimulatorCli<SimulatorInfo>(
      [
        '--port',
        '0',
        '--scale',
        'small',
        '--cache-dir',
        TEST_CACHE_DIR,
        '--data-dir',
        TEST_DATA_DIR,
        '--strict-oauth',
        '--rate-limit',
        '0',
      ],
      { timeoutMs: 120_000 },
    );
    try {
      const verifier = sampleVerifier();
      const refused = await exchangePkceCode(cli.ready, await pkceCode(cli.ready, verifier), verifier);
      expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
      expect(String(refused.body.error_description)).toContain('RFC 7636');
    } finally {
      await cli.stop();
    }
  }, 150_000);
});
