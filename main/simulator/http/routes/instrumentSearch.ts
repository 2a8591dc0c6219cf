/**
 * GET /ref/v1/instruments: search of instruments and option roots (spec 4.1). Keywords,
 * asset types, exchange, class, tag, visibility and multi-leg support become FTS5 expressions
 * over the search index, one per ranked tier (exact symbol or ISIN hits, then prefix hits, then
 * the rest: searchQuery.ts), each yielding its matches already in search order; a page takes
 * from the tiers in turn, and counts and pages are cached (rankedSearch.ts). A search by Uics
 * goes through the uic index instead.
 */
import type { FastifyInstance } from 'fastify';
import { displayHints, instrumentClasses } from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import { RankedSearch, summariesOf } from '../../data/instruments/rankedSearch';
import { keywordTerms, searchMatch, type SearchCriteria } from '../../data/instruments/searchQuery';
import type { ReferenceStore } from '../../data/instruments/store';
import { badParameter, ServiceError } from '../errors';
import { QueryReader } from '../query';
import {
  DEFAULT_TOP,
  MAX_TOP,
  readAssetTypes,
  readUics,
  sendJsonFeed,
  sendJsonPage,
} from './instrumentParameters';

/** Licensed filters of the platform: accepted and validated, not applied (the simulator has no prices). */
const VALUE_CHANGE_FILTERS = ['OneWeek', 'OneMonth', 'OneYear'].flatMap((period) =>
  ['From', 'To'].map((bound) => `${period}TotalValueChanges${bound}`),
);

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

/** Registers GET /ref/v1/instruments. */
export function registerInstrumentSearchRoute(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  const ranked = new RankedSearch(store);

  app.get('/ref/v1/instruments', async (request, reply) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const { criteria, uics } = readCriteria(query);
    // Keywords of punctuation only ("&") select nothing rather than everything.
    if (criteria.terms && criteria.terms.length === 0)
      return sendJsonFeed(context.origin(), request, reply, [], 0, window);

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
          ? searchMatch({ terms: criteria.terms, includeNonTradable: true })
          : undefined,
      });
      const page = entries.slice(window.skip, window.skip + window.top);
      return sendJsonFeed(
        context.origin(),
        request,
        reply,
        summariesOf(page, criteria.terms),
        entries.length,
        window,
      );
    }

    return sendJsonPage(context.origin(), request, reply, ranked.page(criteria, window), window);
  });
}
