/**
 * Futures: for each product of futuresFacts.ts a continuous instrument (DisplayHint
 * Continuous, its futures space under /futuresspaces/{uic}) and the listed contracts, with
 * month-code symbols (ESH6), last trading and first notice days from the product's rule on
 * the exchange's calendar, and CFDs on the front contracts of the products the platform
 * offers them on.
 */
import type Database from 'better-sqlite3';
import { addDays } from '../../calendar/dates';
import { futuresContractUic, SEARCH_TIER, UIC_BLOCKS } from './allocator';
import { StoredDetails } from './detailFragments';
import { addBusinessDays, EXPIRY_RULES, type ContractDates } from './expiryRules';
import {
  decimalsOf,
  exchangeOrderTypes,
  exchangeStopOrderType,
  isoDate,
  ORDER_TYPES_FULL,
  orderDistances,
  priceFormat,
  sortKeys,
  standardAmounts,
  wireDate,
} from './fields';
import { FUTURES_PRODUCTS, MONTH_CODES, type FuturesProduct } from './futuresFacts';
import { InstrumentWriter } from './schema';
import { exchangeIdOf, exchangeSummary, symbolSuffixOf } from '../reference/venues';
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

/** A product's contracts and CFDs take search ranks from slots of their own, so a roll of one product moves no other's. */
const CONTRACT_RANK_SLOTS = 100;
const CFD_RANK_SLOTS = 2;
/** Futures CFDs rank after every other CFD of their tier (FX, well-known shares and indices). */
const FUTURES_CFD_RANKS_FROM = 9_000_000;

function contractRank(productIndex: number, index: number): number {
  if (index >= CONTRACT_RANK_SLOTS)
    throw new Error(`A futures product lists more than ${CONTRACT_RANK_SLOTS} contracts`);
  return SEARCH_TIER.futures * 10_000_000 + productIndex * CONTRACT_RANK_SLOTS + index;
}

function cfdRank(productIndex: number, index: number): number {
  return SEARCH_TIER.cfds * 10_000_000 + FUTURES_CFD_RANKS_FROM + productIndex * CFD_RANK_SLOTS + index;
}

/** Statements and writers the futures of a universe are written with. */
interface FuturesWriters {
  writer: InstrumentWriter;
  space: Database.Statement;
  element: Database.Statement;
  storedDetails?: StoredDetails;
}

function writersOf(db: Database.Database, rolling: boolean): FuturesWriters {
  return {
    writer: new InstrumentWriter(db),
    space: db.prepare('INSERT INTO futures_spaces (continuous_uic, base_identifier) VALUES (?, ?)'),
    element: db.prepare(
      'INSERT INTO futures_space_elements (continuous_uic, expiry, uic, symbol) VALUES (?, ?, ?, ?)',
    ),
    ...(rolling ? { storedDetails: new StoredDetails(db) } : {}),
  };
}

/** The continuous instrument of a product has the product's place in the list as its uic offset. */
function continuousUicOf(productIndex: number): number {
  const uic = UIC_BLOCKS.continuousFutures.first + productIndex;
  if (uic > UIC_BLOCKS.continuousFutures.last)
    throw new Error(`The uic block of ${UIC_BLOCKS.continuousFutures.name} is full`);
  return uic;
}

/**
 * Writes one product on `asOf`: its continuous instrument and space, its listed contracts and
 * the CFDs on its front contracts. When rolling, the continuous instrument exists already (with
 * the option roots linked to it) and is rewritten in place; the contracts, CFDs and space
 * elements were removed before.
 */
function writeProduct(
  writers: FuturesWriters,
  product: FuturesProduct,
  productIndex: number,
  contracts: ListedContract[],
  asOf: Date,
): void {
  const { writer, storedDetails } = writers;
  const continuousUic = continuousUicOf(productIndex);
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
    OrderDistances: orderDistances('Percentage', 0.5, exchangeStopOrderType(exchangeId)),
    PriceToContractFactor: product.multiplier,
    PrimaryListing: frontUic,
    StandardAmounts: standardAmounts(1, [1, 2, 5, 10, 20, 50]),
    SupportedOrderTypes: exchangeOrderTypes(exchangeId),
    TickSize: product.tick,
    TradableAs: ['ContractFutures'],
    TradingStatus: 'Tradable',
  };
  const continuousSymbol = `${product.root}:${symbolSuffixOf(product.mic)}`;
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
    searchRank: SEARCH_TIER.continuousFutures * 10_000_000 + productIndex,
    details: sortKeys({
      ...common,
      Description: continuousDescription,
      DisplayHint: 'Continuous',
      ...(linkedRoots !== undefined ? { RelatedOptionRootsEnhanced: linkedRoots } : {}),
      Symbol: continuousSymbol,
      Uic: continuousUic,
    }),
  };
  if (storedDetails) writer.replace(continuous);
  else {
    writer.write(continuous);
    writers.space.run(continuousUic, product.root);
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
      searchRank: contractRank(productIndex, index),
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
    writers.element.run(continuousUic, expiry, uic, contract.symbol);
  });

  if (product.cfd) {
    const cfds = listedCfds(product, contracts, asOf).map(({ contract, expiry }) => ({
      contract,
      expiry,
      uic: futuresContractUic(UIC_BLOCKS.futuresCfds, productIndex, contract.year, contract.month),
      futureUic: contractUics[contracts.indexOf(contract)]!,
    }));
    // Every CFD of the series names the next one to expire as its primary listing (spec 2.1).
    const primaryListing = cfds[0]?.uic;
    cfds.forEach((cfd, index) =>
      writeFuturesCfd(writer, {
        ...cfd,
        product,
        primaryListing: primaryListing!,
        rank: cfdRank(productIndex, index),
      }),
    );
  }
}

