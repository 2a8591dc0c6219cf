/**
 * Where the chain's column choices live: the renderer's own storage (as the theme does), under
 * one key per connection profile and user, so each trader finds their columns again after a
 * restart and nobody else's. Storage that is missing, full or holds something unreadable is
 * treated as no choices made: a preference is never worth an error.
 */
import type { ChainColumnId } from './logic/chainColumns';

const PREFIX = 'refdesk.chainColumns.v1:';

/** Column choices by option root id, as kept. */
export type ChainColumnChoices = Record<string, ChainColumnId[]>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The choices kept for the owner (`profile + user` key), or none. */
export function readChainColumns(ownerKey: string | undefined): ChainColumnChoices {
  if (ownerKey === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(PREFIX + ownerKey) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const choices: ChainColumnChoices = {};
    for (const [root, columns] of Object.entries(parsed)) {
      if (/^\d{1,10}$/.test(root) && Array.isArray(columns)) choices[root] = columns.filter((id) => typeof id === 'string') as ChainColumnId[];
    }
    return choices;
  } catch {
    return {};
  }
}

/** Keeps the owner's choices; nothing is kept while nobody is signed in. */
export function writeChainColumns(ownerKey: string | undefined, choices: ChainColumnChoices): void {
  if (ownerKey === undefined) return;
  try {
    storage()?.setItem(PREFIX + ownerKey, JSON.stringify(choices));
  } catch {
    // Storage full or refused: the choice holds for this session only.
  }
}
