/**
 * Bonds (universe-facts §7): the illustrative issues of each type with their ISINs, then
 * generated government, corporate, mortgage and floating-rate issues sized by the scale.
 * Maturities follow each type's pattern and always lie after the universe's date.
 */
import { SEARCH_TIER, UIC_BLOCKS } from './allocator';
import { isoDate, orderDistances, priceFormat, roundTo, standardAmounts } from './fields';
import { uniqueIsin } from './isin';
import { companyName, SECTORS } from './names';
import { InstrumentWriter, listedInstrument } from './schema';
import { issueOn, SeriesStore, type Issue } from './series';
import { REFERENCE_SIZES } from './sizes';
import { OTC_VENUE, exchangeIdOf, exchangeSummary } from '../reference/venues';
import type { RandomStream } from '../random';
import type { GenerationContext, GenerationStep, Scale } from '../universe';
import { progressCounter } from '../universeProgress';

export type BondType = 'Government' | 'Corporate' | 'Mortgage' | 'TreasuryBill';
export type CouponType = 'Fixed' | 'Floating' | 'Zero';

interface BondTemplate {
  /** Short issuer code of the symbol, e.g. UST, DBR. */
  code: string;
  issuer: string;
  kind: string;
  currency: string;
  bondType: BondType;
  couponType: CouponType;
  inflationLinked?: boolean;
  /** Years to maturity at issue. */
  years: number;
  /** Maturity months and day (day 0: last day of the month). */
  months: number[];
  day: number;
  minimum: number;
  increment: number;
  complex?: boolean;
}

const TEMPLATES: Record<string, BondTemplate> = {
  ust2: {
    code: 'UST',
    issuer: 'United States Treasury',
    kind: 'Note',
    currency: 'USD',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 2,
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    day: 0,
    minimum: 100,
    increment: 100,
  },
  ust10: {
    code: 'UST',
    issuer: 'United States Treasury',
    kind: 'Note',
    currency: 'USD',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [2, 5, 8, 11],
    day: 15,
    minimum: 100,
    increment: 100,
  },
  ust30: {
    code: 'UST',
    issuer: 'United States Treasury',
    kind: 'Bond',
    currency: 'USD',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 30,
    months: [2, 5, 8, 11],
    day: 15,
    minimum: 100,
    increment: 100,
  },
  bill: {
    code: 'UST',
    issuer: 'United States Treasury',
    kind: 'Bill',
    currency: 'USD',
    bondType: 'TreasuryBill',
    couponType: 'Zero',
    years: 0.5,
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    day: 20,
    minimum: 100,
    increment: 100,
  },
  tips: {
    code: 'TII',
    issuer: 'United States Treasury',
    kind: 'Inflation-Indexed Note',
    currency: 'USD',
    bondType: 'Government',
    couponType: 'Fixed',
    inflationLinked: true,
    years: 10,
    months: [1, 7],
    day: 15,
    minimum: 100,
    increment: 100,
  },
  bund: {
    code: 'DBR',
    issuer: 'Bundesrepublik Deutschland',
    kind: 'Bund',
    currency: 'EUR',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [2, 8],
    day: 15,
    minimum: 0.01,
    increment: 0.01,
  },
  bobl: {
    code: 'OBL',
    issuer: 'Bundesrepublik Deutschland',
    kind: 'Bobl',
    currency: 'EUR',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 5,
    months: [4, 10],
    day: 10,
    minimum: 0.01,
    increment: 0.01,
  },
  gilt: {
    code: 'UKT',
    issuer: 'United Kingdom Gilt',
    kind: 'Treasury Gilt',
    currency: 'GBP',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [6, 12],
    day: 7,
    minimum: 0.01,
    increment: 0.01,
  },
  linker: {
    code: 'UKTI',
    issuer: 'United Kingdom Gilt',
    kind: 'Index-linked Treasury Gilt',
    currency: 'GBP',
    bondType: 'Government',
    couponType: 'Fixed',
    inflationLinked: true,
    years: 20,
    months: [3, 9],
    day: 22,
    minimum: 0.01,
    increment: 0.01,
  },
  oat: {
    code: 'FRTR',
    issuer: 'République Française',
    kind: 'OAT',
    currency: 'EUR',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [11, 5],
    day: 25,
    minimum: 1,
    increment: 1,
  },
  oatei: {
    code: 'FRTR',
    issuer: 'République Française',
    kind: 'OAT€i',
    currency: 'EUR',
    bondType: 'Government',
    couponType: 'Fixed',
    inflationLinked: true,
    years: 10,
    months: [7],
    day: 25,
    minimum: 1,
    increment: 1,
  },
  dgb: {
    code: 'DGB',
    issuer: 'Kingdom of Denmark',
    kind: 'Bullet',
    currency: 'DKK',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [11],
    day: 15,
    minimum: 0.01,
    increment: 0.01,
  },
  mortgage: {
    code: 'NYK',
    issuer: 'Nykredit Realkredit',
    kind: 'Callable Mortgage Bond',
    currency: 'DKK',
    bondType: 'Mortgage',
    couponType: 'Fixed',
    years: 30,
    months: [10],
    day: 1,
    minimum: 0.01,
    increment: 0.01,
    complex: true,
  },
  btp: {
    code: 'BTPS',
    issuer: 'Buoni del Tesoro Poliennali',
    kind: 'BTP',
    currency: 'EUR',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [2, 8],
    day: 1,
    minimum: 1000,
    increment: 1000,
  },
  usCorp: {
    code: 'CORP',
    issuer: 'Corporate',
    kind: 'Senior Note',
    currency: 'USD',
    bondType: 'Corporate',
    couponType: 'Fixed',
    years: 10,
    months: [1, 3, 4, 6, 9, 10, 12],
    day: 15,
    minimum: 2000,
    increment: 1000,
  },
  euroCorp: {
    code: 'CORP',
    issuer: 'Corporate',
    kind: 'Eurobond',
    currency: 'EUR',
    bondType: 'Corporate',
    couponType: 'Fixed',
    years: 7,
    months: [1, 3, 5, 6, 9, 11],
    day: 20,
    minimum: 100000,
    increment: 1000,
  },
  frn: {
    code: 'CORP',
    issuer: 'Corporate',
    kind: 'Floating Rate Note',
    currency: 'EUR',
    bondType: 'Corporate',
    couponType: 'Floating',
    years: 4,
    months: [3, 6, 9, 12],
    day: 15,
    minimum: 100000,
    increment: 1000,
    complex: true,
  },
  jgb: {
    code: 'JGB',
    issuer: 'Japan Government',
    kind: 'Bond',
    currency: 'JPY',
    bondType: 'Government',
    couponType: 'Fixed',
    years: 10,
    months: [3, 9],
    day: 20,
    minimum: 50000,
    increment: 50000,
  },
};