export const futuresStep: GenerationStep = {
  name: 'reference:futures',
  run({ db, asOf }) {
    const writers = writersOf(db, false);
    FUTURES_PRODUCTS.forEach((product, productIndex) =>
      writeProduct(writers, product, productIndex, listedContracts(product, asOf), asOf),
    );
  },
  /**
   * Contracts expire and list, the front month moves: a product whose listed contracts changed
   * is written again (its contracts, CFDs and space; its continuous instrument in place).
   */
  roll({ db, asOf, from }) {
    const writers = writersOf(db, true);
    const stored = db.prepare(
      'SELECT uic, expiry FROM futures_space_elements WHERE continuous_uic = ? ORDER BY expiry, uic',
    );
    const storedCfds = db.prepare(
      "SELECT uic, expiry FROM instruments WHERE uic BETWEEN ? AND ? AND asset_type = 'CfdOnFutures' ORDER BY expiry, uic",
    );
    const removeElements = db.prepare('DELETE FROM futures_space_elements WHERE continuous_uic = ?');
    const today = isoDate(asOf);
    // Listings start from the day's month: within one month, a later day lists what the earlier
    // one did unless a listed contract traded for the last time, or a listed CFD rolled, in between.
    const sameMonth =
      asOf > from &&
      asOf.getUTCFullYear() === from.getUTCFullYear() &&
      asOf.getUTCMonth() === from.getUTCMonth();
    FUTURES_PRODUCTS.forEach((product, productIndex) => {
      const before = stored.all(continuousUicOf(productIndex)) as { uic: number; expiry: string }[];
      const cfdBlock = futuresContractUic(UIC_BLOCKS.futuresCfds, productIndex, 2000, 1);
      const cfdsBefore = storedCfds.all(cfdBlock, cfdBlock + 1199) as { uic: number; expiry: string }[];
      if (sameMonth && [...before, ...cfdsBefore].every((listed) => listed.expiry > today)) return;
      const contracts = listedContracts(product, asOf);
      const after = contracts.map((contract) =>
        futuresContractUic(UIC_BLOCKS.futuresContracts, productIndex, contract.year, contract.month),
      );
      const cfdsAfter = product.cfd
        ? listedCfds(product, contracts, asOf).map(({ contract }) =>
            futuresContractUic(UIC_BLOCKS.futuresCfds, productIndex, contract.year, contract.month),
          )
        : [];
      const same = (left: number[], right: number[]) => [...left].sort().join() === [...right].sort().join();
      if (
        same(
          before.map((listed) => listed.uic),
          after,
        ) &&
        same(
          cfdsBefore.map((listed) => listed.uic),
          cfdsAfter,
        )
      )
        return;
      for (const { uic } of before) writers.writer.remove(uic, 'ContractFutures');
      for (const { uic } of cfdsBefore) writers.writer.remove(uic, 'CfdOnFutures');
      removeElements.run(continuousUicOf(productIndex));
      writeProduct(writers, product, productIndex, contracts, asOf);
    });
  },
  expectedMs: { small: 130, default: 130, large: 130 },
};

/** How many CFDs on a product's contracts are listed at a time: the front contract's and the next one's. */
const CFDS_LISTED = CFD_RANK_SLOTS;

/**
 * The contracts a product's CFDs are on, with each CFD's expiry: it rolls two business days
 * before the contract's first notice or last trading day, so a CFD can expire while its
 * contract still trades. Only CFDs still trading after `asOf` are listed (a contract's is
 * listed once the one before it expired), in expiry order.
 */
export function listedCfds(
  product: FuturesProduct,
  contracts: readonly ListedContract[],
  asOf: Date,
): { contract: ListedContract; expiry: Date }[] {
  const exchangeId = exchangeIdOf(product.mic);
  return contracts
    .map((contract) => {
      const before =
        contract.notice && contract.notice < contract.lastTrade ? contract.notice : contract.lastTrade;
      return { contract, expiry: addBusinessDays(exchangeId, before, -2) };
    })
    .filter(({ expiry }) => expiry > asOf)
    .sort((a, b) => a.expiry.getTime() - b.expiry.getTime())
    .slice(0, CFDS_LISTED);
}

interface FuturesCfd {
  uic: number;
  product: FuturesProduct;
  contract: ListedContract;
  expiry: Date;
  futureUic: number;
  /** The uic of the series' CFD that expires next. */
  primaryListing: number;
  rank: number;
}

/** A CFD on one futures contract. */
function writeFuturesCfd(writer: InstrumentWriter, cfdListing: FuturesCfd): void {
  const { uic, product, contract, expiry, futureUic, primaryListing, rank } = cfdListing;
  const cfd = product.cfd!;
  const exchangeId = exchangeIdOf(product.mic);
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
      PrimaryListing: primaryListing,
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
