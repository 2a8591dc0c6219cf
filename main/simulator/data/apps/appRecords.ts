/**
 * Read functions over the registered applications: each with its redirect URIs, brandings, flows
 * and secrets. Used by the apps routes and by the simulator's authorization server.
 */
import type Database from 'better-sqlite3';
import { AUTH_FLOWS, type AuthFlow } from '../accounts/demo';
import type { SimUser } from '../accounts/userTypes';
import { statement } from '../statements';
import type { AppRecord, AppStatus } from './appTypes';

interface AppRow {
  app_key: string;
  name: string;
  description: string;
  flow: string;
  allowed_flows: string;
  status: AppStatus;
  is_active: number;
  is_trading_enabled: number;
  created_by: string;
  creator_key: string;
  creator_name: string;
  app_url: string;
  manual_order_indication_default: string;
  manual_order_indicator: string;
}

const APP_SELECT = `SELECT a.*, u.user_key AS creator_key, u.name AS creator_name FROM apps a JOIN users u ON u.user_id = a.created_by`;

function asFlow(value: string): AuthFlow {
  return (AUTH_FLOWS as readonly string[]).includes(value) ? (value as AuthFlow) : 'Code';
}

function toApp(db: Database.Database, row: AppRow): AppRecord {
  const brandings = statement(db, 'SELECT * FROM app_brandings WHERE app_key = ? ORDER BY branding_id').all(
    row.app_key,
  ) as {
    branding_id: number;
    name: string;
    description: string;
  }[];
  const redirects = statement(
    db,
    'SELECT * FROM app_redirect_uris WHERE app_key = ? ORDER BY redirect_uri_id',
  ).all(row.app_key) as {
    redirect_uri_id: number;
    uri: string;
    label: string;
    description: string;
    branding_id: number | null;
  }[];
  const secrets = statement(db, 'SELECT * FROM app_secrets WHERE app_key = ? ORDER BY secret_id').all(
    row.app_key,
  ) as {
    secret_id: number;
    secret: string;
    valid_from: string;
    valid_until: string;
  }[];
  return {
    appKey: row.app_key,
    name: row.name,
    description: row.description,
    flow: asFlow(row.flow),
    allowedFlows: row.allowed_flows.split(',').map(asFlow),
    status: row.status,
    isActive: row.is_active === 1,
    isTradingEnabled: row.is_trading_enabled === 1,
    appUrl: row.app_url,
    manualOrderIndicationDefault: row.manual_order_indication_default,
    manualOrderIndicator: row.manual_order_indicator,
    createdBy: { userId: row.created_by, userKey: row.creator_key, name: row.creator_name },
    brandings: brandings.map((b) => ({
      brandingId: b.branding_id,
      name: b.name,
      description: b.description,
    })),
    redirectUris: redirects.map((r) => ({
      redirectUriId: r.redirect_uri_id,
      uri: r.uri,
      label: r.label,
      description: r.description,
      ...(r.branding_id === null ? {} : { brandingId: r.branding_id }),
    })),
    secrets: secrets.map((s) => ({
      secretId: s.secret_id,
      secret: s.secret,
      validFrom: new Date(s.valid_from),
      validUntil: new Date(s.valid_until),
    })),
  };
}

/** The application with `appKey` whoever created it (the authorization server's look-up), or undefined. */
export function findApp(db: Database.Database, appKey: string): AppRecord | undefined {
  const row = statement(db, `${APP_SELECT} WHERE a.app_key = ?`).get(appKey) as AppRow | undefined;
  return row ? toApp(db, row) : undefined;
}

/** The application with `appKey` if `user` may see it (its creator, or an admin), or undefined. */
export function findAppVisibleTo(
  db: Database.Database,
  user: SimUser,
  appKey: string,
): AppRecord | undefined {
  const app = findApp(db, appKey);
  return app && (user.isAdmin || app.createdBy.userId === user.userId) ? app : undefined;
}

/** One page of the applications `user` may see, in creation order, with the total count. */
export function listAppsVisibleTo(
  db: Database.Database,
  user: SimUser,
  window: { top: number; skip: number },
): { apps: AppRecord[]; total: number } {
  const where = user.isAdmin ? '1 = 1' : 'a.created_by = @userId';
  const total = statement(db, `SELECT count(*) FROM apps a WHERE ${where}`)
    .pluck()
    .get({ userId: user.userId }) as number;
  const rows = statement(db, `${APP_SELECT} WHERE ${where} ORDER BY a.seq LIMIT @top OFFSET @skip`).all({
    userId: user.userId,
    top: window.top,
    skip: window.skip,
  }) as AppRow[];
  return { apps: rows.map((row) => toApp(db, row)), total };
}
