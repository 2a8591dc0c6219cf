/**
 * Pages of a ranked search (searchQuery.ts): each tier's count, and the part of the page each
 * tier holds, taken in tier order; with IsKeywordMatch added to each stored SummaryInfo.
 *
 * The universe never changes while the simulator runs, so counts and rendered pages are kept in
 * bounded LRU caches: paging through `__next` counts once, and the searches traders repeat (the
 * same few letters typed by every user, page after page of a result) are answered without
 * reading the index again. A miss costs one count and at most one page query per tier.
 */
import { LRUCache } from 'lru-cache';
import { keywordMatcher, searchTiers, type SearchCriteria } from './searchQuery';
import type { ReferenceStore, SearchEntryRecord } from './store';

/** One page of results: the SummaryInfo JSON texts joined with commas, how many, and the total. */
export interface RankedPage {
  data: string;
  length: number;
  total: number;
}

/** Bytes of rendered pages kept (about 1,600 pages of 50 results). */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
const COUNT_CACHE_ENTRIES = 20_000;

/** The entries' SummaryInfo texts, with IsKeywordMatch when keywords were given. */
export function summariesOf(entries: readonly SearchEntryRecord[], terms: string[][] | undefined): string[] {
  if (terms === undefined) return entries.map((entry) => entry.summary);
  const matches = keywordMatcher(terms);
  return entries.map(
    (entry) => `${entry.summary.slice(0, -1)},"IsKeywordMatch":${matches(entry.match_text)}}`,
  );
}

export class RankedSearch {
  private readonly counts = new LRUCache<string, number>({ max: COUNT_CACHE_ENTRIES });
  private readonly pages = new LRUCache<string, RankedPage>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: (page, key) => page.data.length + key.length,
  });

  constructor(private readonly store: ReferenceStore) {}

  /** The page `window` of the search's results, in rank order. */
  page(criteria: SearchCriteria, window: { top: number; skip: number }): RankedPage {
    const key = JSON.stringify([
      criteria.terms,
      criteria.assetTypes,
      criteria.exchangeId,
      criteria.classes?.length === 1 ? criteria.classes[0] : undefined,
      criteria.tag,
      criteria.includeNonTradable,
      criteria.multiLeg,
      window.top,
      window.skip,
    ]);
    let page = this.pages.get(key);
    if (page === undefined) {
      page = this.read(criteria, window);
      this.pages.set(key, page);
    }
    return page;
  }

  private read(criteria: SearchCriteria, window: { top: number; skip: number }): RankedPage {
    const entries: SearchEntryRecord[] = [];
    let total = 0;
    let skip = window.skip;
    for (const tier of searchTiers(criteria)) {
      // When every earlier tier is empty, a tier's cheaper form selects the same entries.
      const match = total === 0 && tier.whenAlone !== undefined ? tier.whenAlone : tier.match;
      const count = this.countOf(match);
      total += count;
      if (entries.length < window.top && skip < count) {
        entries.push(...this.store.searchPage(match, window.top - entries.length, skip));
        skip = 0;
      } else {
        skip = Math.max(0, skip - count);
      }
    }
    return {
      data: summariesOf(entries, criteria.terms).join(','),
      length: entries.length,
      total,
    };
  }

  private countOf(match: string): number {
    let count = this.counts.get(match);
    if (count === undefined) this.counts.set(match, (count = this.store.searchCount(match)));
    return count;
  }
}
