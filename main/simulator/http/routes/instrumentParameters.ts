/**
 * Query and route values shared by the /ref/v1 routes: asset types with the platform's
 * aliases, uics, and feeds written as JSON text straight from the stored rows.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assetTypes } from '../../../../contract/wire/types';
import { badParameter } from '../errors';
import { nextPageUrl, type PageWindow } from '../feed';
import type { QueryReader } from '../query';

/** Largest page of the search and details feeds (platform facts section 2). */
export const MAX_TOP = 1000;
export const DEFAULT_TOP = 50;

/**
 * Names the spec and older platform versions use for asset types the universe knows under
 * another name: `Futures` is `ContractFutures`, `CfdIndices` is `CfdOnIndex`, and
 * `ContractOptions` stands for the three kinds of contract options.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  futures: ['ContractFutures'],
  cfdindices: ['CfdOnIndex'],
  contractoptions: ['StockOption', 'StockIndexOption', 'FuturesOption'],
};

/** Every accepted name, lower case, with the asset types it stands for. */
const BY_LOWER_CASE = new Map<string, readonly string[]>([
  ...assetTypes
    .filter((assetType) => !ALIASES[assetType.toLowerCase()])
    .map((assetType) => [assetType.toLowerCase(), [assetType]] as const),
  ...Object.entries(ALIASES),
]);

/** Canonical asset types of one value (several for an alias), or undefined when unknown. */
export function resolveAssetType(raw: string): readonly string[] | undefined {
  return BY_LOWER_CASE.get(raw.trim().toLowerCase());
}

/** `AssetTypes`: a comma-separated list; an unknown value is a 400 AssetTypesParseFailed. */
export function readAssetTypes(query: QueryReader): string[] | undefined {
  const items = query.list('AssetTypes');
  if (items === undefined) return undefined;
  const result = new Set<string>();
  for (const item of items) {
    const resolved = resolveAssetType(item);
    if (!resolved) {
      throw badParameter(
        'AssetTypes',
        `AssetTypes has an unknown asset type "${item.slice(0, 60)}".`,
        'AssetTypesParseFailed',
      );
    }
    for (const assetType of resolved) result.add(assetType);
  }
  return [...result];
}

/** The asset types a route's AssetType names (several for an alias), or a 400 InvalidAssetType. */
export function routeAssetTypes(raw: string): readonly string[] {
  const resolved = resolveAssetType(raw);
  if (!resolved)
    throw badParameter(
      'AssetType',
      `AssetType has an unknown value "${raw.slice(0, 60)}".`,
      'InvalidAssetType',
    );
  return resolved;
}

const UIC_PATTERN = /^\d{1,10}$/;

/** A uic in a route, or a 400 naming the parameter (with the endpoint's error code). */
export function routeInteger(name: string, raw: string, errorCode = 'InvalidRequest'): number {
  if (!UIC_PATTERN.test(raw) || Number(raw) > 2_147_483_647) {
    throw badParameter(name, `${name} must be a whole number (got "${raw.slice(0, 40)}").`, errorCode);
  }
  return Number(raw);
}

/** `Uics`: whole numbers, each a valid uic. */
export function readUics(query: QueryReader): number[] | undefined {
  const uics = query.integerList('Uics');
  if (uics?.some((uic) => uic < 0 || uic > 2_147_483_647))
    throw badParameter('Uics', 'Uics must hold uics from 0 to 2147483647.');
  return uics;
}

/**
 * Sends a feed whose items are JSON texts already (stored rows), without parsing them:
 * `{__count, __next?, Data, MaxRows}`, `__next` on `origin`.
 */
export function sendJsonFeed(
  origin: string,
  request: FastifyRequest,
  reply: FastifyReply,
  items: readonly string[],
  total: number,
  window: PageWindow,
): FastifyReply {
  return sendJsonPage(origin, request, reply, { data: items.join(','), length: items.length, total }, window);
}

/** sendJsonFeed for a page whose items are joined already (`data`, `length` of them, `total` in all). */
export function sendJsonPage(
  origin: string,
  request: FastifyRequest,
  reply: FastifyReply,
  page: { data: string; length: number; total: number },
  window: PageWindow,
): FastifyReply {
  const next =
    window.skip + page.length < page.total && page.length > 0
      ? `,"__next":${JSON.stringify(nextPageUrl(origin, request, window))}`
      : '';
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"__count":${page.total}${next},"Data":[${page.data}],"MaxRows":${MAX_TOP}}`);
}
