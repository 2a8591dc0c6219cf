/**
 * Properties of the simulator's price model that hold for any input: option formulas (parity,
 * greeks' signs, ranges and agreement with the prices they are the derivatives of, implied
 * volatility inverting the price), the volatility surface, and the random walk (a pure function
 * of seed, instrument and instant, with a Brownian motion's spread).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forwardOf,
  impliedVolatility,
  optionPrice,
  valueOption,
  type OptionInputs,
} from '../../main/simulator/market/optionFormulas';
import { equityProfile, indexProfile } from '../../main/simulator/market/profiles';
import { SLOT_MS, walkAt } from '../../main/simulator/market/randomWalk';
import { atTheMoneyVolatility, volatilityAt } from '../../main/simulator/market/volSurface';

const option = fc.record({
  model: fc.constantFrom('BlackScholes' as const, 'Black76' as const),
  underlying: fc.double({ min: 1, max: 10_000, noNaN: true }),
  moneyness: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
  years: fc.double({ min: 1 / 365, max: 3, noNaN: true }),
  volatility: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
  rate: fc.double({ min: 0, max: 0.1, noNaN: true }),
  dividendYield: fc.double({ min: 0, max: 0.05, noNaN: true }),
});

type Drawn = typeof option extends fc.Arbitrary<infer T> ? T : never;

function inputsOf(drawn: Drawn, putCall: 'Call' | 'Put'): OptionInputs {
  const { moneyness, ...rest } = drawn;
  return { ...rest, strike: rest.underlying * moneyness, putCall };
}

describe('option formulas', () => {
  it('hold put–call parity: call − put = e^(−rT)·(F − K)', () => {
    fc.assert(
      fc.property(option, (drawn) => {
        const call = inputsOf(drawn, 'Call');
        const put = inputsOf(drawn, 'Put');
        const parity = Math.exp(-call.rate * call.years) * (forwardOf(call) - call.strike);
        expect(optionPrice(call) - optionPrice(put)).toBeCloseTo(parity, 6);
      }),
    );
  });

  it('give greeks of the right signs and ranges', () => {
    fc.assert(
      fc.property(option, (drawn) => {
        const call = valueOption(inputsOf(drawn, 'Call'));
        const put = valueOption(inputsOf(drawn, 'Put'));
        // Within a rounding error: e^(−rT)·e^(rT) can come out a hair above 1.
        expect(call.delta).toBeGreaterThanOrEqual(0);
        expect(call.delta).toBeLessThanOrEqual(1 + 1e-12);
        expect(put.delta).toBeGreaterThanOrEqual(-1 - 1e-12);
        expect(put.delta).toBeLessThanOrEqual(0);
        for (const side of [call, put]) {
          expect(side.gamma).toBeGreaterThanOrEqual(0);
          expect(side.vega).toBeGreaterThanOrEqual(0);
          expect(side.price).toBeGreaterThanOrEqual(0);
          expect(side.inTheMoneyProbability).toBeGreaterThanOrEqual(0);
          expect(side.inTheMoneyProbability).toBeLessThanOrEqual(1);
        }
        // A call and a put of one strike share gamma and vega; their deltas differ by the carry.
        expect(call.gamma).toBeCloseTo(put.gamma, 10);
        expect(call.vega).toBeCloseTo(put.vega, 8);
        const inputs = inputsOf(drawn, 'Call');
        const carry =
          inputs.model === 'Black76'
            ? Math.exp(-inputs.rate * inputs.years)
            : Math.exp(-inputs.dividendYield * inputs.years);
        expect(call.delta - put.delta).toBeCloseTo(carry, 8);
        // Calls lose value by the day when nothing pays to hold the underlying.
        if (inputs.dividendYield === 0 || inputs.model === 'Black76')
          expect(call.theta).toBeLessThanOrEqual(1e-9 + inputs.rate * call.price);
      }),
    );
  });

  it('give greeks that are the derivatives of the prices', () => {
    fc.assert(
      fc.property(option, fc.constantFrom('Call' as const, 'Put' as const), (drawn, putCall) => {
        const inputs = inputsOf(drawn, putCall);
        const valued = valueOption(inputs);
        const bump = inputs.underlying * 1e-4;
        const up = optionPrice({ ...inputs, underlying: inputs.underlying + bump });
        const down = optionPrice({ ...inputs, underlying: inputs.underlying - bump });
        expect(valued.delta).toBeCloseTo((up - down) / (2 * bump), 3);
        const volUp = optionPrice({ ...inputs, volatility: inputs.volatility + 1e-4 });
        const volDown = optionPrice({ ...inputs, volatility: inputs.volatility - 1e-4 });
        expect(valued.vega).toBeCloseTo((volUp - volDown) / 2e-4 / 100, 3);
        // Theta is per calendar day: the price a ten-thousandth of a day later, times ten thousand.
        const later = optionPrice({ ...inputs, years: inputs.years - 1e-4 / 365 });
        const perDay = (later - valued.price) * 1e4;
        expect(Math.abs(valued.theta - perDay)).toBeLessThanOrEqual(1e-3 * Math.max(1, Math.abs(perDay)));
      }),
    );
  });

  it('find back the volatility a price was made with', () => {
    fc.assert(
      fc.property(option, fc.constantFrom('Call' as const, 'Put' as const), (drawn, putCall) => {
        const inputs = inputsOf(drawn, putCall);
        const valued = valueOption(inputs);
        // Only where the price says something about volatility (not a few cents of a deep option).
        fc.pre(valued.vega > 1e-4 * inputs.underlying && valued.price > 1e-6 * inputs.underlying);
        const found = impliedVolatility(valued.price, inputs, 0.3);
        expect(found).toBeDefined();
        expect(found!).toBeCloseTo(inputs.volatility, 4);
      }),
    );
  });
});

describe('the volatility surface', () => {
  it('has an index put skew and stays within a quarter and four times the at-the-money level', () => {
    const profile = indexProfile(1, 1000, 'SPX.I');
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 2, noNaN: true }),
        fc.double({ min: 1 / 365, max: 3, noNaN: true }),
        (moneyness, years) => {
          const atTheMoney = atTheMoneyVolatility(profile, years);
          const volatility = volatilityAt(profile, 100, 100 * moneyness, years);
          expect(volatility).toBeGreaterThanOrEqual(0.25 * atTheMoney - 1e-12);
          expect(volatility).toBeLessThanOrEqual(4 * atTheMoney + 1e-12);
          if (moneyness < 0.97) expect(volatility).toBeGreaterThan(volatilityAt(profile, 100, 100, years));
        },
      ),
    );
  });

  it('gives every share its own level, the same under the same seed', () => {
    expect(equityProfile(7, 211, 'Stock')).toEqual(equityProfile(7, 211, 'Stock'));
    expect(equityProfile(7, 211, 'Stock').volatility).not.toBe(equityProfile(8, 211, 'Stock').volatility);
  });
});

describe('the random walk', () => {
  const instant = fc.integer({ min: Date.UTC(2002, 0, 1), max: Date.UTC(2062, 11, 31) });

  it('is a pure function of seed, instrument and instant, whatever was asked before', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.array(instant, { minLength: 2, maxLength: 8 }),
        (seed, key, instants) => {
          const first = instants.map((at) => walkAt(seed, key, at));
          const again = [...instants]
            .reverse()
            .map((at) => walkAt(seed, key, at))
            .reverse();
          expect(again).toEqual(first);
          // Within one 100 ms slot the value holds.
          expect(walkAt(seed, key, Math.floor(instants[0]! / SLOT_MS) * SLOT_MS + 99)).toBe(
            walkAt(seed, key, Math.floor(instants[0]! / SLOT_MS) * SLOT_MS),
          );
        },
      ),
    );
  });

  it('moves like a Brownian motion of unit volatility: a day’s step has a spread of √(1/365.25)', () => {
    const day = 86_400_000;
    const steps = Array.from(
      { length: 4000 },
      (_, key) => walkAt(3, key, Date.UTC(2026, 10, 25) + day) - walkAt(3, key, Date.UTC(2026, 10, 25)),
    );
    const mean = steps.reduce((sum, step) => sum + step, 0) / steps.length;
    const spread = Math.sqrt(steps.reduce((sum, step) => sum + (step - mean) ** 2, 0) / steps.length);
    expect(spread).toBeGreaterThan(0.9 * Math.sqrt(1 / 365.25));
    expect(spread).toBeLessThan(1.1 * Math.sqrt(1 / 365.25));
    expect(Math.abs(mean)).toBeLessThan(0.1 * Math.sqrt(1 / 365.25));
  });

  it('differs between seeds', () => {
    const at = Date.UTC(2026, 10, 25, 15);
    expect(walkAt(1, 211, at)).not.toBe(walkAt(2, 211, at));
  });
});
