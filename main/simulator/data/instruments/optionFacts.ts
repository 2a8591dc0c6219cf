/**
 * Option roots of universe-facts §5 with their expiry schedules, strike steps, style,
 * settlement and multiplier. Roots on generated shares reuse the US or European stock shape.
 * Where the platform lists several roots on one index, so does the simulator: the AM-settled
 * standard root (SPX, NDX, RUT: third-Friday monthlies, quarterlies, LEAPS) and the PM-settled
 * root of the weeklies (SPXW, NDXP, RUTW: dailies or weeklies, end of month).
 */
import type { ExpirySchedule, StrikeSteps } from './optionChains';

export type OptionAssetType = 'StockOption' | 'StockIndexOption' | 'FuturesOption';

export type Underlying =
  | { kind: 'index'; symbol: string }
  | { kind: 'stock'; ticker: string; mic: string }
  | { kind: 'futures'; root: string };

export interface OptionRootFact {
  root: string;
  assetType: OptionAssetType;
  description: string;
  /** Exchange the options trade on. */
  mic: string;
  currency: string;
  underlying: Underlying;
  exerciseStyle: 'American' | 'European';
  settlement: 'CashDelivery' | 'PhysicalDelivery';
  multiplier: number;
  schedule: ExpirySchedule;
  /** Fixed steps, or derived from the underlying's price (shares). */
  steps: StrikeSteps | 'us' | 'european';
  tick: number;
  /** Trading ends the business day before every expiry (Nikkei 225: SQ on the second Friday's opening). */
  lastTradeDayBefore?: boolean;
  /** AM-settled standard expiries: trading ends the business day before (SPX, NDX, RUT monthlies). */
  amSettled?: boolean;
  /**
   * The root's kind among the roots of its underlying (RelatedOptionRootsEnhanced' OptionType):
   * `Weekly` for the PM-settled weeklies' root of an index; `Standard` otherwise.
   */
  optionType?: 'Standard' | 'Weekly';
  /** Local time trading ends on the last trading day (HH:MM), in the exchange's zone. */
  closeTime: string;
}

const US_STOCK_SCHEDULE: ExpirySchedule = {
  weeklyWeeks: 6,
  monthlyMonths: 6,
  quarterlyMonths: 12,
  longDatedYears: 3,
  longDatedMonth: 1,
  rule: 'thirdFriday',
};
const EUROPEAN_STOCK_SCHEDULE: ExpirySchedule = {
  weeklyWeeks: 4,
  monthlyMonths: 6,
  quarterlyMonths: 12,
  longDatedYears: 3,
  longDatedMonth: 12,
  rule: 'thirdFriday',
};

/**
 * Where options on shares of a European exchange trade when not on the exchange itself: Xetra's
 * on Eurex, Euronext Amsterdam's on Euronext's equity and index derivatives market there (the
 * platform's EUR_AMS2).
 */
const DERIVATIVES_MARKET: Readonly<Record<string, string>> = { XETR: 'XEUR', XAMS: 'XEUE' };

/** Shape of an option root on a share listed at `mic`. */
export function stockOptionShape(
  mic: string,
): Pick<
  OptionRootFact,
  'mic' | 'exerciseStyle' | 'settlement' | 'multiplier' | 'schedule' | 'steps' | 'tick' | 'closeTime'
> {
  const us = mic === 'XNAS' || mic === 'XNYS' || mic === 'ARCX';
  return {
    mic: us ? 'XCBO' : (DERIVATIVES_MARKET[mic] ?? mic),
    exerciseStyle: 'American',
    settlement: 'PhysicalDelivery',
    multiplier: 100,
    schedule: us ? US_STOCK_SCHEDULE : EUROPEAN_STOCK_SCHEDULE,
    steps: us ? 'us' : 'european',
    tick: us ? 0.05 : 0.01,
    closeTime: us ? '16:00' : '17:30',
  };
}

const stock = (ticker: string, listing: string, description: string): OptionRootFact => ({
  root: ticker.replace(/\s/g, ''),
  assetType: 'StockOption',
  description,
  currency: '',
  underlying: { kind: 'stock', ticker, mic: listing },
  ...stockOptionShape(listing),
});

