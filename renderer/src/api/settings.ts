/**
 * RefDesk's own settings and the embedded simulator, through the bridge.
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { desk, unwrap } from './desk';

/** The settings and any problem reading settings.json. */
export const fetchSettings = (): Promise<ResultOf<'settings:get'>> => unwrap(desk().settings.get());

/** Keeps new secret timings. */
export const saveSettings = (arg: ArgOf<'settings:save'>): Promise<ResultOf<'settings:save'>> =>
  unwrap(desk().settings.save(arg));

/** The embedded simulator's status. */
export const fetchSimulatorStatus = (): Promise<ResultOf<'simulator:status'>> =>
  unwrap(desk().simulator.status());

/** Restarts the embedded simulator with a scale and seed. */
export const resetSimulator = (arg: ArgOf<'simulator:reset'>): Promise<ResultOf<'simulator:reset'>> =>
  unwrap(desk().simulator.reset(arg));
