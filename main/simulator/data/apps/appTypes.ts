/**
 * Typed records of the registered applications, as the simulator's routes and its
 * authorization server read them (appRecords.ts).
 */
import type { AuthFlow } from '../accounts/demo';

/** Application statuses that occur in the directory (spec 2.6 and 3). */
export const APP_STATUSES = ['OK', 'Pending', 'Requestable', 'Rejected'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

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