/** The illustrative issues of universe-facts §7 (valid check digits, not real issues). */
const WELL_KNOWN_BONDS: readonly [string, string, number, number][] = [
  // template, ISIN, coupon %, years remaining
  ['ust2', 'US91282CQA26', 3.875, 2],
  ['ust10', 'US91282CQB09', 4.25, 10],
  ['ust30', 'US912810UA42', 4.625, 30],
  ['bill', 'US912797QZ38', 0, 0.5],
  ['tips', 'US91282CQC81', 1.875, 10],
  ['bund', 'DE000BU2Z056', 2.5, 10],
  ['bobl', 'DE000BU25059', 2.2, 5],
  ['gilt', 'GB00BQ123410', 4.25, 10],
  ['linker', 'GB00BR567888', 0.125, 20],
  ['oat', 'FR001400AB19', 3.0, 10],
  ['oatei', 'FR001400AC34', 0.6, 10],
  ['dgb', 'DK0009924078', 2.25, 10],
  ['mortgage', 'DK0009501231', 4.0, 30],
  ['btp', 'IT0005612343', 3.85, 10],
  ['usCorp', 'US00099QAB05', 4.4, 10],
  ['euroCorp', 'XS2900123451', 3.25, 7],
  ['frn', 'XS2900543211', 0.85, 4],
  ['jgb', 'JP1103761233', 1.5, 10],
];

const OTC_EXCHANGE = exchangeSummary(OTC_VENUE);
const BOND_DISTANCES = orderDistances('Percentage', 0.5);
const BOND_ORDER_TYPES = ['Market', 'Limit'];
/** LocalizedInfo of the deflation floor of inflation-linked bonds. */
const DEFLATION_FLOOR = { Text: 'Deflation floor at par on redemption' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Each template's maturity months in calendar order. */
const sortedMonths = new WeakMap<BondTemplate, number[]>();

/** The first date of the template's maturity pattern on or after `earliest`. */
function patternDateFrom(template: BondTemplate, earliest: Date): Date {
  let months = sortedMonths.get(template);
  if (!months) sortedMonths.set(template, (months = [...template.months].sort((a, b) => a - b)));
  for (let year = earliest.getUTCFullYear(); ; year++) {
    for (const month of months) {
      const day = template.day === 0 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : template.day;
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date >= earliest) return date;
    }
  }
}

