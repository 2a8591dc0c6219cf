/**
 * Handlers of the `apps:*` channels of the admin workspace: the application directory with
 * secret values kept in main, revealed one at a time on request, or copied from main to the
 * system clipboard (cleared after a delay) where the shell has one. None of them only forwards:
 * the service's answers carry secret values, which are dropped here.
 */
import type { HttpClient } from '../api/http';
import {
  listApplicationsForAdmin,
  readApplicationWithoutSecretValues,
  readSecretValue,
} from '../apps/appSecrets';
import type { SecretClipboard } from '../apps/secretClipboard';
import type { SettingsService } from '../settings/settingsService';
import type { IpcHandlers } from './dispatcher';

type AppsChannels = Pick<IpcHandlers, 'apps:list' | 'apps:get' | 'apps:revealSecret' | 'apps:copySecret'>;

/** The `apps:*` handlers. */
export function registerAppsIpc({
  http,
  settings,
  secretClipboard,
}: {
  http: HttpClient;
  settings: SettingsService;
  secretClipboard: SecretClipboard;
}): AppsChannels {
  return {
    'apps:list': (page, { signal }) => listApplicationsForAdmin(http, page, { signal }),
    'apps:get': ({ AppKey }, { signal }) => readApplicationWithoutSecretValues(http, AppKey, { signal }),
    'apps:revealSecret': async ({ AppKey, SecretId }, { signal }) => ({
      AppKey,
      SecretId,
      Secret: await readSecretValue(http, AppKey, SecretId, { signal }),
      hideAfterSeconds: settings.secrets.revealSeconds,
    }),
    'apps:copySecret': async ({ AppKey, SecretId }, { signal }) => {
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
        await readSecretValue(http, AppKey, SecretId, { signal }),
        clearAfterSeconds,
      );
      return outcome.copied ? outcome : { ...outcome, clearAfterSeconds };
    },
  };
}
