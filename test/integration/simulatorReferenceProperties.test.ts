import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

const PARAMETERS = [
  '$top',
  '$skip',
  'Keywords',
  'AssetTypes',
  'ExchangeId',
  'Uics',
  'Class',
  'Tags',
  'IncludeNonTradable',
  'AccountKey',
  'ClientKey',
  'CanParticipateInMultiLegOrder',
  'FieldGroups',
  'OptionSpaceSegment',
  'ExpiryDates',
  'UnderlyingUic',
  'TradingStatus',
  'OneWeekTotalValueChangesFrom',
  'SectorId',
  'keywords',
  'ASSETTYPES',
];
const VALUES = [
  '',
  '0',
  '1',
  '50',
  '1000',
  '1001',
  '-1',
  '1.5',
  '99999999999999999999',
  'true',
  'false',
  'Stock',
  'FxSpot,Stock',
  'Futures',
  'ContractOptions',
  'Bogus',
  'StockIndexOption,',
  ',',
  'FSE',
  'SBFX',
  '21,211',
  '21,x',
  'Complex',
  'NonComplex,Complex',
  'Etf',
  'Etf,Etc',
  'OrderSetting,TradingSessions',
  'AllDates',
  'SpecificDates',
  'UnderlyingUic',
  'DefaultDates',
  '2026-12-18',
  '2026-02-30',
  'Tradable',
  'NonTradable,ReduceOnly',
  'apple inc',
  'brk.b',
  '"',
  '*',
  'AND',
  'NOT x',
  '(',
  'a"b',
  'é',
  '%',
  '\u0000',
];
const name = fc.oneof(fc.constantFrom(...PARAMETERS), fc.string({ maxLength: 10 }));
const value = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const queryString = fc.oneof(
  fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString()),
  fc.string({ maxLength: 40 }).map((raw) => raw.replace(/[#\s]/g, '')),
);
const segment = fc.oneof(
  fc.constantFrom(
    '21',
    '211',
    '0',
    '-1',
    '1',
    '999999999',
    '99999999999999',
    'abc',
    'FxSpot',
    'Stock',
    'Futures',
    'ContractOptions',
    '%20',
    '1e3',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

function expectServiceAnswer(status: number, body: unknown, context: string): void {
  expect([200, 400, 404], context).toContain(status);
  if (status >= 400)
    expect(body, context).toMatchObject({ ErrorCode: expect.any(String), Message: expect.any(String) });
}

describe('reference-data routes never fail on odd input (properties)', () => {
  let sim: TestSimulator;
  let spxRoot = 1;
  beforeAll(async () => {
    sim = await startTestSimulator();
    const roots = await sim.get<{ Data: { Identifier: number; Symbol: string }[] }>(
      'ref/v1/instruments?Keywords=spx&AssetTypes=StockIndexOption',
    );
    spxRoot = roots.body.Data.find((item) => item.Symbol === 'SPX:xcbo')!.Identifier;
  });
  afterAll(() => sim.close());

  const routes = (): string[] => [
    'ref/v1/instruments',
    'ref/v1/instruments/details',
    'ref/v1/instruments/details/211/Stock',
    `ref/v1/instruments/contractoptionspaces/${spxRoot}`,
    'ref/v1/currencypairs',
    'ref/v1/countries',
    'ref/v1/exchanges',
    'ref/v1/exchanges/FSE',
    'ref/v1/currencies',
  ];

  it('answers every query string of every list route with 200, 400 or 404 and the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes().length - 1 }),
        queryString,
        async (route, query) => {
          const path = `${routes()[route]}?${query}`;
          const response = await sim.get(path);
          expectServiceAnswer(response.status, response.body, path);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers any route values of the details, option space, futures space and exchange routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        segment,
        segment,
        queryString,
        async (route, first, second, query) => {
          const path = [
            `ref/v1/instruments/details/${first}/${second}?${query}`,
            `ref/v1/instruments/contractoptionspaces/${first}?${query}`,
            `ref/v1/instruments/futuresspaces/${first}?${query}`,
            `ref/v1/exchanges/${first}?${query}`,
          ][route]!;
          const response = await sim.get(path);
          expectServiceAnswer(response.status, response.body, path);
        },
      ),
      { numRuns: 300 },
    );
  });
});
