/**
 * Builders of reorganisations: splits and reverse splits, bonus issues, spin-offs and mergers.
 */
import type { EventOption } from '../../../../core/api/types';
import { completeIsin } from '../../reference/isin';
import { optionType } from './codes';
import { sameShares } from './dividends';
import { deadlineFields, electionWindow } from './deadlines';
import { day, distributionDates, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { indicator, narrative, onDay, price, round } from './wire';

const DAY_MS = 86_400_000;
const ISIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function announcedBefore(instrument: EventInstrument, date: Date, minDays: number, maxDays: number, random: BuildInput['random']): Date {
  return instrument.days.onOrBefore(new Date(date.getTime() - random.int(minDays, maxDays) * DAY_MS));
}

function shareLine(instrument: EventInstrument, movement: 'Credit' | 'Debit') {
  return { ...sameShares(instrument), SecurityMovementType: movement };
}

/** Board lots matter where shares trade in lots (Hong Kong, Japan): a split changes the lot. */
function boardLot(instrument: EventInstrument, ratio: number): Partial<EventDraft['fields']> {
  return instrument.rule.country === 'HK' || instrument.rule.country === 'JP' ? { NewBoardLotQuantity: Math.max(100, Math.round(100 * ratio)) } : {};
}

/** SPLF: forward split. In the US the ex date is the business day after the payable date. */
export function buildSplit(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const ratio = random.pick([2, 3, 4, 5, 10]);
  const days = instrument.days;
  let ex: Date;
  let record: Date;
  let pay: Date;
  if (instrument.rule.country === 'US') {
    record = days.onOrAfter(input.anchor);
    pay = days.add(record, random.int(5, 10));
    ex = days.add(pay, 1);
  } else {
    ex = days.onOrAfter(input.anchor);
    record = days.add(ex, 1);
    pay = days.add(record, 1);
  }
  return {
    code: 'SPLF',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: announcedBefore(instrument, ex, 14, 56, random),
    ex,
    record,
    pay,
    final: ex > pay ? ex : pay,
    fields: {
      Ex: onDay(ex),
      Record: onDay(record),
      Effective: onDay(ex),
      ...boardLot(instrument, 1 / ratio),
      Narrative: narrative(
        `${instrument.description} (${instrument.symbol}) splits its shares ${ratio} for 1.`,
        `Holders on the record date ${day(record)} receive ${ratio - 1} additional share(s) per share held, credited on ${day(pay)}.`,
        `Shares trade split-adjusted from ${day(ex)}.`,
      ),
    },
    options: [{ OptionId: '1', OptionType: optionType('SECU'), IsDefault: true, GrossRate: ratio - 1, Payment: onDay(pay), SecurityMovements: [shareLine(instrument, 'Credit')] }],
    electableOptions: [],
  };
}

/** SPLR: reverse split into a new line with a new ISIN; fractions are paid in cash. */
export function buildReverseSplit(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const ratio = random.pick([5, 10, 20, 25]);
  const ex = instrument.days.onOrAfter(input.anchor);
  const record = instrument.days.add(ex, 1);
  const pay = instrument.days.add(record, random.int(1, 3));
  const body = `${(instrument.isin ?? 'XS').slice(0, 2)}${Array.from({ length: 9 }, () => random.pick([...ISIN_ALPHABET])).join('')}`;
  const newIsin = completeIsin(body);
  const fractionPrice = roundMoney(instrument.price * ratio * 0.98, instrument.currency);
  return {
    code: 'SPLR',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: announcedBefore(instrument, ex, 14, 56, random),
    ex,
    record,
    pay,
    final: pay,
    fields: {
      Ex: onDay(ex),
      Record: onDay(record),
      Effective: onDay(ex),
      ...boardLot(instrument, ratio),
      Narrative: narrative(
        `${instrument.description} (${instrument.symbol}) consolidates its shares 1 for ${ratio}.`,
        `The consolidated shares trade under the new ISIN ${newIsin} from ${day(ex)}.`,
        `Fractions are sold and paid in cash at ${instrument.currency} ${fractionPrice} per new share.`,
      ),
    },
    options: [
      {
        OptionId: '1',
        OptionType: optionType('SECU'),
        IsDefault: true,
        GrossRate: round(1 / ratio, 8),
        Payment: onDay(pay),
        SecurityMovements: [
          shareLine(instrument, 'Debit'),
          { Currency: instrument.currency, DisplayAndFormat: { Description: instrument.description, IsinCode: newIsin, Symbol: instrument.symbol }, SecurityMovementType: 'Credit' },
        ],
        CashMovements: [{ CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Actual', SubscriptionPrice: fractionPrice }],
      },
    ],
    electableOptions: [],
  };
}

/** BONU: free shares, one for every N held. */
export function buildBonusIssue(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const dates = distributionDates(input);
  const per = random.int(2, 20);
  return {
    code: 'BONU',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: dates.announced,
    ex: dates.ex,
    record: dates.record,
    pay: dates.pay,
    final: dates.pay,
    fields: {
      Ex: onDay(dates.ex),
      Record: onDay(dates.record),
      Effective: onDay(dates.pay),
      Narrative: narrative(`${instrument.description} (${instrument.symbol}) issues 1 bonus share for every ${per} shares held.`, 'Fractional entitlements are disregarded and paid in cash.'),
    },
    options: [{ OptionId: '1', OptionType: optionType('SECU'), IsDefault: true, GrossRate: round(1 / per, 8), Payment: onDay(dates.pay), SecurityMovements: [shareLine(instrument, 'Credit')] }],
    electableOptions: [],
  };
}

/** SOFF: shares of another company distributed to the holders. */
export function buildSpinOff(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const dates = distributionDates(input);
  const spun = input.otherShare();
  const per = random.int(1, 10);
  return {
    code: 'SOFF',
    corporateActionType: 'Mandatory',
    electable: false,
    announced: instrumentAnnouncement(instrument, dates.ex, random),
    ex: dates.ex,
    record: dates.record,
    pay: dates.pay,
    final: dates.pay,
    fields: {
      Ex: onDay(dates.ex),
      Record: onDay(dates.record),
      Effective: onDay(dates.ex),
      InformationToComply: 'RestrictionsMayApply',
      Narrative: narrative(
        `${instrument.description} spins off ${spun.description} (${spun.symbol}).`,
        `Holders receive 1 ${spun.description} share for every ${per} ${instrument.description} shares held.`,
        'Holders in some jurisdictions may not receive the new shares; these are sold on their behalf.',
      ),
    },
    options: [
      {
        OptionId: '1',
        OptionType: optionType('SECU'),
        IsDefault: true,
        GrossRate: round(1 / per, 8),
        Payment: onDay(dates.pay),
        SecurityMovements: [{ Currency: spun.currency, DisplayAndFormat: { Description: spun.description, IsinCode: spun.isin ?? '', Symbol: spun.symbol }, SecurityMovementType: 'Credit', Uic: spun.uic }],
      },
    ],
    electableOptions: [],
  };
}

function instrumentAnnouncement(instrument: EventInstrument, ex: Date, random: BuildInput['random']): Date {
  return announcedBefore(instrument, ex, 30, 90, random);
}

/** MRGR: the company is absorbed; holders get cash and acquirer shares, some mergers let them choose. */
export function buildMerger(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const acquirer = input.otherShare();
  const days = instrument.days;
  const effective = days.onOrAfter(input.anchor);
  const suspended = days.add(effective, -1);
  const record = days.add(effective, -2);
  const pay = days.add(effective, random.int(3, 8));
  const cash = roundMoney(instrument.price * (0.5 + random.next() * 0.4), instrument.currency);
  const ratio = round((instrument.price * (0.7 + random.next() * 0.3)) / acquirer.price, 4);
  const withElection = random.chance(0.5);
  const window = withElection ? electionWindow(instrument, random, days.add(effective, -random.int(25, 35)), random.int(15, 20)) : undefined;
  const shares = { Currency: acquirer.currency, DisplayAndFormat: { Description: acquirer.description, IsinCode: acquirer.isin ?? '', Symbol: acquirer.symbol }, SecurityMovementType: 'Credit', Uic: acquirer.uic };
  const base = (optionId: string, code: 'CASH' | 'SECU' | 'CASE', isDefault: boolean): EventOption => ({
    OptionId: optionId,
    OptionType: optionType(code),
    IsDefault: isDefault,
    CashRequired: false,
    Payment: onDay(pay),
    ...(code !== 'SECU' ? { CashMovements: [{ CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Actual' }], GrossRate: cash } : {}),
    ...(code !== 'CASH' ? { SecurityMovements: [shares] } : {}),
    ...(window ? deadlineFields(window) : {}),
  });
  const options = withElection ? [base('1', 'CASH', false), base('2', 'SECU', false), base('3', 'CASE', true)] : [base('1', 'CASE', true)];
  return {
    code: 'MRGR',
    corporateActionType: 'Mandatory',
    electable: withElection,
    announced: announcedBefore(instrument, effective, 60, 150, random),
    record,
    pay,
    ...(window ? { deadline: window.deadline, electionStart: window.opens } : {}),
    final: pay,
    fields: {
      Record: onDay(record),
      Effective: onDay(effective),
      TradingSuspended: onDay(suspended),
      InformationToComply: 'RestrictionsMayApply',
      StrikePrice: price(instrument.currency, cash),
      EventIndicators: [indicator('Change', { Code: 'MRGR', Name: 'Merger' })],
      Narrative: narrative(
        `${instrument.description} merges into ${acquirer.description} (${acquirer.symbol}), effective ${day(effective)}.`,
        `For each share: ${instrument.currency} ${cash} in cash and ${ratio} ${acquirer.description} shares.`,
        withElection && 'Holders may elect all cash or all shares instead; elections are prorated against the total cash and shares available.',
        `The shares are suspended from trading from ${day(suspended)}.`,
      ),
    },
    options,
    electableOptions: withElection ? options.map((o) => ({ optionId: o.OptionId })) : [],
  };
}
