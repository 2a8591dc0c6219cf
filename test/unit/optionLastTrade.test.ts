/**
 * An option expiry's last trade is the root's close time on its exchange's wall clock, on
 * either side of a clock change: the conversion a roll makes for every newly listed expiry
 * (optionContracts.ts lastTradeOf), read back here with luxon.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../../main/simulator/calendar/businessDays';
import { usStockSteps } from '../../main/simulator/data/instruments/optionChains';
import { listedExpiries, type OptionRootShape } from '../../main/simulator/data/instruments/optionContracts';
import { WELL_KNOWN_OPTION_ROOTS } from '../../main/simulator/data/instruments/optionFacts';
import { exchangeById } from '../../main/simulator/data/reference/exchanges';
import { exchangeIdOf } from '../../main/simulator/data/reference/venues';

/** Days whose listed expiries cross the US and European clock changes of spring and autumn. */
const DAYS = ['2026-02-27', '2026-03-10', '2026-03-27', '2026-10-20', '2026-10-28', '2026-11-02'];

function shapeOf(fact: (typeof WELL_KNOWN_OPTION_ROOTS)[number]): OptionRootShape {
  const exchangeId = exchangeIdOf(fact.mic);
  return {
    rootId: 1,
    fact,
    exchangeId,
    zone: exchangeById(exchangeId).ZoneName,
    steps: usStockSteps(100),
    currency: fact.currency,
    underlying: { uic: 1, price: 100 },
    layout: { base: 0, unit: 1, strikeSlots: 1, expirySlots: 1, byWeek: false },
  };
}

describe('option expiries: last trade times', () => {
  const roots = WELL_KNOWN_OPTION_ROOTS.filter((fact) => fact.underlying.kind !== 'futures');

  it.each(DAYS)('are the close time on the exchange clock, on a trading day by the expiry (listed on %s)', (day) => {
    const asOf = new Date(`${day}T00:00:00Z`);
    let checked = 0;
    for (const fact of roots) {
      const shape = shapeOf(fact);
      for (const expiry of listedExpiries(shape, asOf)) {
        const local = DateTime.fromISO(expiry.lastTrade, { zone: shape.zone });
        expect(expiry.lastTrade, `${fact.root} ${expiry.day}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
        expect(local.toFormat('HH:mm'), `${fact.root} ${expiry.day} in ${shape.zone}`).toBe(fact.closeTime);
        expect(local.toISODate()! <= expiry.day).toBe(true);
        expect(isTradingDay(shape.exchangeId, new Date(`${local.toISODate()}T00:00:00Z`))).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
