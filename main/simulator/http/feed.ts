/**
 * Feed envelopes `{__count, __next, Data, MaxRows}` of spec section 1, with `__next` as an
 * absolute URL on the same base (the real platform's samples fetch it directly).
 */
import type { FastifyRequest } from 'fastify';
import type { Feed } from '../../../contract/wire/types';

export interface PageWindow {
  top: number;
  skip: number;
}

/** Absolute URL of the request with `$skip`/`$top` replaced, for `__next`. */
export function nextPageUrl(request: FastifyRequest, window: PageWindow): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('$skip', String(window.skip + window.top));
  url.searchParams.set('$top', String(window.top));
  return url.toString();
}

/** Wraps one page of items in a feed; `__next` only when more items exist after this page. */
export function pageFeed<T>(
  request: FastifyRequest,
  page: T[],
  total: number,
  window: PageWindow,
  maxRows?: number,
): Feed<T> {
  const feed: Feed<T> = { __count: total, Data: page };
  if (window.skip + page.length < total && page.length > 0) feed.__next = nextPageUrl(request, window);
  if (maxRows !== undefined) feed.MaxRows = maxRows;
  return feed;
}

/** A whole list as one feed (reference lists that the service does not page). */
export function wholeFeed<T>(items: T[]): Feed<T> {
  return { __count: items.length, Data: items };
}
