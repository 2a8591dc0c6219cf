/**
 * Builders of dividend events: cash dividends (with an optional currency choice), dividend
 * options (cash or new shares), reinvestment plans, stock dividends and capital distributions.
 */
import type { EventOption, SecurityMovement } from '../../../../contract/wire/types';
import { optionType } from './codes';
import { deadlineFields, electionWindow } from './deadlines';
import { day, distributionDates, dividendPerShare, roundMoney } from './distribution';
import type { BuildInput, EventDraft, EventInstrument } from './draft';
import { indicator, narrative, onDay, payoutBreakdown, price, round } from './wire';

/** Which payment of the year a dividend is, for its indicator and its narrative. */
function dividendKind(input: BuildInput): { code: string; name: string } {
  const perYear = input.instrument.rule.dividendsPerYear;
  if (perYear === 4) return { code: 'REGR', name: 'Quarterly' };
  if (perYear === 1) return { code: 'FINL', name: 'Final' };
  return input.anchor.getUTCMonth() < 6 ? { code: 'FINL', name: 'Final' } : { code: 'INTE', name: 'Interim' };
}

/** The same shares as a security movement (new shares credited). */
export function sameShares(instrument: EventInstrument): SecurityMovement {
  return {
    Currency: instrument.currency,
    DisplayAndFormat: {
      Description: instrument.description,
      IsinCode: instrument.isin ?? '',
      Symbol: instrument.symbol,
    },
    SecurityMovementType: 'Credit',
    Uic: instrument.uic,
  };
}

function cashOption(
  optionId: string,
  currency: string,
  gross: number,
  withholding: number,
  pay: Date,
  isDefault: boolean,
  adrFee?: number,
): EventOption {
  return {
    OptionId: optionId,
    OptionType: optionType('CASH'),
    IsDefault: isDefault,
    IsGross: true,
    IsTaxable: true,
    CashRequired: false,
    GrossRate: gross,
    NetRate: round(gross * (1 - withholding), 6),
    Payment: onDay(pay),
    CashMovements: [
      {
        CashMovementType: 'Credit',
        Currency: currency,
        PriceType: 'Actual',
        ...(adrFee ? { AdrFees: price('USD', adrFee) } : {}),
      },
    ],
    PayoutBreakdown: payoutBreakdown(currency, gross, withholding),
  };
}

function header(input: BuildInput, text: string): string {
  const { instrument } = input;
  return `${instrument.description} (${instrument.symbol}, ISIN ${instrument.isin ?? 'n/a'}) ${text}`;
}

/** DVCA: cash dividend; one in eight offers a second payment currency (mandatory with choice). */
export function buildCashDividend(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const dates = distributionDates(input);
  const gross = dividendPerShare(input);
  const kind = dividendKind(input);
  const wh = instrument.rule.withholding;
  // A US line of a foreign issuer (an ADR) pays a depositary fee.
  const adrFee =
    instrument.rule.country === 'US' && instrument.isin && !instrument.isin.startsWith('US')
      ? 0.02
      : undefined;
  const currencyChoice = instrument.currency !== 'USD' && random.chance(0.12);
  const options = [cashOption('1', instrument.currency, gross, wh, dates.pay, true, adrFee)];
  let window;
  if (currencyChoice) {
    window = electionWindow(instrument, random, dates.ex, random.int(6, 10));
    if (dates.pay <= window.closesOn) dates.pay = instrument.days.add(window.closesOn, random.int(3, 6));
    options[0] = {
      ...cashOption('1', instrument.currency, gross, wh, dates.pay, true),
      ...deadlineFields(window),
    };
    const usd = roundMoney(gross * (0.8 + random.next() * 0.6), 'USD');
    options.push({ ...cashOption('2', 'USD', usd, wh, dates.pay, false), ...deadlineFields(window) });
  }
  return {
    code: 'DVCA',
    corporateActionType: 'Mandatory',
    electable: currencyChoice,
    announced: dates.announced,
    ex: dates.ex,
    record: dates.record,
    pay: dates.pay,
    ...(window ? { deadline: window.deadline, electionStart: window.opens } : {}),
    final: dates.pay,
    fields: {
      Ex: onDay(dates.ex),
      Record: onDay(dates.record),
      Effective: onDay(dates.pay),
      EventIndicators: [
        indicator('Dividend', { Code: kind.code, Name: kind.name, Description: `${kind.name} dividend` }),
      ],
      Narrative: narrative(
        header(
          input,
          `has declared a ${kind.name.toLowerCase()} cash dividend of ${instrument.currency} ${gross} per share.`,
        ),
        `Ex date ${day(dates.ex)}, record date ${day(dates.record)}, payment date ${day(dates.pay)}.`,
        wh > 0
          ? `Non-resident holders are subject to ${round(wh * 100, 3)}% withholding tax; the net rate assumes it.`
          : 'No withholding tax applies to non-resident holders.',
        currencyChoice && 'Holders may elect to receive the dividend in USD instead of the quote currency.',
      ),
    },
    options,
    electableOptions: currencyChoice ? [{ optionId: '1' }, { optionId: '2' }] : [],
  };
}

