/**
 * `__next` links of the simulator's feeds: a plain request path is put after the origin as it
 * is, and the result is the link a URL object on the origin makes (the way every link was
 * made before), for request targets as clients and attackers send them.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nextPageUrl } from '../../main/simulator/http/feed';

const ORIGIN = 'http://127.0.0.1:4321';
const window = { skip: 20, top: 10 };

/** The link as a URL object on the origin makes it, with the path and query set as parts. */
function linkOfUrlObject(target: string): string {
  const url = new URL(ORIGIN);
  const queryStart = target.indexOf('?');
  url.pathname = queryStart < 0 ? target : target.slice(0, queryStart);
  url.search = queryStart < 0 ? '' : target.slice(queryStart);
  url.searchParams.set('$skip', String(window.skip + window.top));
  url.searchParams.set('$top', String(window.top));
  return url.toString();
}

const link = (target: string) => nextPageUrl(ORIGIN, { url: target } as FastifyRequest, window);

describe('next-page links', () => {
  const targets = [
    '/openapi/ref/v1/instruments?Keywords=apple&AssetTypes=Stock,Etf',
    '/openapi/ref/v1/instruments?Keywords=brk%20b&$top=10&$skip=10',
    '/openapi/ref/v1/instruments?Keywords=eur usd&$skip=5',
    '/openapi/ref/v1/instruments?Keywords=a+b&Keywords=c&x=%zz&y="q"&z=\'&w=<>',
    // A search typed with accents arrives as the request line's bytes, one character each.
    '/openapi/ref/v1/instruments?Keywords=SociÃ©tÃ©',
    '/openapi/ca/v2/events/',
    '/openapi/ref/v1/instruments?',
    '/openapi/ref/v1/instruments',
    '/openapi/ref/v1/inst%72uments?Keywords=%E2%82%AC',
    '/openapi/ref/v1/a b/"c"?Keywords=x',
    '/openapi/./ref/../ref/v1/instruments?Keywords=x',
    '/openapi/%2e%2e/ref/v1/instruments?Keywords=x',
    '/openapi/ref/%2E/v1/.%2e/instruments?Keywords=x',
    "/openapi/ref/v1/it's(*)!;=:@~?Keywords=x",
    '/openapi\\ref\\v1\\instruments?Keywords=x',
    '//other.example/steal?Keywords=x',
    '/openapi//ref/v1/instruments?Keywords=x',
    '/openapi/ref/v1/instruments#frag?Keywords=x',
  ];

  it.each(targets)('links %s as a URL object on the origin would', (target) => {
    expect(link(target)).toBe(linkOfUrlObject(target));
  });

  it('keeps every link on the simulator, whatever the request target', () => {
    for (const target of targets) expect(new URL(link(target)).origin).toBe(ORIGIN);
    expect(link('//other.example/steal?Keywords=x')).toBe(
      `${ORIGIN}//other.example/steal?Keywords=x&%24skip=30&%24top=10`,
    );
  });
});
