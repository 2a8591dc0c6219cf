/**
 * What every route of the simulator shares: the universe, the clock and the options it was
 * started with. Routes get it as an argument; nothing is global.
 */
import type { CountryDetails } from '../../contract/wire/types';
import type { AuthorizationServer } from './auth/authorizationServer';
import type { Universe } from './data/universe';

export interface SimulatorContext {
  universe: Universe;
  /** Every "now" of the simulator goes through this (tests may pin it): tokens, sessions, rate limits. */
  clock: () => Date;
  /**
   * The moment the market reads describe (days to expiry and to the last trade, trading
   * schedules, exchanges open now, time zone offsets, prices): the clock's time of day on the day
   * the simulator simulates (`--as-of`), running on across midnight as the market's clock does
   * (market/marketClock.ts), or the clock itself when no day is set. So a universe of a chosen
   * day counts its days from that day, as the platform would on it.
   */
  simulatedNow: () => Date;
  /** Static reference lists that need no database. */
  countries: CountryDetails[];
  /** Origin of the running server, e.g. `http://127.0.0.1:4321` (set once listening). */
  origin: () => string;
  /** The authorization server: issues tokens under `/auth`, verifies them on every API request. */
  auth: AuthorizationServer;
}
