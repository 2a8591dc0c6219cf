import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReadyProcess } from '../support/simulatorProcess';

const tsx = path.resolve('node_modules/.bin/tsx');
const cli = path.resolve('main/simulator/cli.ts');

describe('npm run simulator', () => {
  it('prints READY with baseUrl and authUrl on --port 0, serves, and stops cleanly on SIGTERM', async () => {
    const simulator = await startReadyProcess<{ baseUrl: string; authUrl: string }>(tsx, [cli, '--port', '0']);
    expect(simulator.ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi$/);
    expect(simulator.ready.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    const response = await fetch(`${simulator.ready.baseUrl}/ref/v1/countries`);
    expect(response.status).toBe(200);
    expect(await simulator.stop()).toBe(0);
  });

  it('refuses a bad port with a clear message and exit code 2', async () => {
    const failure = await startReadyProcess(tsx, [cli, '--port', 'eighty']).catch((e: Error) => e.message);
    expect(failure).toContain('exited with 2');
    expect(failure).toContain('--port must be a whole number');
  });
});
