import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushEventBus } from '../../main/core/events';
import { createServiceClient } from '../../main/core/services';
import { WEB_EVENTS_PATH } from '../../contract/bridge';
import { deliverEventBlock } from '../../preload/webEvents';
import { startBridgedShell, type BridgedShell } from '../support/bridgedShell';
import { sendJson, startFakeService, type FakeService } from '../support/fakeService';

describe('endpoint channels through the web shell bridge', () => {
  let service: FakeService;
  let events: PushEventBus;
  let bridge: BridgedShell;

  beforeAll(async () => {
    service = await startFakeService();
    events = new PushEventBus();
    bridge = await startBridgedShell(createServiceClient({ baseUrl: service.baseUrl, events }), events);
  });
  afterAll(async () => {
    await bridge.close();
    await service.close();
  });

  it('cancels the HTTP request of a superseded search when the page drops its call', async () => {
    service.answerWith((request, response) => {
      // The first search hangs (a slow service); the one that supersedes it answers at once.
      if (new URL(request.url ?? '', 'http://x').searchParams.get('Keywords') === 'no') return;
      sendJson(response, 200, { Data: [{ Symbol: 'NOKIA:xhel' }] });
    });
    const first = new AbortController();
    const superseded = bridge
      .invoke('instruments:search', { Keywords: 'no', $top: 20 }, first.signal)
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    first.abort();
    const latest = await bridge.invoke<{ Data: unknown[] }>('instruments:search', {
      Keywords: 'nok',
      $top: 20,
    });
    expect(latest).toEqual({ ok: true, result: { Data: [{ Symbol: 'NOKIA:xhel' }] } });
    expect(await superseded).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(service.requests[0]?.abandoned).toBe(true), { timeout: 2_000 });
  });

  it('never lets an invalid argument reach the service', async () => {
    service.answerWith((_request, response) => sendJson(response, 200, { Data: [] }));
    const invalid: [string, unknown][] = [
      ['instruments:search', { Keywords: 'x'.repeat(5_000) }],
      ['instruments:details', { Uic: 21, AssetType: 'Shoe' }],
      ['corporateActions:events', { $top: -1 }],
      ['corporateActions:event', { EventId: '../../developer/apps' }],
      ['apps:get', { AppKey: 'a/../../b' }],
    ];
    for (const [channel, arg] of invalid) {
      expect(await bridge.invoke(channel, arg)).toMatchObject({
        ok: false,
        error: { code: 'InvalidArgument' },
      });
    }
    expect(service.requests).toHaveLength(0);
  });

  it('carries the service error to the page as a typed error', async () => {
    service.answerWith((_request, response) =>
      sendJson(response, 400, {
        ErrorCode: 'InvalidOptionRootId',
        Message: 'Unknown root',
        ModelState: { OptionRootId: ['Unknown'] },
      }),
    );
    expect(await bridge.invoke('instruments:optionSpace', { OptionRootId: 9 })).toEqual({
      ok: false,
      error: {
        code: 'InvalidOptionRootId',
        message: 'Unknown root',
        status: 400,
        fields: { OptionRootId: ['Unknown'] },
      },
    });
  });

  it('streams push events to the page, and the client announces an unreachable service', async () => {
    const stream = await fetch(`${bridge.shell.origin}${WEB_EVENTS_PATH}`, {
      method: 'POST',
      headers: bridge.pageHeaders,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received: unknown[] = [];
    // A new stream first gets the current connection state (here "online" from earlier calls).
    const wanted = 3;
    const reading = (async () => {
      let buffer = '';
      while (received.length < wanted) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          deliverEventBlock(buffer.slice(0, end), (event, payload) => received.push([event, payload]));
          buffer = buffer.slice(end + 2);
        }
      }
    })();

    service.answerWith((request) => request.socket.destroy());
    expect(await bridge.invoke('reference:timeZones', { refresh: true })).toMatchObject({
      ok: false,
      error: { code: 'Network' },
    });
    service.answerWith((_request, response) => sendJson(response, 200, { Data: [] }));
    expect(await bridge.invoke('reference:timeZones', { refresh: true })).toMatchObject({ ok: true });
    await reading;
    await reader.cancel();
    expect(received[0]).toEqual(['connection:status', { state: 'online' }]);
    expect(received[1]).toMatchObject(['connection:status', { state: 'offline' }]);
    expect(received[2]).toEqual(['connection:status', { state: 'online' }]);
  });

  it('refuses an event stream to anyone but the page', async () => {
    const { origin: _origin, ...noOrigin } = bridge.pageHeaders;
    const foreign = await fetch(`${bridge.shell.origin}${WEB_EVENTS_PATH}`, {
      method: 'POST',
      headers: noOrigin,
    });
    expect(foreign.status).toBe(403);
    const { cookie: _cookie, ...noCookie } = bridge.pageHeaders;
    expect(
      (await fetch(`${bridge.shell.origin}${WEB_EVENTS_PATH}`, { method: 'POST', headers: noCookie })).status,
    ).toBe(403);
  });
});
