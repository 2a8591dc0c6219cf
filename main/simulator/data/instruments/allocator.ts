/**
 * Uic allocation and search ranks across the reference steps. Each step continues from what
 * the database already holds, so steps stay independent and deterministic.
 */
import type Database from 'better-sqlite3';

/** A range of uics one generation step hands out. */
export interface UicBlock {
  name: string;
  first: number;
  last: number;
}

/**
 * Each step hands out uics from its own block, so the uics of instruments that exist every
 * day (shares, bonds, funds, certificates, continuous futures) stay the same from one day's
 * universe to the next. Futures contracts have a uic of their own product and month
 * (`futuresContractUic`) and specific options one of their root, expiry and strike
 * (optionContracts.ts, from 200,000,000 up), so a contract keeps it for as long as it is listed. Below 1,000 are
 * the platform's fixed FX uics (and Apple's 211). Blocks are sized for the large scale with
 * room to spare; a step that outgrows its block fails generation rather than overlap the next.
 */
export const UIC_BLOCKS = {
  wellKnownEquities: { name: 'well-known equities and indices', first: 1_000, last: 4_999 },
  continuousFutures: { name: 'continuous futures', first: 5_000, last: 5_999 },
  bonds: { name: 'bonds', first: 200_000, last: 499_999 },
  funds: { name: 'mutual funds', first: 500_000, last: 999_999 },
  generatedEquities: { name: 'generated equities', first: 1_000_000, last: 2_999_999 },
  certificates: { name: 'certificates', first: 3_000_000, last: 3_999_999 },
  futuresContracts: { name: 'futures contracts', first: 100_000_000, last: 100_119_999 },
  futuresCfds: { name: 'CFDs on futures contracts', first: 100_200_000, last: 100_319_999 },
} as const satisfies Record<string, UicBlock>;

/** The first month a futures contract uic can name (January 2000), and months per product. */
const CONTRACT_EPOCH_MONTH = 2000 * 12;
const CONTRACT_MONTHS_PER_PRODUCT = 1_200;

/**
 * The uic of a futures contract (or of the CFD on it, from its own block): the product's place
 * in the product list and the delivery month (months since January 2000), so a contract has
 * the same uic on every day it is listed and a uic never names another contract. Products are
 * only ever appended to the list.
 */
export function futuresContractUic(
  block: typeof UIC_BLOCKS.futuresContracts | typeof UIC_BLOCKS.futuresCfds,
  productIndex: number,
  year: number,
  month: number,
): number {
  const monthSlot = year * 12 + (month - 1) - CONTRACT_EPOCH_MONTH;
  if (monthSlot < 0 || monthSlot >= CONTRACT_MONTHS_PER_PRODUCT)
    throw new Error(`No uic among ${block.name} for ${year}-${month}: months from 2000 to 2099 have uics`);
  const uic = block.first + productIndex * CONTRACT_MONTHS_PER_PRODUCT + monthSlot;
  if (productIndex < 0 || uic > block.last) throw new Error(`The uic block of ${block.name} has no room for product ${productIndex}`);
  return uic;
}

/** Hands out the uics of one block, after any of the block's uics already in `instruments`. */
export class UicAllocator {
  private next: number;

  constructor(
    db: Database.Database,
    private readonly block: UicBlock,
  ) {
    const row = db
      .prepare('SELECT max(uic) AS top FROM instruments WHERE uic BETWEEN ? AND ?')
      .get(block.first, block.last) as { top: number | null };
    this.next = (row.top ?? block.first - 1) + 1;
  }

  take(): number {
    if (this.next > this.block.last)
      throw new Error(`The uic block of ${this.block.name} (${this.block.first}–${this.block.last}) is full`);
    return this.next++;
  }
}

/**
 * Tiers of the search order: search lists lower tiers first (FX majors before generated
 * shares), then by insertion order within a tier.
 */
export const SEARCH_TIER = {
  fx: 1,
  wellKnown: 2,
  continuousFutures: 3,
  wellKnownOptionRoots: 4,
  cfds: 5,
  futures: 6,
  bonds: 7,
  funds: 8,
  generated: 9,
  generatedCfds: 10,
} as const;

const TIER_SIZE = 10_000_000;

/** Search rank counter of one tier, continuing from the ranks already used in it. */
export class RankCounter {
  private next: number;

  constructor(db: Database.Database, tier: number) {
    const from = tier * TIER_SIZE;
    // Search entries are keyed by rank: the tier's highest is one primary-key lookup.
    const row = db
      .prepare('SELECT max(id) AS top FROM search_entries WHERE id >= ? AND id < ?')
      .get(from, from + TIER_SIZE) as {
      top: number | null;
    };
    this.next = (row.top ?? from - 1) + 1;
  }

  take(): number {
    return this.next++;
  }
}
