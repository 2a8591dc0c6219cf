/**
 * The subscriptions main holds on the service, as records, and who keeps which quote: an
 * instrument may be shown by several subscriptions at once (a contract in its chain and in its
 * details), so its quote is dropped only when the last of them lets it go.
 */
import { ServiceCallError } from '../api/errors';
import type { ChainStream, ChainWindows } from './chainStream';
import type { QuoteBook } from './quoteBook';
import type { WantedChain } from './priceWatches';

export const INFO_PRICES = 'trade/v1/infoprices/subscriptions';
export const OPTIONS_CHAIN = 'trade/v1/optionschain/subscriptions';

interface Common {
  referenceId: string;
  /** The group a list serves (`AssetType#n`) or the chain's `OptionRootId:AssetType`. */
  key: string;
  ready: boolean;
  /** Messages that came before the snapshot was read. */
  early: unknown[];
  lastHeard: number;
  silent: boolean;
  /** Quote keys this subscription keeps. */
  owned: Set<string>;
  /** Its deltas can no longer be trusted: subscribe it afresh. */
  recreate: boolean;
  /** The service refused it (no subscription exists there). */
  refused: boolean;
}

/** An InfoPrice list subscription of one asset type. */
export interface ListSubscription extends Common {
  kind: 'list';
  assetType: string;
  uics: number[];
}

/** An option chain subscription of one root. */
export interface ChainSubscription extends Common {
  kind: 'chain';
  chain: WantedChain;
  stream: ChainStream;
  windows: ChainWindows | undefined;
}

export type Held = ListSubscription | ChainSubscription;

/** A new record's common part. */
export function heldRecord(referenceId: string, key: string, now: number): Common {
  return {
    referenceId,
    key,
    ready: false,
    early: [],
    lastHeard: now,
    silent: false,
    owned: new Set(),
    recreate: false,
    refused: false,
  };
}

/** A refusal the service would repeat (bad arguments, an unquoted instrument), not a failure to try again. */
export function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ServiceCallError &&
    error.kind === 'service' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 429
  );
}

/** Which subscriptions keep which quotes; a quote no subscription keeps leaves the book. */
export class QuoteOwners {
  private readonly owners = new Map<string, Set<string>>();

  constructor(private readonly book: QuoteBook) {}

  own(held: Held, key: string): void {
    held.owned.add(key);
    let owners = this.owners.get(key);
    if (!owners) this.owners.set(key, (owners = new Set()));
    owners.add(held.referenceId);
  }

  disown(held: Held, key: string): void {
    held.owned.delete(key);
    const owners = this.owners.get(key);
    owners?.delete(held.referenceId);
    if (!owners || owners.size === 0) {
      this.owners.delete(key);
      this.book.drop(key);
    }
  }

  /** Lets go of everything `held` kept but `successor` keeps too. */
  release(held: Held, successor?: Held): void {
    for (const key of [...held.owned]) if (!successor?.owned.has(key)) this.disown(held, key);
    held.owned.clear();
  }

  clear(): void {
    this.owners.clear();
  }
}
