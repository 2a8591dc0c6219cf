/**
 * Time zones (spec 4.8) and trading schedules (spec 4.6) under /ref/v1.
 */
import type { Statement } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { assetTypes } from '../../../../contract/wire/types';
import { SCHEDULE_DAYS, scheduleExchangeFor, tradingSessionsFor } from '../../calendar/tradingSessions';
import type { SimulatorContext } from '../../context';
import { timeZoneDetailsAt } from '../../data/reference/timezones';
import { badParameter, notFound } from '../errors';
import { wholeFeed } from '../feed';

interface ScheduleParams {
  Uic: string;
  AssetType: string;
}

interface InstrumentVenue {
  mic: string | null;
  exchange_id: string | null;
}

const UIC_PATTERN = /^\d{1,10}$/;
/** The spec's `Futures` is the platform's `ContractFutures`; both are accepted. */
const ASSET_TYPE_ALIASES: Readonly<Record<string, string>> = { futures: 'ContractFutures' };

/** The canonical asset type of a route value, or a 400 InvalidAssetType. */
function canonicalAssetType(raw: string): string {
  const lower = raw.toLowerCase();
  const alias = ASSET_TYPE_ALIASES[lower];
  if (alias) return alias;
  const match = assetTypes.find((assetType) => assetType.toLowerCase() === lower);
  if (!match) {
    throw badParameter(
      'AssetType',
      `AssetType has an unknown value "${raw.slice(0, 60)}".`,
      'InvalidAssetType',
    );
  }
  return match;
}

/** Looks an instrument's venue up; a universe without instruments finds none. */
function venueLookup(
  context: SimulatorContext,
): (uic: number, assetType: string) => InstrumentVenue | undefined {
  let statement: Statement<[number, string], InstrumentVenue> | undefined;
  const hasInstruments = () =>
    context.universe.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'instruments'")
      .get() !== undefined;
  return (uic, assetType) => {
    if (!statement) {
      if (!hasInstruments()) return undefined;
      statement = context.universe.db.prepare(
        'SELECT mic, exchange_id FROM instruments WHERE uic = ? AND asset_type = ?',
      );
    }
    return statement.get(uic, assetType);
  };
}

/** Registers GET /ref/v1/timezones and GET /ref/v1/instruments/tradingschedule/{Uic}/{AssetType}. */
export function registerTradingScheduleRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const findVenue = venueLookup(context);

  app.get('/ref/v1/timezones', async () => wholeFeed(timeZoneDetailsAt(context.simulatedNow())));

  app.get<{ Params: ScheduleParams }>(
    '/ref/v1/instruments/tradingschedule/:Uic/:AssetType',
    async (request) => {
      const { Uic, AssetType } = request.params;
      if (!UIC_PATTERN.test(Uic))
        throw badParameter('Uic', `Uic must be a whole number (got "${Uic.slice(0, 40)}").`);
      const assetType = canonicalAssetType(AssetType);
      const venue = findVenue(Number(Uic), assetType);
      if (!venue) throw notFound(`No instrument with Uic ${Uic} and AssetType ${assetType}.`);
      const exchangeId = scheduleExchangeFor(venue.exchange_id, venue.mic);
      return tradingSessionsFor(exchangeId, context.simulatedNow(), SCHEDULE_DAYS);
    },
  );
}
