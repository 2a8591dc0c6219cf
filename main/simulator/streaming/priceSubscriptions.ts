/**
 * Subscriptions to quotes (`/trade/v1/infoprices/subscriptions` and `/trade/v1/prices/subscriptions`):
 * one instrument (`Uic`), whose snapshot is an InfoPrice and whose deltas are the fields that
 * changed, or a list (`Uics`), whose snapshot is `{Data: [...]}` and whose deltas are arrays of
 * the changed instruments' fields, each with its `Uic`.
 */
import type { PricedInstrument } from '../market/instruments';
import {
  changedMembers,
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
  previous: Value[];
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
    this.rows = options.instruments.map((instrument) => ({ instrument, previous: [] }));
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
      const quoteRow = this.rowOf(row, tick);
      const members = changedMembers(this.layout, row.previous, valuesOf(this.layout, quoteRow));
      if (members === '') continue;
      const updated = `"LastUpdated":"${wireInstant(quoteRow.quote.lastUpdated)}"`;
      parts.push(
        this.list ? `{${members},${updated},"Uic":${row.instrument.uic}}` : `{${members},${updated}}`,
      );
    }
    this.lastDeltaQuotes = parts.length;
    if (parts.length === 0) return undefined;
    return this.list ? `[${parts.join(',')}]` : parts[0];
  }
}
