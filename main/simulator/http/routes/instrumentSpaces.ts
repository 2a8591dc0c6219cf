/**
 * Option spaces (spec 4.4) and futures spaces (spec 4.5). Days to expiry are counted at
 * request time from the simulated day (context.simulatedNow); SpecificOptions appear only on the expiries the
 * OptionSpaceSegment selects.
 */
import type { FastifyInstance } from 'fastify';
import { optionSpaceSegments, tradingStatuses } from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import type { OptionExpiryRecord, ReferenceStore } from '../../data/instruments/store';
import { notFound, ServiceError } from '../errors';
import { QueryReader } from '../query';
import { routeInteger } from './instrumentParameters';

const DAY_MS = 86_400_000;

/** Whole days from the UTC date of `now` to the UTC date of `when` (negative once past). */
function daysUntil(now: Date, when: string): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const target = new Date(when.length === 10 ? `${when}T00:00:00Z` : when);
  const day = Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), target.getUTCDate());
  return Math.round((day - today) / DAY_MS);
}

/** Which listed expiries a segment selects for SpecificOptions. */
function selectedExpiries(
  segment: (typeof optionSpaceSegments)[number],
  expiries: readonly OptionExpiryRecord[],
  expiryDates: readonly string[] | undefined,
  underlyingUic: number | undefined,
): Set<string> {
  switch (segment) {
    case 'AllDates':
      return new Set(expiries.map((entry) => entry.expiry));
    case 'DefaultDates':
      return new Set(expiries.slice(0, 3).map((entry) => entry.expiry));
    case 'SpecificDates': {
      const wanted = new Set(expiryDates);
      return new Set(expiries.filter((entry) => wanted.has(entry.expiry)).map((entry) => entry.expiry));
    }
    case 'UnderlyingUic':
      return new Set(
        expiries.filter((entry) => entry.underlying_uic === underlyingUic).map((entry) => entry.expiry),
      );
    default:
      return new Set();
  }
}

interface OptionSpaceParams {
  OptionRootId: string;
}

interface FuturesSpaceParams {
  ContinuousFuturesUic: string;
}

/** Registers the option space and futures space routes. */
export function registerInstrumentSpacesRoutes(
  app: FastifyInstance,
  context: SimulatorContext,
  store: ReferenceStore,
): void {
  app.get<{ Params: OptionSpaceParams }>(
    '/ref/v1/instruments/contractoptionspaces/:OptionRootId',
    async (request) => {
      const rootId = routeInteger('OptionRootId', request.params.OptionRootId, 'InvalidOptionRootId');
      const query = new QueryReader(request.query);
      const segment = query.enumValue('OptionSpaceSegment', optionSpaceSegments) ?? 'None';
      const expiryDates = query.dateList('ExpiryDates')?.map((date) => date.toISOString().slice(0, 10));
      const underlyingUic = query.integer('UnderlyingUic', { min: 0, max: 2_147_483_647 });
      const statuses = query.enumList('TradingStatus', tradingStatuses);
      const multiLeg = query.boolean('CanParticipateInMultiLegOrder');
      query.string('ClientKey');
      if (segment === 'SpecificDates' && !expiryDates) {
        throw new ServiceError(
          400,
          'ExpiryDatesMustBeSet',
          'ExpiryDates must be set when OptionSpaceSegment is SpecificDates.',
          {
            ExpiryDates: ['Required when OptionSpaceSegment is SpecificDates.'],
          },
        );
      }
      if (segment === 'UnderlyingUic' && underlyingUic === undefined) {
        throw new ServiceError(
          400,
          'UnderlyingUICMustBeSet',
          'UnderlyingUic must be set when OptionSpaceSegment is UnderlyingUic.',
          {
            UnderlyingUic: ['Required when OptionSpaceSegment is UnderlyingUic.'],
          },
        );
      }
      const root = store.optionRoot(rootId);
      if (!root || (multiLeg !== undefined && (root.can_multi_leg === 1) !== multiLeg)) {
        throw notFound(`No option root with id ${rootId}.`);
      }

      const now = context.simulatedNow();
      const expiries = store.expiries(rootId);
      const selected = selectedExpiries(segment, expiries, expiryDates, underlyingUic);
      const wantedStatus = statuses ? new Set<string>(statuses) : undefined;
      const optionSpace = expiries.map((entry) => {
        const element: Record<string, unknown> = {
          DisplayDaysToExpiry: daysUntil(now, entry.expiry),
          DisplayDaysToLastTradeDate: daysUntil(now, entry.last_trade),
          DisplayExpiry: `${entry.display_expiry}T00:00:00Z`,
          Expiry: `${entry.expiry}T00:00:00Z`,
          LastTradeDate: entry.last_trade,
        };
        if (selected.has(entry.expiry)) {
          element.SpecificOptions = store
            .optionsOfExpiry(rootId, entry.expiry)
            .filter((option) => !wantedStatus || wantedStatus.has(option.trading_status))
            .map((option) => ({
              PutCall: option.put_call,
              StrikePrice: option.strike,
              TradingStatus: option.trading_status,
              Uic: option.uic,
              UnderlyingUic: option.underlying_uic,
            }));
        }
        return element;
      });
      return { ...(JSON.parse(root.details) as Record<string, unknown>), OptionSpace: optionSpace };
    },
  );

  app.get<{ Params: FuturesSpaceParams }>(
    '/ref/v1/instruments/futuresspaces/:ContinuousFuturesUic',
    async (request) => {
      const uic = routeInteger(
        'ContinuousFuturesUic',
        request.params.ContinuousFuturesUic,
        'InvalidContinuousFuturesUic',
      );
      const baseIdentifier = store.futuresSpace(uic);
      if (baseIdentifier === undefined) {
        if (!store.hasUic(uic)) throw notFound(`No instrument with Uic ${uic}.`);
        throw new ServiceError(
          400,
          'InvalidContinuousFuturesUic',
          `Uic ${uic} is not a continuous futures instrument.`,
          {
            ContinuousFuturesUic: ['Not a continuous futures uic.'],
          },
        );
      }
      const now = context.simulatedNow();
      const elements = store
        .futuresElements(uic)
        .map((element) => ({
          DaysToExpiry: daysUntil(now, element.expiry),
          ExpiryDate: `${element.expiry}T00:00:00Z`,
          Symbol: element.symbol,
          Uic: element.uic,
        }))
        .filter((element) => element.DaysToExpiry >= 0);
      return { BaseIdentifier: baseIdentifier, Elements: elements };
    },
  );
}
