/**
 * Feed envelopes `{__count, __next, Data, MaxRows}` of spec section 1, with `__next` as an
 * absolute URL on the same base (the real platform's samples fetch it directly). The base is the
 * address the simulator serves on, never the request's Host header: a forged or malformed Host
 * must neither be echoed into links a client follows nor break the answer.
 */
import type { FastifyRequest } from 'fastify';
import type { Feed } from '../../../contract/wire/types';

export interface PageWindow {
  top: number;
  skip: number;
}

/**
 * A path the URL parser keeps exactly as written: segments of characters it neither encodes
 * nor interprets (no dots, so no dot segments, not even spelled `%2e`; no backslashes; no empty
 * segments such as `//other.example`).
 */
const PLAIN_PATH = /^(?!.*%2e)(?:\/[a-z0-9\-_~!$&'()*+,;=:@%]+)+\/?$/i;

/**
 * Absolute URL of the request on `origin` (the simulator's own, e.g. `http://127.0.0.1:4321`)
 * with `$skip`/`$top` replaced, for `__next`. A plain path is put after the origin as it is;
 * any other is set as the path of a URL on the origin, so a request target such as
 * `//other.example/…` can never move the link to another host the way resolving it as a
 * relative URL would. The query is reserialized either way (URLSearchParams). Building a URL
 * object for every page was a fifth of a repeated search's time.
 */
export function nextPageUrl(origin: string, request: FastifyRequest, window: PageWindow): string {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const query = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
  query.set('$skip', String(window.skip + window.top));
  query.set('$top', String(window.top));
  if (PLAIN_PATH.test(path)) return `${origin}${path}?${query}`;
  const url = new URL(origin);
  url.pathname = path;
  url.search = query.toString();
  return url.toString();
}

/** Wraps one page of items in a feed; `__next` (on `origin`) only when more items exist after this page. */
export function pageFeed<T>(
  origin: string,
  request: FastifyRequest,
  page: T[],
  total: number,
  window: PageWindow,
  maxRows?: number,
): Feed<T> {
  const feed: Feed<T> = { __count: total, Data: page };
  if (window.skip + page.length < total && page.length > 0)
    feed.__next = nextPageUrl(origin, request, window);
  if (maxRows !== undefined) feed.MaxRows = maxRows;
  return feed;
}

/** A whole list as one feed (reference lists that the service does not page). */
export function wholeFeed<T>(items: T[]): Feed<T> {
  return { __count: items.length, Data: items };
}
