/**
 * Subscriptions to quotes (`/trade/v1/infoprices/subscriptions` and `/trade/v1/prices/subscriptions`):
 * one instrument (`Uic`), whose snapshot is an InfoPrice and whose deltas are the fields that
 * changed, or a list (`Uics`), whose snapshot is `{Data: [...]}` and whose deltas are arrays of
 * the changed instruments' fields, each with its `Uic`.
 */
import type { PricedInstrument } from '../market/instruments';
import {
  membersBetween,
  priceObject,
  quoteLayout,
  valuesOf,
  wireInstant,
  type Field,
  type PriceFieldGroup,
  type QuoteRow,
} from '../market/wire';
import { Subscription, type SubscriptionKind } from './subscription';
import type { TickMemo } from './tickMemo';

type Value = number | string | undefined;

interface Row {
  instrument: PricedInstrument;
  /** What was last sent (shared with other rows sent the same: never changed in place). */
  previous: readonly Value[];
  /** Names the row within a tick: instrument, fields, amount and shape. */
  key: string;
}

export interface PriceSubscriptionOptions {
  kind: Extract<SubscriptionKind, 'infoprices' | 'prices'>;
  referenceId: string;
  refreshRate: number;
  tag: string | undefined;
  instruments: readonly PricedInstrument[];
  /** A list subscription (`Uics`) rather than one instrument (`Uic`). */
  list: boolean;
  fieldGroups: readonly PriceFieldGroup[];
  amount: number | undefined;
  now: number;
}

export class PriceSubscription extends Subscription {
  private readonly rows: Row[];
  private readonly layout: Field<QuoteRow>[];
  private readonly greeks: boolean;
  private readonly list: boolean;
  private readonly amount: number | undefined;

  constructor(options: PriceSubscriptionOptions) {
    super(options.kind, options.referenceId, options.refreshRate, options.tag, options.now);
    this.layout = quoteLayout(options.fieldGroups);
    this.greeks = options.fieldGroups.includes('Greeks');
    this.list = options.list;
    this.amount = options.amount;
    const shape = `${[...new Set(options.fieldGroups)].sort().join(',')}|${options.amount ?? ''}|${options.list ? 'list' : 'one'}`;
    this.rows = options.instruments.map((instrument) => ({ instrument, previous: [], key: `${instrument.key}|${shape}` }));
  }

  private rowOf(row: Row, tick: TickMemo): QuoteRow {
    return {
      instrument: row.instrument,
      quote: tick.quote(row.instrument, this.greeks),
      amount: this.amount ?? row.instrument.defaultAmount,
    };
  }

  snapshot(tick: TickMemo): unknown {
    const objects = this.rows.map((row) => {
      const quoteRow = this.rowOf(row, tick);
      row.previous = valuesOf(this.layout, quoteRow);
      return priceObject(this.layout, quoteRow);
    });
    return this.list ? { Data: objects } : objects[0];
  }

  delta(tick: TickMemo): string | undefined {
    const parts: string[] = [];
    for (const row of this.rows) {
      const current = tick.valuesFor(row.key, () => valuesOf(this.layout, this.rowOf(row, tick)));
      if (current === row.previous) continue;
      const part = tick.partFor(row.key, row.previous, () => {
        const members = membersBetween(this.layout, row.previous, current);
        if (members === '') return '';
        const updated = `"LastUpdated":"${wireInstant(tick.quote(row.instrument, this.greeks).lastUpdated)}"`;
        return this.list ? `{${members},${updated},"Uic":${row.instrument.uic}}` : `{${members},${updated}}`;
      });
      row.previous = current;
      if (part !== '') parts.push(part);
    }
    this.lastDeltaQuotes = parts.length;
    if (parts.length === 0) return undefined;
    return this.list ? `[${parts.join(',')}]` : parts[0];
  }
}
