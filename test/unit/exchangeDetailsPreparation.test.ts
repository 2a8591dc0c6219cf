import { describe, expect, it } from 'vitest';
import { prepareExchangeDetails } from '../../main/simulator/data/reference/exchangeDetails';
import { EXCHANGES } from '../../main/simulator/data/reference/exchanges';

const NOW = new Date('2026-11-27T10:00:00Z');

describe('working out the exchange details before the first request', () => {
  it('takes one exchange per turn of the event loop, so requests arriving meanwhile go in between', async () => {
    let finished = false;
    const preparing = prepareExchangeDetails(NOW).then(() => (finished = true));
    let turns = 0;
    while (!finished && turns < 10_000) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    await preparing;
    expect(turns).toBeGreaterThanOrEqual(EXCHANGES.length);
  });
});