/**
 * The issue of a bond outstanding on `asOf` (series.ts): a bond is one line (the on-the-run
 * two-year note, a company's ten-year notes) whose issues mature a template's tenor apart, each
 * on a date of the template's pattern, so its maturity (and the coupons counted back from it)
 * stays put for a whole tenor.
 */
function issueOfBond(template: BondTemplate, asOf: Date, remaining: number): Issue {
  return issueOn(asOf, remaining, Math.max(template.years, 0.25), (nominal) =>
    patternDateFrom(template, nominal),
  );
}

/** What a bond is made of besides its maturity, as drawn from the seed. */
interface BondTerms {
  template: string;
  isin: string;
  coupon: number;
  issuer: string;
  issuerCode: string;
  isTradable: boolean;
}

interface BondInput {
  uic: number;
  template: BondTemplate;
  isin: string;
  coupon: number;
  maturity: Date;
  issuer: string;
  issuerCode: string;
  isTradable: boolean;
}

function bondRow(input: BondInput, rank: number) {
  const { template } = input;
  const maturity = `${String(input.maturity.getUTCDate()).padStart(2, '0')}${MONTHS[input.maturity.getUTCMonth()]}${input.maturity.getUTCFullYear()}`;
  const couponText =
    template.couponType === 'Floating'
      ? `FRN +${input.coupon.toFixed(2)}`
      : template.couponType === 'Zero'
        ? '0%'
        : `${input.coupon}%`;
  const symbol = `${input.issuerCode} ${couponText} ${maturity}`;
  const description = `${input.issuer} ${template.kind} ${couponText} ${isoDate(input.maturity)}`;
  const minimum = Math.max(template.minimum, template.currency === 'JPY' ? 50000 : 1000);
  const details = {
    AmountDecimals: template.minimum < 1 ? 2 : 0,
    AssetType: 'Bond',
    BondIndexRatio: template.inflationLinked ? 1.2345 : undefined,
    BondType: template.bondType,
    Coupon: input.coupon,
    CouponType: template.couponType,
    CurrencyCode: template.currency,
    DefaultAmount: minimum * 10,
    DeflationFloorProtectionType: template.inflationLinked ? DEFLATION_FLOOR : undefined,
    Description: description,
    Exchange: OTC_EXCHANGE,
    Format: priceFormat(3),
    GroupId: 0,
    IncrementSize: template.increment,
    IsComplex: template.complex ?? false,
    IsTradable: input.isTradable,
    MinimumTradeSize: minimum,
    NonTradableReason: input.isTradable ? 'None' : 'OfflineTradableBonds',
    OrderDistances: BOND_DISTANCES,
    StandardAmounts: standardAmounts(minimum, [1, 5, 10, 25, 50, 100]),
    SupportedOrderTypes: BOND_ORDER_TYPES,
    Symbol: symbol,
    TickSize: 0.001,
    TradableAs: ['Bond'],
    TradingStatus: input.isTradable ? 'Tradable' : 'NonTradable',
    Uic: input.uic,
  };
  return {
    uic: input.uic,
    assetType: 'Bond',
    symbol,
    description,
    isin: input.isin,
    currency: template.currency,
    exchangeId: exchangeIdOf(OTC_VENUE),
    mic: OTC_VENUE,
    price: 100,
    isTradable: input.isTradable,
    isComplex: template.complex ?? false,
    searchRank: rank,
    expiry: isoDate(input.maturity),
    details,
  };
}

const ISIN_PREFIX_BY_TEMPLATE: Record<string, string> = {
  ust2: 'US91282C',
  ust10: 'US91282C',
  ust30: 'US912810',
  bill: 'US912797',
  tips: 'US91282C',
  bund: 'DE000BU',
  bobl: 'DE000BU',
  gilt: 'GB00B',
  linker: 'GB00B',
  oat: 'FR00140',
  oatei: 'FR00140',
  dgb: 'DK00099',
  mortgage: 'DK00095',
  btp: 'IT00056',
  usCorp: 'US',
  euroCorp: 'XS2',
  frn: 'XS2',
  jgb: 'JP1',
};

/**
 * Every bond of the universe, in uic order: the well-known ones, then those the scale adds,
 * each with the years its issue at the series epoch had left. Nothing here depends on the day.
 */
