/**
 * A platform that does not serve GET /ref/v1/exchanges/holidays (beyond the spec; platform-facts.md
 * does not name it) answers 404: the holidays channel, through the real client over HTTP, refuses
 * with status 404 (which the queue takes as "no holidays: count weekends only"), while the
 * exchanges list, which the calendars' zones and weekends come from, still reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDeskError } from '../../main/core/ipc/dispatcher';
import { registerReferenceIpc } from '../../main/core/ipc/registerReferenceIpc';
import { createServiceClient } from '../../main/core/services';
import { sendJson, startFakeService, type FakeService } from '../support/fakeService';

describe('a platform without the holidays feed', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  it('refuses the holidays with status 404 and still lists the exchanges', async () => {
    const paths: string[] = [];
    service.answerWith((request, response) => {
      paths.push(new URL(request.url ?? '/', 'http://x').pathname);
      if (request.url?.includes('/ref/v1/exchanges/holidays')) sendJson(response, 404, undefined);
      else sendJson(response, 200, { Data: [{ ExchangeId: 'NYSE', Name: 'New York Stock Exchange', TimeZoneName: 'America/New_York' }] });
    });
    const handlers = registerReferenceIpc(createServiceClient({ baseUrl: service.baseUrl }));
    const context = { signal: new AbortController().signal };
    const refused = await handlers['reference:exchangeHolidays']({ FromDate: '2024-11-01', ToDate: '2027-10-31' }, context).then(
      () => expect.fail('the platform serves no holidays'),
      (error: unknown) => toDeskError(error),
    );
    expect(refused).toMatchObject({ status: 404 });
    expect((await handlers['reference:exchanges'](undefined, context)).Data).toHaveLength(1);
    expect(paths).toEqual(['/openapi/ref/v1/exchanges/holidays', '/openapi/ref/v1/exchanges']);
  });
});
