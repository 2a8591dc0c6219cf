/**
 * Shared pieces of stored details. Hundreds of thousands of instruments repeat the same
 * OrderDistances, TickSizeScheme, Exchange... objects; each distinct piece is stored once in
 * `detail_fragments` and the details text holds a marker in its place (U+0001, id, U+0001: a
 * raw control character never occurs in JSON text). Readers expand the markers with
 * `expandDetails`, a single string replacement, which keeps the large universe a third of
 * its size without costing the details endpoint a JSON parse.
 */
import type Database from 'better-sqlite3';

export const FRAGMENT_SCHEMA = 'CREATE TABLE detail_fragments (id INTEGER PRIMARY KEY, json TEXT NOT NULL);';

/** Top-level fields whose values are shared by many instruments. */
const FRAGMENT_FIELDS = [
  'Exchange',
  'Format',
  'OrderDistances',
  'StandardAmounts',
  'SupportedOrderTypes',
  'TickSizeScheme',
  'TradableAs',
];
const FRAGMENT_FIELD_SET = new Set(FRAGMENT_FIELDS);
/** `"Field":` of each field name met. */
const keyTexts = new Map<string, string>();
function keyText(field: string): string {
  let text = keyTexts.get(field);
  if (text === undefined) keyTexts.set(field, (text = `${JSON.stringify(field)}:`));
  return text;
}
/** Pieces shorter than a marker's saving are kept inline. */
const MIN_FRAGMENT_LENGTH = 16;
// eslint-disable-next-line no-control-regex -- the marker is a control character on purpose
const MARKER = /\u0001(\d+)\u0001/g;

/** The fragments of one database being generated (one per database, across steps and writers). */
export class DetailFragments {
  private static readonly byDatabase = new WeakMap<Database.Database, DetailFragments>();
  private readonly ids = new Map<string, number>();
  private readonly byObject = new WeakMap<object, { text: string }>();
  private readonly insert: Database.Statement;

  private constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO detail_fragments (id, json) VALUES (?, ?)');
    for (const row of db.prepare('SELECT id, json FROM detail_fragments').all() as {
      id: number;
      json: string;
    }[]) {
      this.ids.set(row.json, row.id);
    }
  }

  static of(db: Database.Database): DetailFragments {
    let fragments = DetailFragments.byDatabase.get(db);
    if (!fragments) DetailFragments.byDatabase.set(db, (fragments = new DetailFragments(db)));
    return fragments;
  }

  /** The stored text of a details object: its JSON with shared pieces replaced by markers. */
  compact(details: Record<string, unknown>): string {
    // The JSON text assembled field by field, shared pieces as markers: one pass instead of
    // serializing the whole object and searching it for each piece.
    let json = '{';
    for (const field of Object.keys(details)) {
      const value = details[field];
      if (value === undefined || typeof value === 'function') continue;
      if (json.length > 1) json += ',';
      json += keyText(field);
      json +=
        FRAGMENT_FIELD_SET.has(field) && value !== null && typeof value === 'object'
          ? this.pieceText(value)
          : JSON.stringify(value);
    }
    return `${json}}`;
  }

  /** A shared piece as its marker (or as JSON when too short to share); builders reuse piece objects, so each is serialized once. */
  private pieceText(value: object): string {
    let known = this.byObject.get(value);
    if (!known) {
      const fragment = JSON.stringify(value);
      known =
        fragment.length < MIN_FRAGMENT_LENGTH
          ? { text: fragment }
          : { text: `\u0001${this.idOf(fragment)}\u0001` };
      this.byObject.set(value, known);
    }
    return known.text;
  }

  private idOf(fragment: string): number {
    let id = this.ids.get(fragment);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(fragment, id);
      this.insert.run(id, fragment);
    }
    return id;
  }
}

/** Every fragment of a database, by id. */
export function loadFragments(db: Database.Database): string[] {
  const fragments: string[] = [];
  for (const row of db.prepare('SELECT id, json FROM detail_fragments').all() as {
    id: number;
    json: string;
  }[])
    fragments[row.id] = row.json;
  return fragments;
}

/** Stored details text back to plain JSON. */
export function expandDetails(stored: string, fragments: readonly string[]): string {
  return stored.includes('\u0001')
    ? stored.replace(MARKER, (_marker, id: string) => fragments[Number(id)]!)
    : stored;
}

/** Reads stored details back as objects (a roll rewriting a row keeps what other steps added to it). */
export class StoredDetails {
  private readonly fragments: string[];
  private readonly select: Database.Statement;

  constructor(db: Database.Database) {
    this.fragments = loadFragments(db);
    this.select = db.prepare('SELECT details FROM instruments WHERE uic = ? AND asset_type = ?').pluck();
  }

  /** The details of one instrument row, or undefined when it has none. */
  of(uic: number, assetType: string): Record<string, unknown> | undefined {
    const stored = this.select.get(uic, assetType) as string | null | undefined;
    return stored
      ? (JSON.parse(expandDetails(stored, this.fragments)) as Record<string, unknown>)
      : undefined;
  }
}