export const WELL_KNOWN_OPTION_ROOTS: readonly OptionRootFact[] = [
  {
    root: 'SPX',
    assetType: 'StockIndexOption',
    description: 'S&P 500 Index Options (AM-settled)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'SPX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: {
      monthlyMonths: 12,
      quarterlyMonths: 24,
      longDatedYears: 5,
      longDatedMonth: 12,
      rule: 'thirdFriday',
    },
    steps: { near: 5, mid: 25, far: 50 },
    tick: 0.05,
    amSettled: true,
    closeTime: '16:15',
  },
  {
    root: 'SPXW',
    assetType: 'StockIndexOption',
    description: 'S&P 500 Index Options (PM-settled, weeklies)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'SPX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: { dailyDays: 28, weeklyWeeks: 8, monthlyMonths: 12, endOfMonthMonths: 12, rule: 'thirdFriday' },
    steps: { near: 5, mid: 25, far: 50 },
    tick: 0.05,
    optionType: 'Weekly',
    closeTime: '16:00',
  },
  {
    root: 'NDX',
    assetType: 'StockIndexOption',
    description: 'Nasdaq-100 Index Options (AM-settled)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'NDX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: {
      monthlyMonths: 6,
      quarterlyMonths: 12,
      longDatedYears: 3,
      longDatedMonth: 12,
      rule: 'thirdFriday',
    },
    steps: { near: 25, mid: 50, far: 100 },
    tick: 0.05,
    amSettled: true,
    closeTime: '16:15',
  },
  {
    root: 'NDXP',
    assetType: 'StockIndexOption',
    description: 'Nasdaq-100 Index Options (PM-settled, weeklies)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'NDX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: { weeklyWeeks: 6, monthlyMonths: 0, endOfMonthMonths: 3, rule: 'thirdFriday' },
    steps: { near: 25, mid: 50, far: 100 },
    tick: 0.05,
    optionType: 'Weekly',
    closeTime: '16:00',
  },
  {
    root: 'RUT',
    assetType: 'StockIndexOption',
    description: 'Russell 2000 Index Options (AM-settled)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'RUT' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: {
      monthlyMonths: 6,
      quarterlyMonths: 12,
      longDatedYears: 2,
      longDatedMonth: 12,
      rule: 'thirdFriday',
    },
    steps: { near: 5, mid: 10, far: 25 },
    tick: 0.05,
    amSettled: true,
    closeTime: '16:15',
  },
  {
    root: 'RUTW',
    assetType: 'StockIndexOption',
    description: 'Russell 2000 Index Options (PM-settled, weeklies)',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'RUT' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: { dailyDays: 14, weeklyWeeks: 6, monthlyMonths: 0, endOfMonthMonths: 3, rule: 'thirdFriday' },
    steps: { near: 5, mid: 10, far: 25 },
    tick: 0.05,
    optionType: 'Weekly',
    closeTime: '16:00',
  },
  {
    root: 'VIX',
    assetType: 'StockIndexOption',
    description: 'Cboe Volatility Index Options',
    mic: 'XCBO',
    currency: 'USD',
    underlying: { kind: 'index', symbol: 'VIX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 100,
    schedule: { monthlyMonths: 7, rule: 'vix' },
    steps: { near: 1, mid: 2.5, far: 5 },
    tick: 0.05,
    closeTime: '09:00',
  },
  {
    root: 'OESX',
    assetType: 'StockIndexOption',
    description: 'Euro Stoxx 50 Index Options',
    mic: 'XEUR',
    currency: 'EUR',
    underlying: { kind: 'index', symbol: 'SX5E' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 10,
    schedule: {
      weeklyWeeks: 4,
      monthlyMonths: 3,
      quarterlyMonths: 24,
      longDatedYears: 5,
      longDatedMonth: 12,
      rule: 'thirdFriday',
    },
    steps: { near: 25, mid: 50, far: 100 },
    tick: 0.1,
    closeTime: '12:00',
  },
  {
    root: 'ODAX',
    assetType: 'StockIndexOption',
    description: 'DAX Index Options',
    mic: 'XEUR',
    currency: 'EUR',
    underlying: { kind: 'index', symbol: 'DAX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 5,
    schedule: {
      weeklyWeeks: 6,
      monthlyMonths: 3,
      quarterlyMonths: 24,
      longDatedYears: 5,
      longDatedMonth: 12,
      rule: 'thirdFriday',
    },
    steps: { near: 50, mid: 100, far: 200 },
    tick: 0.1,
    closeTime: '13:00',
  },
  {
    root: 'ESX',
    assetType: 'StockIndexOption',
    description: 'FTSE 100 Index Options',
    mic: 'IFLL',
    currency: 'GBP',
    underlying: { kind: 'index', symbol: 'UKX' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 10,
    schedule: { weeklyWeeks: 4, monthlyMonths: 3, quarterlyMonths: 24, rule: 'thirdFriday' },
    steps: { near: 50, mid: 100, far: 200 },
    tick: 0.5,
    closeTime: '10:15',
  },
  {
    root: 'NK225',
    assetType: 'StockIndexOption',
    description: 'Nikkei 225 Index Options',
    mic: 'XOSE',
    currency: 'JPY',
    underlying: { kind: 'index', symbol: 'N225' },
    exerciseStyle: 'European',
    settlement: 'CashDelivery',
    multiplier: 1000,
    schedule: {
      weeklyWeeks: 4,
      monthlyMonths: 6,
      quarterlyMonths: 18,
      longDatedYears: 5,
      longDatedMonth: 12,
      rule: 'secondFriday',
    },
    steps: { near: 250, mid: 500, far: 1000 },
    tick: 1,
    lastTradeDayBefore: true,
    closeTime: '15:45',
  },
  stock('AAPL', 'XNAS', 'Apple Inc. Options'),
  stock('MSFT', 'XNAS', 'Microsoft Corp. Options'),
  stock('NVDA', 'XNAS', 'NVIDIA Corp. Options'),
  stock('TSLA', 'XNAS', 'Tesla Inc. Options'),
  stock('AMZN', 'XNAS', 'Amazon.com Inc. Options'),
  stock('META', 'XNAS', 'Meta Platforms Options'),
  stock('SAP', 'XETR', 'SAP SE Options'),
  stock('ASML', 'XAMS', 'ASML Holding Options'),
  stock('NOVO B', 'XCSE', 'Novo Nordisk B Options'),
  {
    root: 'ES',
    assetType: 'FuturesOption',
    description: 'E-mini S&P 500 Futures Options',
    mic: 'XCME',
    currency: 'USD',
    underlying: { kind: 'futures', root: 'ES' },
    exerciseStyle: 'American',
    settlement: 'PhysicalDelivery',
    multiplier: 50,
    schedule: { weeklyWeeks: 5, monthlyMonths: 3, quarterlyMonths: 12, rule: 'thirdFriday' },
    steps: { near: 5, mid: 25, far: 50 },
    tick: 0.25,
    closeTime: '15:00',
  },
  {
    root: 'LO',
    assetType: 'FuturesOption',
    description: 'Crude Oil (WTI) Futures Options',
    mic: 'XNYM',
    currency: 'USD',
    underlying: { kind: 'futures', root: 'CL' },
    exerciseStyle: 'American',
    settlement: 'PhysicalDelivery',
    multiplier: 1000,
    schedule: { monthlyMonths: 18, rule: 'wtiOption' },
    steps: { near: 0.5, mid: 2.5, far: 5 },
    tick: 0.01,
    closeTime: '13:30',
  },
  {
    root: 'OG',
    assetType: 'FuturesOption',
    description: 'Gold Futures Options',
    mic: 'XCEC',
    currency: 'USD',
    underlying: { kind: 'futures', root: 'GC' },
    exerciseStyle: 'American',
    settlement: 'PhysicalDelivery',
    multiplier: 100,
    schedule: { monthlyMonths: 12, rule: 'comexOption' },
    steps: { near: 10, mid: 25, far: 50 },
    tick: 0.1,
    closeTime: '12:30',
  },
  {
    root: 'OZN',
    assetType: 'FuturesOption',
    description: '10-Year T-Note Futures Options',
    mic: 'XCBT',
    currency: 'USD',
    underlying: { kind: 'futures', root: 'ZN' },
    exerciseStyle: 'American',
    settlement: 'PhysicalDelivery',
    multiplier: 1000,
    schedule: { monthlyMonths: 6, rule: 'treasuryOption' },
    steps: { near: 0.25, mid: 0.5, far: 1 },
    tick: 0.015625,
    closeTime: '13:00',
  },
];
