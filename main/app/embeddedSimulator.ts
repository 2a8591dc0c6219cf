/**
 * The embedded simulator as the Settings workspace controls it: its status, and a reset that
 * restarts it with a chosen scale and seed (optionally regenerating its universe) on the same
 * port, so every URL RefDesk holds (profiles, the HTTP client) stays valid. Its tokens would too
 * (the simulator keeps its identity, signing key and sessions, across starts), but a reset signs
 * the user out all the same (registerSettingsIpc.ts): the data behind the session changed.
 */
import type { EarlierRoll } from '../simulator/data/universe';
import type { RunningSimulator } from '../simulator/server';
import type { SimulatorSettings, SimulatorStatus } from '../../contract/settings';
import type { SimulatorControl } from '../core/settings/simulatorControl';

/** Starts a simulator with everything else the runtime chose (token lifetime, data folder...). */
export type StartEmbeddedSimulator = (options: {
  port: number;
  scale: SimulatorSettings['scale'];
  seed: number;
  /** The day to simulate (yyyy-mm-dd); absent: today. */
  asOf?: string | undefined;
  /** The market's UTC time of day when it starts (hh:mm); absent: the real time. */
  marketTime?: string | undefined;
  /** Origins of browser apps allowed to call it; absent: any origin. */
  corsOrigins?: readonly string[] | undefined;
  /** Enforce the OAuth RFCs where the platform is lenient (`--strict-oauth`). */
  strictOAuth?: boolean | undefined;
  regenerate: boolean;
  /** The cached universe's roll the app started while it loaded (first start only). */
  rolledBefore?: Promise<EarlierRoll | undefined>;
}) => Promise<RunningSimulator>;

export class EmbeddedSimulator implements SimulatorControl {
  private state: SimulatorStatus['state'] = 'running';
  private startedAt: Date;
  private problem: string | undefined;
  /** Resets run one after another, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private running: RunningSimulator,
    private readonly start: StartEmbeddedSimulator,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.startedAt = clock();
  }

  /** The simulator serving now. */
  get current(): RunningSimulator {
    return this.running;
  }

  /** Its status, with the settings the next start will use. */
  status(configured: SimulatorSettings): SimulatorStatus {
    const { info } = this.running;
    const { scale, seed, asOf, cacheUsed, rolledFrom, generationMs, databaseBytes } = info.universe;
    return {
      state: this.state,
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      port: info.port,
      corsOrigins: info.corsOrigins,
      ...(this.running.simulatedDay() !== undefined ? { simulatedDay: this.running.simulatedDay() } : {}),
      startedAt: this.startedAt.toISOString(),
      universe: {
        scale,
        seed,
        asOf,
        cacheUsed,
        ...(rolledFrom !== undefined ? { rolledFrom } : {}),
        generationMs,
        databaseBytes,
      },
      configured,
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  /**
   * Stops the simulator and starts it again on the same port with `settings`. A second reset
   * while one runs waits for the first. If the new start fails, the previous settings are
   * started again so RefDesk keeps a working simulator, and the failure is reported.
   */
  async reset(
    settings: SimulatorSettings & { regenerate: boolean },
    previous: SimulatorSettings,
  ): Promise<SimulatorStatus> {
    const run = this.queue.then(() => this.restart(settings, previous));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async restart(
    settings: SimulatorSettings & { regenerate: boolean },
    previous: SimulatorSettings,
  ): Promise<SimulatorStatus> {
    const port = this.running.info.port;
    this.state = 'restarting';
    this.problem = undefined;
    // Settings changed: the next weekday of the old settings is not worth the trader's wait.
    await this.running.close({ prepareNextDay: false });
    try {
      this.running = await this.start({
        port,
        scale: settings.scale,
        seed: settings.seed,
        ...(settings.asOf !== undefined ? { asOf: settings.asOf } : {}),
        ...(settings.marketTime !== undefined ? { marketTime: settings.marketTime } : {}),
        ...(settings.corsOrigins !== undefined ? { corsOrigins: settings.corsOrigins } : {}),
        ...(settings.strictOAuth !== undefined ? { strictOAuth: settings.strictOAuth } : {}),
        regenerate: settings.regenerate,
      });
    } catch (error) {
      this.problem = `The simulator could not start with scale ${settings.scale} and seed ${settings.seed}: ${(error as Error).message}. It runs again with scale ${previous.scale} and seed ${previous.seed}.`;
      try {
        this.running = await this.start({
          port,
          scale: previous.scale,
          seed: previous.seed,
          ...(previous.asOf !== undefined ? { asOf: previous.asOf } : {}),
          ...(previous.marketTime !== undefined ? { marketTime: previous.marketTime } : {}),
          ...(previous.corsOrigins !== undefined ? { corsOrigins: previous.corsOrigins } : {}),
          ...(previous.strictOAuth !== undefined ? { strictOAuth: previous.strictOAuth } : {}),
          regenerate: false,
        });
      } catch (again) {
        this.state = 'stopped';
        this.problem = `The simulator could not be started again: ${(again as Error).message}. Restart RefDesk.`;
        throw new Error(this.problem, { cause: again });
      }
    }
    this.state = 'running';
    this.startedAt = this.clock();
    this.running.prepareForRequests();
    return this.status(this.problem ? previous : settings);
  }

  /** Stops the simulator for good (RefDesk is quitting). */
  async close(): Promise<void> {
    await this.queue;
    if (this.state !== 'stopped') await this.running.close();
    this.state = 'stopped';
  }
}
