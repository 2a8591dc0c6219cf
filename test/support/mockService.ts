/**
 * The service faked in memory with undici's MockAgent, for unit tests of what main does with its
 * answers (paging, caches): every GET is answered with `answer(url)` as JSON, and the path and
 * query of each request are recorded in the order asked.
 */
import { MockAgent } from 'undici';
import { createHttpClient, type HttpClient } from '../../main/core/api/http';

export const MOCK_SERVICE_BASE = 'http://service.test/openapi';

export interface MockService {
  http: HttpClient;
  /** Path and query of every request, decoded, e.g. `/openapi/ref/v1/countries?$top=10`. */
  requested: string[];
}

/** An HTTP client whose requests `answer` answers. */
export function mockService(answer: (url: URL) => unknown, baseUrl = MOCK_SERVICE_BASE): MockService {
  const requested: string[] = [];
  const agent = new MockAgent();
  agent.disableNetConnect();
  const origin = new URL(baseUrl).origin;
  agent
    .get(origin)
    .intercept({ path: () => true, method: 'GET' })
    .reply(({ path }) => {
      const url = new URL(path, origin);
      requested.push(decodeURIComponent(url.pathname + url.search));
      return {
        statusCode: 200,
        data: JSON.stringify(answer(url)),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    })
    .persist();
  return { http: createHttpClient({ baseUrl, dispatcher: agent }), requested };
}
