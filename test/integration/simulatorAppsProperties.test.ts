import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const name = fc.oneof(
  fc.constantFrom('$top', '$skip', '$inlinecount', 'IncludeSecrets', 'includesecrets', '$TOP'),
  fc.string({ maxLength: 10 }),
);
const value = fc.oneof(
  fc.constantFrom(
    'true',
    'false',
    'AllPages',
    'None',
    '0',
    '1',
    '20',
    '1000',
    '1001',
    '-5',
    '1.5',
    '99999999999999999999',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);
const queryString = fc.oneof(
  fc.array(fc.tuple(name, value), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString()),
  fc.string({ maxLength: 40 }).map((raw) => raw.replace(/[#\s]/g, '')),
);

function expectServiceAnswer(status: number, body: unknown, context: string): void {
  expect([200, 400, 404], context).toContain(status);
  if (status >= 400)
    expect(body, context).toMatchObject({ ErrorCode: expect.any(String), Message: expect.any(String) });
}

describe('application directory routes never fail on odd input (properties)', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('GET /developer/apps answers 200 or 400 with the error shape for any query', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const response = await sim.get(`developer/apps?${query}`);
        expectServiceAnswer(response.status, response.body, query);
      }),
      { numRuns: 150 },
    );
  });

  it('GET /developer/apps/{AppKey} answers 200 or 404 for any key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.stringMatching(/^[0-9a-f]{32}$/)),
        async (appKey) => {
          const response = await sim.get(`developer/apps/${encodeURIComponent(appKey)}`);
          expectServiceAnswer(response.status, response.body, appKey);
        },
      ),
      { numRuns: 150 },
    );
  });
});
