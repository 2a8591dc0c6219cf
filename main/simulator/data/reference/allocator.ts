/**
 * Uic allocation and search ranks across the reference steps. Each step continues from what
 * the database already holds, so steps stay independent and deterministic.
 */
import type Database from 'better-sqlite3';

/** First uic handed out by the allocator; lower ones are the platform's fixed FX uics (and AAPL's 211). */
export const FIRST_ALLOCATED_UIC = 1000;

/** Hands out uics above every uic already in `instruments`. */
export class UicAllocator {
  private next: number;

  constructor(db: Database.Database) {
    const row = db
      .prepare('SELECT max(uic) AS top FROM instruments WHERE uic >= ?')
      .get(FIRST_ALLOCATED_UIC) as { top: number | null };
    this.next = Math.max(FIRST_ALLOCATED_UIC, (row.top ?? 0) + 1);
  }

  take(): number {
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
