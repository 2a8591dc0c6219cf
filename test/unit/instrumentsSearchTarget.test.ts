import { describe, expect, it } from 'vitest';
import type { SummaryInfo } from '../../contract/wire/types';
import { searchTarget } from '../../renderer/src/features/instruments/logic/searchTarget';

const summary = (overrides: Partial<SummaryInfo>): SummaryInfo => ({
  AssetType: 'Stock',
  Description: '',
  ExchangeId: 'NASDAQ',
  GroupId: 0,
  Identifier: 211,
  SummaryType: 'Instrument',
  Symbol: 'AAPL:xnas',
  ...overrides,
});

describe('search navigation rule', () => {
  it('opens option roots in a chain, continuous futures in a ladder, the rest in details', () => {
    expect(
      searchTarget(
        summary({ SummaryType: 'ContractOptionRoot', AssetType: 'StockIndexOption', Identifier: 7 }),
      ),
    ).toEqual({ kind: 'optionChain', optionRootId: 7 });
    expect(
      searchTarget(summary({ AssetType: 'ContractFutures', DisplayHint: 'Continuous', Identifier: 9 })),
    ).toEqual({ kind: 'futuresLadder', continuousUic: 9 });
    expect(searchTarget(summary({ AssetType: 'ContractFutures', Identifier: 10 }))).toEqual({
      kind: 'details',
      uic: 10,
      assetType: 'ContractFutures',
    });
    expect(searchTarget(summary({}))).toEqual({ kind: 'details', uic: 211, assetType: 'Stock' });
  });
});
