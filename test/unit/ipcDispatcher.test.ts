import { describe, expect, it, vi } from 'vitest';
import { createIpcDispatcher, type IpcHandlers } from '../../main/core/ipc/dispatcher';
import { ServiceCallError } from '../../main/core/api/errors';

const own = { url: 'app://refdesk/index.html', isMainFrame: true };

function dispatcherWith(countries: IpcHandlers['reference:countries']) {
  const handlers = { 'reference:countries': vi.fn(countries) } as unknown as IpcHandlers;
  return {
    handlers,
    dispatch: createIpcDispatcher({ handlers, isTrustedSender: (url) => url.startsWith('app://refdesk/') }),
  };
}

describe('IPC dispatcher', () => {
  it('runs the handler for a trusted main-frame sender with a valid argument', async () => {
    const { dispatch } = dispatcherWith(async () => ({ Data: [] }));
    expect(await dispatch('reference:countries', undefined, own)).toEqual({ ok: true, result: { Data: [] } });
  });

  it('refuses subframes and foreign origins without running the handler', async () => {
    const { dispatch, handlers } = dispatcherWith(async () => ({ Data: [] }));
    const subframe = await dispatch('reference:countries', undefined, { ...own, isMainFrame: false });
    const foreign = await dispatch('reference:countries', undefined, { url: 'https://evil.example/', isMainFrame: true });
    expect(subframe).toMatchObject({ ok: false, error: { code: 'ForbiddenSender' } });
    expect(foreign).toMatchObject({ ok: false, error: { code: 'ForbiddenSender' } });
    expect(handlers['reference:countries']).not.toHaveBeenCalled();
  });

  it('refuses unknown channels, including inherited object keys', async () => {
    const { dispatch } = dispatcherWith(async () => ({ Data: [] }));
    expect(await dispatch('fs:readFile', {}, own)).toMatchObject({ ok: false, error: { code: 'UnknownChannel' } });
    expect(await dispatch('constructor', {}, own)).toMatchObject({ ok: false, error: { code: 'UnknownChannel' } });
  });

  it('rejects an invalid argument before the handler runs', async () => {
    const { dispatch, handlers } = dispatcherWith(async () => ({ Data: [] }));
    const response = await dispatch('reference:countries', { refresh: 'yes', extra: 1 }, own);
    expect(response).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
    expect(handlers['reference:countries']).not.toHaveBeenCalled();
  });

  it('carries service errors as typed errors and hides unexpected ones', async () => {
    const failing = dispatcherWith(async () => {
      throw new ServiceCallError('service', 'Unknown uic', { status: 404, code: 'NotFound' });
    });
    expect(await failing.dispatch('reference:countries', undefined, own)).toEqual({
      ok: false,
      error: { code: 'NotFound', message: 'Unknown uic', status: 404 },
    });
    const crashing = dispatcherWith(async () => {
      throw new Error('secret internal detail');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await crashing.dispatch('reference:countries', undefined, own);
    expect(response).toMatchObject({ ok: false, error: { code: 'InternalError' } });
    expect(JSON.stringify(response)).not.toContain('secret internal detail');
  });
});
