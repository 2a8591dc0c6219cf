/**
 * Futures: for each product of futuresFacts.ts a continuous instrument (DisplayHint
 * Continuous, its futures space under /futuresspaces/{uic}) and the listed contracts, with
 * month-code symbols (ESH6), last trading and first notice days from the product's rule on
 * the exchange's calendar, and CFDs on the front contracts of the products the platform
 * offers them on.
 */
import type Database from 'better-sqlite3';
import { addDays } from '../../calendar/dates';
import { futuresContractUic, RankCounter, SEARCH_TIER, UIC_BLOCKS } from './allocator';
import { StoredDetails } from './detailFragments';
import { addBusinessDays, EXPIRY_RULES, type ContractDates } from './expiryRules';
import {
  decimalsOf,
  isoDate,
  ORDER_TYPES_EXCHANGE,
  ORDER_TYPES_FULL,
  orderDistances,
  priceFormat,
  sortKeys,
  standardAmounts,
  wireDate,
} from './fields';
import { FUTURES_PRODUCTS, MONTH_CODES, type FuturesProduct } from './futuresFacts';
import { InstrumentWriter } from './schema';
import { exchangeIdOf, exchangeSummary } from './venues';
import type { GenerationStep } from '../universe';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TREASURY_ROOTS = new Set(['ZT', 'ZF', 'ZN', 'ZB', 'UB']);

export interface ListedContract extends ContractDates {
  year: number;
  month: number;
  /** e.g. ESH6: root, month code, last digit of the year. */
  symbol: string;
}

/**
 * The contracts of a product listed on `asOf`: months of its cycle (plus the nearest serial
 * months), in expiry order, whose last trading day is after `asOf`.
 */
export function listedContracts(product: FuturesProduct, asOf: Date): ListedContract[] {
  const contracts: ListedContract[] = [];
  let serialLeft = product.serial ?? 0;
  const startYear = asOf.getUTCFullYear();
  const startMonth = asOf.getUTCMonth() + 1;
  for (let offset = 0; contracts.length < product.listed && offset < 12 * 12; offset++) {
    const index = startYear * 12 + startMonth - 1 + offset;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const code = MONTH_CODES[month - 1]!;
    const inCycle = product.months.includes(code);
    if (!inCycle && serialLeft <= 0) continue;
    const dates = EXPIRY_RULES[product.rule](exchangeIdOf(product.mic), year, month);
    if (dates.lastTrade <= asOf) continue;
    if (!inCycle) serialLeft--;
    contracts.push({ ...dates, year, month, symbol: `${product.root}${code}${year % 10}` });
  }
  return contracts.sort((a, b) => a.lastTrade.getTime() - b.lastTrade.getTime());
}

function futuresFormat(product: FuturesProduct) {
  const decimals = Math.min(decimalsOf(product.tick), 8);
  return priceFormat(decimals, TREASURY_ROOTS.has(product.root) ? { Format: 'ModernFractions' } : {});
}

/** The search rank of the `index`-th entry of a tier (ranks count up from the tier's base in writing order). */
function rankAt(tier: number, index: number): number {
  return tier * 10_000_000 + index;
}

/**
 * Writes the futures of `asOf`: every product's continuous instrument and space, its listed
 * contracts and the CFDs on its front contracts. When `rolling`, the continuous instruments
 * exist already (with the option roots linked to them) and are rewritten in place; the
 * contracts, CFDs and spaces were removed before.
 */
