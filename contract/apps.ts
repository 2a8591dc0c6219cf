/**
 * Arguments and results of the apps feature's channels (the admin workspace).
 * Pure zod and types, no Node imports: the IPC contract uses them and re-exports the types.
 */
import { z } from 'zod';
import type { AppSecretDto, Application, ListedApplication } from './wire/types';

/** A secret without its value: all the renderer holds until the user reveals it. */
export type SecretWindow = Omit<AppSecretDto, 'Secret'>;
/**
 * A listed application as the admin list shows it: its secrets' windows (no values) and how many
 * redirect URIs it has, both read from its single shape (the listed shape carries neither).
 * Absent when that read failed.
 */
export type ListedApplicationView = Omit<ListedApplication, 'Secrets'> & {
  Secrets?: SecretWindow[];
  RedirectUriCount?: number;
};
/** One application whose secrets carry no values. */
export type ApplicationView = Omit<Application, 'Secrets'> & { Secrets?: SecretWindow[] };

const appKeySchema = z
  .string({ error: 'An AppKey is required.' })
  .min(1, 'An AppKey is required.')
  .max(100, 'An AppKey is at most 100 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid AppKey.');

/** One page of the application list. */
export const appsPageArgSchema = z
  .object({
    $top: z
      .number()
      .int()
      .min(1, 'Ask for at least one application.')
      .max(100, 'At most 100 applications per page.'),
    $skip: z.number().int().min(0, 'Skip 0 or more applications.').max(1_000_000),
  })
  .strict();

export const appArgSchema = z.object({ AppKey: appKeySchema }).strict();

/** One secret of one application. */
export const secretRefArgSchema = z
  .object({ AppKey: appKeySchema, SecretId: z.number().int().min(0).max(2_147_483_647) })
  .strict();

/** A revealed secret and how long the page may show it. */
export interface RevealedSecret {
  AppKey: string;
  SecretId: number;
  Secret: string;
  hideAfterSeconds: number;
}

/**
 * What `apps:copySecret` did: copied by main (Electron; cleared at `clearsAt`), or not,
 * because the shell's main process has no system clipboard (web shell), in which case the page
 * copies a revealed secret itself and clears it after `clearAfterSeconds`.
 */
export type CopySecretResult =
  | { copied: true; clearsAt: string }
  | { copied: false; reason: 'NoSystemClipboard'; message: string; clearAfterSeconds: number };
