/**
 * The application directory as the admin workspace reads it: secret values stay in main.
 * Lists and details cross the bridge with each secret's id and validity window only; a value
 * crosses only when the user asks to reveal it, or goes straight to the clipboard from here.
 */
import { getApplication, getApplications } from '../api/apps';
import type { HttpClient, RequestOptions } from '../api/http';
import type { AppSecretDto, Feed } from '../../../contract/wire/types';
import { DeskError } from '../ipc/dispatcher';
import type { ApplicationView, ListedApplicationView, SecretWindow } from '../../../contract/apps';

function withoutValues(secrets: AppSecretDto[] | undefined): SecretWindow[] | undefined {
  return secrets?.map(({ Secret: _value, ...window }) => window);
}

/** How many single reads run at once while a list page is completed. */
const DETAIL_READS_AT_ONCE = 5;

/**
 * A page of applications (`$inlinecount=AllPages`), each completed from its single read with
 * its redirect URI count and its secrets' windows; the values are dropped here, in main.
 */
export async function listApplicationsForAdmin(
  http: HttpClient,
  page: { $top: number; $skip: number },
  options?: RequestOptions,
): Promise<Feed<ListedApplicationView>> {
  const feed = await getApplications(http, page, options);
  const views: ListedApplicationView[] = feed.Data.map(({ Secrets: _none, ...app }) => ({ ...app }));
  let next = 0;
  const worker = async () => {
    while (next < views.length) {
      const view = views[next++] as ListedApplicationView;
      try {
        const single = await getApplication(http, view.AppKey, options);
        view.RedirectUriCount = single.RedirectUris?.length ?? 0;
        view.Secrets = withoutValues(single.Secrets) ?? [];
      } catch (error) {
        // Cancelled pages stop; an app that vanished in between keeps its listed fields only.
        if (options?.signal?.aborted) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAIL_READS_AT_ONCE, views.length) }, worker));
  return { ...feed, Data: views };
}

/** One application with its secrets' windows only. */
export async function readApplicationWithoutSecretValues(
  http: HttpClient,
  appKey: string,
  options?: RequestOptions,
): Promise<ApplicationView> {
  const app = await getApplication(http, appKey, options);
  const { Secrets, ...rest } = app;
  return { ...rest, ...(Secrets ? { Secrets: withoutValues(Secrets) } : {}) };
}

/** The value of one secret of one application, read from the service now (never cached). */
export async function readSecretValue(
  http: HttpClient,
  appKey: string,
  secretId: number,
  options?: RequestOptions,
): Promise<string> {
  const app = await getApplication(http, appKey, options);
  const secret = app.Secrets?.find((candidate) => candidate.SecretId === secretId);
  if (!secret?.Secret) {
    throw new DeskError({
      code: 'SecretNotFound',
      message: `Application ${appKey} has no secret ${secretId} whose value you may see.`,
    });
  }
  return secret.Secret;
}
