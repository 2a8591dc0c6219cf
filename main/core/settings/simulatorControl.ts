/**
 * The embedded simulator as the core sees it: not the simulator itself (the composition root in
 * main/app starts that), only what the Settings workspace reads and does. The core never
 * imports the simulator; it reaches it as a connection profile (URLs, AppKey) and this interface.
 */
import type { SimulatorSettings, SimulatorStatus } from '../../../contract/settings';

export interface SimulatorControl {
  /** Its status, with the settings the next start will use. */
  status(configured: SimulatorSettings): SimulatorStatus;
  /**
   * Restarts it on the same port with `settings`; if that fails it starts again with `previous`
   * and reports the failure in `problem`, and rejects only when it cannot run at all.
   */
  reset(settings: SimulatorSettings & { regenerate: boolean }, previous: SimulatorSettings): Promise<SimulatorStatus>;
}
