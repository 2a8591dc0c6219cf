/**
 * An option chain subscription's quotes: each side the service sends merged into its
 * instrument's quote, and kept while it lies inside the subscription's windows (dropped once the
 * windows move past it).
 */
import type { ChainSubscription, QuoteOwners } from './heldSubscriptions';
import { quoteKeyOf, type QuoteBook } from './quoteBook';

/** Reads a chain snapshot (replacing what was held) or delta (merged) into the book. */
export function readChainQuotes(
  subscription: ChainSubscription,
  message: unknown,
  snapshot: boolean,
  book: QuoteBook,
  owners: QuoteOwners,
): void {
  const { assetType } = subscription.chain;
  for (const side of subscription.stream.read(message)) {
    if (snapshot) book.replace(assetType, side.uic, side.fields);
    else book.merge(assetType, side.uic, side.fields);
    owners.own(subscription, quoteKeyOf(assetType, side.uic));
  }
  keepChainQuotes(subscription, owners);
}

/**
 * A chain keeps the quotes of the sides inside its windows; while a window is still centred by
 * the service (its strikes not known yet) it keeps whatever it was sent.
 */
export function keepChainQuotes(subscription: ChainSubscription, owners: QuoteOwners): void {
  const exact =
    subscription.windows?.Expiries.every((expiry) => expiry.StrikeStartIndex !== undefined) ?? false;
  if (!exact) return;
  const keys = new Set(
    [...subscription.stream.uicsIn(subscription.windows)].map((uic) =>
      quoteKeyOf(subscription.chain.assetType, uic),
    ),
  );
  for (const key of keys) owners.own(subscription, key);
  for (const key of [...subscription.owned]) if (!keys.has(key)) owners.disown(subscription, key);
}
