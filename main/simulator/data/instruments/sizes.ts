/**
 * How many generated instruments each scale adds on top of the fixed, well-known content
 * (FX, well-known listings, indices, futures, the big option roots), which every scale has.
 */
import type { Scale } from '../universe';

export interface ReferenceSizes {
  /** Generated shares (each also tradable as a CFD). */
  stocks: number;
  /** Generated ETFs and ETCs. */
  exchangeTradedProducts: number;
  bonds: number;
  mutualFunds: number;
  certificates: number;
  /** Option roots on generated shares. */
  stockOptionRoots: number;
}

export const REFERENCE_SIZES: Record<Scale, ReferenceSizes> = {
  small: {
    stocks: 300,
    exchangeTradedProducts: 40,
    bonds: 60,
    mutualFunds: 40,
    certificates: 30,
    stockOptionRoots: 4,
  },
  default: {
    stocks: 30_000,
    exchangeTradedProducts: 2_000,
    bonds: 8_000,
    mutualFunds: 4_000,
    certificates: 3_000,
    stockOptionRoots: 120,
  },
  large: {
    stocks: 250_000,
    exchangeTradedProducts: 20_000,
    bonds: 80_000,
    mutualFunds: 40_000,
    certificates: 30_000,
    stockOptionRoots: 1000,
  },
};
