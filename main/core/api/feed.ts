/**
 * Reading a whole feed across pages. The service links the next page with `__next` (absolute,
 * or relative to the base); where it reports `__count` without a link, pages are requested
 * with `$top`/`$skip`. Iteration stops at the end, at an empty page, or at a cap on the total
 * number of items, so a misbehaving server can never keep it going forever.
 */
import { ServiceCallError } from './errors';
import type { HttpClient, RequestOptions } from './http';
import type { Query } from './query';
import type { Feed } from '../../../contract/wire/types';

export interface FeedReadOptions extends RequestOptions {
  /** Stop after this many items, whatever the service says is left. */
  maxItems: number;
  /** `$top` of each page request; the service's default page size when unset. */
  pageSize?: number;
}

/** What one page told about the whole feed (the last page read). */
export interface FeedProgress {
  /** The service's total, when it reported one. */
  count?: number;
  /** True when iteration stopped at `maxItems` while the service had more. */
  truncated: boolean;
}

/**
 * Yields every item of the feed at `path`, page by page. `query` is the first page's query
 * (without `$top`/`$skip`, which this helper manages); `progress` is updated as pages arrive.
 */
export async function* feedItems<T>(
  http: HttpClient,
  path: string,
  query: Query,
  options: FeedReadOptions,
  progress: FeedProgress = { truncated: false },
): AsyncGenerator<T, void, undefined> {
  const { maxItems, pageSize, ...requestOptions } = options;
  const startSkip = typeof query.$skip === 'number' ? query.$skip : 0;
  let feed = await http.getJson<Feed<T>>(path, { ...query, $top: pageSize ?? query.$top }, requestOptions);
  let yielded = 0;
  let skip = startSkip;
  const visited = new Set<string>();
  for (;;) {
    if (!Array.isArray(feed?.Data)) {
      throw new ServiceCallError('protocol', 'The service answered a feed without Data.', {
        code: 'MalformedResponse',
      });
    }
    if (typeof feed.__count === 'number') progress.count = feed.__count;
    for (const item of feed.Data) {
      if (yielded >= maxItems) break;
      yielded += 1;
      yield item;
    }
    skip += feed.Data.length;
    const next = feed.__next;
    const moreBySkip = typeof feed.__count === 'number' && skip < feed.__count;
    if (feed.Data.length === 0) return;
    if (yielded >= maxItems) {
      // Cut short if this page had items left over, or the service has further pages.
      progress.truncated = skip - startSkip > yielded || Boolean(next) || moreBySkip;
      return;
    }
    if (next) {
      // A link that comes round again would page forever.
      if (visited.has(next))
        throw new ServiceCallError('protocol', 'The service linked a page twice.', { code: 'FeedLoop' });
      visited.add(next);
      feed = await http.getJson<Feed<T>>(next, undefined, requestOptions);
    } else if (moreBySkip) {
      feed = await http.getJson<Feed<T>>(
        path,
        { ...query, $skip: skip, $top: pageSize ?? query.$top },
        requestOptions,
      );
    } else {
      return;
    }
  }
}

/**
 * Reads the whole feed into one feed value: every item in `Data`, `__count` as the service
 * reported it, no `__next`; `MaxRows` set to `maxItems` when the cap cut the feed short.
 */
export async function readWholeFeed<T>(
  http: HttpClient,
  path: string,
  query: Query,
  options: FeedReadOptions,
): Promise<Feed<T>> {
  const progress: FeedProgress = { truncated: false };
  const items: T[] = [];
  for await (const item of feedItems<T>(http, path, query, options, progress)) items.push(item);
  return {
    Data: items,
    ...(progress.count !== undefined ? { __count: progress.count } : {}),
    ...(progress.truncated ? { MaxRows: options.maxItems } : {}),
  };
}
