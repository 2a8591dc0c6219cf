/**
 * Handlers derived from the endpoint table (api/endpoints.ts) instead of written one by one:
 * every endpoint channel forwards its parsed argument to its endpoint function, with the
 * renderer's cancellation signal going down to the HTTP request. A channel whose answers are
 * cached gets `cachedEndpoint` from its feature's register file instead.
 */
import { endpoints, type EndpointChannel } from '../api/endpoints';
import type { HttpClient } from '../api/http';
import type { ReadCache } from '../api/readCache';
import type { IpcCallContext, IpcHandlers } from './dispatcher';

type EndpointHandlers = Pick<IpcHandlers, EndpointChannel>;

/** A handler for every endpoint channel, calling its endpoint function over `http`. */
export function endpointHandlers(http: HttpClient): EndpointHandlers {
  const handlers: Record<string, (arg: never, context: IpcCallContext) => Promise<unknown>> = {};
  for (const [channel, endpoint] of Object.entries(endpoints)) {
    const call = endpoint as (
      http: HttpClient,
      arg: unknown,
      options: { signal: AbortSignal },
    ) => Promise<unknown>;
    handlers[channel] = (arg, { signal }) => call(http, arg, { signal });
  }
  return handlers as unknown as EndpointHandlers;
}

/** Endpoint channels whose argument has a `refresh` switch. */
type RefreshableChannel = {
  [C in EndpointChannel]: undefined extends Parameters<IpcHandlers[C]>[0]
    ? 'refresh' extends keyof NonNullable<Parameters<IpcHandlers[C]>[0]>
      ? C
      : never
    : 'refresh' extends keyof Parameters<IpcHandlers[C]>[0]
      ? C
      : never;
}[EndpointChannel];

/**
 * The handler of an endpoint channel whose answers `cache` keeps: served from the cache unless the
 * argument says `refresh: true`, which reads the service again and replaces the cached answer.
 */
export function cachedEndpoint<C extends RefreshableChannel>(
  http: HttpClient,
  cache: ReadCache,
  channel: C,
): IpcHandlers[C] {
  const endpoint = endpoints[channel] as unknown as (
    http: HttpClient,
    arg: unknown,
    options: { signal: AbortSignal },
  ) => Promise<object>;
  const handler = (arg: { refresh?: boolean } | undefined, { signal }: IpcCallContext) => {
    const { refresh, ...rest } = arg ?? {};
    return cache.read(channel, rest, refresh === true, () => endpoint(http, arg, { signal }));
  };
  return handler as unknown as IpcHandlers[C];
}