function drawBonds(scale: Scale, random: RandomStream): { terms: BondTerms; remaining: number }[] {
  const bonds: { terms: BondTerms; remaining: number }[] = [];
  const taken = new Set<string>();
  for (const [name, isin, coupon, years] of WELL_KNOWN_BONDS) {
    const template = TEMPLATES[name]!;
    taken.add(isin);
    bonds.push({
      terms: {
        template: name,
        isin,
        coupon,
        issuer: template.issuer,
        issuerCode: template.code,
        isTradable: true,
      },
      remaining: years,
    });
  }
  const names = Object.keys(TEMPLATES);
  for (let i = 0; i < REFERENCE_SIZES[scale].bonds; i++) {
    const name = random.pick(names);
    const template = TEMPLATES[name]!;
    const corporate = template.bondType === 'Corporate';
    const issuer = corporate
      ? companyName(random, random.pick(SECTORS), template.currency === 'USD' ? 'US' : 'DE')
      : template.issuer;
    const issuerCode = corporate
      ? issuer
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 4)
          .toUpperCase()
      : template.code;
    const coupon =
      template.couponType === 'Zero'
        ? 0
        : template.couponType === 'Floating'
          ? roundTo(0.2 + random.next() * 1.5, 2)
          : roundTo(Math.round((0.5 + random.next() * 5.5) * 8) / 8, 3);
    const remaining = random.next() * template.years;
    const isin = uniqueIsin(random, ISIN_PREFIX_BY_TEMPLATE[name]!, taken);
    bonds.push({
      terms: { template: name, isin, coupon, issuer, issuerCode, isTradable: !random.chance(0.05) },
      remaining,
    });
  }
  if (bonds.length > UIC_BLOCKS.bonds.last - UIC_BLOCKS.bonds.first + 1)
    throw new Error(`The uic block of ${UIC_BLOCKS.bonds.name} is full`);
  return bonds;
}

function bondInput(uic: number, terms: BondTerms, maturity: Date): BondInput {
  return {
    uic,
    template: TEMPLATES[terms.template]!,
    isin: terms.isin,
    coupon: terms.coupon,
    maturity,
    issuer: terms.issuer,
    issuerCode: terms.issuerCode,
    isTradable: terms.isTradable,
  };
}

/** Bonds rank in search in uic order, from the start of their tier. */
const bondRank = (index: number) => SEARCH_TIER.bonds * 10_000_000 + index;

/** Every bond's row as of `asOf`, with its series (the issue outstanding and its terms). */
function* bondIssues({ scale, asOf, random }: GenerationContext) {
  const drawn = drawBonds(scale, random('reference:bonds'));
  for (const [index, { terms, remaining }] of drawn.entries()) {
    const uic = UIC_BLOCKS.bonds.first + index;
    const issue = issueOfBond(TEMPLATES[terms.template]!, asOf, remaining);
    yield { row: bondRow(bondInput(uic, terms, issue.maturity), bondRank(index)), remaining, issue, terms };
  }
}

export const bondsStep: GenerationStep = {
  name: 'reference:bonds',
  run(context) {
    const writer = new InstrumentWriter(context.db);
    const series = new SeriesStore<BondTerms>(context.db, UIC_BLOCKS.bonds);
    const written = progressCounter(
      context.advance,
      WELL_KNOWN_BONDS.length + REFERENCE_SIZES[context.scale].bonds,
    );
    for (const { row, remaining, issue, terms } of bondIssues(context)) {
      writer.write(row);
      series.add(row.uic, remaining, issue, terms);
      written();
    }
  },
  listDraws(context) {
    return { listed: Array.from(bondIssues(context), ({ row }) => listedInstrument(row)) };
  },
  /** A bond whose issue matured (or, rolling back, was not yet issued) is written again as the issue outstanding. */
  roll({ db, asOf }) {
    const writer = new InstrumentWriter(db);
    const series = new SeriesStore<BondTerms>(db, UIC_BLOCKS.bonds);
    const rolled = db.prepare("INSERT INTO rolled_instruments VALUES (?, 'Bond')");
    for (const { uic, remaining, terms } of series.dueOn(asOf)) {
      const issue = issueOfBond(TEMPLATES[terms.template]!, asOf, remaining);
      writer.replace(bondRow(bondInput(uic, terms, issue.maturity), bondRank(uic - UIC_BLOCKS.bonds.first)));
      series.moved(uic, issue);
      rolled.run(uic);
    }
  },
  expectedMs: { small: 10, default: 300, large: 2700 },
};
