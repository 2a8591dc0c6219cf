/**
 * Saved inbox views (filters, sort, columns) by name, per profile and user, in the review
 * database. A stored view that no longer parses is reported and left in place, never dropped.
 */
import type Database from 'better-sqlite3';
import { parseReviewInput as parse, ReviewInputError, reviewerSchema } from './review/reviewInput';
import {
  deleteViewArgSchema,
  inboxViewDefinitionSchema,
  saveViewArgSchema,
  type Reviewer,
  type SavedInboxViews,
} from '../../../contract/corporateActions';

export class SavedViews {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: () => Date,
  ) {}

  /** The reviewer's saved views, by name. */
  list(reviewer: Reviewer): SavedInboxViews {
    const who = parse(reviewerSchema, reviewer);
    const rows = this.db
      .prepare<unknown[], { name: string; definition: string; saved_at: string }>(
        'SELECT name, definition, saved_at FROM inbox_view WHERE profile_id = ? AND user_id = ? ORDER BY name',
      )
      .all(who.profileId, who.userId);
    const views: SavedInboxViews['views'] = [];
    const unreadable: string[] = [];
    for (const row of rows) {
      let json: unknown;
      try {
        json = JSON.parse(row.definition);
      } catch {
        unreadable.push(row.name);
        continue;
      }
      const parsed = inboxViewDefinitionSchema.safeParse(json);
      if (parsed.success) views.push({ name: row.name, definition: parsed.data, savedAt: row.saved_at });
      else unreadable.push(row.name);
    }
    if (unreadable.length === 0) return { views };
    return {
      views,
      problem: `Saved views ${unreadable.map((name) => `"${name}"`).join(', ')} could not be read; they are kept unchanged until saved again.`,
    };
  }

  /** Saves (or replaces) a view by name. */
  save(reviewer: Reviewer, arg: unknown): SavedInboxViews {
    const who = parse(reviewerSchema, reviewer);
    const { name, definition } = parse(saveViewArgSchema, arg);
    this.db
      .prepare(
        `INSERT INTO inbox_view (profile_id, user_id, name, definition, saved_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, user_id, name) DO UPDATE SET definition = excluded.definition, saved_at = excluded.saved_at`,
      )
      .run(who.profileId, who.userId, name, JSON.stringify(definition), this.clock().toISOString());
    return this.list(reviewer);
  }

  /** Deletes a saved view by name. */
  delete(reviewer: Reviewer, arg: unknown): SavedInboxViews {
    const who = parse(reviewerSchema, reviewer);
    const { name } = parse(deleteViewArgSchema, arg);
    const result = this.db
      .prepare('DELETE FROM inbox_view WHERE profile_id = ? AND user_id = ? AND name = ?')
      .run(who.profileId, who.userId, name);
    if (result.changes === 0)
      throw new ReviewInputError(`There is no saved view named "${name}".`, { name: ['No such view.'] });
    return this.list(reviewer);
  }
}