function writeFutures(db: Database.Database, asOf: Date, rolling: boolean): void {
  const writer = new InstrumentWriter(db);
  const ranks = {
    contracts: new RankCounter(db, SEARCH_TIER.futures),
    cfds: new RankCounter(db, SEARCH_TIER.cfds),
  };
  const space = db.prepare('INSERT INTO futures_spaces (continuous_uic, base_identifier) VALUES (?, ?)');
  const element = db.prepare(
    'INSERT INTO futures_space_elements (continuous_uic, expiry, uic, symbol) VALUES (?, ?, ?, ?)',
  );
  const storedDetails = rolling ? new StoredDetails(db) : undefined;

  FUTURES_PRODUCTS.forEach((product, productIndex) => {
    const contracts = listedContracts(product, asOf);
    // Continuous uics and ranks are handed out in product order from the start of their block and tier.
    const continuousUic = UIC_BLOCKS.continuousFutures.first + productIndex;
    if (continuousUic > UIC_BLOCKS.continuousFutures.last)
      throw new Error(`The uic block of ${UIC_BLOCKS.continuousFutures.name} is full`);
    const contractUics = contracts.map((contract) =>
      futuresContractUic(UIC_BLOCKS.futuresContracts, productIndex, contract.year, contract.month),
    );
    const frontUic = contractUics[0]!;
    const exchangeId = exchangeIdOf(product.mic);
    const common = {
      AmountDecimals: 0,
      AssetType: 'ContractFutures',
      ContractSize: product.contractSize,
      CurrencyCode: product.currency,
      DefaultAmount: 1,
      Exchange: exchangeSummary(product.mic),
      Format: futuresFormat(product),
      GroupId: 0,
      IncrementSize: 1,
      IsComplex: true,
      IsPitTraded: false,
      IsTradable: true,
      LotSize: 1,
      LotSizeText: product.lotSizeText,
      MinimumTradeSize: 1,
      NonTradableReason: 'None',
      OrderDistances: orderDistances('Percentage', 0.5),
      PriceToContractFactor: product.multiplier,
      PrimaryListing: frontUic,
      StandardAmounts: standardAmounts(1, [1, 2, 5, 10, 20, 50]),
      SupportedOrderTypes: ORDER_TYPES_EXCHANGE,
      TickSize: product.tick,
      TradableAs: ['ContractFutures'],
      TradingStatus: 'Tradable',
    };
    const continuousSymbol = `${product.root}:${product.mic.toLowerCase()}`;
    const continuousDescription = `${product.name} (continuous)`;
    // The options step adds the option roots on the product to its continuous instrument.
    const linkedRoots = storedDetails?.of(continuousUic, 'ContractFutures')?.RelatedOptionRootsEnhanced;
    const continuous = {
      uic: continuousUic,
      assetType: 'ContractFutures',
      symbol: continuousSymbol,
      description: continuousDescription,
      currency: product.currency,
      exchangeId,
      mic: product.mic,
      displayHint: 'Continuous',
      price: product.price,
      isTradable: true,
      isComplex: true,
      searchRank: rankAt(SEARCH_TIER.continuousFutures, productIndex),
      details: sortKeys({
        ...common,
        Description: continuousDescription,
        DisplayHint: 'Continuous',
        ...(linkedRoots !== undefined ? { RelatedOptionRootsEnhanced: linkedRoots } : {}),
        Symbol: continuousSymbol,
        Uic: continuousUic,
      }),
    };
    if (rolling) writer.replace(continuous);
    else {
      writer.write(continuous);
      space.run(continuousUic, product.root);
    }

    contracts.forEach((contract, index) => {
      const uic = contractUics[index]!;
      const description = `${product.name} - ${MONTH_NAMES[contract.month - 1]} ${contract.year}`;
      const expiry = isoDate(contract.lastTrade);
      writer.write({
        uic,
        assetType: 'ContractFutures',
        symbol: contract.symbol,
        description,
        currency: product.currency,
        exchangeId,
        mic: product.mic,
        price: product.price,
        isTradable: true,
        isComplex: true,
        searchRank: ranks.contracts.take(),
        expiry,
        underlyingUic: continuousUic,
        details: sortKeys({
          ...common,
          Description: description,
          ExpiryDate: wireDate(expiry),
          ...(contract.notice ? { NoticeDate: wireDate(isoDate(contract.notice)) } : {}),
          RelatedInstruments: [{ AssetType: 'ContractFutures', Uic: continuousUic }],
          Symbol: contract.symbol,
          Uic: uic,
        }),
      });
      element.run(continuousUic, expiry, uic, contract.symbol);
    });

    if (product.cfd) {
      for (const [index, contract] of contracts.slice(0, 2).entries()) {
        const cfdUic = futuresContractUic(
          UIC_BLOCKS.futuresCfds,
          productIndex,
          contract.year,
          contract.month,
        );
        writeFuturesCfd(writer, cfdUic, product, contract, contractUics[index]!, ranks.cfds.take());
      }
    }
  });
}

