/**
 * RefDesk's own settings and the embedded simulator, through the bridge.
 */
import type { ArgOf, ResultOf } from '../../../contract/channels';
import { call } from './desk';

/** The settings and any problem reading settings.json. */
export const fetchSettings = (): Promise<ResultOf<'settings:get'>> => call('settings:get');

/** Keeps new secret timings. */
export const saveSettings = (arg: ArgOf<'settings:save'>): Promise<ResultOf<'settings:save'>> =>
  call('settings:save', arg);

/** The embedded simulator's status. */
export const fetchSimulatorStatus = (): Promise<ResultOf<'settings:simulatorStatus'>> =>
  call('settings:simulatorStatus');

/** Restarts the embedded simulator with a scale and seed. */
export const resetSimulator = (arg: ArgOf<'settings:resetSimulator'>): Promise<ResultOf<'settings:resetSimulator'>> =>
  call('settings:resetSimulator', arg);
