/**
 * Builders of spin-offs (SOFF) and mergers (MRGR): shares of another company distributed to
 * the holders, or the company absorbed for cash and the acquirer's shares.
 */
import type { EventOption } from '../../../../contract/wire/types';
import { optionType } from './codes';
import { deadlineFields, electionWindow } from './deadlines';
import { day, distributionDates, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { announcedBefore } from './reorganisations';
import { indicator, narrative, onDay, price, round } from './wire';

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
        SecurityMovements: [
          {
            Currency: spun.currency,
            DisplayAndFormat: {
              Description: spun.description,
              IsinCode: spun.isin ?? '',
              Symbol: spun.symbol,
            },
            SecurityMovementType: 'Credit',
            Uic: spun.uic,
          },
        ],
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
  const window = withElection
    ? electionWindow(instrument, random, days.add(effective, -random.int(25, 35)), random.int(15, 20))
    : undefined;
  const shares = {
    Currency: acquirer.currency,
    DisplayAndFormat: {
      Description: acquirer.description,
      IsinCode: acquirer.isin ?? '',
      Symbol: acquirer.symbol,
    },
    SecurityMovementType: 'Credit',
    Uic: acquirer.uic,
  };
  const base = (optionId: string, code: 'CASH' | 'SECU' | 'CASE', isDefault: boolean): EventOption => ({
    OptionId: optionId,
    OptionType: optionType(code),
    IsDefault: isDefault,
    CashRequired: false,
    Payment: onDay(pay),
    ...(code !== 'SECU'
      ? {
          CashMovements: [{ CashMovementType: 'Credit', Currency: instrument.currency, PriceType: 'Actual' }],
          GrossRate: cash,
        }
      : {}),
    ...(code !== 'CASH' ? { SecurityMovements: [shares] } : {}),
    ...(window ? deadlineFields(window) : {}),
  });
  const options = withElection
    ? [base('1', 'CASH', false), base('2', 'SECU', false), base('3', 'CASE', true)]
    : [base('1', 'CASE', true)];
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
        withElection &&
          'Holders may elect all cash or all shares instead; elections are prorated against the total cash and shares available.',
        `The shares are suspended from trading from ${day(suspended)}.`,
      ),
    },
    options,
    electableOptions: withElection ? options.map((o) => ({ optionId: o.OptionId })) : [],
  };
}
