/**
 * Wire types of corporate action events (spec 2.7, platform facts section 1). Read through
 * `types.ts`.
 */
import type {
  AssetType,
  CorporateActionType,
  DateStatus,
  Electable,
  ElectionStatus,
  EventLookupFieldGroup,
  EventState,
  EventStatus,
  InformationToComply,
} from './enums';

export interface CodeDescription {
  Code: string;
  Name?: string;
  Description?: string;
}

/** A date (`Date`, date-time ending in Z) or a status such as Ongoing. */
export interface DateAndStatus {
  Date?: string;
  Status?: DateStatus;
}

export interface DatePeriod {
  Start?: DateAndStatus;
  End?: DateAndStatus;
}

export interface PriceAndRate {
  Currency?: string;
  Value?: number;
  /** Value seen: Actual (also Percentage); absent on BidIntervalRate. */
  Type?: string;
}

export interface InstrumentDisplayAndFormat {
  Description?: string;
  IsinCode?: string;
  Symbol?: string;
}

export interface IndicatorDetail {
  Indicator: string;
  Values: CodeDescription[];
}

export interface ElectionInstruction {
  /** Values seen: Accepted, InProgress, Rejected. */
  Status?: string;
  Reason?: string;
}

/** One election of a holding. */
export interface HoldingElection {
  ElectedAmount?: number;
  ElectedBy?: string;
  /** Values seen: Manual, Auto. */
  ElectionType?: string;
  Instruction?: ElectionInstruction;
  OptionId?: string;
  Remarks?: string;
}

/** A client holding affected by the event. */
export interface Holding {
  AccountId?: string;
  AccountKey?: string;
  ClientId?: string;
  ClientKey?: string;
  ClientName?: string;
  OwnerId?: string;
  EventId?: string;
  Amount?: number;
  ElectedAmount?: number;
  ElectionStatus?: ElectionStatus;
  CashReserved?: { Currency?: string; Value?: number };
  Options?: HoldingElection[];
  /** Values seen: Created, NotCreated. */
  StandingInstructionStatus?: string;
}

export interface CashMovement {
  AdrFees?: PriceAndRate;
  /** Values seen: Credit, Debit, Unknown. */
  CashMovementType?: string;
  Currency?: string;
  PriceType?: string;
  SubscriptionPrice?: number;
  Amount?: number;
}

export interface SecurityMovement {
  Currency?: string;
  DisplayAndFormat?: InstrumentDisplayAndFormat;
  RedemptionRate?: number;
  SecurityMovementType?: string;
  Uic?: number;
}

export interface PayoutBreakdown {
  Amount?: number;
  Component?: CodeDescription;
  Currency?: string;
}

/** One option the holder may elect (or the default). */
export interface EventOption {
  OptionId: string;
  OptionType?: CodeDescription;
  CashRequired?: boolean;
  IsDefault?: boolean;
  IsGross?: boolean;
  IsTaxable?: boolean;
  NetRate?: number;
  GrossRate?: number;
  Deadline?: DateAndStatus;
  IssuerDeadline?: DateAndStatus;
  MarketDeadline?: DateAndStatus;
  Payment?: DateAndStatus;
  ElectionPeriod?: DatePeriod;
  BidIntervalRate?: PriceAndRate;
  FirstBidIncrementPrice?: PriceAndRate;
  LastBidIncrementPrice?: PriceAndRate;
  MaxPrice?: PriceAndRate;
  MinPrice?: PriceAndRate;
  OptionIndicators?: IndicatorDetail[];
  CashMovements?: CashMovement[];
  PayoutBreakdown?: PayoutBreakdown[];
  SecurityMovements?: SecurityMovement[];
  /** Values seen: Cancelled, Inactive, Unknown. */
  OptionStatus?: string;
}

/** A corporate action event (spec 2.7). */
export interface CorporateActionEvent {
  EventId: string;
  AssetType?: AssetType;
  Uic?: number;
  DisplayAndFormat?: InstrumentDisplayAndFormat;
  CorporateActionType?: CorporateActionType;
  EventType?: CodeDescription;
  EventState?: EventState;
  EventStatus?: EventStatus;
  Electable?: Electable;
  ElectionStatus?: ElectionStatus;
  InformationToComply?: InformationToComply;
  AnnouncedDate?: string;
  Effective?: DateAndStatus;
  Ex?: DateAndStatus;
  Record?: DateAndStatus;
  TradingSuspended?: DateAndStatus;
  ClaimPeriod?: DatePeriod;
  InterestPeriod?: DatePeriod;
  BidIntervalRate?: PriceAndRate;
  FirstBidIncrementPrice?: PriceAndRate;
  LastBidIncrementPrice?: PriceAndRate;
  MaxPrice?: PriceAndRate;
  MinPrice?: PriceAndRate;
  StrikePrice?: PriceAndRate;
  MaxQuantitySought?: number;
  MinQuantitySought?: number;
  NewBoardLotQuantity?: number;
  NewDenominationQuantity?: number;
  NumberofDaysAccrued?: number;
  /** Free text, may contain line breaks (HTML on the platform). */
  Narrative?: string;
  EventIndicators?: IndicatorDetail[];
  /** Present when IncludeSubAccounts is false. */
  Holdings?: Holding[];
  /** Present when IncludeSubAccounts is true. */
  AffectedAccounts?: number;
  /** Present when IncludeSubAccounts is true. */
  EligibleHoldings?: number;
  Options?: EventOption[];
  UpdatedDateTime?: string;
}

/** One code of a lookup list: the value a filter takes and its display name. */
export interface LookupValue {
  Code: string;
  Name: string;
}

/** One field group of the lookup data, e.g. `EventTypes` with `{Code: "DVCA", Name: "Cash Dividend"}`. */
export interface LookupFieldGroup {
  FieldGroup: Exclude<EventLookupFieldGroup, 'All'>;
  Values: LookupValue[];
}

/** `GET /ca/v2/events/lookupdata?FieldGroups=…`: the asked-for groups (every one for `All`). */
export interface EventLookupData {
  Data: LookupFieldGroup[];
}
