import { describe, expect, it } from 'vitest';
import {
  defaultChainColumns,
  movedChainColumn,
  normalizedChainColumns,
  toggledChainColumn,
} from '../../renderer/src/features/instruments/optionChains/logic/chainColumns';
import {
  formatReferencePrice,
  readReferencePrice,
} from '../../renderer/src/features/instruments/optionChains/logic/referencePrice';
import { relatedRootsOf } from '../../renderer/src/features/instruments/optionChains/logic/relatedRoots';

describe('the reference price as traders type it', () => {
  it('reads thousands separators and decimals', () => {
    expect(readReferencePrice('6,500')).toEqual({ ok: true, price: 6500 });
    expect(readReferencePrice(' 6 500.25 ')).toEqual({ ok: true, price: 6500.25 });
    expect(readReferencePrice('1,234,567.5')).toEqual({ ok: true, price: 1234567.5 });
    expect(readReferencePrice('')).toEqual({ ok: true, price: null });
  });

  it('refuses negatives, zero and words with a sentence', () => {
    expect(readReferencePrice('-6500')).toEqual({
      ok: false,
      message: 'The reference price cannot be negative.',
    });
    expect(readReferencePrice('0')).toEqual({
      ok: false,
      message: 'The reference price must be greater than zero.',
    });
    expect(readReferencePrice('abc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('e.g. 6,500'),
    });
    expect(readReferencePrice('1'.repeat(21))).toMatchObject({ ok: false });
  });

  it('shows a price back with separators', () => {
    expect(formatReferencePrice(6500.25)).toBe('6,500.25');
    expect(formatReferencePrice(null)).toBe('');
  });
});

describe('the chain’s columns', () => {
  it('keeps known columns in the chosen order, each once, else the defaults', () => {
    expect(normalizedChainColumns(['uic', 'bogus', 'status', 'uic'])).toEqual(['uic', 'status']);
    expect(normalizedChainColumns([])).toEqual([...defaultChainColumns]);
    expect(normalizedChainColumns(undefined)).toEqual([...defaultChainColumns]);
  });

  it('shows, hides and moves columns, never hiding the last one', () => {
    expect(toggledChainColumn(['uic'], 'status')).toEqual(['uic', 'status']);
    expect(toggledChainColumn(['uic', 'status'], 'uic')).toEqual(['status']);
    expect(toggledChainColumn(['uic'], 'uic')).toEqual(['uic']);
    expect(movedChainColumn(['uic', 'status', 'symbol'], 'symbol', -1)).toEqual(['uic', 'symbol', 'status']);
    expect(movedChainColumn(['uic', 'status'], 'uic', -1)).toEqual(['uic', 'status']);
  });
});

describe('the roots of an underlying', () => {
  it('lists the underlying’s roots once each, the chain’s own root always among them', () => {
    expect(
      relatedRootsOf(
        {
          RelatedOptionRootsEnhanced: [
            { AssetType: 'StockIndexOption', OptionRootId: 7, OptionType: 'Standard' },
            { AssetType: 'StockIndexOption', OptionRootId: 8, OptionType: 'Weekly' },
          ],
          RelatedOptionRoots: [8, 9],
        },
        7,
      ).map((root) => [root.optionRootId, root.optionType]),
    ).toEqual([
      [7, 'Standard'],
      [8, 'Weekly'],
      [9, undefined],
    ]);
    expect(relatedRootsOf({}, 3).map((root) => root.optionRootId)).toEqual([3]);
  });
});
