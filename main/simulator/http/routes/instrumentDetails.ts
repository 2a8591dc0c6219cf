/**
 * Instrument details (spec 4.2 and 4.3): the list by Uics and/or AssetTypes, one row per
 * (uic, asset type), and one instrument. Stored details are sent as stored; specific options
 * are derived from their root; FieldGroups add OrderSetting, SupportedOrderTypeSettings and
 * TradingSessions.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { displayHints, instrumentFieldGroups } from '../../../../contract/wire/types';
import { SCHEDULE_DAYS, scheduleExchangeFor, tradingSessionsFor } from '../../calendar/tradingSessions';
import type { SimulatorContext } from '../../context';
import { specificOptionDetails } from '../../data/instruments/optionDetails';
import type { InstrumentRecord, ReferenceStore } from '../../data/instruments/store';
import { badParameter, notFound, ServiceError } from '../errors';
import { QueryReader } from '../query';
import {
  DEFAULT_TOP,
  MAX_TOP,
  readAssetTypes,
  readUics,
  routeAssetTypes,
  routeInteger,
  sendJsonFeed,
} from './instrumentParameters';

type FieldGroup = (typeof instrumentFieldGroups)[number];

/** Durations each order type can have, by kind of instrument (FX is traded around the clock). */
function durationsOf(orderType: string, otc: boolean): string[] {
  if (orderType === 'Market')
    return otc ? ['FillOrKill', 'ImmediateOrCancel'] : ['DayOrder', 'FillOrKill', 'ImmediateOrCancel'];
  return otc
    ? ['GoodTillCancel', 'DayOrder', 'GoodTillDate']
    : ['DayOrder', 'GoodTillCancel', 'GoodTillDate'];
}

/** Largest order the platform accepts, by asset type (order settings field group). */
function orderSetting(details: Record<string, unknown>): Record<string, unknown> {
  const assetType = String(details.AssetType);
  const otc = assetType.startsWith('Fx');
  const minimum = typeof details.MinimumTradeSize === 'number' ? details.MinimumTradeSize : 1;
  return {
    Currency: details.CurrencyCode,
    MaxOrderSize: otc ? 50_000_000 : assetType === 'Bond' ? 10_000_000 : minimum * 100_000,
    MaxOrderValue: 10_000_000,
    MinOrderValue: 0,
  };
}

/**
 * Bytes of rendered details kept for repeat requests. Reference data does not change while the
 * simulator runs, and clients ask for the same instruments again and again (a chain's
 * contracts, a watchlist), so a hit skips the SQLite read and the rendering; the bound keeps
 * memory flat however many instruments a session touches.
 */
const RENDERED_CACHE_BYTES = 24 * 1024 * 1024;

/** Renders details with the requested field groups (needs the venue for TradingSessions). */
export class DetailsRenderer {
  private readonly rootCache = new Map<number, Record<string, unknown>>();
  private readonly rendered = new LRUCache<string, string>({
    maxSize: RENDERED_CACHE_BYTES,
    sizeCalculation: (body, key) => body.length + key.length,
  });

  constructor(
    private readonly store: ReferenceStore,
    private readonly clock: () => Date,
  ) {}

  private rootDetails(rootId: number): Record<string, unknown> {
    let root = this.rootCache.get(rootId);
    if (!root) {
      const record = this.store.optionRoot(rootId);
      if (!record) throw new Error(`Option root ${rootId} of a specific option is missing`);
      root = JSON.parse(record.details) as Record<string, unknown>;
      this.rootCache.set(rootId, root);
    }
    return root;
  }

  /**
   * The JSON text of the details of `uic` as the first of `assetTypes` it exists as, or
   * undefined when it exists as none of them. TradingSessions depend on the clock, so details
   * with that group are rendered afresh every time.
   */
  instrumentDetails(
    uic: number,
    assetTypes: readonly string[],
    fieldGroups: readonly FieldGroup[],
  ): string | undefined {
    const cacheable = !fieldGroups.includes('TradingSessions');
    const key = `${uic}|${assetTypes.join(',')}|${[...new Set(fieldGroups)].sort().join(',')}`;
    if (cacheable) {
      const known = this.rendered.get(key);
      if (known !== undefined) return known;
    }
    const record = assetTypes
      .map((assetType) => this.store.instrument(uic, assetType))
      .find((found) => found !== undefined);
    if (!record) return undefined;
    const body = this.render(record, fieldGroups);
    if (cacheable) this.rendered.set(key, body);
    return body;
  }

