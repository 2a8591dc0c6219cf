import { describe, expect, it } from 'vitest';
import { ServiceCallError } from '../../main/core/api/errors';
import { appendQuery, isUnderBase, queryOf, resolveUrl, segment } from '../../main/core/api/query';

const BASE = 'http://127.0.0.1:4000/openapi';
const queryString = (query: Parameters<typeof appendQuery>[1]) =>
  decodeURIComponent(appendQuery(new URL(`${BASE}/ref/v1/instruments`), query).search);

describe('query serialization', () => {
  it('writes arrays as one comma-separated parameter, dates as yyyy-mm-dd and booleans as words', () => {
    expect(
      queryString({
        AssetTypes: ['FxSpot', 'Stock'],
        Uics: [12, 22, 23],
        FromExDate: new Date(Date.UTC(2026, 2, 5, 15, 30)),
        ExpiryDates: [new Date(Date.UTC(2026, 5, 19)), '2026-07-17'],
        IncludeNonTradable: false,
        $top: 50,
        $skip: 0,
        $inlinecount: 'AllPages',
      }),
    ).toBe(
      '?AssetTypes=FxSpot,Stock&Uics=12,22,23&FromExDate=2026-03-05&ExpiryDates=2026-06-19,2026-07-17' +
        '&IncludeNonTradable=false&$top=50&$skip=0&$inlinecount=AllPages',
    );
  });

  it('sends nothing for unset values and empty arrays', () => {
    expect(queryString({ Keywords: undefined, AccountKey: null, AssetTypes: [] })).toBe('');
  });

  it('encodes keywords with spaces and reserved characters', () => {
    const url = appendQuery(new URL(`${BASE}/x`), { Keywords: 'a&b c=d' });
    expect(url.searchParams.get('Keywords')).toBe('a&b c=d');
    expect(url.search).not.toContain('&b');
  });

  it('splits route parameters from the query', () => {
    expect(
      queryOf({ Uic: 21, AssetType: 'FxSpot', FieldGroups: ['OrderSetting'] }, 'Uic', 'AssetType'),
    ).toEqual({
      FieldGroups: ['OrderSetting'],
    });
  });
});

describe('URL resolution', () => {
  it('resolves base-relative, origin-relative and absolute links to the same place', () => {
    const expected = `${BASE}/ref/v1/instruments?$skip=50&$top=50`;
    expect(resolveUrl(BASE, 'ref/v1/instruments?$skip=50&$top=50').toString()).toBe(expected);
    expect(resolveUrl(BASE, '/openapi/ref/v1/instruments?$skip=50&$top=50').toString()).toBe(expected);
    expect(resolveUrl(`${BASE}/`, '/ref/v1/instruments?$skip=50&$top=50').toString()).toBe(expected);
    expect(resolveUrl(BASE, expected).toString()).toBe(expected);
  });

  it('tells links under the base from links elsewhere (where the token must never go)', () => {
    expect(isUnderBase(BASE, new URL(`${BASE}/ref/v1/countries`))).toBe(true);
    expect(isUnderBase(BASE, new URL('http://127.0.0.1:4000/auth/token'))).toBe(false);
    expect(isUnderBase(BASE, new URL('http://127.0.0.1:4000/openapix/ref'))).toBe(false);
    expect(isUnderBase(BASE, new URL('http://evil.example/openapi/ref/v1/countries'))).toBe(false);
  });

  it('encodes route segments and refuses ones that would climb the path', () => {
    expect(segment('a/b?c')).toBe('a%2Fb%3Fc');
    expect(segment(21)).toBe('21');
    for (const climbing of ['..', '.', '%2e%2E', '']) {
      expect(() => segment(climbing)).toThrow(ServiceCallError);
    }
  });
});
