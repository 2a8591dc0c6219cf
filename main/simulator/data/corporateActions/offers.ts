/**
 * Builders of offers: takeover offers (TEND), buybacks (BIDS), Dutch auctions
 * (DTCH) and exchange offers (EXOF). Holders who do not instruct take no action (universe
 * facts §9).
 */
import type { EventOption } from '../../../../contract/wire/types';
import { optionType } from './codes';
import { sameShares } from './dividends';
import { deadlineFields, electionWindow, type ElectionWindow } from './deadlines';
import { day, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { ONGOING, indicator, narrative, onDay, price, round } from './wire';

const DAY_MS = 86_400_000;

function offerWindow(input: BuildInput, minDays: number, maxDays: number): ElectionWindow {
  const usMinimum = input.instrument.rule.country === 'US' ? 20 : minDays;
  return electionWindow(
    input.instrument,
    input.random,
    input.anchor,
    input.random.int(Math.max(minDays, usMinimum), Math.max(maxDays, usMinimum)),
  );
}

function noAction(optionId: string, window: ElectionWindow): EventOption {
  return {
    OptionId: optionId,
    OptionType: optionType('NOAC'),
    IsDefault: true,
    CashRequired: false,
    ...deadlineFields(window),
  };
}

function cashOffer(
  optionId: string,
  instrument: EventInstrument,
  offerPrice: number,
  pay: Date,
  window: ElectionWindow,
): EventOption {
  return {
    OptionId: optionId,
    OptionType: optionType('CASH'),
    IsDefault: false,
    CashRequired: false,
    IsTaxable: true,
    GrossRate: offerPrice,
    Payment: onDay(pay),
    CashMovements: [{ CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Actual' }],
    SecurityMovements: [{ ...sameShares(instrument), SecurityMovementType: 'Debit' }],
    ...deadlineFields(window),
  };
}

function offerDraft(
  input: BuildInput,
  code: 'TEND' | 'BIDS' | 'DTCH' | 'EXOF',
  window: ElectionWindow,
  pay: Date,
  leadDays: [number, number],
): Omit<EventDraft, 'fields' | 'options' | 'electableOptions'> {
  const { instrument, random } = input;
  return {
    code,
    corporateActionType: 'Voluntary',
    electable: true,
    announced: instrument.days.onOrBefore(
      new Date(window.opens.getTime() - random.int(leadDays[0], leadDays[1]) * DAY_MS),
    ),
    pay,
    deadline: window.deadline,
    electionStart: window.opens,
    final: pay,
  };
}

/** TEND: a third party offers cash (sometimes its own shares) at a premium. */
export function buildTakeoverOffer(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const offeror = input.otherShare();
  const window = offerWindow(input, 10, 50);
  const pay = instrument.days.add(window.closesOn, random.int(5, 10));
  const offerPrice = roundMoney(instrument.price * (1.2 + random.next() * 0.25), instrument.currency);
  const partial = random.chance(0.25);
  const withShares = random.chance(0.3);
  const options: EventOption[] = [cashOffer('1', instrument, offerPrice, pay, window)];
  if (withShares) {
    options.push({
      OptionId: '2',
      OptionType: optionType('SECU'),
      IsDefault: false,
      CashRequired: false,
      GrossRate: round(offerPrice / offeror.price, 4),
      Payment: onDay(pay),
      SecurityMovements: [
        {
          Currency: offeror.currency,
          DisplayAndFormat: {
            Description: offeror.description,
            IsinCode: offeror.isin ?? '',
            Symbol: offeror.symbol,
          },
          SecurityMovementType: 'Credit',
          Uic: offeror.uic,
        },
      ],
      ...deadlineFields(window),
    });
  }
  options.push(noAction(String(options.length + 1), window));
  const sought = random.int(20, 400) * 100_000;
  return {
    ...offerDraft(input, 'TEND', window, pay, [5, 30]),
    fields: {
      Effective: ONGOING,
      InformationToComply: 'RestrictionsMayApply',
      MaxPrice: price(instrument.currency, offerPrice),
      MinPrice: price(instrument.currency, offerPrice),
      MinQuantitySought: Math.round(sought / 2),
      ...(partial ? { MaxQuantitySought: sought } : {}),
      EventIndicators: [
        indicator(
          'Offer',
          partial
            ? { Code: 'PROR', Name: 'Prorated', Description: 'Partial offer; acceptances are scaled back' }
            : { Code: 'FINL', Name: 'Final offer' },
        ),
      ],
      Narrative: narrative(
        `${offeror.description} offers ${instrument.currency} ${offerPrice} in cash for each ${instrument.description} share${withShares ? `, or ${round(offerPrice / offeror.price, 4)} ${offeror.description} shares` : ''}.`,
        `The offer runs from ${day(window.opens)} to ${day(window.closesOn)}; settlement about a week after it closes.`,
        partial
          ? `The offer is for at most ${sought.toLocaleString('en-US')} shares; acceptances above it are prorated.`
          : 'The offer is conditional on acceptances above 50% of the shares.',
        'The offer may be extended; holders in restricted jurisdictions cannot accept.',
      ),
    },
    options,
    electableOptions: options.map((o) => ({ optionId: o.OptionId })),
  };
}

/** BIDS: the issuer buys back its own shares at a small premium. */
export function buildBuyback(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const window = offerWindow(input, 10, 25);
  const pay = instrument.days.add(window.closesOn, random.int(3, 8));
  const offerPrice = roundMoney(instrument.price * (1.05 + random.next() * 0.1), instrument.currency);
  const sought = random.int(5, 200) * 100_000;
  const options = [cashOffer('1', instrument, offerPrice, pay, window), noAction('2', window)];
  return {
    ...offerDraft(input, 'BIDS', window, pay, [5, 20]),
    fields: {
      Effective: ONGOING,
      MaxPrice: price(instrument.currency, offerPrice),
      MaxQuantitySought: sought,
      EventIndicators: [
        indicator('Offer', {
          Code: 'PROR',
          Name: 'Prorated',
          Description: 'Tenders above the maximum are scaled back',
        }),
      ],
      Narrative: narrative(
        instrument.assetType === 'Bond'
          ? `The issuer offers to repurchase up to ${instrument.currency} ${sought.toLocaleString('en-US')} nominal of ${instrument.description} at ${offerPrice}% of nominal.`
          : `${instrument.description} offers to repurchase up to ${sought.toLocaleString('en-US')} of its shares at ${instrument.currency} ${offerPrice}.`,
        `Tender by ${day(window.closesOn)}; payment ${day(pay)}.`,
      ),
    },
    options,
    electableOptions: options.map((o) => ({ optionId: o.OptionId })),
  };
}

/** DTCH: holders name a price within the range; the clearing price is the lowest that buys the amount sought. */
export function buildDutchAuction(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const window = offerWindow(input, 15, 25);
  const pay = instrument.days.add(window.closesOn, random.int(3, 8));
  const min = roundMoney(instrument.price * 1.02, instrument.currency);
  const max = roundMoney(instrument.price * (1.12 + random.next() * 0.08), instrument.currency);
  const step = roundMoney(Math.max(0.01, (max - min) / 10), instrument.currency);
  const terms = {
    MinPrice: price(instrument.currency, min),
    MaxPrice: price(instrument.currency, max),
    BidIntervalRate: price(instrument.currency, step, false),
    FirstBidIncrementPrice: price(instrument.currency, min),
    LastBidIncrementPrice: price(instrument.currency, max),
  };
  const options = [
    {
      ...cashOffer('1', instrument, max, pay, window),
      ...terms,
      OptionIndicators: [indicator('BidRange', { Code: 'BIDR', Name: 'Bid within range' })],
    },
    noAction('2', window),
  ];
  return {
    ...offerDraft(input, 'DTCH', window, pay, [5, 20]),
    fields: {
      Effective: ONGOING,
      ...terms,
      MaxQuantitySought: random.int(10, 300) * 100_000,
      EventIndicators: [indicator('BidRange', { Code: 'BIDR', Name: 'Bid within range' })],
      Narrative: narrative(
        `${instrument.description} buys back shares by modified Dutch auction.`,
        `Tender at a price from ${instrument.currency} ${min} to ${max} in steps of ${step}; all accepted tenders receive the clearing price.`,
      ),
    },
    options,
    electableOptions: options.map((o) => ({ optionId: o.OptionId })),
  };
}

/** EXOF: offer to exchange the holding for another security. */
export function buildExchangeOffer(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const target = input.otherShare();
  const window = offerWindow(input, 15, 30);
  const pay = instrument.days.add(window.closesOn, random.int(5, 10));
  const ratio = round((instrument.price * (1.05 + random.next() * 0.15)) / target.price, 4);
  const options: EventOption[] = [
    {
      OptionId: '1',
      OptionType: optionType('SECU'),
      IsDefault: false,
      CashRequired: false,
      GrossRate: ratio,
      Payment: onDay(pay),
      SecurityMovements: [
        { ...sameShares(instrument), SecurityMovementType: 'Debit' },
        {
          Currency: target.currency,
          DisplayAndFormat: {
            Description: target.description,
            IsinCode: target.isin ?? '',
            Symbol: target.symbol,
          },
          SecurityMovementType: 'Credit',
          Uic: target.uic,
        },
      ],
      ...deadlineFields(window),
    },
    noAction('2', window),
  ];
  return {
    ...offerDraft(input, 'EXOF', window, pay, [10, 30]),
    fields: {
      Effective: ONGOING,
      InformationToComply: 'RestrictionsMayApply',
      Narrative: narrative(
        `Offer to exchange ${instrument.description} for ${target.description} (${target.symbol}).`,
        `${ratio} ${target.description} shares per ${instrument.assetType === 'Bond' ? '1000 nominal' : 'share'}; offer closes ${day(window.closesOn)}.`,
      ),
    },
    options,
    electableOptions: options.map((o) => ({ optionId: o.OptionId })),
  };
}
