/**
 * An underlying's volatility surface: at-the-money volatility with a term structure (the short
 * end at `shortEndRatio` of the long-run level, converging with a time constant of three months)
 * and a smile in log-moneyness k = ln(K/F) whose slope (skew) and curvature steepen as expiry
 * nears, as listed chains' do. Kept within a quarter and four times the at-the-money level, so
 * far wings stay priceable.
 */
import type { UnderlyingProfile } from './profiles';

const TERM_YEARS = 0.25;
/** The smile steepens like 1/√T, but no more than it is a month and a bit out (√T = 0.1). */
const SHORTEST_SQRT_YEARS = 0.1;

/** At-the-money volatility for an expiry `years` away. */
export function atTheMoneyVolatility(profile: UnderlyingProfile, years: number): number {
  const shortEnd = profile.volatility * profile.shortEndRatio;
  return profile.volatility + (shortEnd - profile.volatility) * Math.exp(-Math.max(years, 0) / TERM_YEARS);
}

/** Volatility of strike `strike` on an expiry `years` away whose forward is `forward`. */
export function volatilityAt(
  profile: UnderlyingProfile,
  forward: number,
  strike: number,
  years: number,
): number {
  const atTheMoney = atTheMoneyVolatility(profile, years);
  const moneyness = Math.log(strike / forward);
  const steepening = 1 / Math.max(Math.sqrt(Math.max(years, 0)), SHORTEST_SQRT_YEARS);
  const smile =
    atTheMoney +
    profile.skew * steepening * moneyness +
    profile.curvature * steepening * moneyness * moneyness;
  return Math.min(Math.max(smile, 0.25 * atTheMoney), 4 * atTheMoney);
}
