import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { registerCorporateActionsLookupIpc } from '../../main/core/ipc/registerCorporateActionsLookupIpc';
import { registerInstrumentsIpc } from '../../main/core/ipc/registerInstrumentsIpc';
import { registerReferenceIpc } from '../../main/core/ipc/registerReferenceIpc';
import { createServiceClient } from '../../main/core/services';
import { sendJson, startFakeService, type FakeService } from '../support/fakeService';

describe('main services cache per profile and user', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  it('serves a repeat from the cache, but never one user another user’s answer', async () => {
    service.answerWith((request, response) =>
      request.url?.includes('countries') || request.url?.includes('lookupdata')
        ? sendJson(response, 200, { Data: [] })
        : sendJson(response, 200, { Uic: 211 }),
    );
    const events = new PushEventBus();
    const client = createServiceClient({ baseUrl: service.baseUrl, events, profileId: () => 'embedded' });
    const handlers = {
      ...registerInstrumentsIpc(client),
      ...registerReferenceIpc(client),
      ...registerCorporateActionsLookupIpc(client),
    };
    const context = { signal: new AbortController().signal };
    const details = () => handlers['instruments:details']({ Uic: 211, AssetType: 'Stock' }, context);
    const countries = (refresh?: boolean) =>
      handlers['reference:countries'](refresh === undefined ? undefined : { refresh }, context);
    const signIn = (userId: string) =>
      events.emit('session:changed', {
        signedIn: true,
        user: { name: userId, userId },
        profileId: 'embedded',
      });

    signIn('17340521');
    await details();
    await details();
    expect(service.requests).toHaveLength(1);
    signIn('trader2');
    await details();
    expect(service.requests).toHaveLength(2);
    await countries();
    await countries();
    await countries(true);
    expect(service.requests).toHaveLength(4);
    // The event filters' code lists are kept like the reference lists.
    const lookup = (refresh?: boolean) =>
      handlers['corporateActions:lookupData'](refresh === undefined ? undefined : { refresh }, context);
    await lookup();
    await lookup();
    expect(service.requests).toHaveLength(5);
    expect(service.requests.at(-1)?.path).toContain('ca/v2/events/lookupdata?FieldGroups=All');
    await lookup(true);
    expect(service.requests).toHaveLength(6);
  });
});
