/**
 * Rights issues (universe facts §9): an EGM two to four weeks after the announcement, ex-rights
 * the next business day, record the day after, rights credited the day after that; rights trade
 * for 7–10 trading days and subscription ends 2–3 business days later; new shares about a week
 * after. A renounceable issue is two events (RHTS distributes the rights, EXRI is the call on
 * them); a non-renounceable one is a single voluntary RHTS.
 */
import type { EventOption } from '../../../../contract/wire/types';
import { optionType, type OptionCode } from './codes';
import { deadlineFields, electionWindow, windowClosingOn, type ElectionWindow } from './deadlines';
import { day, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { indicator, narrative, onDay, period, price, round } from './wire';

const DAY_MS = 86_400_000;

interface RightsTerms {
  announced: Date;
  meeting: Date;
  ex: Date;
  record: Date;
  credited: Date;
  tradingEnds: Date;
  window: ElectionWindow;
  /** Instructions to sell rights close the business day before rights trading ends. */
  sellWindow: ElectionWindow;
  newShares: Date;
  per: number;
  subscriptionPrice: number;
  renounceable: boolean;
}

/**
 * The terms of the issue. RHTS and EXRI of one issue get streams of the same name, and both
 * draw these terms first, in this order, so they agree.
 */
export function rightsTerms(input: BuildInput): RightsTerms {
  const { instrument, random } = input;
  const days = instrument.days;
  const meeting = days.onOrAfter(input.anchor);
  const announced = days.onOrBefore(new Date(meeting.getTime() - random.int(14, 28) * DAY_MS));
  const ex = days.add(meeting, 1);
  const record = days.add(ex, 1);
  const credited = days.add(record, 1);
  const tradingEnds = days.add(credited, random.int(7, 10));
  const window = electionWindow(instrument, random, credited, random.int(9, 13));
  const sellWindow = windowClosingOn(instrument, random, credited, days.add(tradingEnds, -1));
  const newShares = days.add(window.closesOn, 5);
  const per = random.int(2, 8);
  const subscriptionPrice = roundMoney(instrument.price * (0.6 + random.next() * 0.2), instrument.currency);
  return {
    announced,
    meeting,
    ex,
    record,
    credited,
    tradingEnds,
    window,
    sellWindow,
    newShares,
    per,
    subscriptionPrice,
    renounceable: random.chance(0.7),
  };
}

function rightsLine(instrument: EventInstrument) {
  return {
    Currency: instrument.currency,
    DisplayAndFormat: {
      Description: `${instrument.description} Rights`,
      Symbol: `${instrument.symbol.split(':')[0]}.RTS`,
    },
    SecurityMovementType: 'Credit',
  };
}

function subscriptionOptions(
  instrument: EventInstrument,
  terms: RightsTerms,
  codes: OptionCode[],
): EventOption[] {
  return codes.map((code, index) => {
    const paying = code === 'EXER' || code === 'OVER' || code === 'BUYA';
    return {
      OptionId: String(index + 1),
      OptionType: optionType(code),
      IsDefault: code === 'LAPS',
      CashRequired: paying,
      ...(code === 'EXER' || code === 'OVER'
        ? {
            Payment: onDay(terms.newShares),
            GrossRate: round(1 / terms.per, 8),
            CashMovements: [
              {
                CashMovementType: 'Debit',
                Currency: instrument.currency,
                PriceType: 'Actual',
                SubscriptionPrice: terms.subscriptionPrice,
              },
            ],
            SecurityMovements: [
              { ...rightsLine(instrument), SecurityMovementType: 'Debit' },
              {
                Currency: instrument.currency,
                DisplayAndFormat: {
                  Description: instrument.description,
                  IsinCode: instrument.isin ?? '',
                  Symbol: instrument.symbol,
                },
                SecurityMovementType: 'Credit',
                Uic: instrument.uic,
              },
            ],
          }
        : {}),
      // Rights are sold while they trade; the proceeds settle two business days after the last sale.
      ...(code === 'SLLE'
        ? {
            Payment: onDay(instrument.days.add(terms.tradingEnds, 2)),
            CashMovements: [
              { CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Actual' },
            ],
          }
        : {}),
      ...(code === 'BUYA'
        ? {
            CashMovements: [
              { CashMovementType: 'Debit', Currency: instrument.currency, PriceType: 'Actual' },
            ],
          }
        : {}),
      ...deadlineFields(code === 'SLLE' || code === 'BUYA' ? terms.sellWindow : terms.window),
    };
  });
}

function common(
  input: BuildInput,
  terms: RightsTerms,
): Pick<EventDraft['fields'], 'StrikePrice' | 'InformationToComply' | 'ClaimPeriod'> {
  return {
    StrikePrice: price(input.instrument.currency, terms.subscriptionPrice),
    InformationToComply: 'RestrictionsMayApply',
    ClaimPeriod: period(onDay(terms.credited), onDay(terms.window.closesOn)),
  };
}

function termsText(input: BuildInput, terms: RightsTerms): string {
  const { instrument } = input;
  return `${instrument.description} (${instrument.symbol}) offers 1 new share for every ${terms.per} held at ${instrument.currency} ${terms.subscriptionPrice}, approved by the general meeting on ${day(terms.meeting)}.`;
}

/** RHTS: the rights distribution (renounceable, mandatory) or the whole issue (non-renounceable, voluntary). */
export function buildRightsIssue(input: BuildInput): EventDraft {
  const terms = rightsTerms(input);
  const { instrument } = input;
  const dates = { announced: terms.announced, ex: terms.ex, record: terms.record };
  if (terms.renounceable) {
    return {
      code: 'RHTS',
      corporateActionType: 'Mandatory',
      electable: false,
      ...dates,
      pay: terms.credited,
      final: terms.credited,
      fields: {
        Ex: onDay(terms.ex),
        Record: onDay(terms.record),
        Effective: onDay(terms.credited),
        ...common(input, terms),
        EventIndicators: [
          indicator('RenounceableStatusofEntitlement', {
            Code: 'RENO',
            Name: 'Renounceable',
            Description: 'The rights are tradable',
          }),
        ],
        Narrative: narrative(
          termsText(input, terms),
          `One right per share held is credited on ${day(terms.credited)}; rights trade until ${day(terms.tradingEnds)}.`,
          'Instructions to subscribe are taken on the separate call on the rights (EXRI).',
        ),
      },
      options: [
        {
          OptionId: '1',
          OptionType: optionType('SECU'),
          IsDefault: true,
          GrossRate: 1,
          Payment: onDay(terms.credited),
          SecurityMovements: [rightsLine(instrument)],
        },
      ],
      electableOptions: [],
    };
  }
  const options = subscriptionOptions(instrument, terms, ['EXER', 'OVER', 'LAPS']);
  return {
    code: 'RHTS',
    corporateActionType: 'Voluntary',
    electable: true,
    ...dates,
    pay: terms.newShares,
    deadline: terms.window.deadline,
    electionStart: terms.window.opens,
    final: terms.newShares,
    fields: {
      Ex: onDay(terms.ex),
      Record: onDay(terms.record),
      Effective: onDay(terms.newShares),
      ...common(input, terms),
      EventIndicators: [
        indicator('RenounceableStatusofEntitlement', {
          Code: 'NREN',
          Name: 'Non-renounceable',
          Description: 'The rights cannot be traded',
        }),
      ],
      Narrative: narrative(
        termsText(input, terms),
        'The rights are not tradable: subscribe, apply for excess shares, or let them lapse (the default).',
      ),
    },
    options,
    electableOptions: electable(options, terms),
  };
}

function electable(options: EventOption[], terms: RightsTerms): EventDraft['electableOptions'] {
  return options.map((option) => {
    const code = option.OptionType?.Code;
    return code === 'EXER' || code === 'OVER'
      ? { optionId: option.OptionId, cashPerUnit: round(terms.subscriptionPrice / terms.per, 6) }
      : { optionId: option.OptionId };
  });
}

/** EXRI: the call on the rights of a renounceable issue (voluntary; lapse by default). */
export function buildRightsCall(input: BuildInput): EventDraft | undefined {
  const terms = rightsTerms(input);
  if (!terms.renounceable) return undefined;
  const options = subscriptionOptions(input.instrument, terms, ['EXER', 'OVER', 'SLLE', 'BUYA', 'LAPS']);
  return {
    code: 'EXRI',
    corporateActionType: 'Voluntary',
    electable: true,
    announced: terms.announced,
    pay: terms.newShares,
    deadline: terms.window.deadline,
    electionStart: terms.window.opens,
    final: terms.newShares,
    fields: {
      Effective: onDay(terms.newShares),
      ...common(input, terms),
      EventIndicators: [
        indicator('RenounceableStatusofEntitlement', {
          Code: 'RENO',
          Name: 'Renounceable',
          Description: 'The rights are tradable',
        }),
      ],
      Narrative: narrative(
        termsText(input, terms),
        `Subscribe by ${day(terms.window.closesOn)}; the rights trade until ${day(terms.tradingEnds)}. New shares are delivered on ${day(terms.newShares)}.`,
        'Rights not exercised or sold lapse without compensation.',
      ),
    },
    options,
    electableOptions: electable(options, terms),
  };
}
