import { describe, expect, it } from 'vitest';
import { PendingScopeRows } from '../../main/simulator/data/corporateActions/scopeRows';
import type { EventColumns } from '../../main/simulator/data/corporateActions/store';

const event = (eventId: number, sortDay: number) => ({ eventId, sortDay }) as EventColumns;

describe('scope rows kept during a generation', () => {
  it('come out in the clustered key order (scope, sort day, event), each once, whatever order they came in', () => {
    const pending = new PendingScopeRows();
    pending.add(7, event(30, 20_400), 1, 100, 0);
    pending.add(2, event(30, 20_400), 1, 50, 0);
    pending.add(7, event(10, 20_410), 2, 10, 1);
    pending.add(7, event(20, 20_400), 1, 5, 0);
    pending.add(2, event(5, 20_399), 3, 7, 2);
    const seen: [number, number, number, number][] = [];
    pending.drain((scopeId, row) =>
      seen.push([scopeId, row.columns.sortDay, row.columns.eventId, row.eligible]),
    );
    expect(seen).toEqual([
      [2, 20_399, 5, 7],
      [2, 20_400, 30, 50],
      [7, 20_400, 20, 5],
      [7, 20_400, 30, 100],
      [7, 20_410, 10, 10],
    ]);
    const again: number[] = [];
    pending.drain((scopeId) => again.push(scopeId));
    expect(again).toEqual([]);
  });
});
