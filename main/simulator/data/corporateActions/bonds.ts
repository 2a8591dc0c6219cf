/**
 * Builders of debt events: coupons (INTR), final maturity (REDM), full and partial calls (MCAL,
 * PCAL) and conversion of convertible bonds (CONV). Amounts are per 100 of nominal.
 */
import type { EventOption, SecurityMovement } from '../../../../contract/wire/types';
import { optionType } from './codes';
import { deadlineFields, electionWindow } from './deadlines';
import { day } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import {
  ONGOING,
  indicator,
  narrative,
  onDay,
  payoutBreakdown,
  percentage,
  period,
  price,
  round,
} from './wire';

const DAY_MS = 86_400_000;

function bondItself(instrument: EventInstrument, redemptionRate: number): SecurityMovement {
  return {
    Currency: instrument.currency,
    DisplayAndFormat: {
      Description: instrument.description,
      IsinCode: instrument.isin ?? '',
      Symbol: instrument.symbol,
    },
    RedemptionRate: redemptionRate,
    SecurityMovementType: 'Debit',
    Uic: instrument.uic,
  };
}

function redemptionOption(instrument: EventInstrument, rate: number, pay: Date): EventOption {
  return {
    OptionId: '1',
    OptionType: optionType('CASH'),
    IsDefault: true,
    IsGross: true,
    IsTaxable: false,
    CashRequired: false,
    GrossRate: rate,
    NetRate: rate,
    Payment: onDay(pay),
    CashMovements: [{ CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Percentage' }],
    SecurityMovements: [bondItself(instrument, rate)],
  };
}

/** The record date of a bond payment: 1–10 business days before it, by market practice. */
function bondRecord(input: BuildInput, pay: Date): Date {
  return input.instrument.days.add(pay, -input.random.int(1, 10));
}

/** INTR: a coupon; the interest period runs from the previous coupon date. */
export function buildCoupon(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const perYear = instrument.rule.couponsPerYear;
  const scheduled = input.anchor;
  const previous = new Date(
    Date.UTC(scheduled.getUTCFullYear(), scheduled.getUTCMonth() - 12 / perYear, scheduled.getUTCDate()),
  );
  const pay = instrument.days.onOrAfter(scheduled);
  const record = bondRecord(input, pay);
  const ex = instrument.rule.exEqualsRecord ? record : instrument.days.add(record, -1);
  const coupon = instrument.coupon ?? 0;
  const rate = round(coupon / perYear, 6);
  const accrued = Math.round((scheduled.getTime() - previous.getTime()) / DAY_MS);
  const withholding =
    instrument.rule.country === 'US' || instrument.rule.country === 'GB'
      ? 0
      : instrument.rule.withholding / 2;
  return {
    code: 'INTR',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: instrument.days.onOrBefore(new Date(pay.getTime() - random.int(20, 35) * DAY_MS)),
    ex,
    record,
    pay,
    final: pay,
    fields: {
      Ex: onDay(ex),
      Record: onDay(record),
      Effective: onDay(pay),
      InterestPeriod: period(onDay(previous), onDay(scheduled)),
      NumberofDaysAccrued: accrued,
      NewDenominationQuantity: 1000,
      Narrative: narrative(
        `Coupon of ${instrument.description} (ISIN ${instrument.isin ?? 'n/a'}).`,
        `Annual rate ${coupon}%, paid ${perYear === 1 ? 'annually' : 'semi-annually'}: ${rate}% of nominal for ${accrued} days (${day(previous)} to ${day(scheduled)}).`,
        `Record date ${day(record)}, payment date ${day(pay)} (business-day adjusted).`,
      ),
    },
    options: [
      {
        OptionId: '1',
        OptionType: optionType('CASH'),
        IsDefault: true,
        IsGross: true,
        IsTaxable: true,
        CashRequired: false,
        GrossRate: rate,
        NetRate: round(rate * (1 - withholding), 6),
        Payment: onDay(pay),
        CashMovements: [
          { CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Percentage' },
        ],
        PayoutBreakdown: payoutBreakdown(instrument.currency, rate, withholding),
      },
    ],
    electableOptions: [],
  };
}

/** REDM: the whole issue repaid at 100 at final maturity; trading stops a few days before. */
export function buildMaturity(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const pay = instrument.days.onOrAfter(input.anchor);
  const record = bondRecord(input, pay);
  const suspended = instrument.days.add(record, -1);
  return {
    code: 'REDM',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: instrument.days.onOrBefore(new Date(pay.getTime() - random.int(25, 40) * DAY_MS)),
    record,
    pay,
    final: pay,
    fields: {
      Record: onDay(record),
      Effective: onDay(pay),
      TradingSuspended: onDay(suspended),
      Narrative: narrative(
        `${instrument.description} (ISIN ${instrument.isin ?? 'n/a'}) matures on ${day(pay)} and is redeemed at 100% of nominal.`,
        `Trading ends on ${day(suspended)}; the last coupon is paid together with the principal.`,
      ),
    },
    options: [redemptionOption(instrument, 100, pay)],
    electableOptions: [],
  };
}

/** MCAL (whole issue) or PCAL (part of it, reducing the nominal): early redemption by the issuer. */
export function buildCall(code: 'MCAL' | 'PCAL'): (input: BuildInput) => EventDraft {
  return (input) => {
    const { instrument, random } = input;
    const pay = instrument.days.onOrAfter(input.anchor);
    const record = bondRecord(input, pay);
    const callPrice = code === 'MCAL' ? round(100 + random.int(0, 8) * 0.25, 2) : 100;
    const fraction = code === 'PCAL' ? random.int(1, 6) * 0.05 : 1;
    return {
      code,
      corporateActionType: 'Mandatory',
      electable: false,
      announced: instrument.days.onOrBefore(new Date(pay.getTime() - random.int(30, 60) * DAY_MS)),
      record,
      pay,
      final: pay,
      fields: {
        Record: onDay(record),
        Effective: onDay(pay),
        ...(code === 'MCAL'
          ? { TradingSuspended: onDay(instrument.days.add(record, -1)) }
          : { NewDenominationQuantity: round(1000 * (1 - fraction), 2) }),
        MaxPrice: percentage(instrument.currency, callPrice),
        EventIndicators: [
          indicator('AdditionalBusinessProcess', {
            Code: code === 'MCAL' ? 'FULL' : 'PART',
            Name: code === 'MCAL' ? 'Full call' : 'Partial call with nominal reduction',
          }),
        ],
        Narrative: narrative(
          `The issuer of ${instrument.description} (ISIN ${instrument.isin ?? 'n/a'}) exercises its call option.`,
          code === 'MCAL'
            ? `The whole issue is redeemed on ${day(pay)} at ${callPrice}% of nominal plus accrued interest.`
            : `${round(fraction * 100, 2)}% of the nominal is repaid on ${day(pay)} at par; the denomination falls from 1000 to ${round(1000 * (1 - fraction), 2)}.`,
        ),
      },
      options: [redemptionOption(instrument, code === 'MCAL' ? callPrice : round(fraction * 100, 4), pay)],
      electableOptions: [],
    };
  };
}

/** CONV: holders of a convertible may convert into the issuer's shares during a window; no action by default. */
export function buildConversion(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const share = input.otherShare();
  const window = electionWindow(instrument, random, input.anchor, random.int(15, 30));
  const pay = instrument.days.add(window.closesOn, random.int(3, 7));
  const conversionPrice = round(share.price * (1.1 + random.next() * 0.3), 2);
  const sharesPer1000 = round(1000 / conversionPrice, 4);
  const convert: EventOption = {
    OptionId: '1',
    OptionType: optionType('SECU'),
    IsDefault: false,
    CashRequired: false,
    Payment: onDay(pay),
    GrossRate: sharesPer1000,
    SecurityMovements: [
      {
        Currency: share.currency,
        DisplayAndFormat: {
          Description: share.description,
          IsinCode: share.isin ?? '',
          Symbol: share.symbol,
        },
        SecurityMovementType: 'Credit',
        Uic: share.uic,
      },
      bondItself(instrument, 100),
    ],
    ...deadlineFields(window),
  };
  return {
    code: 'CONV',
    corporateActionType: 'Voluntary',
    electable: true,
    announced: instrument.days.onOrBefore(new Date(window.opens.getTime() - random.int(10, 25) * DAY_MS)),
    pay,
    deadline: window.deadline,
    electionStart: window.opens,
    final: pay,
    fields: {
      Effective: ONGOING,
      ClaimPeriod: period(onDay(window.opens), onDay(window.closesOn)),
      StrikePrice: price(share.currency, conversionPrice),
      Narrative: narrative(
        `Conversion window of ${instrument.description} (ISIN ${instrument.isin ?? 'n/a'}).`,
        `Each 1000 nominal converts into ${sharesPer1000} shares of ${share.description} (conversion price ${share.currency} ${conversionPrice}).`,
        'Holders who do not instruct keep their bonds.',
      ),
    },
    options: [
      convert,
      { OptionId: '2', OptionType: optionType('NOAC'), IsDefault: true, ...deadlineFields(window) },
    ],
    electableOptions: [{ optionId: '1' }, { optionId: '2' }],
  };
}
