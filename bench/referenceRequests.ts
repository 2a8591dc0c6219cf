/**
 * The requests of the reference benchmark (simulatorReference.ts), drawn from the universe the
 * simulator serves: searches a trader would type and instruments of every kind.
 */
import type { TestSimulator } from '../test/support/testSimulator';

/** `wanted` searches a user would type: the start of words of real symbols and descriptions, alone and in pairs. */
export function searchPaths(sim: TestSimulator, apiPath: string, wanted: number): string[] {
  const rows = sim.simulator.context.universe.db
    .prepare('SELECT symbol, description, asset_type FROM search_entries WHERE id % 97 = 0 LIMIT ?')
    .all(wanted) as { symbol: string; description: string; asset_type: string }[];
  return rows.map((row, index) => {
    const words = `${row.symbol.split(':')[0]} ${row.description}`.match(/[A-Za-z0-9]{3,}/g) ?? ['eur'];
    const first = words[index % words.length]!.slice(0, 3 + (index % 4));
    const keywords =
      index % 3 === 0 && words.length > 1
        ? `${first} ${words[(index + 1) % words.length]!.slice(0, 4)}`
        : first;
    const filter = index % 4 === 0 ? `&AssetTypes=${row.asset_type}` : '';
    return `${apiPath}/ref/v1/instruments?Keywords=${encodeURIComponent(keywords)}${filter}`;
  });
}

/**
 * `wanted` different searches, each to be asked once: the starts of words (2 to 6 letters) of
 * symbols and descriptions spread over the whole index, alone, in pairs or with an asset type,
 * so every request misses the page and count caches and reads the index.
 */
export function distinctSearchPaths(sim: TestSimulator, apiPath: string, wanted: number): string[] {
  const rows = sim.simulator.context.universe.db
    .prepare('SELECT symbol, description, asset_type FROM search_entries ORDER BY id')
    .all() as { symbol: string; description: string; asset_type: string }[];
  const paths = new Set<string>();
  for (let round = 0; paths.size < wanted && round < 20; round++) {
    for (let index = round; index < rows.length && paths.size < wanted; index += 7) {
      const row = rows[index]!;
      const words = `${row.symbol.split(':')[0]} ${row.description}`.match(/[A-Za-z0-9]{2,}/g);
      if (!words) continue;
      const word = words[(index + round) % words.length]!;
      const typed = word.slice(0, 2 + ((index + round) % 5));
      const keywords =
        round % 3 === 2 && words.length > 1
          ? `${typed} ${words[(index + 1) % words.length]!.slice(0, 3)}`
          : typed;
      const filter = round % 2 === 1 ? `&AssetTypes=${row.asset_type}` : '';
      paths.add(`${apiPath}/ref/v1/instruments?Keywords=${encodeURIComponent(keywords)}${filter}`);
    }
  }
  return [...paths];
}

/** Details of `wanted` instruments of every kind spread over the universe, specific options included. */
export function detailsPaths(sim: TestSimulator, apiPath: string, wanted: number): string[] {
  const db = sim.simulator.context.universe.db;
  const count = db.prepare('SELECT max(rowid) FROM instruments').pluck().get() as number;
  const step = Math.max(1, Math.floor(count / wanted));
  const rows = db
    .prepare('SELECT uic, asset_type FROM instruments WHERE rowid % ? = 0 LIMIT ?')
    .all(step, wanted) as { uic: number; asset_type: string }[];
  return rows.map((row) => `${apiPath}/ref/v1/instruments/details/${row.uic}/${row.asset_type}`);
}
