/**
 * Option prices and greeks: Black–Scholes with a dividend yield (index and stock options, on
 * the spot) and Black-76 (futures options, on the futures price), both written on the forward
 * F and the discount factor D = e^(−rT), where they are one formula:
 *   call = D·(F·N(d1) − K·N(d2)),  put = D·(K·N(−d2) − F·N(−d1)),
 *   d1 = (ln(F/K) + σ²T/2) / (σ√T),  d2 = d1 − σ√T,
 * so call − put = D·(F − K) holds exactly (put–call parity). They differ in what F is (S·e^((r−q)T)
 * or the futures price) and so in the greeks taken against the underlying.
 *
 * Units as the platform shows them: theta per calendar day, vega per volatility point (0.01),
 * rho per percentage point of the rate.
 */

export type OptionModel = 'BlackScholes' | 'Black76';
export type PutCall = 'Call' | 'Put';

export interface OptionInputs {
  model: OptionModel;
  /** Black–Scholes: the spot price; Black-76: the futures price. */
  underlying: number;
  strike: number;
  /** Time to expiry in years. */
  years: number;
  /** Annual volatility (0.2 = 20 %). */
  volatility: number;
  /** Continuously compounded short rate of the option's currency. */
  rate: number;
  /** Black–Scholes only: the underlying's continuous dividend yield. */
  dividendYield: number;
  putCall: PutCall;
}

export interface OptionValuation {
  price: number;
  delta: number;
  gamma: number;
  /** Change of price over one calendar day. */
  theta: number;
  /** Change of price for one volatility point. */
  vega: number;
  /** Change of price for one percentage point of the rate. */
  rho: number;
  /** Risk-neutral probability of expiring in the money, N(d2) or N(−d2). */
  inTheMoneyProbability: number;
}

