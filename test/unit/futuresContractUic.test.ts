import { describe, expect, it } from 'vitest';
import { futuresContractUic, UIC_BLOCKS } from '../../main/simulator/data/instruments/allocator';
import { FUTURES_PRODUCTS } from '../../main/simulator/data/instruments/futuresFacts';

describe('futures contract uics', () => {
  it('name one product and month each, within their block, for every product and month this century', () => {
    const seen = new Set<number>();
    for (const block of [UIC_BLOCKS.futuresContracts, UIC_BLOCKS.futuresCfds]) {
      FUTURES_PRODUCTS.forEach((_product, index) => {
        for (const year of [2000, 2026, 2099]) {
          for (let month = 1; month <= 12; month++) {
            const uic = futuresContractUic(block, index, year, month);
            expect(uic).toBeGreaterThanOrEqual(block.first);
            expect(uic).toBeLessThanOrEqual(block.last);
            seen.add(uic);
          }
        }
      });
    }
    expect(seen.size).toBe(2 * FUTURES_PRODUCTS.length * 3 * 12);
  });

  it('refuses a month outside 2000–2099 or a product beyond the block, rather than overlap', () => {
    expect(() => futuresContractUic(UIC_BLOCKS.futuresContracts, 0, 1999, 12)).toThrow(
      /months from 2000 to 2099/,
    );
    expect(() => futuresContractUic(UIC_BLOCKS.futuresContracts, 0, 2100, 1)).toThrow(
      /months from 2000 to 2099/,
    );
    expect(() => futuresContractUic(UIC_BLOCKS.futuresCfds, 100, 2026, 1)).toThrow(/no room for product 100/);
  });
});
