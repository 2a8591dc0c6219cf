/**
 * `GET /ca/v2/events/lookupdata?FieldGroups=All|AssetTypes|EventTypes|…` (platform facts section
 * 1): the codes and names a client offers in the event list's filters, taken from the code lists
 * the simulator's events are built from, so every listed value can match events and the names
 * are the ones the events carry (ISO 15022 event and option types).
 */
import type { FastifyInstance } from 'fastify';
import { eventLookupFieldGroups } from '../../../../contract/wire/enums';
import type { EventLookupData, LookupFieldGroup, LookupValue } from '../../../../contract/wire/types';
import {
  CORPORATE_ACTION_TYPES,
  ELECTION_STATUSES,
  EVENT_ASSET_TYPES,
  EVENT_CODES,
  EVENT_STATES,
  EVENT_STATUSES,
  eventType,
  OPTION_CODES,
  optionType,
} from '../../data/corporateActions/codes';
import { QueryReader } from '../query';

type GroupName = LookupFieldGroup['FieldGroup'];

/** Display names of the values that are words rather than codes. */
const NAMES: Record<string, string> = {
  Bond: 'Bond',
  Stock: 'Stock',
  Mandatory: 'Mandatory',
  Voluntary: 'Voluntary',
  Elected: 'Elected',
  NotElected: 'Not elected',
  PartialElected: 'Partially elected',
  Approved: 'Approved',
  Cancelled: 'Cancelled',
  Confirmed: 'Confirmed',
  Preliminary: 'Preliminary',
  Withdrawn: 'Withdrawn',
  Active: 'Active',
  Past: 'Past',
};

function named(values: readonly string[]): LookupValue[] {
  return values.filter((code) => code !== '').map((code) => ({ Code: code, Name: NAMES[code] ?? code }));
}

/** Every group, in the order the platform's enumeration lists them (alphabetical). */
function lookupGroups(): LookupFieldGroup[] {
  const groups: Record<GroupName, LookupValue[]> = {
    AssetTypes: named(EVENT_ASSET_TYPES),
    CorporateActionTypes: named(CORPORATE_ACTION_TYPES),
    ElectionStatuses: named(ELECTION_STATUSES),
    EventStates: named(EVENT_STATES),
    EventStatuses: named(EVENT_STATUSES),
    EventTypes: EVENT_CODES.map((code) => ({ Code: code, Name: eventType(code).Name ?? code })),
    OptionTypes: OPTION_CODES.map((code) => ({ Code: code, Name: optionType(code).Name ?? code })),
  };
  return eventLookupFieldGroups
    .filter((group) => group !== 'All')
    .map((group) => ({ FieldGroup: group, Values: groups[group] }));
}

/** Registers GET /ca/v2/events/lookupdata on the API scope. */
export function registerCorporateActionLookupRoute(app: FastifyInstance): void {
  const all = lookupGroups();
  app.get('/ca/v2/events/lookupdata', async (request): Promise<EventLookupData> => {
    const query = new QueryReader(request.query);
    // An absent FieldGroups asks for everything, as `All` does.
    const asked = new Set(query.enumList('FieldGroups', eventLookupFieldGroups) ?? ['All']);
    return { Data: asked.has('All') ? all : all.filter((group) => asked.has(group.FieldGroup)) };
  });
}