/** Standard normal density. */
export function normalDensity(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/**
 * Standard normal distribution function, accurate to double precision (Hart's algorithm as
 * given by West, 2005). N(x) + N(−x) = 1 by construction, which parity relies on.
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail = 0;
  if (z <= 37) {
    const e = Math.exp((-z * z) / 2);
    if (z < 7.07106781186547) {
      let n = 3.52624965998911e-2 * z + 0.700383064443688;
      n = n * z + 6.37396220353165;
      n = n * z + 33.912866078383;
      n = n * z + 112.079291497871;
      n = n * z + 221.213596169931;
      n = n * z + 220.206867912376;
      let d = 8.83883476483184e-2 * z + 1.75566716318264;
      d = d * z + 16.064177579207;
      d = d * z + 86.7807322029461;
      d = d * z + 296.564248779674;
      d = d * z + 637.333633378831;
      d = d * z + 793.826512519948;
      d = d * z + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let b = z + 0.65;
      b = z + 4 / b;
      b = z + 3 / b;
      b = z + 2 / b;
      b = z + 1 / b;
      tail = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

/** The forward the formula works on. */
export function forwardOf(
  inputs: Pick<OptionInputs, 'model' | 'underlying' | 'years' | 'rate' | 'dividendYield'>,
): number {
  return inputs.model === 'Black76'
    ? inputs.underlying
    : inputs.underlying * Math.exp((inputs.rate - inputs.dividendYield) * Math.max(inputs.years, 0));
}

/** Below this σ√T an option is worth its discounted intrinsic value. */
const NEGLIGIBLE_DEVIATION = 1e-9;

/** Price only (cheaper than valueOption), for implied volatility searches. */
export function optionPrice(inputs: OptionInputs): number {
  const years = Math.max(inputs.years, 0);
  const forward = forwardOf(inputs);
  const discount = Math.exp(-inputs.rate * years);
  const deviation = inputs.volatility * Math.sqrt(years);
  const sign = inputs.putCall === 'Call' ? 1 : -1;
  if (deviation < NEGLIGIBLE_DEVIATION) return discount * Math.max(sign * (forward - inputs.strike), 0);
  const d1 = (Math.log(forward / inputs.strike) + 0.5 * deviation * deviation) / deviation;
  const d2 = d1 - deviation;
  return discount * sign * (forward * normalCdf(sign * d1) - inputs.strike * normalCdf(sign * d2));
}

/** Price and greeks of a European option. */
export function valueOption(inputs: OptionInputs): OptionValuation {
  const years = Math.max(inputs.years, 0);
  const { strike, volatility, rate, putCall } = inputs;
  const forward = forwardOf(inputs);
  const discount = Math.exp(-rate * years);
  const isCall = putCall === 'Call';
  const sign = isCall ? 1 : -1;
  // How the forward moves with the underlying: F/S on a spot, 1 on a futures price.
  const forwardPerUnderlying = inputs.model === 'Black76' ? 1 : forward / inputs.underlying;
  // What the underlying yields while held: the dividend on a spot, the rate on a futures position.
  const carryYield = inputs.model === 'Black76' ? rate : inputs.dividendYield;
  const deviation = volatility * Math.sqrt(years);
  if (deviation < NEGLIGIBLE_DEVIATION) {
    const inTheMoney = sign * (forward - strike) > 0;
    return {
      price: discount * Math.max(sign * (forward - strike), 0),
      delta: inTheMoney ? sign * discount * forwardPerUnderlying : 0,
      gamma: 0,
      theta: 0,
      vega: 0,
      rho: 0,
      inTheMoneyProbability: inTheMoney ? 1 : 0,
    };
  }
  const d1 = (Math.log(forward / strike) + 0.5 * deviation * deviation) / deviation;
  const d2 = d1 - deviation;
  const density = normalDensity(d1);
  const discountedForward = discount * forward;
  const price = discount * sign * (forward * normalCdf(sign * d1) - strike * normalCdf(sign * d2));
  const decay = (-discountedForward * density * volatility) / (2 * Math.sqrt(years));
  const thetaPerYear =
    decay -
    sign * rate * strike * discount * normalCdf(sign * d2) +
    sign * carryYield * discountedForward * normalCdf(sign * d1);
  const rho =
    inputs.model === 'Black76' ? -years * price : sign * strike * years * discount * normalCdf(sign * d2);
  return {
    price,
    delta: discount * forwardPerUnderlying * (isCall ? normalCdf(d1) : normalCdf(d1) - 1),
    gamma: (discount * density * forwardPerUnderlying * forwardPerUnderlying) / (forward * deviation),
    theta: thetaPerYear / 365,
    vega: (discountedForward * density * Math.sqrt(years)) / 100,
    rho: rho / 100,
    inTheMoneyProbability: normalCdf(sign * d2),
  };
}

const LOWEST_VOLATILITY = 0.0001;
const HIGHEST_VOLATILITY = 5;

/** Vega (per unit of volatility) of the last priceAndVega call: kept aside so the search allocates nothing. */
let lastVega = 0;

function priceAndVega(
  forward: number,
  strike: number,
  discount: number,
  rootYears: number,
  volatility: number,
  sign: number,
): number {
  const deviation = volatility * rootYears;
  if (deviation < NEGLIGIBLE_DEVIATION) {
    lastVega = 0;
    return discount * Math.max(sign * (forward - strike), 0);
  }
  const d1 = (Math.log(forward / strike) + 0.5 * deviation * deviation) / deviation;
  const d2 = d1 - deviation;
  lastVega = discount * forward * normalDensity(d1) * rootYears;
  return discount * sign * (forward * normalCdf(sign * d1) - strike * normalCdf(sign * d2));
}

/**
 * The volatility at which the option is worth `price`, or undefined when no volatility up to
 * 500 % gives it (a price at or below the discounted intrinsic value, such as a zero bid).
 * Newton's steps from `guess` (a nearby volatility, such as the surface's), kept within a
 * bracket by bisection.
 */
export function impliedVolatility(
  price: number,
  inputs: Omit<OptionInputs, 'volatility'>,
  guess = 0.3,
): number | undefined {
  if (!(price > 0)) return undefined;
  const years = Math.max(inputs.years, 0);
  const forward = forwardOf(inputs);
  const discount = Math.exp(-inputs.rate * years);
  const rootYears = Math.sqrt(years);
  const sign = inputs.putCall === 'Call' ? 1 : -1;
  const { strike } = inputs;
  let low = LOWEST_VOLATILITY;
  let high = HIGHEST_VOLATILITY;
  if (price <= priceAndVega(forward, strike, discount, rootYears, low, sign)) return undefined;
  if (price >= priceAndVega(forward, strike, discount, rootYears, high, sign)) return undefined;
  let volatility = Math.min(Math.max(guess, low), high);
  for (let step = 0; step < 60; step++) {
    const difference = priceAndVega(forward, strike, discount, rootYears, volatility, sign) - price;
    if (Math.abs(difference) < 1e-9 * Math.max(price, 1)) return volatility;
    if (difference > 0) high = volatility;
    else low = volatility;
    const next = lastVega > 1e-12 ? volatility - difference / lastVega : Number.NaN;
    volatility = next > low && next < high ? next : (low + high) / 2;
    if (high - low < 1e-10) return volatility;
  }
  return volatility;
}
