import { describe, expect, it } from 'vitest';
import { createReadCaches } from '../../main/core/api/readCache';
import type { IpcHandlers } from '../../main/core/ipc/dispatcher';
import { registerInstrumentsIpc } from '../../main/core/ipc/registerInstrumentsIpc';
import { registerReferenceIpc } from '../../main/core/ipc/registerReferenceIpc';
import { mockService } from '../support/mockService';

const context = { signal: new AbortController().signal };

/** The cached channels' handlers over a fake service that answers `answer(url)` and records what was asked. */
function cachedChannels(
  answer: (url: URL) => unknown,
  options: { detailsCapacity?: number; scope?: () => string } = {},
) {
  const { http, requested } = mockService(answer);
  const caches = createReadCaches(options.scope ?? (() => 'embedded|17340521'), {
    ...(options.detailsCapacity ? { detailsCapacity: options.detailsCapacity } : {}),
  });
  const handlers: Pick<
    IpcHandlers,
    'instruments:details' | 'reference:countries' | 'reference:currencyPairs'
  > = {
    ...registerInstrumentsIpc({ http, caches }),
    ...registerReferenceIpc({ http, caches }),
  };
  return { handlers, requested };
}

describe('cached reads in main', () => {
  const countries = { Data: [{ A3: 'DNK', CountryCode: 'DK', Name: 'Denmark', Numeric: 208 }], __count: 1 };

  it('reads reference lists once per scope until refreshed, and never sends the refresh switch', async () => {
    let scope = 'embedded|17340521';
    const { handlers, requested } = cachedChannels(() => countries, { scope: () => scope });
    await handlers['reference:countries'](undefined, context);
    expect((await handlers['reference:countries'](undefined, context)).Data[0]?.Name).toBe('Denmark');
    expect(requested).toEqual(['/openapi/ref/v1/countries']);
    await handlers['reference:countries']({ refresh: true }, context);
    expect(requested).toEqual(['/openapi/ref/v1/countries', '/openapi/ref/v1/countries']);
    scope = 'remote-uat|17340521';
    await handlers['reference:countries'](undefined, context);
    expect(requested).toHaveLength(3);
  });

  it('keys currency pairs by their account and client', async () => {
    const { handlers, requested } = cachedChannels(() => ({ Data: [] }));
    await handlers['reference:currencyPairs']({ AccountKey: 'a1' }, context);
    await handlers['reference:currencyPairs']({ AccountKey: 'a1', refresh: false }, context);
    await handlers['reference:currencyPairs']({ AccountKey: 'a2' }, context);
    expect(requested).toEqual([
      '/openapi/ref/v1/currencypairs?AccountKey=a1',
      '/openapi/ref/v1/currencypairs?AccountKey=a2',
    ]);
  });

  it('keeps instrument details in an LRU that evicts the least recently used', async () => {
    const { handlers, requested } = cachedChannels(
      (url) => ({ Uic: Number(url.pathname.split('/').at(-2)) }),
      {
        detailsCapacity: 2,
      },
    );
    const details = (Uic: number, refresh?: boolean) =>
      handlers['instruments:details']({ Uic, AssetType: 'Stock', ...(refresh ? { refresh } : {}) }, context);
    await details(1);
    await details(2);
    await details(1);
    await details(3);
    expect(requested).toHaveLength(3);
    await details(1);
    expect(requested).toHaveLength(3);
    await details(2);
    expect(requested).toHaveLength(4);
    expect(await details(2, true)).toEqual({ Uic: 2 });
    expect(requested.at(-1)).toBe('/openapi/ref/v1/instruments/details/2/Stock');
  });
});
