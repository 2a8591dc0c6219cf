/**
 * The platform's identity reads (`/port/v1`: users, clients, accounts) over the accounts' tables.
 * Only what the caller owns is ever returned: a key of another user's accounts reads as nothing,
 * exactly like an unknown key, so the routes answer both with 404.
 *
 * Values the accounts does not store are derived from what it does, the same in every universe:
 * an account's name is its client's name and currency, its opening date a fixed function of
 * its id (so a picker shows the same names and dates every day).
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AssetType } from '../../../../contract/wire/enums';
import type { AccountDetails, ClientDetails, UserDetails } from '../../../../contract/wire/accounts';
import type { SimUser } from './userTypes';
import { statement } from '../statements';

/** What the simulator's users may trade: everything its universe lists. */
const LEGAL_ASSET_TYPES: AssetType[] = [
  'Bond',
  'CfdOnIndex',
  'CfdOnStock',
  'ContractFutures',
  'Etc',
  'Etf',
  'FuturesOption',
  'FxForwards',
  'FxSpot',
  'FxSwap',
  'FxVanillaOption',
  'MutualFund',
  'Stock',
  'StockIndexOption',
  'StockOption',
];
/** Currencies quoted without minor units (ISO 4217 exponent 0) among the accounts' account currencies. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'HUF', 'ISK']);
/** Central European: the simulator's documented users are Danish and German desks. */
const USER_TIME_ZONE_ID = 4;
/** The earliest and latest account opening dates the accounts derives. */
const FIRST_OPENING = Date.UTC(2009, 0, 5);
const OPENING_SPAN_DAYS = 5_000;
const DAY_MS = 86_400_000;

interface ClientRow {
  client_id: string;
  client_key: string;
  name: string;
  parent_client_id: string | null;
}

interface AccountRow {
  account_id: string;
  account_key: string;
  client_id: string;
  client_key: string;
  client_name: string;
  account_group_key: string | null;
  currency: string;
}

const ACCOUNT_SELECT = `
  SELECT a.account_id, a.account_key, a.client_id, c.client_key, c.name AS client_name,
         g.account_group_key, a.currency
  FROM accounts a
  JOIN clients c ON c.client_id = a.client_id
  LEFT JOIN account_groups g ON g.account_group_id = a.account_group_id`;

/** A fixed opening date per account id, on a weekday, between 2009 and 2022. */
function openingDate(accountId: string): string {
  const offset = createHash('sha256').update(accountId).digest().readUInt32BE(0) % OPENING_SPAN_DAYS;
  const date = new Date(FIRST_OPENING + offset * DAY_MS);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) date.setUTCDate(date.getUTCDate() + (weekday === 6 ? 2 : 1));
  return `${date.toISOString().slice(0, 10)}T00:00:00.000000Z`;
}

function toAccount(row: AccountRow): AccountDetails {
  return {
    AccountId: row.account_id,
    AccountKey: row.account_key,
    ...(row.account_group_key ? { AccountGroupKey: row.account_group_key } : {}),
    AccountType: 'Normal',
    AccountSubType: 'None',
    Active: true,
    ClientId: row.client_id,
    ClientKey: row.client_key,
    CreationDate: openingDate(row.account_id),
    Currency: row.currency,
    CurrencyDecimals: ZERO_DECIMAL_CURRENCIES.has(row.currency) ? 0 : 2,
    DisplayName: `${row.client_name} ${row.currency}`,
    IsTrialAccount: false,
    LegalAssetTypes: LEGAL_ASSET_TYPES,
    Sharing: ['NoSharing'],
    IsMarginTradingAllowed: true,
    DirectMarketAccess: false,
  };
}

/** The accounts of one client, in account id order. */
function accountRowsOf(db: Database.Database, clientId: string): AccountRow[] {
  return statement(db, `${ACCOUNT_SELECT} WHERE a.client_id = ? ORDER BY a.account_id`).all(
    clientId,
  ) as AccountRow[];
}

