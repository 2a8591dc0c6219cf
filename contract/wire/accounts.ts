/**
 * Wire types of the platform's identity reads (Portfolio service group, `/port/v1`): who the
 * signed-in user is, the clients of their accounts and its accounts (platform facts, "Identity reads
 * every client makes first"). Property names are the platform's own; absent values are omitted.
 */
import type { AssetType, Open } from './enums';

/** `GET /port/v1/users/me`: the signed-in user. */
export interface UserDetails {
  UserId: string;
  UserKey: string;
  Name: string;
  /** The user's own (top) client. */
  ClientKey: string;
  Culture: string;
  Language: string;
  LastLoginStatus: Open<'Successful' | 'Unsuccessful'>;
  /** When the user last signed in (UTC date-time). */
  LastLoginTime?: string;
  LegalAssetTypes: AssetType[];
  MarketDataViaOpenApiTermsAccepted: boolean;
  /** Id of one of `/ref/v1/timezones`. */
  TimeZoneId: number;
}

/** `GET /port/v1/clients/me`, `/port/v1/clients/{ClientKey}`, `/port/v1/clients/?OwnerKey=`: one client. */
export interface ClientDetails {
  ClientId: string;
  ClientKey: string;
  Name: string;
  DefaultCurrency: string;
  DefaultAccountId: string;
  DefaultAccountKey: string;
  LegalAssetTypes: AssetType[];
  IsMarginTradingAllowed: boolean;
  MarginCalculationMethod: string;
  PositionNettingMode: Open<'EndOfDay' | 'Intraday'>;
  AccountValueProtectionLimit?: number;
  SupportsAccountValueProtectionLimit: boolean;
}

/** `GET /port/v1/accounts/me`, `/port/v1/accounts/?ClientKey=`, `/port/v1/accounts/{AccountKey}`: one account. */
export interface AccountDetails {
  AccountId: string;
  AccountKey: string;
  /** Present when the account is in an account group. */
  AccountGroupKey?: string;
  AccountType: Open<'Normal'>;
  AccountSubType: string;
  Active: boolean;
  ClientId: string;
  ClientKey: string;
  /** Date the account was opened (UTC date-time). */
  CreationDate: string;
  Currency: string;
  CurrencyDecimals: number;
  /** The account's name as the user sees it. */
  DisplayName: string;
  IsTrialAccount: boolean;
  LegalAssetTypes: AssetType[];
  Sharing: string[];
  IsMarginTradingAllowed: boolean;
  DirectMarketAccess: boolean;
}
