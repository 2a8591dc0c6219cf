/**
 * Generation step of the application directory: the demo app of demo.ts plus applications of
 * the other users, in every AppStatus, with brandings, several kinds of redirect URI (https,
 * loopback, custom scheme) and secrets whose validity windows lie in the past, now and the future.
 */
import type Database from 'better-sqlite3';
import type { RandomStream } from '../random';
import type { GenerationContext, GenerationStep, RollContext, Scale } from '../universe';
import { ADMIN_USER, DEMO_APP, DEMO_USER, TRADER2_USER, type AuthFlow } from '../accounts/demo';
import { COMPANY_WORDS } from '../accounts/names';
import { APP_STATUSES, type AppStatus } from './appTypes';

/** Applications of generated users, per scale (documented users' apps come on top). */
const GENERATED_APPS: Record<Scale, number> = { small: 8, default: 60, large: 400 };
const DAY_MS = 86_400_000;

const SCHEMA = `
CREATE TABLE apps (
  app_key TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  flow TEXT NOT NULL,
  allowed_flows TEXT NOT NULL,
  status TEXT NOT NULL,
  is_active INTEGER NOT NULL,
  is_trading_enabled INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  app_url TEXT NOT NULL,
  manual_order_indication_default TEXT NOT NULL,
  manual_order_indicator TEXT NOT NULL
);
CREATE INDEX apps_by_creator ON apps(created_by, seq);
CREATE TABLE app_brandings (app_key TEXT NOT NULL, branding_id INTEGER NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL,
  PRIMARY KEY (app_key, branding_id));
CREATE TABLE app_redirect_uris (app_key TEXT NOT NULL, redirect_uri_id INTEGER NOT NULL, uri TEXT NOT NULL,
  label TEXT NOT NULL, description TEXT NOT NULL, branding_id INTEGER, PRIMARY KEY (app_key, redirect_uri_id));
CREATE TABLE app_secrets (app_key TEXT NOT NULL, secret_id INTEGER NOT NULL, secret TEXT NOT NULL,
  valid_from TEXT NOT NULL, valid_until TEXT NOT NULL, PRIMARY KEY (app_key, secret_id));
`;

interface AppSeed {
  appKey: string;
  name: string;
  description: string;
  flow: AuthFlow;
  allowedFlows: AuthFlow[];
  status: AppStatus;
  isActive: boolean;
  isTradingEnabled: boolean;
  createdBy: string;
  appUrl: string;
  redirectUris: { uri: string; label: string; description: string }[];
  secrets: { secret: string; validFrom: Date; validUntil: Date }[];
}

function hex(random: RandomStream, length: number): string {
  return Array.from({ length }, () => random.int(0, 15).toString(16)).join('');
}

/** Secret windows: always one current; sometimes an expired one and one not valid yet (rotation). */
function secretWindows(random: RandomStream, asOf: Date, current: string): AppSeed['secrets'] {
  const at = (days: number) => new Date(asOf.getTime() + days * DAY_MS);
  const secrets: AppSeed['secrets'] = [];
  if (random.chance(0.6))
    secrets.push({ secret: hex(random, 32), validFrom: at(-730), validUntil: at(-random.int(5, 200)) });
  secrets.push({
    secret: current,
    validFrom: at(-random.int(30, 300)),
    validUntil: at(random.int(200, 700)),
  });
  if (random.chance(0.4))
    secrets.push({ secret: hex(random, 32), validFrom: at(random.int(10, 90)), validUntil: at(900) });
  return secrets;
}

function demoApp(random: RandomStream, asOf: Date): AppSeed {
  const at = (days: number) => new Date(asOf.getTime() + days * DAY_MS);
  return {
    appKey: DEMO_APP.appKey,
    name: DEMO_APP.name,
    description: DEMO_APP.description,
    flow: DEMO_APP.flow,
    allowedFlows: [...DEMO_APP.allowedFlows],
    status: 'OK',
    isActive: true,
    isTradingEnabled: true,
    createdBy: DEMO_APP.createdByUserId,
    appUrl: DEMO_APP.appUrl,
    redirectUris: [
      {
        uri: DEMO_APP.redirectUris[0],
        label: 'Desktop (loopback)',
        description: 'Native app loopback redirect, any port',
      },
      { uri: DEMO_APP.redirectUris[1], label: 'Web', description: 'Hosted redirect page; the AppUrl' },
      {
        uri: DEMO_APP.redirectUris[2],
        label: 'Desktop (custom scheme)',
        description: 'Claimed custom URI scheme',
      },
    ],
    secrets: [
      { secret: hex(random, 32), validFrom: at(-800), validUntil: at(-30) },
      { secret: DEMO_APP.appSecret, validFrom: at(-120), validUntil: at(3650) },
      { secret: hex(random, 32), validFrom: at(60), validUntil: at(4000) },
    ],
  };
}

const APP_PURPOSES = [
  'Portfolio Sync',
  'Dividend Monitor',
  'Risk Dashboard',
  'Order Router',
  'Reporting Service',
  'Mobile Companion',
  'Research Terminal',
  'Back Office Bridge',
] as const;

