/**
 * GET /ref/v1/instruments: search of instruments and option roots (spec 4.1). Keywords,
 * asset types, exchange, class, tag, visibility and multi-leg support all become one FTS5
 * expression over the search index, which yields matches already in search order; a search
 * by Uics goes through the uic index instead.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { displayHints, instrumentClasses } from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import { filterToken, wordsOf } from '../../data/reference/searchIndex';
import type { ReferenceStore, SearchEntryRecord } from '../../data/reference/store';
import { badParameter, ServiceError } from '../errors';
import { QueryReader } from '../query';
import { DEFAULT_TOP, MAX_TOP, readAssetTypes, readUics, sendJsonFeed } from './instrumentParameters';

/** Licensed filters of the platform: accepted and validated, not applied (the simulator has no prices). */
const VALUE_CHANGE_FILTERS = ['OneWeek', 'OneMonth', 'OneYear'].flatMap((period) =>
  ['From', 'To'].map((bound) => `${period}TotalValueChanges${bound}`),
);

/** Each keyword as the words it is made of ("BRK.B" → brk, b); keywords without letters or digits drop out. */
export function keywordTerms(keywords: string): string[][] {
  return keywords
    .split(/\s+/)
    .map(wordsOf)
    .filter((terms) => terms.length > 0);
}

/** Whether `word` occurs in `text` (lower case ASCII) as a whole word. */
function hasWholeWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + word.length] ?? '';
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return true;
  }
  return false;
}

const WORD_CHARACTER = /^[a-z0-9]$/;
const PLAIN_ASCII = /^[ -~]*$/;

/**
 * Whether the keywords match whole words (not only the start of one) of the symbol or
 * description: the platform's IsKeywordMatch.
 */
export function isKeywordMatch(terms: string[][], symbol: string, description: string): boolean {
  const text = `${symbol} ${description}`;
  if (PLAIN_ASCII.test(text)) {
    const lower = text.toLowerCase();
    return terms.every((keyword) => keyword.every((word) => hasWholeWord(lower, word)));
  }
  const words = new Set(wordsOf(text));
  return terms.every((keyword) => keyword.every((word) => words.has(word)));
}

interface SearchCriteria {
  terms?: string[][] | undefined;
  assetTypes?: string[] | undefined;
  exchangeId?: string | undefined;
  classes?: string[] | undefined;
  tag?: string | undefined;
  includeNonTradable: boolean;
  multiLeg?: boolean | undefined;
}

/** One keyword: each of its words the start of a word ("brk.b" is brk* AND b*). */
function keywordClause(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' AND ');
}

/**
 * The FTS5 expression of the criteria: keywords and filter tokens ANDed, then the rare
 * exclusions (non-tradable, multi-leg support) as NOTs of small doclists.
 */
function matchExpression(criteria: SearchCriteria): string {
  const parts: string[] = [];
  if (criteria.terms?.length) parts.push(`words : (${criteria.terms.map(keywordClause).join(' AND ')})`);
  if (criteria.assetTypes)
    parts.push(`filters : (${criteria.assetTypes.map(filterToken.assetType).join(' OR ')})`);
  if (criteria.exchangeId !== undefined) parts.push(`filters : ${filterToken.exchange(criteria.exchangeId)}`);
  if (criteria.classes && criteria.classes.length === 1)
    parts.push(`filters : ${filterToken.complex(criteria.classes[0] === 'Complex')}`);
  if (criteria.tag !== undefined) parts.push(`filters : ${filterToken.displayHint(criteria.tag)}`);
  // Every entry is either complex or not: the expression of criteria that exclude nothing.
  if (parts.length === 0)
    parts.push(`filters : (${filterToken.complex(true)} OR ${filterToken.complex(false)})`);
  let expression = `(${parts.join(' AND ')})`;
  if (!criteria.includeNonTradable) expression += ` NOT filters : ${filterToken.visible(false)}`;
  // Multi-leg support restricts only entries that carry it (option roots, FX vanilla options).
  if (criteria.multiLeg !== undefined)
    expression += ` NOT filters : ${filterToken.multiLeg(!criteria.multiLeg)}`;
  return expression;
}

function readCriteria(query: QueryReader): { criteria: SearchCriteria; uics?: number[] | undefined } {
  const keywords = query.string('Keywords');
  const terms = keywords === undefined ? undefined : keywordTerms(keywords);
  const assetTypes = readAssetTypes(query);
  const exchangeId = query.string('ExchangeId');
  const classes = query.enumList('Class', instrumentClasses);
  const tags = query.enumList('Tags', displayHints);
  if (tags && tags.length > 1) throw badParameter('Tags', 'Tags supports only one tag.');
  const uics = readUics(query);
  const multiLeg = query.boolean('CanParticipateInMultiLegOrder');
  const includeNonTradable = query.boolean('IncludeNonTradable') ?? false;
  query.integer('SectorId');
  for (const name of VALUE_CHANGE_FILTERS) query.number(name);
  query.string('AccountKey');
  if (keywords === undefined && !assetTypes && exchangeId === undefined && !classes && !tags && !uics) {
    throw new ServiceError(
      400,
      'NoSearchCriteriaProvided',
      'No search criteria provided: give Keywords, AssetTypes, ExchangeId, Class, Tags or Uics.',
    );
  }
  return {
    criteria: { terms, assetTypes, exchangeId, classes, tag: tags?.[0], includeNonTradable, multiLeg },
    uics,
  };
}

function withKeywordMatch(entry: SearchEntryRecord, terms: string[][] | undefined): string {
  if (terms === undefined) return entry.summary;
  return `${entry.summary.slice(0, -1)},"IsKeywordMatch":${isKeywordMatch(terms, entry.symbol, entry.description)}}`;
}

/** Registers GET /ref/v1/instruments. */
export function registerRefSearchRoute(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  // The universe never changes: a search's count is cached, so paging through __next counts once.
  const counts = new LRUCache<string, number>({ max: 20_000 });
  const countOf = (match: string) => {
    let count = counts.get(match);
    if (count === undefined) counts.set(match, (count = store.searchCount(match)));
    return count;
  };

  app.get('/ref/v1/instruments', async (request, reply) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const { criteria, uics } = readCriteria(query);
    // Keywords of punctuation only ("&") select nothing rather than everything.
    if (criteria.terms && criteria.terms.length === 0) return sendJsonFeed(context.origin(), request, reply, [], 0, window);

    if (uics) {
      const hasIndexCriteria = Boolean(criteria.terms?.length);
      const entries = store.searchByUics({
        uics,
        assetTypes: criteria.assetTypes,
        exchangeId: criteria.exchangeId,
        isComplex: criteria.classes?.length === 1 ? criteria.classes[0] === 'Complex' : undefined,
        displayHint: criteria.tag,
        visibleOnly: !criteria.includeNonTradable,
        multiLeg: criteria.multiLeg,
        match: hasIndexCriteria
          ? matchExpression({ terms: criteria.terms, includeNonTradable: true })
          : undefined,
      });
      const page = entries.slice(window.skip, window.skip + window.top);
      return sendJsonFeed(
        context.origin(),
        request,
        reply,
        page.map((entry) => withKeywordMatch(entry, criteria.terms)),
        entries.length,
        window,
      );
    }

    const match = matchExpression(criteria);
    const total = countOf(match);
    const page =
      window.top === 0 || window.skip >= total ? [] : store.searchPage(match, window.top, window.skip);
    return sendJsonFeed(
      context.origin(),
      request,
      reply,
      page.map((entry) => withKeywordMatch(entry, criteria.terms)),
      total,
      window,
    );
  });
}
