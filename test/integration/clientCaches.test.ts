import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { createServiceClient } from '../../main/core/services';
import { sendJson, startFakeService, type FakeService } from './faultsFakeService';

describe('main services cache per profile and user', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  it('serves a repeat from the cache, but never one user another user’s answer', async () => {
    service.answerWith((request, response) =>
      request.url?.includes('countries')
        ? sendJson(response, 200, { Data: [] })
        : sendJson(response, 200, { Uic: 211 }),
    );
    const events = new PushEventBus();
    const { api } = createServiceClient({ baseUrl: service.baseUrl, events, profileId: () => 'embedded' });
    const signIn = (userId: string) =>
      events.emit('session:changed', {
        signedIn: true,
        user: { name: userId, userId },
        profileId: 'embedded',
      });

    signIn('17340521');
    await api.instrumentDetails({ Uic: 211, AssetType: 'Stock' });
    await api.instrumentDetails({ Uic: 211, AssetType: 'Stock' });
    expect(service.requests).toHaveLength(1);
    signIn('trader2');
    await api.instrumentDetails({ Uic: 211, AssetType: 'Stock' });
    expect(service.requests).toHaveLength(2);
    await api.countries();
    await api.countries();
    await api.countries({ refresh: true });
    expect(service.requests).toHaveLength(4);
  });
});
