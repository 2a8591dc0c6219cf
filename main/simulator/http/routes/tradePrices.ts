/**
 * Quote snapshots: `GET /trade/v1/infoprices?Uic=&AssetType=&FieldGroups=` (one InfoPrice) and
 * `GET /trade/v1/infoprices/list?Uics=&AssetType=&FieldGroups=` (`{Data: [...]}`, uics the
 * universe lacks left out), and the arguments they share with the subscriptions: which
 * instruments, which field groups (Quote by default; Greeks only on `prices`), the Amount, an
 * AccountKey of the caller's, and an FX forward's ForwardDate.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorContext } from '../../context';
import type { SimUser } from '../../data/accounts/userTypes';
import { isQuotedAssetType, type PricedInstrument } from '../../market/instruments';
import {
  INFO_PRICE_FIELD_GROUPS,
  PRICE_FIELD_GROUPS,
  priceObject,
  quoteLayout,
  type PriceFieldGroup,
} from '../../market/wire';
import type { Trading } from '../../streaming/trading';
import { badParameter, notFound } from '../errors';
import { QueryReader } from '../query';
import { requestUser } from '../requestUser';
import { resolveAssetType } from './instrumentParameters';
import { canonicalMembers, checkAccountKey, integerList, nameList, parseArguments } from './tradeArguments';

const DAY_MS = 86_400_000;

/** Where a price request came from: the group names it may use differ. */
export type PriceEndpoint = 'infoprices' | 'prices';

/** What a price request asks for, checked. */
export interface PriceRequest {
  uics: number[];
  /** `Uics` (a list) rather than `Uic`. */
  list: boolean;
  assetType: string;
  fieldGroups: PriceFieldGroup[];
  amount: number | undefined;
  accountKey: string | undefined;
  forwardDate: string | undefined;
}

/** The one asset type named, or a 400 naming `member`. */
function quotedAssetType(raw: string, member: string): string {
  const resolved = resolveAssetType(raw);
  if (!resolved)
    throw badParameter(member, `AssetType has an unknown value "${raw.slice(0, 60)}".`, 'InvalidAssetType');
  if (resolved.length !== 1)
    throw badParameter(
      member,
      `AssetType must name one asset type ("${raw.slice(0, 60)}" names ${resolved.length}).`,
      'InvalidAssetType',
    );
  const assetType = resolved[0]!;
  if (!isQuotedAssetType(assetType))
    throw badParameter(
      member,
      `The simulator does not quote ${assetType}; it quotes shares, funds, indices, CFDs, futures, FX spot and forwards, bonds and listed options.`,
      'UnsupportedAssetType',
    );
  return assetType;
}

