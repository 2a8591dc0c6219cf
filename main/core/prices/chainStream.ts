/**
 * One option chain subscription as main reads it. The platform names a chain's expiries and
 * strikes by index (`{"Expiries":[{"Index":0,"Strikes":[{"Index":24,"Call":{"Bid":1.2}}]}]}`),
 * while the desk knows what it shows by date and strike. So the stream learns, from what the
 * service sends, each expiry's index (the snapshot lists them with their dates), each shown
 * expiry's strikes (a newly shown expiry comes with its whole strike list) and each side's
 * instrument (a side's first message carries its `Uic`); it turns the desk's windows (strikes
 * from-to per expiry date) into the subscription's `Expiries` and `MaxStrikesPerExpiry`, and
 * every side it reads into an update of that instrument's quote.
 */

/** One side (call or put) of a strike that the service sent, as an update of its instrument. */
export interface ChainSideUpdate {
  uic: number;
  fields: Record<string, unknown>;
}

/** The windows of the subscription, as the platform takes them (POST Arguments and PATCH body). */
export interface ChainWindows {
  Expiries: { Index: number; StrikeStartIndex?: number }[];
  MaxStrikesPerExpiry: number;
}

/** The strikes shown of one expiry, from-to. */
export interface StrikeRange {
  low: number;
  high: number;
}

/** Strikes of an expiry whose strike list is not known yet: a window centred on the underlying, then corrected. */
const FIRST_GUESS_STRIKES = 41;
/** The platform's most strikes per expiry of a window. */
const MOST_STRIKES = 500;
/** The platform's most expiries of one chain subscription. */
const MOST_EXPIRIES = 20;
const SIDES = ['Call', 'Put'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

export class ChainStream {
  private readonly expiryIndexes = new Map<string, number>();
  private readonly strikeLists = new Map<number, number[]>();
  private readonly sideUics = new Map<string, number>();

  /** True once the expiries' indexes are known (after the snapshot). */
  get knowsExpiries(): boolean {
    return this.expiryIndexes.size > 0;
  }

  /**
   * Reads a snapshot or a delta: learns indexes, strike lists and sides' instruments, and
   * answers the sides it carried. Anything not shaped as the platform sends it is passed over.
   */
  read(message: unknown): ChainSideUpdate[] {
    const updates: ChainSideUpdate[] = [];
    const expiries = isObject(message) && Array.isArray(message.Expiries) ? message.Expiries : [];
    for (const expiry of expiries) {
      if (!isObject(expiry) || !isIndex(expiry.Index)) continue;
      const expiryIndex = expiry.Index;
      if (typeof expiry.Expiry === 'string' && /^\d{4}-\d{2}-\d{2}/.test(expiry.Expiry))
        this.expiryIndexes.set(expiry.Expiry.slice(0, 10), expiryIndex);
      const strikes = Array.isArray(expiry.Strikes) ? expiry.Strikes.filter(isObject) : [];
      // A whole strike list (a snapshot's, or an expiry shown for the first time) names every strike.
      if (
        strikes.length > 0 &&
        strikes.every((strike) => typeof strike.Strike === 'number' && isIndex(strike.Index))
      ) {
        const list: number[] = [];
        for (const strike of strikes) list[strike.Index as number] = strike.Strike as number;
        this.strikeLists.set(expiryIndex, list);
      }
      for (const strike of strikes) {
        if (!isIndex(strike.Index)) continue;
        for (const side of SIDES) {
          const fields = strike[side];
          if (!isObject(fields)) continue;
          const key = `${expiryIndex}:${strike.Index}:${side}`;
          if (Number.isInteger(fields.Uic)) this.sideUics.set(key, fields.Uic as number);
          const uic = this.sideUics.get(key);
          if (uic !== undefined) updates.push({ uic, fields });
        }
      }
    }
    return updates;
  }

  /**
   * The windows for the strikes wanted per expiry date (expiries the chain lacks left out, at
   * most the platform's 20); undefined until the expiries are known. An expiry whose strikes
   * are not known yet gets a window centred on the underlying, corrected once its list arrives.
   */
  windowsFor(wanted: ReadonlyMap<string, StrikeRange>): ChainWindows | undefined {
    if (!this.knowsExpiries) return undefined;
    const expiries: ChainWindows['Expiries'] = [];
    let most = 0;
    let guessed = false;
    for (const [date, range] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
      const index = this.expiryIndexes.get(date);
      if (index === undefined || expiries.length >= MOST_EXPIRIES) continue;
      const list = this.strikeLists.get(index);
      if (!list) {
        guessed = true;
        expiries.push({ Index: index });
        continue;
      }
      const { start, end } = indexesOf(list, range);
      expiries.push({ Index: index, StrikeStartIndex: start });
      most = Math.max(most, end - start + 1);
    }
    const strikes = guessed ? Math.max(most, FIRST_GUESS_STRIKES) : Math.max(most, 1);
    return { Expiries: expiries, MaxStrikesPerExpiry: Math.min(strikes, MOST_STRIKES) };
  }

  /** The instruments of the sides inside `windows` that the stream knows (whose quotes it keeps). */
  uicsIn(windows: ChainWindows | undefined): Set<number> {
    const uics = new Set<number>();
    for (const expiry of windows?.Expiries ?? []) {
      const list = this.strikeLists.get(expiry.Index);
      if (!list || expiry.StrikeStartIndex === undefined) continue;
      const end = Math.min(list.length, expiry.StrikeStartIndex + windows!.MaxStrikesPerExpiry);
      for (let strike = expiry.StrikeStartIndex; strike < end; strike++) {
        for (const side of SIDES) {
          const uic = this.sideUics.get(`${expiry.Index}:${strike}:${side}`);
          if (uic !== undefined) uics.add(uic);
        }
      }
    }
    return uics;
  }
}

/** The indexes of the first and last listed strikes within `range` (the nearest one when none lies in it). */
export function indexesOf(list: readonly number[], range: StrikeRange): { start: number; end: number } {
  const tolerance = 1e-9 * Math.max(1, Math.abs(range.high));
  let start = -1;
  let end = -1;
  list.forEach((strike, index) => {
    if (strike === undefined || strike < range.low - tolerance || strike > range.high + tolerance) return;
    if (start < 0) start = index;
    end = index;
  });
  if (start >= 0) return { start, end };
  let nearest = 0;
  list.forEach((strike, index) => {
    if (Math.abs(strike - range.low) < Math.abs((list[nearest] ?? Infinity) - range.low)) nearest = index;
  });
  return { start: nearest, end: nearest };
}