export const futuresStep: GenerationStep = {
  name: 'reference:futures',
  run({ db, asOf }) {
    writeFutures(db, asOf, false);
  },
  /** Contracts expire and list, the front month moves: every contract and CFD is written again. */
  roll({ db, asOf }) {
    const writer = new InstrumentWriter(db);
    const { futuresContracts, futuresCfds } = UIC_BLOCKS;
    writer.removeWhere('uic BETWEEN ? AND ?', futuresContracts.first, futuresContracts.last);
    writer.removeWhere('uic BETWEEN ? AND ?', futuresCfds.first, futuresCfds.last);
    db.exec('DELETE FROM futures_space_elements');
    writeFutures(db, asOf, true);
  },
  expectedMs: { small: 130, default: 130, large: 130 },
};

/** A CFD on one futures contract: it expires (rolls) two business days before the contract's first notice or last trading day. */
function writeFuturesCfd(
  writer: InstrumentWriter,
  uic: number,
  product: FuturesProduct,
  contract: ListedContract,
  futureUic: number,
  rank: number,
): void {
  const cfd = product.cfd!;
  const exchangeId = exchangeIdOf(product.mic);
  const before =
    contract.notice && contract.notice < contract.lastTrade ? contract.notice : contract.lastTrade;
  const expiry = addBusinessDays(exchangeId, before, -2);
  const symbol = `${cfd.stem}${MONTH_NAMES[contract.month - 1]!.toUpperCase()}${String(contract.year % 100).padStart(2, '0')}`;
  const description = `${cfd.name} - ${MONTH_NAMES[contract.month - 1]} ${contract.year}`;
  const day = isoDate(expiry);
  writer.write({
    uic,
    assetType: 'CfdOnFutures',
    symbol,
    description,
    currency: product.currency,
    exchangeId,
    mic: product.mic,
    price: product.price,
    isTradable: true,
    isComplex: true,
    searchRank: rank,
    expiry: day,
    underlyingUic: futureUic,
    details: {
      AmountDecimals: 0,
      AssetType: 'CfdOnFutures',
      CurrencyCode: product.currency,
      DefaultAmount: 1,
      Description: description,
      Exchange: exchangeSummary(product.mic),
      ExpiryDate: wireDate(day),
      // Trading in the CFD stops in the afternoon (UTC) of its expiry day.
      ExpiryDateTime: addDays(expiry, 0).toISOString().replace('T00:00:00.000Z', 'T16:00:00.000000Z'),
      Format: futuresFormat(product),
      GroupId: 0,
      IncrementSize: 1,
      IsComplex: true,
      IsTradable: true,
      LotSizeType: 'NotUsed',
      MinimumTradeSize: 1,
      NonTradableReason: 'None',
      OrderDistances: orderDistances('Percentage', 0.5),
      PriceToContractFactor: 1,
      RelatedInstruments: [{ AssetType: 'ContractFutures', Uic: futureUic }],
      StandardAmounts: standardAmounts(1, [1, 5, 10, 50, 100]),
      SupportedOrderTypes: ORDER_TYPES_FULL,
      Symbol: symbol,
      TickSize: product.tick,
      TradableAs: ['CfdOnFutures'],
      TradingStatus: 'Tradable',
      TradingUnitsPlural: cfd.plural,
      TradingUnitsSingular: cfd.singular,
      Uic: uic,
      UnderlyingAssetType: 'ContractFutures',
    },
  });
}
