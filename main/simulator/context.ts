/**
 * What every route of the simulator shares: the universe, the clock and the options it was
 * started with. Routes get it as an argument; nothing is global.
 */
import type { CountryDetails } from '../../contract/wire/types';
import type { AuthorizationServer } from './auth/authorizationServer';
import type { Universe } from './data/universe';

export interface SimulatorContext {
  universe: Universe;
  /** Every "now" of the simulator goes through this (tests may pin it). */
  clock: () => Date;
  /** Static reference lists that need no database. */
  countries: CountryDetails[];
  /** Origin of the running server, e.g. `http://127.0.0.1:4321` (set once listening). */
  origin: () => string;
  /** The authorization server: issues tokens under `/auth`, verifies them on every API request. */
  auth: AuthorizationServer;
}
