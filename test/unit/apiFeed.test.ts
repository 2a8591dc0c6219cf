import { describe, expect, it } from 'vitest';
import { feedItems, readWholeFeed } from '../../main/core/api/feed';
import { mockService } from '../support/mockService';

const BASE = 'http://service.test/openapi';

const fakeService = (answer: (url: URL) => unknown) => mockService(answer, BASE);

/** A feed of `total` numbered items paged by $top/$skip, linking the next page as `link(skip, top)`. */
function pagedNumbers(total: number, link?: (skip: number, top: number) => string) {
  return (url: URL) => {
    const top = Number(url.searchParams.get('$top') ?? 10);
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const data = Array.from({ length: Math.max(0, Math.min(top, total - skip)) }, (_, i) => skip + i);
    const more = skip + data.length < total;
    return { __count: total, Data: data, ...(more && link ? { __next: link(skip + top, top) } : {}) };
  };
}

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('feed paging', () => {
  it('follows absolute __next links to the end, each item once', async () => {
    const { http, requested } = fakeService(
      pagedNumbers(25, (s, t) => `${BASE}/ref/v1/items?$skip=${s}&$top=${t}`),
    );
    const items = await collect(
      feedItems<number>(http, 'ref/v1/items', { Keywords: 'x' }, { maxItems: 1000, pageSize: 10 }),
    );
    expect(items).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(requested).toEqual([
      '/openapi/ref/v1/items?Keywords=x&$top=10',
      '/openapi/ref/v1/items?$skip=10&$top=10',
      '/openapi/ref/v1/items?$skip=20&$top=10',
    ]);
  });

  it('follows origin-relative __next links', async () => {
    const { http } = fakeService(pagedNumbers(12, (s, t) => `/openapi/ref/v1/items?$skip=${s}&$top=${t}`));
    expect(
      await collect(feedItems<number>(http, 'ref/v1/items', {}, { maxItems: 100, pageSize: 5 })),
    ).toHaveLength(12);
  });

  it('pages with $skip when the service reports __count but no link', async () => {
    const { http, requested } = fakeService(pagedNumbers(7));
    expect(
      await collect(feedItems<number>(http, 'ref/v1/items', {}, { maxItems: 100, pageSize: 3 })),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(requested.slice(1)).toEqual([
      '/openapi/ref/v1/items?$skip=3&$top=3',
      '/openapi/ref/v1/items?$skip=6&$top=3',
    ]);
  });

  it('stops at the cap and says the feed was cut short', async () => {
    const { http, requested } = fakeService(
      pagedNumbers(1_000_000, (s, t) => `${BASE}/ref/v1/items?$skip=${s}&$top=${t}`),
    );
    const feed = await readWholeFeed<number>(http, 'ref/v1/items', {}, { maxItems: 25, pageSize: 10 });
    expect(feed.Data).toHaveLength(25);
    expect(feed.MaxRows).toBe(25);
    expect(feed.__count).toBe(1_000_000);
    expect(requested).toHaveLength(3);
  });

  it('stops at an empty page even if the service keeps linking', async () => {
    const { http } = fakeService(() => ({ Data: [], __next: `${BASE}/ref/v1/items?$skip=0` }));
    expect(await collect(feedItems(http, 'ref/v1/items', {}, { maxItems: 10 }))).toEqual([]);
  });

  it('refuses a link that comes round again instead of paging forever', async () => {
    const { http } = fakeService(() => ({ Data: [1], __next: `${BASE}/ref/v1/items?$skip=1` }));
    await expect(collect(feedItems(http, 'ref/v1/items', {}, { maxItems: 1000 }))).rejects.toMatchObject({
      code: 'FeedLoop',
    });
  });

  it('never follows a link off the service (the bearer token would go with it)', async () => {
    const { http, requested } = fakeService(() => ({
      Data: [1],
      __next: 'http://evil.example/openapi/steal',
    }));
    await expect(collect(feedItems(http, 'ref/v1/items', {}, { maxItems: 1000 }))).rejects.toMatchObject({
      kind: 'protocol',
      code: 'ForeignLink',
    });
    expect(requested).toHaveLength(1);
  });
});
