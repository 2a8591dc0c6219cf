/**
 * The main-process services of the back-office and admin workspaces: the review store, the
 * settings, the embedded simulator's control and the secret clipboard. The runtime opens them
 * once; the `review:*`, `settings:*`, `simulator:*`, `registry:*` and `clipboard:*` handlers use them.
 */
import type { RunningSimulator } from '../simulator/server';
import { SecretClipboard, type SystemClipboard } from './clipboard/secretClipboard';
import { ReviewStore } from './review/reviewStore';
import { EmbeddedSimulator, type StartEmbeddedSimulator } from './settings/embeddedSimulator';
import type { SettingsService } from './settings/settingsService';

export interface BackOfficeServices {
  review: ReviewStore;
  settings: SettingsService;
  embeddedSimulator: EmbeddedSimulator;
  secretClipboard: SecretClipboard;
}

export interface BackOfficeOptions {
  dataDir: string;
  settings: SettingsService;
  /** The simulator the runtime started with the settings' scale and seed. */
  simulator: RunningSimulator;
  /** Starts it again (same options as the first start, another scale or seed). */
  startSimulator: StartEmbeddedSimulator;
  /** The shell's system clipboard; absent in the web shell. */
  systemClipboard?: SystemClipboard;
}

/** Opens the back-office services; `close` stops the simulator and closes the review store. */
export function openBackOfficeServices(
  options: BackOfficeOptions,
): BackOfficeServices & { close(): Promise<void> } {
  const review = ReviewStore.open(options.dataDir);
  if (review.problem) console.warn(`[review] ${review.problem}`);
  const embeddedSimulator = new EmbeddedSimulator(options.simulator, options.startSimulator);
  const secretClipboard = new SecretClipboard(options.systemClipboard);
  return {
    review,
    settings: options.settings,
    embeddedSimulator,
    secretClipboard,
    async close() {
      secretClipboard.dispose();
      await embeddedSimulator.close();
      review.close();
    },
  };
}
