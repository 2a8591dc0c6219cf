/**
 * The builder of each event type.
 */
import { buildCall, buildConversion, buildCoupon, buildMaturity } from './bonds';
import type { EventCode } from './codes';
import {
  buildCapitalDistribution,
  buildCashDividend,
  buildDividendChoice,
  buildStockDividend,
} from './dividends';
import type { EventBuilder } from './draft';
import { buildMeeting } from './meetings';
import { buildMerger, buildSpinOff } from './mergers';
import { buildBuyback, buildDutchAuction, buildExchangeOffer, buildTakeoverOffer } from './offers';
import { buildBonusIssue, buildReverseSplit, buildSplit } from './reorganisations';
import { buildRightsCall, buildRightsIssue } from './rights';

export const EVENT_BUILDERS: Record<EventCode, EventBuilder> = {
  BIDS: buildBuyback,
  BONU: buildBonusIssue,
  CAPD: buildCapitalDistribution,
  CONV: buildConversion,
  DRIP: buildDividendChoice('DRIP'),
  DTCH: buildDutchAuction,
  DVCA: buildCashDividend,
  DVOP: buildDividendChoice('DVOP'),
  DVSE: buildStockDividend,
  EXOF: buildExchangeOffer,
  EXRI: buildRightsCall,
  INTR: buildCoupon,
  MCAL: buildCall('MCAL'),
  MEET: buildMeeting,
  MRGR: buildMerger,
  PCAL: buildCall('PCAL'),
  REDM: buildMaturity,
  RHTS: buildRightsIssue,
  SOFF: buildSpinOff,
  SPLF: buildSplit,
  SPLR: buildReverseSplit,
  TEND: buildTakeoverOffer,
};
