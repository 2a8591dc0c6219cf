/**
 * Opaque keys of the accounts (ClientKey, AccountKey, AccountGroupKey, UserKey): base64 strings that
 * look like the platform's and reveal nothing by their form. They are derived from the internal
 * id, so the same identity has the same key in every universe; ownership, not secrecy of the
 * key, is what keeps one user out of another's accounts.
 */
import { createHash } from 'node:crypto';

export type KeyKind = 'client' | 'account' | 'accountGroup' | 'user';

/** The opaque key of the identity `id` of kind `kind`. */
export function opaqueKey(kind: KeyKind, id: string): string {
  return createHash('sha256').update(`refdesk|${kind}|${id}`).digest().subarray(0, 16).toString('base64');
}