  /** The JSON text of one instrument's details. */
  render(record: InstrumentRecord, fieldGroups: readonly FieldGroup[]): string {
    const derived =
      record.details === null
        ? specificOptionDetails(this.rootDetails(record.option_root_id!), record)
        : undefined;
    const extras = fieldGroups.filter(
      (group) =>
        group === 'OrderSetting' || group === 'SupportedOrderTypeSettings' || group === 'TradingSessions',
    );
    if (extras.length === 0) return derived ? JSON.stringify(derived) : record.details!;
    const details = derived ?? (JSON.parse(record.details!) as Record<string, unknown>);
    const otc = record.mic === 'SBFX';
    if (extras.includes('OrderSetting')) details.OrderSetting = orderSetting(details);
    if (extras.includes('SupportedOrderTypeSettings')) {
      const orderTypes = Array.isArray(details.SupportedOrderTypes)
        ? (details.SupportedOrderTypes as string[])
        : [];
      details.SupportedOrderTypeSettings = orderTypes.map((orderType) => ({
        OrderType: orderType,
        DurationTypes: durationsOf(orderType, otc),
      }));
    }
    if (extras.includes('TradingSessions')) {
      details.TradingSessions = tradingSessionsFor(
        scheduleExchangeFor(record.exchange_id, record.mic),
        this.clock(),
        SCHEDULE_DAYS,
      );
    }
    return JSON.stringify(details);
  }
}

function readFieldGroups(query: QueryReader): FieldGroup[] {
  return query.enumList('FieldGroups', instrumentFieldGroups) ?? [];
}

interface DetailsParams {
  Uic: string;
  AssetType: string;
}

/** Registers GET /ref/v1/instruments/details and /ref/v1/instruments/details/{Uic}/{AssetType}. */
export function registerInstrumentDetailsRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  const renderer = new DetailsRenderer(store, context.simulatedNow);

  app.get('/ref/v1/instruments/details', async (request, reply) => {
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const assetTypes = readAssetTypes(query);
    const uics = readUics(query);
    const fieldGroups = readFieldGroups(query);
    const tags = query.enumList('Tags', displayHints);
    if (tags && tags.length > 1) throw badParameter('Tags', 'Tags supports only one tag.');
    const tag = tags?.[0];
    query.string('AccountKey');
    if (!uics && !assetTypes) {
      throw new ServiceError(
        400,
        'NoSearchCriteriaProvided',
        'No search criteria provided: give Uics or AssetTypes.',
      );
    }

    if (uics) {
      // One row per asset type of each uic, in the order the uics were given.
      const position = new Map<number, number>();
      uics.forEach((uic, index) => position.has(uic) || position.set(uic, index));
      const rows = store
        .instrumentsOf([...position.keys()], assetTypes)
        .filter((row) => tag === undefined || row.display_hint === tag)
        .sort(
          (a, b) => position.get(a.uic)! - position.get(b.uic)! || a.asset_type.localeCompare(b.asset_type),
        );
      const page = rows.slice(window.skip, window.skip + window.top);
      return sendJsonFeed(
        context.origin(),
        request,
        reply,
        page.map((row) => renderer.render(row, fieldGroups)),
        rows.length,
        window,
      );
    }

    // By asset type: each type's instruments in uic order, the types in the order given.
    const types = assetTypes!;
    const counts = types.map((assetType) => store.countOfType(assetType, tag));
    const total = counts.reduce((sum, count) => sum + count, 0);
    const page: InstrumentRecord[] = [];
    let skip = window.skip;
    for (let index = 0; index < types.length && page.length < window.top; index++) {
      const count = counts[index]!;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      page.push(...store.pageOfType(types[index]!, tag, window.top - page.length, skip));
      skip = 0;
    }
    return sendJsonFeed(
      context.origin(),
      request,
      reply,
      page.map((row) => renderer.render(row, fieldGroups)),
      total,
      window,
    );
  });

  app.get<{ Params: DetailsParams }>(
    '/ref/v1/instruments/details/:Uic/:AssetType',
    async (request, reply) => {
      const uic = routeInteger('Uic', request.params.Uic);
      const assetTypes = routeAssetTypes(request.params.AssetType);
      const query = new QueryReader(request.query);
      const fieldGroups = readFieldGroups(query);
      query.string('AccountKey');
      query.string('ClientKey');
      const body = renderer.instrumentDetails(uic, assetTypes, fieldGroups);
      if (body === undefined)
        throw notFound(
          `No instrument with Uic ${uic} and AssetType ${request.params.AssetType.slice(0, 60)}.`,
        );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
