/**
 * The application directory as the admin workspace reads it: secret values stay in main.
 * Lists and details cross the bridge with each secret's id and validity window only; a value
 * crosses only when the user asks to reveal it, or goes straight to the clipboard from here.
 */
import type { DeskApi } from '../api/client';
import type { RequestOptions } from '../api/http';
import type { AppSecretDto, Feed } from '../api/types';
import { DeskError } from '../ipc/dispatcher';
import type { ApplicationView, ListedApplicationView, SecretWindow } from './appRegistrySchema';

function withoutValues(secrets: AppSecretDto[] | undefined): SecretWindow[] | undefined {
  return secrets?.map(({ Secret: _value, ...window }) => window);
}

/** A page of applications with `$inlinecount=AllPages` and each secret's window (values dropped here). */
export async function listApplicationsWithSecretWindows(
  api: DeskApi,
  page: { $top: number; $skip: number },
  options?: RequestOptions,
): Promise<Feed<ListedApplicationView>> {
  const feed = await api.applications({ ...page, $inlinecount: 'AllPages', IncludeSecrets: true }, options);
  return { ...feed, Data: feed.Data.map((app) => ({ ...app, Secrets: withoutValues(app.Secrets) ?? [] })) };
}

/** One application with its secrets' windows only. */
export async function readApplicationWithoutSecretValues(
  api: DeskApi,
  appKey: string,
  options?: RequestOptions,
): Promise<ApplicationView> {
  const app = await api.application({ AppKey: appKey }, options);
  const { Secrets, ...rest } = app;
  return { ...rest, ...(Secrets ? { Secrets: withoutValues(Secrets) } : {}) };
}

/** The value of one secret of one application, read from the service now (never cached). */
export async function readSecretValue(
  api: DeskApi,
  appKey: string,
  secretId: number,
  options?: RequestOptions,
): Promise<string> {
  const app = await api.application({ AppKey: appKey }, options);
  const secret = app.Secrets?.find((candidate) => candidate.SecretId === secretId);
  if (!secret?.Secret) {
    throw new DeskError({
      code: 'SecretNotFound',
      message: `Application ${appKey} has no secret ${secretId} whose value you may see.`,
    });
  }
  return secret.Secret;
}
