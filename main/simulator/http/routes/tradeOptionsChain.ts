/**
 * The option chain subscription (`POST /trade/v1/optionschain/subscriptions`, Arguments
 * `{AssetType, Identifier (the OptionRootId), Expiries?: [{Index, StrikeStartIndex?}],
 * MaxStrikesPerExpiry? (12)}`): without Expiries, the first three expiries, each window centred
 * on the strike nearest the underlying. `PATCH …/subscriptions/{ContextId}/{ReferenceId}` with
 * new Expiries and MaxStrikesPerExpiry moves the windows; DELETE as for prices.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimulatorContext } from '../../context';
import { ChainSubscription, type ChainWindowRequest } from '../../streaming/chainSubscription';
import { TickMemo } from '../../streaming/tickMemo';
import type { Trading } from '../../streaming/trading';
import { badParameter, notFound } from '../errors';
import { requestUser } from '../requestUser';
import {
  canonicalMembers,
  checkAccountKey,
  grantedRefreshRate,
  parseArguments,
  readSubscriptionRequest,
} from './tradeArguments';
import { contextIdOf, createdAnswer, ownerOf, registerUnsubscribeRoutes } from './tradeSubscriptions';

const CHAIN_ASSET_TYPES = ['StockOption', 'StockIndexOption', 'FuturesOption'] as const;
const DEFAULT_STRIKES_PER_EXPIRY = 12;
const DEFAULT_EXPIRIES = 3;

const expirySpecification = z.preprocess(
  (value) => canonicalMembers(value, ['Index', 'StrikeStartIndex']),
  z.object({
    Index: z.number({ error: 'Index must be a whole number.' }).int().min(0),
    StrikeStartIndex: z.number({ error: 'StrikeStartIndex must be a whole number.' }).int().min(0).optional(),
  }),
);

const windowMembers = {
  Expiries: z.array(expirySpecification).optional(),
  MaxStrikesPerExpiry: z
    .number({ error: 'MaxStrikesPerExpiry must be a whole number.' })
    .int()
    .min(1, 'MaxStrikesPerExpiry must be at least 1.')
    .optional(),
};

const chainArguments = z.object({
  AssetType: z.string({ error: 'AssetType is required.' }),
  Identifier: z
    .number({ error: 'Identifier (the OptionRootId) is required.' })
    .int()
    .min(0)
    .max(2_147_483_647),
  AccountKey: z.string().min(1).max(200).optional(),
  Amount: z.number().positive().max(1e12).optional(),
  ...windowMembers,
});
const CHAIN_MEMBERS = ['AssetType', 'Identifier', 'AccountKey', 'Amount', 'Expiries', 'MaxStrikesPerExpiry'];
const patchBody = z.object(windowMembers);

/** The window request of Expiries and MaxStrikesPerExpiry, within the limits. */
function windowRequest(
  members: {
    Expiries?: { Index: number; StrikeStartIndex?: number | undefined }[] | undefined;
    MaxStrikesPerExpiry?: number | undefined;
  },
  trading: Trading,
  prefix: string,
): ChainWindowRequest {
  const { strikesPerExpiry, expiriesPerChain } = trading.hub.limits;
  const maxStrikes = members.MaxStrikesPerExpiry ?? DEFAULT_STRIKES_PER_EXPIRY;
  if (maxStrikes > strikesPerExpiry)
    throw badParameter(
      `${prefix}MaxStrikesPerExpiry`,
      `MaxStrikesPerExpiry may be at most ${strikesPerExpiry}.`,
    );
  const expiries: { Index: number; StrikeStartIndex?: number | undefined }[] =
    members.Expiries ?? Array.from({ length: DEFAULT_EXPIRIES }, (_, index) => ({ Index: index }));
  if (expiries.length > expiriesPerChain)
    throw badParameter(`${prefix}Expiries`, `Expiries may name at most ${expiriesPerChain} expiries.`);
  return {
    expiries: expiries.map((expiry) => ({
      index: expiry.Index,
      ...(expiry.StrikeStartIndex !== undefined ? { strikeStartIndex: expiry.StrikeStartIndex } : {}),
    })),
    maxStrikesPerExpiry: maxStrikes,
  };
}

/** Registers the option chain subscription on the API scope. */
export function registerTradeOptionsChainRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  trading: Trading,
): void {
  const { hub, market, chains } = trading;
  const base = '/trade/v1/optionschain/subscriptions';

  app.post(base, async (request, reply) => {
    const user = requestUser(request, context);
    const asked = readSubscriptionRequest(request.body);
    const members = parseArguments(
      chainArguments,
      canonicalMembers(asked.Arguments, CHAIN_MEMBERS),
      'Arguments',
    );
    const assetType = CHAIN_ASSET_TYPES.find(
      (type) => type.toLowerCase() === members.AssetType.toLowerCase(),
    );
    if (!assetType)
      throw badParameter(
        'Arguments.AssetType',
        `The option chain serves ${CHAIN_ASSET_TYPES.join(', ')} (got "${members.AssetType.slice(0, 60)}").`,
        'InvalidAssetType',
      );
    checkAccountKey(context.universe.db, user, members.AccountKey, 'Arguments.AccountKey');
    const chain = chains.chainOf(members.Identifier, assetType);
    if (!chain) throw notFound(`No option root ${members.Identifier} of ${assetType}.`);
    const subscription = new ChainSubscription(
      market,
      chains,
      chain,
      windowRequest(members, trading, 'Arguments.'),
      asked.ReferenceId,
      grantedRefreshRate(asked.RefreshRate, hub.limits.minimumRefreshRateMs),
      asked.Tag,
      Date.now(),
    );
    hub.subscribe(user.userKey, asked.ContextId, subscription, asked.ReplaceReferenceId);
    const snapshot = subscription.snapshot(new TickMemo(market, market.now()));
    return reply.status(201).send(createdAnswer(asked, subscription, snapshot));
  });

  app.patch<{ Params: { ContextId: string; ReferenceId: string } }>(
    `${base}/:ContextId/:ReferenceId`,
    async (request, reply) => {
      const owner = ownerOf(request, context);
      const members = parseArguments(
        patchBody,
        canonicalMembers(request.body ?? {}, ['Expiries', 'MaxStrikesPerExpiry']),
      );
      const subscription = hub.subscription(
        owner,
        contextIdOf(request.params.ContextId),
        request.params.ReferenceId,
      );
      if (!(subscription instanceof ChainSubscription))
        throw notFound(
          `No option chain subscription ${request.params.ReferenceId.slice(0, 60)} in context ${request.params.ContextId}.`,
        );
      subscription.move(windowRequest(members, trading, ''));
      return reply.status(204).send();
    },
  );

  registerUnsubscribeRoutes(app, context, trading, base, 'optionschain');
}
