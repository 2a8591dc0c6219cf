/**
 * Wire types of the application directory (spec 2.6, platform facts section 1). Read through
 * `types.ts`.
 */
import type { AppStatus } from './enums';

export interface UserDto {
  Name?: string;
  UserKey?: string;
}

export interface EndpointDto {
  AuthorizationEndpoint?: string;
  TokenEndpoint?: string;
}

export interface BrandingDto {
  Description?: string;
  Id: number;
  Name?: string;
}

export interface AppRedirectDto {
  Branding?: BrandingDto;
  Description?: string;
  RedirectUriId: number;
  RedirectUriLabel?: string;
  Uri: string;
}

export interface AppSecretDto {
  Secret?: string;
  SecretId: number;
  ValidFrom?: string;
  ValidUntil?: string;
}

/** Fields common to the single and the listed application. */
interface AppSummaryFields {
  AppKey: string;
  Name: string;
  Description?: string;
  /** Authentication flow, e.g. Code, Implicit. */
  Flow?: string;
  Status?: AppStatus;
  IsActive?: boolean;
  IsTradingEnabled?: boolean;
  CreatedBy?: UserDto;
  Endpoints?: EndpointDto;
}

/** One application as read by key (spec 2.6). */
export interface Application extends AppSummaryFields {
  Branding?: BrandingDto[];
  RedirectUris?: AppRedirectDto[];
  Secrets?: AppSecretDto[];
}

/** One element of the application list (AppWithSecretsDto); secrets only with IncludeSecrets. */
export interface ListedApplication extends AppSummaryFields {
  /** Plural in this shape. */
  Brandings?: BrandingDto[];
  ManualOrderIndicationDefault?: string;
  ManualOrderIndicator?: string;
  Secrets?: AppSecretDto[];
}
