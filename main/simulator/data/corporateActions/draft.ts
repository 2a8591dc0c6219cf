/**
 * What building one event yields before its lifecycle (state, status, update time) and its
 * holdings are applied: the type-specific wire fields, the options, and the key dates the
 * indexed columns and the lifecycle need.
 */
import type { CorporateActionEvent, EventOption } from '../../../../contract/wire/types';
import type { RandomStream } from '../random';
import type { EventCode, CorporateActionTypeValue } from './codes';
import type { MarketDays, MarketRule } from './markets';

/** An instrument with corporate actions, with the traits the builders need. */
export interface EventInstrument {
  instrumentId: number;
  /**
   * Identity of the instrument that survives from one day's universe to the next (uics of
   * generated instruments may not): random streams and event ids derive from it.
   */
  stableKey: string;
  /** A 32-bit number unique among the instruments with events, derived from `stableKey`. */
  stableCode: number;
  uic: number;
  assetType: 'Stock' | 'Bond';
  symbol: string;
  description: string;
  isin: string | null;
  currency: string;
  rule: MarketRule;
  days: MarketDays;
  /** Share price level in its currency (amounts of dividends and offers scale with it). */
  price: number;
  /** Bonds: annual coupon in percent, and final maturity. */
  coupon?: number;
  maturity?: Date;
}

/** An option a holder may elect, and what electing one unit of it costs (subscriptions). */
export interface ElectableOption {
  optionId: string;
  cashPerUnit?: number;
  currency?: string;
}

export interface EventDraft {
  code: EventCode;
  corporateActionType: CorporateActionTypeValue;
  electable: boolean;
  /** Day the issuer announced the event. */
  announced: Date;
  ex?: Date;
  record?: Date;
  pay?: Date;
  /** The platform's response deadline (an instant). */
  deadline?: Date;
  /** Day the election period opens (electable events). */
  electionStart?: Date;
  /** Last day the event matters; the day after, it is Past. */
  final: Date;
  /** Type-specific wire fields: dates, periods, prices, quantities, narrative, indicators. */
  fields: Partial<CorporateActionEvent>;
  options: EventOption[];
  electableOptions: ElectableOption[];
}

/** What a builder gets for one event slot. */
export interface BuildInput {
  instrument: EventInstrument;
  /** The slot's own random stream: the same event is drawn the same way every day. */
  random: RandomStream;
  /** The slot's key date (record date, meeting date, offer start...), a rough target. */
  anchor: Date;
  /** Another share of the universe (acquirer, spun-off company, exchange target). */
  otherShare(): EventInstrument;
}

/** Builds the event of a slot, or nothing when the slot turns out to have none (the call of a non-renounceable issue). */
export type EventBuilder = (input: BuildInput) => EventDraft | undefined;
