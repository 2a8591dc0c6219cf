import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const PARAMETERS = [
  '$top',
  '$skip',
  'AccountGroupKey',
  'AccountKey',
  'ClientKey',
  'AssetTypes',
  'CorporateActionTypes',
  'ElectionStatuses',
  'EventStates',
  'EventStatus',
  'EventTypes',
  'FromDeadlineDate',
  'ToDeadlineDate',
  'FromExDate',
  'ToExDate',
  'FromPayDate',
  'ToPayDate',
  'FromRecordDate',
  'ToRecordDate',
  'IncludeLapsedEvents',
  'IncludeSubAccounts',
  'Keywords',
  'SortColumn',
  'SortType',
];
const VALUES = [
  'true',
  'false',
  'Asc',
  'Desc',
  'Date',
  'EventId',
  'AffectedAccounts',
  'Bond',
  'Stock,Bond',
  'Mandatory',
  'Voluntary',
  'Elected',
  'Approved,Cancelled',
  'Past',
  'DVCA,INTR',
  '2026-01-01',
  '2025-12-31T00:00:00Z',
  '0',
  '1',
  '-1',
  '1000',
  '99999999999999999999',
  '%',
  '_',
  ',',
  ' ',
  'NaN',
  '1e3',
];

const name = fc.oneof(
  fc.constantFrom(...PARAMETERS).chain((n) => fc.constantFrom(n, n.toLowerCase(), n.toUpperCase())),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string({ maxLength: 40 }),
  fc.array(fc.constantFrom(...VALUES), { maxLength: 4 }).map((items) => items.join(',')),
  fc.integer().map(String),
  fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(800)),
);
/**
 * A query string: well-formed pairs, sometimes raw text (bad percent escapes, bare names, repeats).
 * Kept under 12,000 characters: longer request lines are refused by Node's HTTP parser (431)
 * before any route runs, which says nothing about the routes.
 */
const queryString = fc
  .oneof(
    fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
    fc.string({ maxLength: 60 }).map((raw) => raw.replace(/[#\s]/g, '')),
  )
  .filter((query) => query.length < 12_000);

function expectServiceAnswer(status: number, body: unknown, context: string): void {
  expect([200, 400, 404], context).toContain(status);
  if (status >= 400) {
    expect(body, context).toMatchObject({ ErrorCode: expect.any(String), Message: expect.any(String) });
  }
}

describe('corporate action routes never fail on odd input (properties)', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('GET /ca/v2/events answers 200, 400 or 404 with the error shape for any query', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const response = await sim.get(`ca/v2/events?${query}`);
        expectServiceAnswer(response.status, response.body, query);
      }),
      { numRuns: 200 },
    );
  });

  it('GET /ca/v2/events/{EventId} answers 200, 400 or 404 for any id and query', async () => {
    const id = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.nat().map(String),
      fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(id, queryString, async (eventId, query) => {
        const response = await sim.get(`ca/v2/events/${encodeURIComponent(eventId)}?${query}`);
        expectServiceAnswer(response.status, response.body, `${eventId}?${query}`);
      }),
      { numRuns: 150 },
    );
  });
});
