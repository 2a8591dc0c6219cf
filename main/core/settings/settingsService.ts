/**
 * RefDesk's settings in memory, backed by settings.json: read once at start, written on every
 * change. What could not be read at start is reported (and the file kept aside), not lost.
 * Changes apply one at a time to what the previous change left, so concurrent saves keep each
 * other's parts; the memory follows the file only once the file is written.
 */
import { changeSettingsFile, readSettingsFile } from './settingsFile';
import type {
  DeskSettings,
  ReviewStoreSettings,
  SecretSettings,
  SettingsView,
  SimulatorSettings,
  WorkQueueSettings,
} from '../../../contract/settings';

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

  /** Where review state is kept: this computer, or the team service at these addresses. */
  get review(): ReviewStoreSettings {
    return this.settings.review;
  }

  /** Keeps the review store choice (addresses only: the service is called with the user's sign-in). */
  async saveReviewStore(review: ReviewStoreSettings): Promise<SettingsView> {
    const settings = await this.change((current) => ({ ...current, review }));
    return { settings, ...(this.problem ? { problem: this.problem } : {}) };
  }

  /** The work queue's overdue window and desktop notifications. */
  get workQueue(): WorkQueueSettings {
    return this.settings.workQueue;
  }

  /** Keeps the work queue's overdue window and whether desktop notifications are shown. */
  async saveWorkQueue(workQueue: WorkQueueSettings): Promise<SettingsView> {
    const settings = await this.change((current) => ({ ...current, workQueue }));
    return { settings, ...(this.problem ? { problem: this.problem } : {}) };
  }

  /** Keeps new secret timings. */
  async saveSecrets(secrets: SecretSettings): Promise<SettingsView> {
    const settings = await this.change((current) => ({ ...current, secrets }));
    return { settings, ...(this.problem ? { problem: this.problem } : {}) };
  }

  /** Keeps the simulator's scale and seed for its next starts. */
  async saveSimulator(simulator: SimulatorSettings): Promise<void> {
    await this.change((current) => ({ ...current, simulator }));
  }

  /** The saved view the inbox shows for `owner` (`<profileId>|<userId>`), if one was chosen. */
  activeInboxView(owner: string): string | undefined {
    return this.settings.inbox?.activeViews[owner];
  }

  /** Keeps (or, with undefined, forgets) the saved view the inbox shows for `owner`. */
  async chooseInboxView(owner: string, name: string | undefined): Promise<void> {
    await this.change((current) => {
      const { [owner]: _previous, ...others } = current.inbox?.activeViews ?? {};
      return { ...current, inbox: { activeViews: name === undefined ? others : { ...others, [owner]: name } } };
    });
  }

  private async change(change: (current: DeskSettings) => DeskSettings): Promise<DeskSettings> {
    const settings = await changeSettingsFile(this.dataDir, () => this.settings, change);
    this.settings = settings;
    return settings;
  }
}
