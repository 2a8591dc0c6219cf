/**
 * Corporate action events under /ca/v2 (spec 4.10, 4.11): the filtered list of the events the
 * caller's accounts holds, and one event; the lookup data of the list's filters has its own module.
 * Responses are assembled as JSON text from the stored bodies (data/corporateActions/read.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimulatorContext } from '../../context';
import { EVENT_STATES, encode } from '../../data/corporateActions/codes';
import { eventInScope, listEvents } from '../../data/corporateActions/query';
import { eventJsonTexts, eventState } from '../../data/corporateActions/read';
import { scopeIdOf } from '../../data/accounts/ownership';
import { notFound } from '../errors';
import { nextPageUrl } from '../feed';
import { QueryReader } from '../query';
import { requestUser } from '../requestUser';
import { eventStateCodes, readEventListFilter } from './corporateActionParameters';
import { registerCorporateActionLookupRoute } from './corporateActionLookup';
import { resolveEventScope } from './corporateActionScope';

/** States searched by the single-event read when EventStates is omitted: a cancelled event is not found. */
const DEFAULT_SINGLE_EVENT_STATES = (['Approved', 'Confirmed', 'Preliminary', 'Withdrawn'] as const).map(
  (state) => encode(EVENT_STATES, state),
);
const EVENT_ID_PATTERN = /^\d{1,15}$/;

function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Registers GET /ca/v2/events, /ca/v2/events/lookupdata and /ca/v2/events/{EventId} on the API scope. */
export function registerCorporateActionsRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const db = context.universe.db;
  registerCorporateActionLookupRoute(app);

  app.get('/ca/v2/events', async (request, reply) => {
    const user = requestUser(request, context);
    const query = new QueryReader(request.query);
    const includeSubAccounts = query.boolean('IncludeSubAccounts') ?? false;
    const scope = resolveEventScope(db, user, query, includeSubAccounts);
    const filter = readEventListFilter(query, scope.scopeId ?? -1);
    const { rows, total } = listEvents(db, filter);
    const texts = eventJsonTexts(db, rows, scope.shape);
    const more = rows.length > 0 && filter.skip + rows.length < total;
    const next = more
      ? `"__next":${JSON.stringify(nextPageUrl(context.origin(), request, { top: filter.top, skip: filter.skip }))},`
      : '';
    return sendJson(reply, `{"__count":${total},${next}"Data":[${texts.join(',')}]}`);
  });

  app.get<{ Params: { EventId: string } }>('/ca/v2/events/:EventId', async (request, reply) => {
    const user = requestUser(request, context);
    const query = new QueryReader(request.query);
    const includeSubAccounts = query.boolean('IncludeSubAccounts') ?? false;
    const states = eventStateCodes(query) ?? DEFAULT_SINGLE_EVENT_STATES;
    const scope = resolveEventScope(db, user, query, includeSubAccounts);
    const { EventId: raw } = request.params;
    const missing = notFound(`No corporate action event with EventId "${raw.slice(0, 40)}".`);
    if (!EVENT_ID_PATTERN.test(raw)) throw missing;
    const eventId = Number(raw);
    const state = eventState(db, eventId);
    // Visible when some account of the caller's own client tree holds the event.
    const ownTree = scopeIdOf(db, 'T', user.clientId);
    if (
      state === undefined ||
      !states.includes(state) ||
      ownTree === undefined ||
      !eventInScope(db, ownTree, eventId)
    )
      throw missing;
    const row = (scope.scopeId !== undefined ? eventInScope(db, scope.scopeId, eventId) : undefined) ?? {
      event_id: eventId,
      affected: 0,
      eligible: 0,
      election: 0,
    };
    const [text] = eventJsonTexts(db, [row], scope.shape);
    return sendJson(reply, text!);
  });
}
