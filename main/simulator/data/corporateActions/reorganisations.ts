/**
 * Builders of reorganisations of the share capital: splits, reverse splits and bonus issues.
 */
import { completeIsin } from '../instruments/isin';
import { optionType } from './codes';
import { sameShares, shareDistributionDraft } from './dividends';
import { day, distributionDates, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { narrative, onDay, round } from './wire';

const DAY_MS = 86_400_000;
const ISIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A business day `minDays`–`maxDays` calendar days before `date`. */
export function announcedBefore(
  instrument: EventInstrument,
  date: Date,
  minDays: number,
  maxDays: number,
  random: BuildInput['random'],
): Date {
  return instrument.days.onOrBefore(new Date(date.getTime() - random.int(minDays, maxDays) * DAY_MS));
}

function shareLine(instrument: EventInstrument, movement: 'Credit' | 'Debit') {
  return { ...sameShares(instrument), SecurityMovementType: movement };
}

/** Board lots matter where shares trade in lots (Hong Kong, Japan): a split changes the lot. */
function boardLot(instrument: EventInstrument, ratio: number): Partial<EventDraft['fields']> {
  return instrument.rule.country === 'HK' || instrument.rule.country === 'JP'
    ? { NewBoardLotQuantity: Math.max(100, Math.round(100 * ratio)) }
    : {};
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
    options: [
      {
        OptionId: '1',
        OptionType: optionType('SECU'),
        IsDefault: true,
        GrossRate: ratio - 1,
        Payment: onDay(pay),
        SecurityMovements: [shareLine(instrument, 'Credit')],
      },
    ],
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
          {
            Currency: instrument.currency,
            DisplayAndFormat: {
              Description: instrument.description,
              IsinCode: newIsin,
              Symbol: instrument.symbol,
            },
            SecurityMovementType: 'Credit',
          },
        ],
        CashMovements: [
          {
            CashMovementType: 'Credit',
            Currency: instrument.currency,
            PriceType: 'Actual',
            SubscriptionPrice: fractionPrice,
          },
        ],
      },
    ],
    electableOptions: [],
  };
}

/** BONU: free shares, one for every N held. */
export function buildBonusIssue(input: BuildInput): EventDraft {
  const { instrument } = input;
  const dates = distributionDates(input);
  const per = input.random.int(2, 20);
  return shareDistributionDraft(
    'BONU',
    dates,
    per,
    [
      `${instrument.description} (${instrument.symbol}) issues 1 bonus share for every ${per} shares held.`,
      'Fractional entitlements are disregarded and paid in cash.',
    ],
    shareLine(instrument, 'Credit'),
  );
}
