/**
 * Calendar spreads of a futures ladder: the futures strategies whose legs are contracts of this
 * ladder (a near leg and a far leg, or more), as their details describe them. The universe may
 * list none; nothing is made up when it does not.
 */
import type { InstrumentDetails } from '../../../../../../contract/wire/types';

export interface SpreadLeg {
  uic: number;
  /** The leg's contract symbol from the ladder, else its description in the strategy. */
  label: string;
  buySell: string | undefined;
}

export interface CalendarSpread {
  uic: number;
  symbol: string;
  description: string;
  legs: SpreadLeg[];
}

/**
 * The strategies of `details` whose legs (at least two) are all contracts of the ladder
 * (`contractSymbols`: uic → symbol), in the order of their first leg's place in the ladder.
 */
export function calendarSpreads(
  details: readonly InstrumentDetails[],
  contractSymbols: ReadonlyMap<number, string>,
): CalendarSpread[] {
  const order = [...contractSymbols.keys()];
  const spreads: CalendarSpread[] = [];
  for (const strategy of details) {
    const legs = (strategy.Legs ?? []).filter((leg) => leg.Uic !== undefined);
    if (strategy.Uic === undefined || legs.length < 2 || legs.length !== (strategy.Legs ?? []).length)
      continue;
    if (!legs.every((leg) => contractSymbols.has(leg.Uic as number))) continue;
    spreads.push({
      uic: strategy.Uic,
      symbol: strategy.Symbol ?? String(strategy.Uic),
      description: strategy.Description ?? '',
      legs: [...legs]
        .sort((a, b) => (a.LegNumber ?? 0) - (b.LegNumber ?? 0))
        .map((leg) => ({
          uic: leg.Uic as number,
          label: contractSymbols.get(leg.Uic as number) ?? leg.Description ?? String(leg.Uic),
          buySell: leg.BuySell,
        })),
    });
  }
  const firstLeg = (spread: CalendarSpread) => order.indexOf(spread.legs[0]?.uic ?? -1);
  return spreads.sort((a, b) => firstLeg(a) - firstLeg(b) || a.symbol.localeCompare(b.symbol));
}
