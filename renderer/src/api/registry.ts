/**
 * The application directory as the admin workspace reads it: secret values stay in main and
 * arrive only through `revealSecret`; copying a secret goes through main where the shell has a
 * system clipboard.
 */
import type { ArgOf, ResultOf } from '../../../contract/channels';
import { type DeskCallOptions, call } from './desk';

/** One page of applications with redirect URI counts and secret windows. */
export const fetchRegistryApps = (
  arg: ArgOf<'apps:list'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'apps:list'>> => call('apps:list', arg, options);

/** One application without secret values. */
export const fetchRegistryApp = (
  arg: ArgOf<'apps:get'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'apps:get'>> => call('apps:get', arg, options);

/** One secret's value, read now, with how long it may be shown. */
export const revealSecret = (
  arg: ArgOf<'apps:revealSecret'>,
): Promise<ResultOf<'apps:revealSecret'>> => call('apps:revealSecret', arg);

/** Asks main to copy a secret to the system clipboard (answers copied: false in the web shell). */
export const copySecretInMain = (
  arg: ArgOf<'apps:copySecret'>,
): Promise<ResultOf<'apps:copySecret'>> => call('apps:copySecret', arg);
