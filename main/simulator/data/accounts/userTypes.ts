/**
 * Typed records of the book's identities and applications, as the simulator's routes and its
 * authorization server read them (directory.ts).
 */
import type { AuthFlow, UserRole } from './demo';

/** Application statuses that occur in the directory (spec 2.6 and 3). */
export const APP_STATUSES = ['OK', 'Pending', 'Requestable', 'Rejected'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

/** A user of the simulator, as every API route sees the caller. */
export interface SimUser {
  userId: string;
  /** Opaque key of the user (CreatedBy.UserKey, the token's `uid`). */
  userKey: string;
  /** Login name; absent for generated users who cannot sign in. */
  login?: string;
  name: string;
  role: UserRole;
  isAdmin: boolean;
  /** The user's own (top) client. */
  clientId: string;
  clientKey: string;
}

/** One redirect URI registered for an application. */
export interface AppRedirectUri {
  redirectUriId: number;
  uri: string;
  label: string;
  description: string;
  brandingId?: number;
}

/** One secret of an application with its validity window. */
export interface AppSecretRecord {
  secretId: number;
  secret: string;
  validFrom: Date;
  validUntil: Date;
}

export interface AppBranding {
  brandingId: number;
  name: string;
  description: string;
}

/** A registered application with everything the directory and the authorization server need. */
export interface AppRecord {
  appKey: string;
  name: string;
  description: string;
  /** The flow shown in the directory's `Flow` field. */
  flow: AuthFlow;
  /** Flows the authorization server accepts for this app. */
  allowedFlows: AuthFlow[];
  status: AppStatus;
  isActive: boolean;
  isTradingEnabled: boolean;
  /** The AppUrl (`spurl` of signed assertions). */
  appUrl: string;
  manualOrderIndicationDefault: string;
  manualOrderIndicator: string;
  createdBy: { userId: string; userKey: string; name: string };
  brandings: AppBranding[];
  redirectUris: AppRedirectUri[];
  secrets: AppSecretRecord[];
}
