/**
 * Handlers of the `registry:*` and `clipboard:*` channels of the admin workspace: the
 * application directory with secret values kept in main, revealed one at a time on request,
 * or copied from main to the system clipboard (cleared after a delay) where the shell has one.
 */
import type { DeskApi } from '../api/client';
import {
  listApplicationsForAdmin,
  readApplicationWithoutSecretValues,
  readSecretValue,
} from '../appRegistry/appSecrets';
import type { SecretClipboard } from '../clipboard/secretClipboard';
import type { SettingsService } from '../settings/settingsService';
import type { IpcHandlers } from './dispatcher';

type RegistryChannels = Pick<
  IpcHandlers,
  'registry:apps' | 'registry:app' | 'registry:revealSecret' | 'clipboard:copySecret'
>;

/** The `registry:*` and `clipboard:*` handlers. */
export function registerRegistryIpc({
  api,
  settings,
  secretClipboard,
}: {
  api: DeskApi;
  settings: SettingsService;
  secretClipboard: SecretClipboard;
}): RegistryChannels {
  return {
    'registry:apps': (page, { signal }) => listApplicationsForAdmin(api, page, { signal }),
    'registry:app': ({ AppKey }, { signal }) => readApplicationWithoutSecretValues(api, AppKey, { signal }),
    'registry:revealSecret': async ({ AppKey, SecretId }, { signal }) => ({
      AppKey,
      SecretId,
      Secret: await readSecretValue(api, AppKey, SecretId, { signal }),
      hideAfterSeconds: settings.secrets.revealSeconds,
    }),
    'clipboard:copySecret': async ({ AppKey, SecretId }, { signal }) => {
      const clearAfterSeconds = settings.secrets.clipboardClearSeconds;
      if (!secretClipboard.available) {
        return {
          copied: false,
          reason: 'NoSystemClipboard',
          message: 'The web shell copies in the page: reveal the secret, then copy it.',
          clearAfterSeconds,
        };
      }
      const outcome = await secretClipboard.copy(
        await readSecretValue(api, AppKey, SecretId, { signal }),
        clearAfterSeconds,
      );
      return outcome.copied ? outcome : { ...outcome, clearAfterSeconds };
    },
  };
}
