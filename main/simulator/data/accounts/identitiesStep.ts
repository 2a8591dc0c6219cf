/**
 * Generation step of the identities: users (the documented ones of demo.ts plus generated
 * customers), their clients with sub-clients, accounts and account groups.
 */
import type Database from 'better-sqlite3';
import type { RandomStream } from '../random';
import type { GenerationContext, GenerationStep, Scale } from '../universe';
import { DOCUMENTED_USERS, type DemoClient, type DemoUser } from './demo';
import { opaqueKey } from './keys';
import { COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, LAST_NAMES } from './names';
import { hashPassword } from './passwords';

/** Generated customers besides the documented users, per scale. */
const GENERATED_USERS: Record<Scale, number> = { small: 4, default: 40, large: 300 };
const ACCOUNT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'DKK', 'SEK', 'NOK', 'JPY', 'HKD', 'AUD'] as const;

const SCHEMA = `
CREATE TABLE users (
  user_id TEXT PRIMARY KEY,
  user_key TEXT NOT NULL UNIQUE,
  login TEXT UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  password_salt BLOB,
  password_hash BLOB,
  client_id TEXT NOT NULL
);
CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  client_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  owner_user_id TEXT NOT NULL,
  parent_client_id TEXT
);
CREATE INDEX clients_by_owner ON clients(owner_user_id);
CREATE TABLE account_groups (
  account_group_id TEXT PRIMARY KEY,
  account_group_key TEXT NOT NULL UNIQUE,
  client_id TEXT NOT NULL,
  name TEXT NOT NULL
);
CREATE TABLE accounts (
  account_id TEXT PRIMARY KEY,
  account_key TEXT NOT NULL UNIQUE,
  client_id TEXT NOT NULL,
  account_group_id TEXT,
  currency TEXT NOT NULL
);
CREATE INDEX accounts_by_client ON accounts(client_id);
`;

/** 16 salt bytes from the identities' random stream, so the universe file is reproducible. */
function drawSalt(random: RandomStream): Buffer {
  return Buffer.from(Array.from({ length: 16 }, () => random.int(0, 255)));
}

function generatedUser(random: RandomStream, index: number): DemoUser {
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const userId = String(17350000 + index * 7);
  const topClientId = String(9500000 + index * 40);
  const clients: DemoClient[] = [];
  const subClients = random.int(0, 3);
  for (let c = 0; c <= subClients; c++) {
    const clientId = String(Number(topClientId) + c);
    const clientName =
      c === 0 && random.chance(0.4) ? name : `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}`;
    const grouped = random.chance(0.5);
    const groupId = `G${clientId}-1`;
    const currencies = new Set(
      Array.from({ length: random.int(1, 3) }, () => random.pick(ACCOUNT_CURRENCIES)),
    );
    clients.push({
      clientId,
      name: clientName,
      ...(c === 0 ? {} : { parentClientId: topClientId }),
      accounts: [...currencies].map((currency, a) => ({
        accountId: `${clientId}${currency}`,
        currency,
        ...(grouped && a < 2 ? { groupId } : {}),
      })),
      ...(grouped
        ? { groups: [{ groupId, name: random.pick(['Trading', 'Long term', 'Income', 'Hedging']) }] }
        : {}),
    });
  }
  return { userId, login: '', password: '', name, role: 'user', clients };
}

function insertUser(db: Database.Database, user: DemoUser, random: RandomStream): void {
  const topClient = user.clients[0];
  if (!topClient) throw new Error(`User ${user.userId} has no client`);
  const password = user.password ? hashPassword(user.password, drawSalt(random)) : undefined;
  db.prepare(
    `INSERT INTO users (user_id, user_key, login, name, role, password_salt, password_hash, client_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.userId,
    opaqueKey('user', user.userId),
    user.login || null,
    user.name,
    user.role,
    password?.salt ?? null,
    password?.hash ?? null,
    topClient.clientId,
  );
  const insertClient = db.prepare('INSERT INTO clients VALUES (?, ?, ?, ?, ?)');
  const insertGroup = db.prepare('INSERT INTO account_groups VALUES (?, ?, ?, ?)');
  const insertAccount = db.prepare('INSERT INTO accounts VALUES (?, ?, ?, ?, ?)');
  for (const client of user.clients) {
    insertClient.run(
      client.clientId,
      opaqueKey('client', client.clientId),
      client.name,
      user.userId,
      client.parentClientId ?? null,
    );
    for (const group of client.groups ?? []) {
      insertGroup.run(group.groupId, opaqueKey('accountGroup', group.groupId), client.clientId, group.name);
    }
    for (const account of client.accounts) {
      insertAccount.run(
        account.accountId,
        opaqueKey('account', account.accountId),
        client.clientId,
        account.groupId ?? null,
        account.currency,
      );
    }
  }
}

/** Creates the users, clients, account groups and accounts tables and fills them. */
export const identitiesStep: GenerationStep = {
  name: 'book.identities',
  run(context: GenerationContext): void {
    context.db.exec(SCHEMA);
    const random = context.random('book.identities');
    for (const user of DOCUMENTED_USERS) insertUser(context.db, user, random);
    for (let index = 0; index < GENERATED_USERS[context.scale]; index++) {
      insertUser(context.db, generatedUser(random, index), random);
    }
  },
  // The accounts reads nothing of the reference data: it is made beside it.
  parallel: { after: 'reference:schema' },
  expectedMs: { small: 120, default: 120, large: 130 },
};
