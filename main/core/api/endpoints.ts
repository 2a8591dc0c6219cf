/**
 * The service's endpoints as the IPC contract names them: one function per channel that reads
 * the service, taking that channel's parsed argument (the output of the contract's schema) and
 * answering its result type, so there is no second, hand-written parameter type to keep in step.
 * The dispatcher's handlers for these channels are derived from this table (ipc/endpointHandlers);
 * a channel has a handler of its own only where it adds behaviour (a cache). Adding an endpoint
 * is a contract entry plus a function here.
 */
import type { ChannelName, ParsedArgOf, ResultOf } from '../../../contract/channels';
import { accountEndpoints } from './accounts';
import { corporateActionEndpoints } from './corporateActions';
import type { HttpClient, RequestOptions } from './http';
import { instrumentEndpoints } from './instruments';
import { referenceEndpoints } from './reference';

/** Reads the service for channel `C`: its parsed argument in, its result out. */
export type Endpoint<C extends ChannelName> = (
  http: HttpClient,
  arg: ParsedArgOf<C>,
  options?: RequestOptions,
) => Promise<ResultOf<C>>;

/** Endpoint functions keyed by their channels. */
export type EndpointTable<C extends ChannelName> = { readonly [K in C]: Endpoint<K> };

/** Every channel that reads the service, with its endpoint function. */
export const endpoints = {
  ...instrumentEndpoints,
  ...referenceEndpoints,
  ...corporateActionEndpoints,
  ...accountEndpoints,
} as const;

/** The channels answered by one call of the service. */
export type EndpointChannel = keyof typeof endpoints;
