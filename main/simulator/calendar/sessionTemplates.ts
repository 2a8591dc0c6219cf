/**
 * The trading day of every exchange as phases in local time (universe-facts §1), with states
 * from the platform's enum. Stocks: PreMarket/PreTrading or an opening auction, continuous
 * AutomatedTrading (split by a lunch Break in Asia), a closing Auction, then PostMarket or
 * TradingAtLast where the venue has one. Derivatives venues whose session starts the evening
 * before the trade date mark that phase `evening`. Times outside every phase are Closed (or a
 * short Break between sessions; see tradingSessions.ts).
 */
import type { TradingSessionState } from '../../../contract/wire/types';

export interface SessionPhase {
  state: TradingSessionState;
  /** Local `HH:MM`. */
  start: string;
  /** Local `HH:MM`; for an evening phase, on the day after the one it starts. */
  end: string;
  /** Starts on the evening before the trade date (see `eveningOf`). */
  evening?: boolean;
}

export interface SessionTemplate {
  phases: readonly SessionPhase[];
  /**
   * Which evening an evening phase belongs to: the previous calendar day (CME Globex opens on
   * Sunday for Monday) or the previous trading day (Osaka's Friday night session is Monday's).
   */
  eveningOf?: 'calendarDay' | 'tradingDay';
  /** Zone of the local times when not the exchange's own (inter-bank FX keeps New York time). */
  zone?: string;
}

const phase = (state: TradingSessionState, start: string, end: string): SessionPhase => ({
  state,
  start,
  end,
});
const evening = (state: TradingSessionState, start: string, end: string): SessionPhase => ({
  state,
  start,
  end,
  evening: true,
});

const US_EQUITY: SessionTemplate = {
  phases: [
    phase('PreMarket', '04:00', '09:30'),
    phase('AutomatedTrading', '09:30', '16:00'),
    phase('PostMarket', '16:00', '20:00'),
  ],
};

/** Auction-driven European day: optional opening auction, continuous trading, closing auction. */
function europeanDay(
  open: string,
  close: string,
  auctionEnd: string,
  openingAuctionFrom?: string,
): SessionTemplate {
  return {
    phases: [
      ...(openingAuctionFrom ? [phase('OpeningAuction', openingAuctionFrom, open)] : []),
      phase('AutomatedTrading', open, close),
      phase('Auction', close, auctionEnd),
    ],
  };
}

const EURONEXT: SessionTemplate = {
  phases: [
    ...europeanDay('09:00', '17:30', '17:35', '07:15').phases,
    phase('TradingAtLast', '17:35', '17:40'),
  ],
};

/** CME Globex: Sunday–Friday 17:00–16:00 Central, the hour between being the daily break. */
const GLOBEX: SessionTemplate = {
  phases: [evening('AutomatedTrading', '17:00', '16:00')],
  eveningOf: 'calendarDay',
};

const LONDON_ICE = (start: string, end: string): SessionTemplate => ({
  phases: [phase('AutomatedTrading', start, end)],
});

const TOKYO: SessionTemplate = {
  phases: [
    phase('AutomatedTrading', '09:00', '11:30'),
    phase('Break', '11:30', '12:30'),
    phase('AutomatedTrading', '12:30', '15:25'),
    phase('Auction', '15:25', '15:30'),
  ],
};

const ASX: SessionTemplate = {
  phases: [
    phase('PreTrading', '07:00', '10:00'),
    phase('AutomatedTrading', '10:00', '16:00'),
    phase('Auction', '16:00', '16:10'),
  ],
};

