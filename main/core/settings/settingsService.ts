/**
 * RefDesk's settings in memory, backed by settings.json: read once at start, written on every
 * change. What could not be read at start is reported (and the file kept aside), not lost.
 */
import { readSettingsFile, writeSettingsFile } from './settingsFile';
import type { DeskSettings, SecretSettings, SettingsView, SimulatorSettings } from '../../../contract/settings';

export class SettingsService {
  private constructor(
    private readonly dataDir: string,
    private settings: DeskSettings,
    private readonly problem: string | undefined,
  ) {}

  /** Reads settings.json in `dataDir`. */
  static async open(dataDir: string): Promise<SettingsService> {
    const read = await readSettingsFile(dataDir);
    return new SettingsService(dataDir, read.settings, read.problem);
  }

  /** The current settings and any problem met reading them. */
  view(): SettingsView {
    return { settings: this.settings, ...(this.problem ? { problem: this.problem } : {}) };
  }

  get simulator(): SimulatorSettings {
    return this.settings.simulator;
  }

  get secrets(): SecretSettings {
    return this.settings.secrets;
  }

  /** Keeps new secret timings. */
  async saveSecrets(secrets: SecretSettings): Promise<SettingsView> {
    await this.write({ ...this.settings, secrets });
    return this.view();
  }

  /** Keeps the simulator's scale and seed for its next starts. */
  async saveSimulator(simulator: SimulatorSettings): Promise<void> {
    await this.write({ ...this.settings, simulator });
  }

  private async write(settings: DeskSettings): Promise<void> {
    await writeSettingsFile(this.dataDir, settings);
    this.settings = settings;
  }
}
