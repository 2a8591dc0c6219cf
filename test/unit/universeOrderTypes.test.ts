/**
 * Order types as on the exchanges, over a whole generated universe (small scale): instruments
 * whose orders go to an exchange that triggers stops on trades list StopIfTraded and
 * TrailingStopIfTraded instead of Stop; instruments the platform quotes itself (CFDs, FX)
 * keep the quote-triggered Stop; a default stop loss is always an order type the instrument
 * supports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGES, findExchange } from '../../main/simulator/data/reference/exchanges';
import { instrumentSteps } from '../../main/simulator/data/instruments/steps';
import { ReferenceStore } from '../../main/simulator/data/instruments/store';
import { openUniverse, type Universe } from '../../main/simulator/data/universe';

interface Details {
  AssetType: string;
  Symbol: string;
  Exchange?: { ExchangeId: string };
  SupportedOrderTypes?: string[];
  OrderDistances?: { StopLossDefaultOrderType?: string };
}

/** Asset types whose orders the platform routes to the listing exchange. */
const EXCHANGE_ROUTED = /^(Stock|Etf|Etc|ContractFutures|Certificate.*)$/;
/** Asset types the platform quotes and triggers itself. */
const PLATFORM_QUOTED = /^(Cfd.*|Fx.*)$/;

describe('order types as on the exchanges', () => {
  let cacheDir: string;
  let universe: Universe;
  let instruments: Details[];

  beforeAll(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'refdesk-order-types-'));
    universe = openUniverse({
      seed: 3,
      scale: 'small',
      cacheDir,
      steps: instrumentSteps,
      asOf: new Date('2026-11-23T09:00:00Z'),
    });
    const store = new ReferenceStore(universe.db);
    const assetTypes = universe.db
      .prepare('SELECT DISTINCT asset_type FROM instruments WHERE details IS NOT NULL')
      .pluck()
      .all() as string[];
    instruments = assetTypes.flatMap((assetType) =>
      store
        .pageOfType(assetType, undefined, 1_000_000, 0)
        .map((record) => JSON.parse(record.details!) as Details),
    );
  });
  afterAll(() => {
    universe.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('encodes which exchanges trigger stops on trades as a fact of each exchange', () => {
    const triggeredByTrades = EXCHANGES.filter((exchange) => exchange.StopsTriggeredByTrades).map(
      (exchange) => exchange.ExchangeId,
    );
    expect(triggeredByTrades).toEqual(
      expect.arrayContaining(['CME', 'EUREX', 'FSE', 'PAR', 'IPE', 'LSE_SETS']),
    );
    for (const quoteTriggered of ['NYSE', 'NASDAQ', 'TYO', 'HKEX', 'CSE', 'SBFX'])
      expect(findExchange(quoteTriggered)?.StopsTriggeredByTrades, quoteTriggered).toBe(false);
  });

  it('lists stop-if-traded order types for instruments routed to such exchanges, Stop elsewhere', () => {
    const routed = instruments.filter(
      (details) => EXCHANGE_ROUTED.test(details.AssetType) && details.SupportedOrderTypes,
    );
    expect(routed.length).toBeGreaterThan(1000);
    const seen = { traded: 0, quoted: 0 };
    for (const details of routed) {
      const exchange = findExchange(details.Exchange!.ExchangeId)!;
      const types = details.SupportedOrderTypes!;
      if (exchange.StopsTriggeredByTrades) {
        seen.traded++;
        expect(types, details.Symbol).toEqual(
          expect.arrayContaining(['StopIfTraded', 'TrailingStopIfTraded']),
        );
        expect(types, details.Symbol).not.toContain('Stop');
      } else {
        seen.quoted++;
        expect(types, details.Symbol).toContain('Stop');
        expect(types, details.Symbol).not.toContain('StopIfTraded');
        expect(types, details.Symbol).not.toContain('TrailingStopIfTraded');
      }
    }
    expect(seen.traded).toBeGreaterThan(100);
    expect(seen.quoted).toBeGreaterThan(100);
  });

  it('keeps the quote-triggered Stop for CFDs and FX, which the platform quotes itself', () => {
    const quoted = instruments.filter(
      (details) => PLATFORM_QUOTED.test(details.AssetType) && details.SupportedOrderTypes,
    );
    expect(quoted.length).toBeGreaterThan(100);
    for (const details of quoted)
      expect(details.SupportedOrderTypes, details.Symbol).not.toContain('StopIfTraded');
    const sapCfd = quoted.find(
      (details) => details.AssetType === 'CfdOnStock' && details.Symbol === 'SAP:xetr',
    );
    expect(sapCfd?.SupportedOrderTypes).toContain('Stop');
  });

  it('places a default stop loss as an order type the instrument supports', () => {
    const withDistances = instruments.filter((details) => details.OrderDistances?.StopLossDefaultOrderType);
    expect(withDistances.length).toBeGreaterThan(1000);
    for (const details of withDistances.filter((found) =>
      found.SupportedOrderTypes!.some((type) => /Stop/.test(type)),
    ))
      expect(details.SupportedOrderTypes, details.Symbol).toContain(
        details.OrderDistances!.StopLossDefaultOrderType,
      );
  });

  it('shows the real venues the way a trader knows them', () => {
    const bySymbol = (symbol: string, assetType: string) =>
      instruments.find((details) => details.Symbol === symbol && details.AssetType === assetType)!;
    expect(bySymbol('SAP:xetr', 'Stock').SupportedOrderTypes).toContain('StopIfTraded');
    expect(bySymbol('AAPL:xnas', 'Stock').SupportedOrderTypes).toContain('Stop');
    expect(bySymbol('7203:xtks', 'Stock').SupportedOrderTypes).toContain('Stop');
    expect(bySymbol('ES:xcme', 'ContractFutures').SupportedOrderTypes).toEqual(
      expect.arrayContaining(['StopIfTraded', 'TrailingStopIfTraded', 'StopLimit']),
    );
    expect(bySymbol('FDAX:xeur', 'ContractFutures').OrderDistances?.StopLossDefaultOrderType).toBe(
      'StopIfTraded',
    );
  });
});