/** Field group names, each checked against the endpoint's. */
function fieldGroupsOf(
  names: readonly string[] | undefined,
  endpoint: PriceEndpoint,
  member: string,
): PriceFieldGroup[] {
  if (names === undefined || names.length === 0) return ['Quote'];
  const allowed: readonly string[] = endpoint === 'prices' ? PRICE_FIELD_GROUPS : INFO_PRICE_FIELD_GROUPS;
  return names.map((name) => {
    const match = allowed.find((group) => group.toLowerCase() === name.trim().toLowerCase());
    if (!match)
      throw badParameter(
        member,
        `FieldGroups has an unknown value "${name.slice(0, 60)}"; expected any of ${allowed.join(', ')}.`,
      );
    return match as PriceFieldGroup;
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The subscription's Arguments of a price subscription. */
const priceArguments = z.object({
  Uic: z.number({ error: 'Uic must be a whole number.' }).int().min(0).max(2_147_483_647).optional(),
  Uics: integerList.optional(),
  AssetType: z.string({ error: 'AssetType is required.' }).min(1, 'AssetType is required.'),
  FieldGroups: nameList.optional(),
  Amount: z
    .number({ error: 'Amount must be a number.' })
    .positive('Amount must be positive.')
    .max(1e12)
    .optional(),
  AccountKey: z.string().min(1).max(200).optional(),
  ForwardDate: z.string().regex(DATE, 'ForwardDate must be a date written yyyy-mm-dd.').optional(),
});
const PRICE_ARGUMENT_MEMBERS = [
  'Uic',
  'Uics',
  'AssetType',
  'FieldGroups',
  'Amount',
  'AccountKey',
  'ForwardDate',
];

/** Checks the instrument and list members common to both forms of a request. */
function checkedRequest(
  request: PriceRequest,
  maxInstruments: number,
  member: (name: string) => string,
): PriceRequest {
  if (request.uics.length === 0)
    throw badParameter(
      member(request.list ? 'Uics' : 'Uic'),
      request.list ? 'Uics is required.' : 'Uic is required.',
    );
  if (request.uics.length > maxInstruments)
    throw badParameter(member('Uics'), `Uics may name at most ${maxInstruments} instruments.`);
  if (request.assetType === 'FxForwards' && request.forwardDate === undefined)
    throw badParameter(member('ForwardDate'), 'ForwardDate is required for FxForwards.');
  if (request.forwardDate !== undefined && Number.isNaN(Date.parse(`${request.forwardDate}T00:00:00Z`)))
    throw badParameter(member('ForwardDate'), 'ForwardDate is not a date.');
  return request;
}

/** A subscription's Arguments as a price request. */
export function priceRequestOfArguments(
  value: unknown,
  endpoint: PriceEndpoint,
  maxInstruments: number,
): PriceRequest {
  const members = parseArguments(
    priceArguments,
    canonicalMembers(value, PRICE_ARGUMENT_MEMBERS),
    'Arguments',
  );
  const list = members.Uics !== undefined;
  if (list && members.Uic !== undefined)
    throw badParameter('Arguments.Uic', 'Give either Uic or Uics, not both.');
  return checkedRequest(
    {
      uics: list ? [...new Set(members.Uics)] : members.Uic === undefined ? [] : [members.Uic],
      list,
      assetType: quotedAssetType(members.AssetType, 'Arguments.AssetType'),
      fieldGroups: fieldGroupsOf(members.FieldGroups, endpoint, 'Arguments.FieldGroups'),
      amount: members.Amount,
      accountKey: members.AccountKey,
      forwardDate: members.ForwardDate,
    },
    maxInstruments,
    (name) => `Arguments.${name}`,
  );
}

/** A GET's query as a price request. */
function priceRequestOfQuery(query: QueryReader, list: boolean, maxInstruments: number): PriceRequest {
  const assetType = query.string('AssetType');
  if (assetType === undefined) throw badParameter('AssetType', 'AssetType is required.');
  const uic = list ? undefined : query.integer('Uic', { min: 0, max: 2_147_483_647 });
  const uics = list ? query.integerList('Uics') : undefined;
  if (uics?.some((value) => value > 2_147_483_647))
    throw badParameter('Uics', 'Uics must hold uics from 0 to 2147483647.');
  const amount = query.number('Amount');
  if (amount !== undefined && !(amount > 0)) throw badParameter('Amount', 'Amount must be positive.');
  const forwardDate = query.date('ForwardDate');
  return checkedRequest(
    {
      uics: list ? [...new Set(uics ?? [])] : uic === undefined ? [] : [uic],
      list,
      assetType: quotedAssetType(assetType, 'AssetType'),
      fieldGroups: fieldGroupsOf(query.list('FieldGroups'), 'infoprices', 'FieldGroups'),
      amount,
      accountKey: query.string('AccountKey'),
      forwardDate: forwardDate?.toISOString().slice(0, 10),
    },
    maxInstruments,
    (name) => name,
  );
}

/**
 * The instruments of a request that the universe has (for `Uic`, a 404 when it lacks it), after
 * checking its AccountKey is the caller's and its ForwardDate lies ahead.
 */
export function instrumentsOf(
  trading: Trading,
  context: SimulatorContext,
  user: SimUser,
  request: PriceRequest,
  memberPrefix = '',
): PricedInstrument[] {
  checkAccountKey(context.universe.db, user, request.accountKey, `${memberPrefix}AccountKey`);
  let forwardDays: number | undefined;
  if (request.forwardDate !== undefined) {
    const today = Math.floor(trading.market.now() / DAY_MS) * DAY_MS;
    forwardDays = Math.round((Date.parse(`${request.forwardDate}T00:00:00Z`) - today) / DAY_MS);
    if (forwardDays <= 0)
      throw badParameter(`${memberPrefix}ForwardDate`, 'ForwardDate must lie after today.');
  }
  const forward = request.assetType === 'FxForwards' ? forwardDays : undefined;
  const instruments = request.uics
    .map((uic) => trading.market.instruments.find(uic, request.assetType, forward))
    .filter((instrument): instrument is PricedInstrument => instrument !== undefined);
  if (!request.list && instruments.length === 0)
    throw notFound(`No instrument with Uic ${request.uics[0]} and AssetType ${request.assetType} is quoted.`);
  return instruments;
}

/** Registers the two quote snapshots on the API scope. */
export function registerTradePriceRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  trading: Trading,
): void {
  const maxInstruments = trading.hub.limits.instrumentsPerList;

  app.get('/trade/v1/infoprices', async (request) => {
    const user = requestUser(request, context);
    const asked = priceRequestOfQuery(new QueryReader(request.query), false, maxInstruments);
    const [instrument] = instrumentsOf(trading, context, user, asked);
    const layout = quoteLayout(asked.fieldGroups);
    return priceObject(layout, {
      instrument: instrument!,
      quote: trading.market.quote(instrument!),
      amount: asked.amount ?? instrument!.defaultAmount,
    });
  });

  app.get('/trade/v1/infoprices/list', async (request) => {
    const user = requestUser(request, context);
    const asked = priceRequestOfQuery(new QueryReader(request.query), true, maxInstruments);
    const layout = quoteLayout(asked.fieldGroups);
    const now = trading.market.now();
    return {
      Data: instrumentsOf(trading, context, user, asked).map((instrument) =>
        priceObject(layout, {
          instrument,
          quote: trading.market.quote(instrument, now),
          amount: asked.amount ?? instrument.defaultAmount,
        }),
      ),
    };
  });
}
