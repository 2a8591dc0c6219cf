/**
 * The application directory as the admin workspace reads it: secret values stay in main and
 * arrive only through `revealSecret`; copying a secret goes through main where the shell has a
 * system clipboard.
 */
import type { ArgOf, ResultOf } from '../../../preload/contract';
import { callDesk, desk, unwrap, type DeskCallOptions } from './desk';

/** One page of applications with redirect URI counts and secret windows. */
export const fetchRegistryApps = (
  arg: ArgOf<'registry:apps'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'registry:apps'>> => callDesk((call) => desk().registry.apps(arg, call), options.signal);

/** One application without secret values. */
export const fetchRegistryApp = (
  arg: ArgOf<'registry:app'>,
  options: DeskCallOptions = {},
): Promise<ResultOf<'registry:app'>> => callDesk((call) => desk().registry.app(arg, call), options.signal);

/** One secret's value, read now, with how long it may be shown. */
export const revealSecret = (
  arg: ArgOf<'registry:revealSecret'>,
): Promise<ResultOf<'registry:revealSecret'>> => unwrap(desk().registry.revealSecret(arg));

/** Asks main to copy a secret to the system clipboard (answers copied: false in the web shell). */
export const copySecretInMain = (
  arg: ArgOf<'clipboard:copySecret'>,
): Promise<ResultOf<'clipboard:copySecret'>> => unwrap(desk().clipboard.copySecret(arg));
