/**
 * A currency pair typed the other way round from how the market quotes it (`usdeur`, `USD/EUR`,
 * `usd eur`): the service lists EURUSD only, so the search points the trader to it.
 */

/** The two currency codes of a search that names a pair, upper case; undefined otherwise. */
export function typedPair(keywords: string): [string, string] | undefined {
  const match = /^\s*([a-z]{3})\s*[/\-\s]?\s*([a-z]{3})\s*$/i.exec(keywords);
  if (!match?.[1] || !match[2]) return undefined;
  const [base, quote] = [match[1].toUpperCase(), match[2].toUpperCase()];
  return base === quote ? undefined : [base, quote];
}

/** The pair the market quotes, when `keywords` name it the other way round (and not as quoted). */
export function invertedPairOf(
  keywords: string,
  pairs: readonly { pair: string; base: string; quote: string }[],
): { typed: string; pair: string } | undefined {
  const typed = typedPair(keywords);
  if (!typed) return undefined;
  const [first, second] = typed;
  if (pairs.some((row) => row.base === first && row.quote === second)) return undefined;
  const quoted = pairs.find((row) => row.base === second && row.quote === first);
  return quoted ? { typed: `${first}${second}`, pair: quoted.pair } : undefined;
}