function toClient(db: Database.Database, row: ClientRow): ClientDetails {
  const defaultAccount = accountRowsOf(db, row.client_id)[0];
  return {
    ClientId: row.client_id,
    ClientKey: row.client_key,
    Name: row.name,
    DefaultCurrency: defaultAccount?.currency ?? 'EUR',
    DefaultAccountId: defaultAccount?.account_id ?? '',
    DefaultAccountKey: defaultAccount?.account_key ?? '',
    LegalAssetTypes: LEGAL_ASSET_TYPES,
    IsMarginTradingAllowed: true,
    MarginCalculationMethod: 'Default',
    PositionNettingMode: 'EndOfDay',
    SupportsAccountValueProtectionLimit: false,
  };
}

function ownedClientRow(db: Database.Database, user: SimUser, clientKey: string): ClientRow | undefined {
  return statement(
    db,
    'SELECT client_id, client_key, name, parent_client_id FROM clients WHERE client_key = ? AND owner_user_id = ?',
  ).get(clientKey, user.userId) as ClientRow | undefined;
}

/** `users/me`: the caller, signed in at `signedInAt`. */
export function userDetails(user: SimUser, signedInAt: Date | undefined): UserDetails {
  return {
    UserId: user.userId,
    UserKey: user.userKey,
    Name: user.name,
    ClientKey: user.clientKey,
    Culture: 'en-US',
    Language: 'en',
    LastLoginStatus: 'Successful',
    ...(signedInAt ? { LastLoginTime: signedInAt.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z') } : {}),
    LegalAssetTypes: LEGAL_ASSET_TYPES,
    MarketDataViaOpenApiTermsAccepted: false,
    TimeZoneId: USER_TIME_ZONE_ID,
  };
}

/** The caller's client with `clientKey` (the caller's own when undefined), or undefined. */
export function clientDetails(
  db: Database.Database,
  user: SimUser,
  clientKey: string = user.clientKey,
): ClientDetails | undefined {
  const row = ownedClientRow(db, user, clientKey);
  return row && toClient(db, row);
}

/** The clients directly under the caller's client `ownerKey` (its sub-clients), or undefined for a key not the caller's. */
export function subClientDetails(
  db: Database.Database,
  user: SimUser,
  ownerKey: string,
): ClientDetails[] | undefined {
  const owner = ownedClientRow(db, user, ownerKey);
  if (!owner) return undefined;
  const rows = statement(
    db,
    'SELECT client_id, client_key, name, parent_client_id FROM clients WHERE parent_client_id = ? ORDER BY client_id',
  ).all(owner.client_id) as ClientRow[];
  return rows.map((row) => toClient(db, row));
}

/** Client ids of `clientId` and every client below it, depth first. */
function clientTree(db: Database.Database, clientId: string): string[] {
  const children = statement(
    db,
    'SELECT client_id FROM clients WHERE parent_client_id = ? ORDER BY client_id',
  ).pluck();
  const ids: string[] = [];
  const visit = (id: string) => {
    ids.push(id);
    for (const child of children.all(id) as string[]) visit(child);
  };
  visit(clientId);
  return ids;
}

/**
 * The accounts of the caller's client `clientKey` (the caller's own when undefined), with those
 * of its sub-clients at any depth when `includeSubAccounts`; undefined for a key not the caller's.
 */
export function accountDetailsList(
  db: Database.Database,
  user: SimUser,
  clientKey: string = user.clientKey,
  includeSubAccounts = false,
): AccountDetails[] | undefined {
  const client = ownedClientRow(db, user, clientKey);
  if (!client) return undefined;
  const clientIds = includeSubAccounts ? clientTree(db, client.client_id) : [client.client_id];
  return clientIds.flatMap((id) => accountRowsOf(db, id)).map(toAccount);
}

/** The caller's account with `accountKey`, or undefined. */
export function accountDetails(
  db: Database.Database,
  user: SimUser,
  accountKey: string,
): AccountDetails | undefined {
  const row = statement(db, `${ACCOUNT_SELECT} WHERE a.account_key = ? AND c.owner_user_id = ?`).get(
    accountKey,
    user.userId,
  ) as AccountRow | undefined;
  return row && toAccount(row);
}
