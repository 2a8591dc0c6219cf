import { describe, expect, it, vi } from 'vitest';
import type { RunningSimulator } from '../../main/simulator/server';
import { EmbeddedSimulator, type StartEmbeddedSimulator } from '../../main/app/embeddedSimulator';

function fakeSimulator(port: number, scale: string, seed: number, simulatedDay?: string): RunningSimulator {
  return {
    info: {
      baseUrl: `http://127.0.0.1:${port}/openapi`,
      authUrl: `http://127.0.0.1:${port}/auth`,
      port,
      universe: { scale, seed, asOf: '2026-03-02', cacheUsed: true, generationMs: 0, databaseBytes: 1024 },
    },
    prepareForRequests: vi.fn(),
    simulatedDay: () => simulatedDay,
    close: vi.fn(async () => undefined),
  } as unknown as RunningSimulator;
}

const clock = () => new Date('2026-03-02T10:00:00Z');

describe('the embedded simulator under Settings', () => {
  it('restarts on the same port with the new scale and seed', async () => {
    const first = fakeSimulator(4321, 'default', 20260101);
    const start = vi.fn<StartEmbeddedSimulator>(async ({ port, scale, seed }) =>
      fakeSimulator(port, scale, seed),
    );
    const embedded = new EmbeddedSimulator(first, start, clock);
    const status = await embedded.reset(
      { scale: 'small', seed: 7, regenerate: true },
      { scale: 'default', seed: 20260101 },
    );
    expect(first.close).toHaveBeenCalledOnce();
    // A restart with other settings prepares no next weekday of the old ones (universeAhead.ts).
    expect(first.close).toHaveBeenCalledWith({ prepareNextDay: false });
    expect(start).toHaveBeenCalledWith({ port: 4321, scale: 'small', seed: 7, regenerate: true });
    expect(status).toMatchObject({
      state: 'running',
      baseUrl: 'http://127.0.0.1:4321/openapi',
      universe: { scale: 'small', seed: 7 },
      configured: { scale: 'small', seed: 7 },
    });
    expect(status.problem).toBeUndefined();
    expect(embedded.current.info.universe.seed).toBe(7);
    // The restarted simulator works out the day's exchange calendars before the first request for them.
    expect(embedded.current.prepareForRequests).toHaveBeenCalledOnce();
  });

  it('starts the simulator on the day chosen, and falls back to the previous day with the previous settings', async () => {
    const start = vi.fn<StartEmbeddedSimulator>(async ({ port, scale, seed }) => {
      if (seed === 2) throw new Error('no room');
      return fakeSimulator(port, scale, seed);
    });
    const embedded = new EmbeddedSimulator(fakeSimulator(4321, 'default', 1), start, clock);
    await embedded.reset(
      { scale: 'small', seed: 1, asOf: '2027-01-15', regenerate: false },
      { scale: 'default', seed: 1 },
    );
    expect(start).toHaveBeenLastCalledWith({
      port: 4321,
      scale: 'small',
      seed: 1,
      asOf: '2027-01-15',
      regenerate: false,
    });
    const status = await embedded.reset(
      { scale: 'small', seed: 2, regenerate: false },
      { scale: 'small', seed: 1, asOf: '2027-01-15' },
    );
    expect(start).toHaveBeenLastCalledWith({
      port: 4321,
      scale: 'small',
      seed: 1,
      asOf: '2027-01-15',
      regenerate: false,
    });
    expect(status.configured).toEqual({ scale: 'small', seed: 1, asOf: '2027-01-15' });
  });

  it('falls back to the previous settings when the new start fails, and says why', async () => {
    const start = vi.fn<StartEmbeddedSimulator>(async ({ port, scale, seed }) => {
      if (scale === 'large') throw new Error('disk full');
      return fakeSimulator(port, scale, seed);
    });
    const embedded = new EmbeddedSimulator(fakeSimulator(4321, 'default', 1), start, clock);
    const status = await embedded.reset(
      { scale: 'large', seed: 2, regenerate: false },
      { scale: 'default', seed: 1 },
    );
    expect(status.state).toBe('running');
    expect(status.universe).toMatchObject({ scale: 'default', seed: 1 });
    expect(status.configured).toEqual({ scale: 'default', seed: 1 });
    expect(status.problem).toContain('disk full');
  });

  it('names the day the running simulator simulates, for the desk to count its days from', async () => {
    const start = vi.fn<StartEmbeddedSimulator>(async ({ port, scale, seed, asOf }) =>
      fakeSimulator(port, scale, seed, asOf),
    );
    const embedded = new EmbeddedSimulator(fakeSimulator(4321, 'default', 1), start, clock);
    expect(embedded.status({ scale: 'default', seed: 1 })).not.toHaveProperty('simulatedDay');
    const status = await embedded.reset(
      { scale: 'default', seed: 1, asOf: '2027-03-10', regenerate: false },
      { scale: 'default', seed: 1 },
    );
    expect(status.simulatedDay).toBe('2027-03-10');
  });

  it('runs one reset at a time', async () => {
    const order: string[] = [];
    const start = vi.fn<StartEmbeddedSimulator>(async ({ port, scale, seed }) => {
      order.push(`start ${seed}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`ready ${seed}`);
      return fakeSimulator(port, scale, seed);
    });
    const embedded = new EmbeddedSimulator(fakeSimulator(1, 'small', 0), start, clock);
    await Promise.all([
      embedded.reset({ scale: 'small', seed: 1, regenerate: false }, { scale: 'small', seed: 0 }),
      embedded.reset({ scale: 'small', seed: 2, regenerate: false }, { scale: 'small', seed: 1 }),
    ]);
    expect(order).toEqual(['start 1', 'ready 1', 'start 2', 'ready 2']);
    expect(embedded.current.info.universe.seed).toBe(2);
  });
});
