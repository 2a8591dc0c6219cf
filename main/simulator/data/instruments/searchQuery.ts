/**
 * Search criteria (spec 4.1) as FTS5 expressions over the search index (searchIndex.ts), in
 * ranked tiers: first the entries whose symbol or ISIN the keywords spell exactly, then those
 * whose symbol or ISIN they spell the start of, then every other match; each tier in search
 * order (so results are stable otherwise). Keywords match a word start of the symbol or description each, or together the start
 * of the symbol spelled as one word ("EUR USD", "eur/usd" → EURUSD), or of the ISIN from its
 * third character on (two letters alone are only a country code and would find a country).
 */
import { filterToken, keyToken, SEARCH_COLUMNS, wordsOf } from './searchIndex';

export interface SearchCriteria {
  /** Each keyword as its words ("BRK.B" → brk, b); absent without Keywords. */
  terms?: string[][] | undefined;
  assetTypes?: string[] | undefined;
  exchangeId?: string | undefined;
  classes?: string[] | undefined;
  tag?: string | undefined;
  includeNonTradable: boolean;
  multiLeg?: boolean | undefined;
}

/** Shortest typed text matched against ISINs. */
const MIN_ISIN_PREFIX = 3;

/** Each keyword as the words it is made of ("BRK.B" → brk, b); keywords without letters or digits drop out. */
export function keywordTerms(keywords: string): string[][] {
  return keywords
    .split(/\s+/)
    .map(wordsOf)
    .filter((terms) => terms.length > 0);
}

/** The keywords spelled as one word, as symbols and ISINs are indexed (`EUR USD` → eurusd). */
export function keywordKey(terms: readonly string[][]): string {
  return terms.flat().join('');
}

/** One keyword: each of its words the start of a word ("brk.b" is brk* AND b*). */
function keywordClause(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' AND ');
}

type Columns = (kind: keyof typeof SEARCH_COLUMNS) => string;

/** The filter tokens of the criteria, ANDed; undefined when they select everything. */
function filterExpression(criteria: SearchCriteria, columns: Columns): string | undefined {
  const filters = columns('filters');
  const parts: string[] = [];
  if (criteria.assetTypes)
    parts.push(`${filters} : (${criteria.assetTypes.map(filterToken.assetType).join(' OR ')})`);
  if (criteria.exchangeId !== undefined)
    parts.push(`${filters} : ${filterToken.exchange(criteria.exchangeId)}`);
  if (criteria.classes && criteria.classes.length === 1)
    parts.push(`${filters} : ${filterToken.complex(criteria.classes[0] === 'Complex')}`);
  if (criteria.tag !== undefined) parts.push(`${filters} : ${filterToken.displayHint(criteria.tag)}`);
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

/**
 * `selection` restricted by the filters, then by the exclusion (and multi-leg support, being
 * rare) last. Without a selection, the filters alone select.
 */
function restricted(
  selection: string | undefined,
  criteria: SearchCriteria,
  columns: Columns,
  exclusion?: string,
): string {
  const filters = filterExpression(criteria, columns);
  // Every entry is either complex or not: what selects everything when nothing else does.
  const everything = `${columns('filters')} : (${filterToken.complex(true)} OR ${filterToken.complex(false)})`;
  let expression =
    selection === undefined
      ? `(${filters ?? everything})`
      : filters
        ? `(${selection}) AND ${filters}`
        : `(${selection})`;
  const exclusions = exclusion ? [exclusion] : [];
  // Multi-leg support restricts only entries that carry it (option roots, FX vanilla options).
  if (criteria.multiLeg !== undefined)
    exclusions.push(`${columns('filters')} : ${filterToken.multiLeg(!criteria.multiLeg)}`);
  if (exclusions.length > 0) expression += ` NOT (${exclusions.join(' OR ')})`;
  return expression;
}

/** One tier of a search: its FTS5 expression, and a cheaper one it equals when every earlier tier is empty. */
export interface SearchTier {
  match: string;
  whenAlone?: string;
}

/**
 * The tiers of a search, in the order their matches are listed; no entry matches two. One tier
 * without keywords; with keywords, exact symbol or ISIN hits, then symbol or ISIN prefix hits,
 * then the other matches. Visibility is the choice of columns: without IncludeNonTradable only
 * the visible entries' ones.
 */
export function searchTiers(criteria: SearchCriteria): SearchTier[] {
  const columns: Columns = (kind) =>
    criteria.includeNonTradable ? SEARCH_COLUMNS[kind].all : SEARCH_COLUMNS[kind].visible;
  const terms = criteria.terms ?? [];
  if (terms.length === 0) return [{ match: restricted(undefined, criteria, columns) }];
  const key = keywordKey(terms);
  const token = keyToken(key);
  const exact = [`${columns('symbols')} : "${token}"`];
  const prefix = [`${columns('symbols')} : "${token}"*`];
  if (key.length >= MIN_ISIN_PREFIX) {
    exact.push(`${columns('isins')} : "${token}"`);
    prefix.push(`${columns('isins')} : "${token}"*`);
  }
  const words = `${columns('words')} : (${terms.map(keywordClause).join(' AND ')})`;
  return [
    { match: restricted(exact.join(' OR '), criteria, columns) },
    { match: restricted(prefix.join(' OR '), criteria, columns, exact.join(' OR ')) },
    {
      match: restricted(words, criteria, columns, prefix.join(' OR ')),
      whenAlone: restricted(words, criteria, columns),
    },
  ];
}

/** One expression matching every entry any tier of the search matches (in search order, untiered). */
export function searchMatch(criteria: SearchCriteria): string {
  const tiers = searchTiers(criteria);
  if (tiers.length === 1) return tiers[0]!.match;
  return tiers.map((tier) => `(${tier.match})`).join(' OR ');
}

/**
 * The platform's IsKeywordMatch: every keyword is a whole word (not only the start of one) of
 * the entry's match text (matchTextOf: symbol and description words, symbol spellings, ISIN),
 * or the keywords together spell the whole symbol or ISIN.
 */
export function isKeywordMatch(terms: string[][], matchText: string): boolean {
  return keywordMatcher(terms)(matchText);
}

/** isKeywordMatch for many entries of one search: the keywords prepared once. */
export function keywordMatcher(terms: string[][]): (matchText: string) => boolean {
  const spelled = ` ${keywordKey(terms)} `;
  const words = terms.flat().map((word) => ` ${word} `);
  return (matchText) => matchText.includes(spelled) || words.every((word) => matchText.includes(word));
}
