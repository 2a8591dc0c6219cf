/**
 * The catalogue of corporate action event types (ISO 15022 CAEV codes, platform facts §6) and
 * election option types (ISO CAOP codes, universe facts §9), plus the small-integer encodings
 * the indexed event columns use. Encodings follow alphabetical order, so sorting by the integer
 * sorts by the wire value.
 */
import type { CodeDescription } from '../../../../contract/wire/types';

export const EVENT_CODES = [
  'BIDS',
  'BONU',
  'CAPD',
  'CONV',
  'DRIP',
  'DTCH',
  'DVCA',
  'DVOP',
  'DVSE',
  'EXOF',
  'EXRI',
  'INTR',
  'MCAL',
  'MEET',
  'MRGR',
  'PCAL',
  'REDM',
  'RHTS',
  'SOFF',
  'SPLF',
  'SPLR',
  'TEND',
] as const;
export type EventCode = (typeof EVENT_CODES)[number];

const EVENT_TYPES: Record<EventCode, { name: string; description: string }> = {
  BIDS: {
    name: 'Repurchase Offer',
    description: 'Offer by the issuer to buy back its own securities from the holders.',
  },
  BONU: {
    name: 'Bonus Issue',
    description: 'Free additional shares allocated to holders in proportion to their holding.',
  },
  CAPD: {
    name: 'Capital Distribution',
    description: 'Repayment of capital to holders, not paid out of earnings.',
  },
  CONV: {
    name: 'Conversion',
    description: 'Conversion of securities (for example convertible bonds) into another security.',
  },
  DRIP: {
    name: 'Dividend Reinvestment',
    description: 'Dividend paid in cash, with the option to reinvest it in new shares.',
  },
  DTCH: {
    name: 'Dutch Auction',
    description: 'Offer to buy back securities at a price chosen by the holder within a range.',
  },
  DVCA: {
    name: 'Cash Dividend',
    description: 'Distribution of cash to holders in proportion to their holding.',
  },
  DVOP: {
    name: 'Dividend Option',
    description: 'Dividend paid in cash or in new shares, at the holder’s choice.',
  },
  DVSE: { name: 'Stock Dividend', description: 'Dividend paid in new shares of the same company.' },
  EXOF: {
    name: 'Exchange',
    description: 'Offer to exchange the securities held for other securities and/or cash.',
  },
  EXRI: {
    name: 'Call on Intermediate Securities',
    description: 'Subscription to new shares with the rights distributed earlier.',
  },
  INTR: { name: 'Interest Payment', description: 'Regular interest (coupon) payment on a debt instrument.' },
  MCAL: {
    name: 'Full Call / Early Redemption',
    description: 'Redemption of the whole issue before its final maturity.',
  },
  MEET: {
    name: 'Annual General Meeting',
    description: 'General meeting of shareholders with resolutions to vote on.',
  },
  MRGR: { name: 'Merger', description: 'Exchange of securities following the merger of two companies.' },
  PCAL: {
    name: 'Partial Redemption',
    description: 'Redemption of part of the issue, reducing the nominal value held.',
  },
  REDM: { name: 'Final Maturity', description: 'Redemption of the whole issue at its final maturity.' },
  RHTS: {
    name: 'Rights Issue',
    description: 'Subscription rights distributed to holders to buy new shares at a discount.',
  },
  SOFF: {
    name: 'Spin-off',
    description: 'Distribution of shares of a subsidiary to the holders of the parent company.',
  },
  SPLF: {
    name: 'Stock Split',
    description: 'Increase of the number of shares, with a proportional decrease of the nominal value.',
  },
  SPLR: {
    name: 'Reverse Split',
    description: 'Decrease of the number of shares, with a proportional increase of the nominal value.',
  },
  TEND: {
    name: 'Tender/Takeover Offer',
    description: 'Offer by a third party to buy the securities, usually to take control.',
  },
};

/** The wire EventType of a code. */
export function eventType(code: EventCode): CodeDescription {
  return { Code: code, Name: EVENT_TYPES[code].name, Description: EVENT_TYPES[code].description };
}

export const OPTION_CODES = [
  'ABST',
  'BUYA',
  'CASE',
  'CASH',
  'CONN',
  'CONY',
  'EXER',
  'LAPS',
  'NOAC',
  'OVER',
  'SECU',
  'SLLE',
] as const;
export type OptionCode = (typeof OPTION_CODES)[number];

const OPTION_TYPES: Record<OptionCode, { name: string; description: string }> = {
  ABST: { name: 'Abstain', description: 'Abstain from voting on the resolutions.' },
  BUYA: { name: 'Buy Up', description: 'Buy additional rights to round up to a whole number of new shares.' },
  CASE: { name: 'Cash and Securities', description: 'Receive a combination of cash and securities.' },
  CASH: { name: 'Cash', description: 'Receive cash.' },
  CONN: { name: 'Vote Against', description: 'Vote against the resolutions.' },
  CONY: { name: 'Vote For', description: 'Vote for the resolutions.' },
  EXER: { name: 'Exercise', description: 'Subscribe to new shares at the offer price.' },
  LAPS: { name: 'Lapse', description: 'Let the rights lapse without action.' },
  NOAC: { name: 'No Action', description: 'Take no action; the offer is declined.' },
  OVER: {
    name: 'Oversubscribe',
    description: 'Apply for more shares than the rights entitle to (excess application).',
  },
  SECU: { name: 'Securities', description: 'Receive securities.' },
  SLLE: { name: 'Sell Entitlement', description: 'Sell the rights in the market.' },
};

/** The wire OptionType of a CAOP code. */
export function optionType(code: OptionCode): CodeDescription {
  return { Code: code, Name: OPTION_TYPES[code].name, Description: OPTION_TYPES[code].description };
}

/** Alphabetical value lists: the index of a value is its encoding in the indexed columns. */
export const CORPORATE_ACTION_TYPES = ['Mandatory', 'Voluntary'] as const;
export type CorporateActionTypeValue = (typeof CORPORATE_ACTION_TYPES)[number];
export const EVENT_STATES = ['Approved', 'Cancelled', 'Confirmed', 'Preliminary', 'Withdrawn'] as const;
export type EventStateValue = (typeof EVENT_STATES)[number];
export const EVENT_STATUSES = ['Active', 'Past'] as const;
export type EventStatusValue = (typeof EVENT_STATUSES)[number];
export const EVENT_ASSET_TYPES = ['Bond', 'Stock'] as const;
export type EventAssetType = (typeof EVENT_ASSET_TYPES)[number];
/** 0 is "not electable" (no ElectionStatus); 1.. are the statuses. */
export const ELECTION_STATUSES = ['', 'Elected', 'NotElected', 'PartialElected'] as const;
export type ElectionStatusValue = Exclude<(typeof ELECTION_STATUSES)[number], ''>;

/** The encoding of `value` in `values`. */
export function encode<T extends string>(values: readonly T[], value: T): number {
  const index = values.indexOf(value);
  if (index < 0) throw new Error(`"${value}" is not one of ${values.join(', ')}`);
  return index;
}

/** Day number (days since 1970-01-01) of a UTC date, the form dates take in the indexed columns. */
export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}