function generatedApp(
  random: RandomStream,
  asOf: Date,
  createdBy: string,
  forcedStatus?: AppStatus,
): AppSeed {
  const company = random.pick(COMPANY_WORDS);
  const purpose = random.pick(APP_PURPOSES);
  const slug = `${company}-${purpose}`.toLowerCase().replace(/[^a-z]+/g, '-');
  const flow = random.pick<AuthFlow>(['Implicit', 'Code', 'Code', 'PersonalJwt']);
  const status = forcedStatus ?? random.pick(APP_STATUSES);
  const httpsUri = `https://${slug}.example.com/oauth/callback`;
  const redirectUris = [{ uri: httpsUri, label: 'Production', description: 'Hosted callback' }];
  if (random.chance(0.5))
    redirectUris.push({
      uri: `http://localhost:${random.int(3000, 9999)}/callback`,
      label: 'Development',
      description: 'Local development server',
    });
  if (random.chance(0.35))
    redirectUris.push({
      uri: `${slug.replace(/-/g, '')}://oauth`,
      label: 'Mobile',
      description: 'Custom scheme of the mobile app',
    });
  return {
    appKey: hex(random, 32),
    name: `${company} ${purpose}`,
    description: `${purpose} for ${company} integrations.`,
    flow,
    allowedFlows: flow === 'PersonalJwt' ? ['PersonalJwt', 'Code'] : [flow],
    status,
    isActive: status === 'OK' ? random.chance(0.9) : status === 'Pending' && random.chance(0.3),
    isTradingEnabled: status === 'OK' && random.chance(0.5),
    createdBy,
    appUrl: httpsUri,
    redirectUris,
    secrets: secretWindows(random, asOf, hex(random, 32)),
  };
}

/** The statements writing the directory, prepared once per fill rather than once per row. */
interface AppInserts {
  app: Database.Statement;
  branding: Database.Statement;
  redirectUri: Database.Statement;
  secret: Database.Statement;
}

function prepareInserts(db: Database.Database): AppInserts {
  return {
    app: db.prepare('INSERT INTO apps VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    branding: db.prepare('INSERT INTO app_brandings VALUES (?, ?, ?, ?)'),
    redirectUri: db.prepare('INSERT INTO app_redirect_uris VALUES (?, ?, ?, ?, ?, ?)'),
    secret: db.prepare('INSERT INTO app_secrets VALUES (?, ?, ?, ?, ?)'),
  };
}

function insertApp(inserts: AppInserts, app: AppSeed, seq: number, random: RandomStream): void {
  inserts.app.run(
    app.appKey,
    seq,
    app.name,
    app.description,
    app.flow,
    app.allowedFlows.join(','),
    app.status,
    app.isActive ? 1 : 0,
    app.isTradingEnabled ? 1 : 0,
    app.createdBy,
    app.appUrl,
    random.pick(['Automated', 'Manual']),
    random.pick(['Allowed', 'NotAllowed', 'Required']),
  );
  const brandings = random.chance(0.3) ? 2 : 1;
  for (let id = 1; id <= brandings; id++) {
    inserts.branding.run(
      app.appKey,
      id,
      id === 1 ? app.name : `${app.name} (white label)`,
      id === 1 ? 'Default branding' : 'Partner branding',
    );
  }
  app.redirectUris.forEach((redirect, index) => {
    inserts.redirectUri.run(
      app.appKey,
      index + 1,
      redirect.uri,
      redirect.label,
      redirect.description,
      Math.min(index + 1, brandings),
    );
  });
  app.secrets.forEach((secret, index) => {
    inserts.secret.run(
      app.appKey,
      index + 1,
      secret.secret,
      secret.validFrom.toISOString(),
      secret.validUntil.toISOString(),
    );
  });
}

/** Fills the application directory tables. */
function fillApps(context: GenerationContext): void {
  const random = context.random('book.apps');
  const seeds: AppSeed[] = [demoApp(random, context.asOf)];
  // The demo user's other apps show every status in its own (non-admin) list.
  for (const status of APP_STATUSES) seeds.push(generatedApp(random, context.asOf, DEMO_USER.userId, status));
  seeds.push(generatedApp(random, context.asOf, TRADER2_USER.userId, 'OK'));
  seeds.push(generatedApp(random, context.asOf, TRADER2_USER.userId, 'Rejected'));
  seeds.push(generatedApp(random, context.asOf, ADMIN_USER.userId, 'OK'));
  const creators = context.db
    .prepare('SELECT user_id FROM users WHERE login IS NULL ORDER BY user_id')
    .pluck()
    .all() as string[];
  for (let i = 0; i < GENERATED_APPS[context.scale] && creators.length > 0; i++) {
    seeds.push(generatedApp(random, context.asOf, random.pick(creators)));
  }
  const inserts = prepareInserts(context.db);
  seeds.forEach((app, index) => insertApp(inserts, app, index + 1, random));
}

/** Creates the application directory tables and fills them. */
export const appsStep: GenerationStep = {
  name: 'book.apps',
  run(context: GenerationContext): void {
    context.db.exec(SCHEMA);
    fillApps(context);
  },
  /** Secrets' validity windows are set around the day: the directory is written again. */
  roll(context: RollContext): void {
    context.db.exec(
      'DELETE FROM app_secrets; DELETE FROM app_redirect_uris; DELETE FROM app_brandings; DELETE FROM apps;',
    );
    fillApps(context);
  },
  expectedMs: { small: 5, default: 10, large: 30 },
  parallel: { after: 'reference:schema' },
};