/** DVOP (cash or new shares) and DRIP (cash or reinvestment): mandatory with choice, cash by default. */
export function buildDividendChoice(code: 'DVOP' | 'DRIP'): (input: BuildInput) => EventDraft {
  return (input) => {
    const { instrument, random } = input;
    const dates = distributionDates(input);
    const gross = dividendPerShare(input);
    const wh = instrument.rule.withholding;
    const window =
      code === 'DVOP'
        ? electionWindow(instrument, random, dates.ex, random.int(10, 20))
        : electionWindow(instrument, random, dates.announced, random.int(8, 14));
    if (dates.pay <= window.closesOn) dates.pay = instrument.days.add(window.closesOn, random.int(5, 10));
    const referencePrice = roundMoney(instrument.price * (0.95 + random.next() * 0.05), instrument.currency);
    const ratio = round(gross / referencePrice, 8);
    const shares: EventOption = {
      OptionId: '2',
      OptionType: optionType('SECU'),
      IsDefault: false,
      IsGross: true,
      IsTaxable: true,
      CashRequired: false,
      GrossRate: ratio,
      NetRate: round(ratio * (1 - wh), 8),
      Payment: onDay(dates.pay),
      SecurityMovements: [sameShares(instrument)],
      ...deadlineFields(window),
    };
    return {
      code,
      corporateActionType: 'Mandatory',
      electable: true,
      announced: dates.announced,
      ex: dates.ex,
      record: dates.record,
      pay: dates.pay,
      deadline: window.deadline,
      electionStart: window.opens,
      final: dates.pay,
      fields: {
        Ex: onDay(dates.ex),
        Record: onDay(dates.record),
        Effective: onDay(dates.pay),
        StrikePrice: price(instrument.currency, referencePrice),
        EventIndicators: [
          indicator('Dividend', {
            Code: 'OPTN',
            Name: 'Optional',
            Description: 'Cash or shares at the holder’s choice',
          }),
        ],
        Narrative: narrative(
          header(input, `pays a dividend of ${instrument.currency} ${gross} per share.`),
          code === 'DVOP'
            ? `Holders may take new shares instead of cash at a reference price of ${instrument.currency} ${referencePrice} (average of the five days after the ex date, less a discount).`
            : `Holders in the dividend reinvestment plan have the dividend reinvested in shares at ${instrument.currency} ${referencePrice}.`,
          'Fractions of shares are paid in cash. Without an instruction the dividend is paid in cash.',
          `Election deadline ${window.deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        ),
      },
      options: [
        { ...cashOption('1', instrument.currency, gross, wh, dates.pay, true), ...deadlineFields(window) },
        shares,
      ],
      electableOptions: [{ optionId: '1' }, { optionId: '2' }],
    };
  };
}

/**
 * A mandatory distribution of new shares, one for every `per` held, paid on the pay date
 * (DVSE stock dividends, BONU bonus issues): one default SECU option, nothing to elect.
 */
export function shareDistributionDraft(
  code: 'DVSE' | 'BONU',
  dates: ReturnType<typeof distributionDates>,
  per: number,
  narrativeLines: [string, string],
  movement: SecurityMovement,
): EventDraft {
  return {
    code,
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
      Narrative: narrative(...narrativeLines),
    },
    options: [
      {
        OptionId: '1',
        OptionType: optionType('SECU'),
        IsDefault: true,
        GrossRate: round(1 / per, 8),
        Payment: onDay(dates.pay),
        SecurityMovements: [movement],
      },
    ],
    electableOptions: [],
  };
}

/** DVSE: stock dividend, one new share for every N held; fractions paid in cash. */
export function buildStockDividend(input: BuildInput): EventDraft {
  const dates = distributionDates(input);
  const per = input.random.int(20, 50);
  return shareDistributionDraft(
    'DVSE',
    dates,
    per,
    [
      header(input, `distributes 1 new share for every ${per} shares held.`),
      'Fractional entitlements are sold and paid in cash.',
    ],
    sameShares(input.instrument),
  );
}

/** CAPD: a capital repayment, not taxed as income. */
export function buildCapitalDistribution(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const dates = distributionDates(input);
  const amount = roundMoney(instrument.price * (0.02 + random.next() * 0.08), instrument.currency);
  return {
    code: 'CAPD',
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
      Narrative: narrative(
        header(input, `returns capital of ${instrument.currency} ${amount} per share.`),
        'The repayment reduces the cost base and is not taxed as a dividend.',
      ),
    },
    options: [{ ...cashOption('1', instrument.currency, amount, 0, dates.pay, true), IsTaxable: false }],
    electableOptions: [],
  };
}
