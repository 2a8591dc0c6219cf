/**
 * The corporate action endpoints (spec 4.10, 4.11, and the lookup data of platform facts
 * section 1), keyed by their channels.
 */
import type { EndpointTable } from './endpoints';
import { queryOf, segment } from './query';

type CorporateActionChannel = 'corporateActions:events' | 'corporateActions:event' | 'corporateActions:lookupData';

export const corporateActionEndpoints: EndpointTable<CorporateActionChannel> = {
  /** GET /ca/v2/events: a filtered page of corporate action events, dates written yyyy-mm-dd (spec 4.10). */
  'corporateActions:events': (http, arg, options) =>
    http.getJson('ca/v2/events', queryOf(arg ?? {}), options),

  /** GET /ca/v2/events/{EventId}: one event with holdings and elections (spec 4.11). */
  'corporateActions:event': (http, arg, options) =>
    http.getJson(`ca/v2/events/${segment(arg.EventId)}`, queryOf(arg, 'EventId'), options),

  /** GET /ca/v2/events/lookupdata?FieldGroups=All: the codes and names of every filter's list (platform facts section 1). */
  'corporateActions:lookupData': (http, _arg, options) =>
    http.getJson('ca/v2/events/lookupdata', { FieldGroups: 'All' }, options),
};