/** Templates by the exchange's key (its ISO MIC, or SBFX); every exchange of exchanges.ts has one. */
export const SESSION_TEMPLATES: Readonly<Record<string, SessionTemplate>> = {
  XNYS: US_EQUITY,
  XNAS: US_EQUITY,
  ARCX: US_EQUITY,
  XCBO: {
    // Global trading hours for SPX/VIX options run the evening before, Sunday to Friday.
    eveningOf: 'calendarDay',
    phases: [
      evening('AutomatedTrading', '20:15', '09:25'),
      phase('AutomatedTrading', '09:30', '16:15'),
      phase('PostTrading', '16:15', '17:00'),
    ],
  },
  XTSE: {
    phases: [
      phase('PreTrading', '07:00', '09:30'),
      phase('AutomatedTrading', '09:30', '16:00'),
      phase('PostMarket', '16:15', '17:00'),
    ],
  },
  BVMF: { phases: [phase('AutomatedTrading', '10:00', '16:55'), phase('Auction', '16:55', '17:00')] },
  XLON: europeanDay('08:00', '16:30', '16:35', '07:50'),
  XETR: europeanDay('09:00', '17:30', '17:35', '08:50'),
  XPAR: EURONEXT,
  XAMS: EURONEXT,
  // Euronext's equity and index derivatives (the platform's EUR_AMS2): no auctions, a pre-open.
  XEUE: { phases: [phase('PreTrading', '07:15', '09:00'), phase('AutomatedTrading', '09:00', '17:30')] },
  XBRU: EURONEXT,
  XLIS: {
    phases: [
      ...europeanDay('08:00', '16:30', '16:35', '06:15').phases,
      phase('TradingAtLast', '16:35', '16:40'),
    ],
  },
  XMIL: europeanDay('09:00', '17:30', '17:35', '08:00'),
  XMAD: europeanDay('09:00', '17:30', '17:35'),
  XSWX: { phases: [phase('PreTrading', '06:00', '09:00'), ...europeanDay('09:00', '17:20', '17:30').phases] },
  XWBO: europeanDay('09:00', '17:30', '17:35'),
  XCSE: europeanDay('09:00', '16:55', '17:00'),
  XSTO: europeanDay('09:00', '17:25', '17:30'),
  XHEL: europeanDay('10:00', '18:25', '18:30'),
  XOSL: europeanDay('09:00', '16:20', '16:25'),
  XIST: europeanDay('10:00', '18:00', '18:10', '09:40'),
  XJSE: { phases: [phase('PreTrading', '08:30', '09:00'), ...europeanDay('09:00', '16:50', '17:00').phases] },
  XSAU: { phases: [phase('PreTrading', '09:30', '10:00'), ...europeanDay('10:00', '15:00', '15:10').phases] },
  XTKS: TOKYO,
  XOSE: {
    eveningOf: 'tradingDay',
    phases: [evening('AutomatedTrading', '17:00', '06:00'), phase('AutomatedTrading', '08:45', '15:45')],
  },
  XHKG: {
    phases: [
      phase('OpeningAuction', '09:00', '09:30'),
      phase('AutomatedTrading', '09:30', '12:00'),
      phase('Break', '12:00', '13:00'),
      phase('AutomatedTrading', '13:00', '16:00'),
      phase('Auction', '16:00', '16:10'),
    ],
  },
  XHKF: {
    eveningOf: 'tradingDay',
    phases: [
      evening('AutomatedTrading', '17:15', '03:00'),
      phase('AutomatedTrading', '09:15', '12:00'),
      phase('Break', '12:00', '13:00'),
      phase('AutomatedTrading', '13:00', '16:30'),
    ],
  },
  XSES: {
    phases: [
      phase('OpeningAuction', '08:30', '09:00'),
      phase('AutomatedTrading', '09:00', '12:00'),
      phase('Break', '12:00', '13:00'),
      phase('AutomatedTrading', '13:00', '17:00'),
      phase('Auction', '17:00', '17:06'),
      phase('TradingAtLast', '17:06', '17:16'),
    ],
  },
  XKRX: {
    phases: [
      phase('PreTrading', '08:30', '09:00'),
      phase('AutomatedTrading', '09:00', '15:20'),
      phase('Auction', '15:20', '15:30'),
      phase('PostMarket', '15:40', '18:00'),
    ],
  },
  XTAI: { phases: [phase('PreTrading', '08:30', '09:00'), phase('AutomatedTrading', '09:00', '13:30')] },
  XNSE: {
    phases: [
      phase('OpeningAuction', '09:00', '09:08'),
      phase('AutomatedTrading', '09:15', '15:30'),
      phase('PostMarket', '15:40', '16:00'),
    ],
  },
  XASX: ASX,
  XSFE: {
    eveningOf: 'tradingDay',
    phases: [evening('AutomatedTrading', '17:10', '07:00'), phase('AutomatedTrading', '09:50', '16:30')],
  },
  XCME: GLOBEX,
  XCBT: GLOBEX,
  XNYM: GLOBEX,
  XCEC: GLOBEX,
  XCBF: GLOBEX,
  XEUR: {
    phases: [
      phase('PreTrading', '01:00', '01:10'),
      phase('AutomatedTrading', '01:10', '22:00'),
      phase('PostTrading', '22:00', '22:10'),
    ],
  },
  IFEU: LONDON_ICE('01:00', '23:00'),
  IFLL: LONDON_ICE('08:00', '18:00'),
  IFUS: { phases: [phase('AutomatedTrading', '04:15', '13:30')] },
  NDEX: { phases: [phase('AutomatedTrading', '08:00', '18:00')] },
  // Around the clock from Sunday 17:00 to Friday 17:00 New York time, the FX market's week.
  SBFX: {
    zone: 'America/New_York',
    eveningOf: 'calendarDay',
    phases: [evening('AutomatedTrading', '17:00', '17:00')],
  },
};
