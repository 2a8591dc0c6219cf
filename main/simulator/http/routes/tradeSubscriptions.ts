/**
 * Price subscriptions (`POST /trade/v1/infoprices/subscriptions`, `/trade/v1/prices/subscriptions`):
 * 201 with the snapshot, then deltas on the context's streaming connection; `DELETE
 * …/subscriptions/{ContextId}/{ReferenceId}` ends one, `DELETE …/subscriptions/{ContextId}[?Tag=]`
 * those of a tag (all without one), both 202. And `PUT /streamingws/authorize?contextId=`, which
 * a client sends before connecting and again with each new token, so an open connection outlives
 * the token it opened with. Contexts and subscriptions are the caller's own: another user's
 * context of the same id is another context.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorContext } from '../../context';
import { PriceSubscription } from '../../streaming/priceSubscriptions';
import type { Subscription, SubscriptionKind } from '../../streaming/subscription';
import { TickMemo } from '../../streaming/tickMemo';
import type { Trading } from '../../streaming/trading';
import { CONTEXT_ID_PATTERN } from '../../streaming/websocket';
import { INACTIVITY_TIMEOUT_SECONDS } from '../../streaming/limits';
import { badParameter, notFound } from '../errors';
import { QueryReader } from '../query';
import { requestUser } from '../requestUser';
import { instrumentsOf, priceRequestOfArguments } from './tradePrices';
import { grantedRefreshRate, readSubscriptionRequest, type SubscriptionRequest } from './tradeArguments';

interface ContextParams {
  ContextId: string;
}
interface SubscriptionParams extends ContextParams {
  ReferenceId: string;
}

/** The 201 answer of a new subscription. */
export function createdAnswer(
  request: SubscriptionRequest,
  subscription: Subscription,
  snapshot: unknown,
): Record<string, unknown> {
  return {
    ContextId: request.ContextId,
    Format: 'application/json',
    InactivityTimeout: INACTIVITY_TIMEOUT_SECONDS,
    ReferenceId: request.ReferenceId,
    RefreshRate: subscription.refreshRate,
    Snapshot: snapshot,
    State: 'Active',
    ...(request.Tag !== undefined ? { Tag: request.Tag } : {}),
  };
}

/** A ContextId of the route or query (`member` names it), or a 400. */
export function contextIdOf(raw: string, member = 'ContextId'): string {
  if (!CONTEXT_ID_PATTERN.test(raw))
    throw badParameter(member, `${member} may hold letters, digits, "-" and "_", at most 50 characters.`);
  return raw;
}

/** The caller's UserKey: whose contexts a request addresses. */
export function ownerOf(request: FastifyRequest, context: SimulatorContext): string {
  return requestUser(request, context).userKey;
}

/** Registers both DELETE forms for the subscriptions of `kind` under `base`. */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  trading: Trading,
  base: string,
  kind: SubscriptionKind,
): void {
  app.delete<{ Params: SubscriptionParams }>(`${base}/:ContextId/:ReferenceId`, async (request, reply) => {
    const owner = ownerOf(request, context);
    if (
      !trading.hub.unsubscribe(owner, contextIdOf(request.params.ContextId), request.params.ReferenceId, kind)
    )
      throw notFound(
        `No subscription ${request.params.ReferenceId.slice(0, 60)} in context ${request.params.ContextId}.`,
      );
    return reply.status(202).send();
  });
  app.delete<{ Params: ContextParams }>(`${base}/:ContextId`, async (request, reply) => {
    const owner = ownerOf(request, context);
    const tag = new QueryReader(request.query).string('Tag');
    trading.hub.unsubscribeAll(owner, contextIdOf(request.params.ContextId), kind, tag);
    return reply.status(202).send();
  });
}

/** Registers the price subscriptions and the streaming authorization on the API scope. */
export function registerTradeSubscriptionRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  trading: Trading,
): void {
  const { hub, market } = trading;
  for (const kind of ['infoprices', 'prices'] as const) {
    const base = `/trade/v1/${kind}/subscriptions`;
    app.post(base, async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requestUser(request, context);
      const asked = readSubscriptionRequest(request.body);
      const prices = priceRequestOfArguments(asked.Arguments, kind, hub.limits.instrumentsPerList);
      const instruments = instrumentsOf(trading, context, user, prices, 'Arguments.');
      const subscription = new PriceSubscription({
        kind,
        referenceId: asked.ReferenceId,
        refreshRate: grantedRefreshRate(asked.RefreshRate, hub.limits.minimumRefreshRateMs),
        tag: asked.Tag,
        instruments,
        list: prices.list,
        fieldGroups: prices.fieldGroups,
        amount: prices.amount,
        now: Date.now(),
      });
      hub.subscribe(user.userKey, asked.ContextId, subscription, asked.ReplaceReferenceId);
      const snapshot = subscription.snapshot(new TickMemo(market, market.now()));
      return reply.status(201).send(createdAnswer(asked, subscription, snapshot));
    });
    registerUnsubscribeRoutes(app, context, trading, base, kind);
  }

  app.put('/streamingws/authorize', async (request, reply) => {
    const claims = context.auth.claimsOf(request);
    const token = /^Bearer +(\S+)/i.exec(request.headers.authorization ?? '')?.[1];
    if (!claims || token === undefined) throw notFound();
    const contextId = new QueryReader(request.query).string('contextId');
    if (contextId === undefined) throw badParameter('contextId', 'contextId is required.');
    hub.authorize(ownerOf(request, context), contextIdOf(contextId, 'contextId'), token, claims.exp * 1000, claims.sid);
    return reply.status(202).send();
  });
}
