/**
 * What the authorization server needs to know about users and applications. The universe's
 * SQLite tables are adapted to it in `universeUsersAndApps.ts`; unit tests pass their own small
 * sets of users and apps.
 */

/** A user who can sign in or on whose behalf an application asks for a token. */
export interface AuthUser {
  /** The id the signed-assertion flow names in `sub`. */
  userId: string;
  /** The user's key, carried as the access token's `uid`. */
  userKey: string;
  /** The key of the user's own client, carried as `cid`. */
  clientKey: string;
  isAdmin: boolean;
  /** Display name, carried as the access token's `name` so clients can say who is signed in. */
  name?: string;
}

/** One secret of an application with its validity window. */
export interface AuthAppSecret {
  secret: string;
  validFrom?: Date;
  validUntil?: Date;
}

/** The flows of the authorization server an application can be allowed to use. */
export type AuthFlowName = 'Implicit' | 'Code' | 'PersonalJwt';

/** A registered application (OAuth client). */
export interface AuthApp {
  appKey: string;
  /** The app's registration number (the order apps were registered in), carried as the access token's `oaa`. */
  registrationNumber: number;
  name: string;
  /** AppUrl: the URL uniquely representing the app, expected as an assertion's `spurl`. */
  appUrl: string;
  redirectUris: string[];
  secrets: AuthAppSecret[];
  /** Whether tokens may be issued to it at all (approved and active). */
  canSignIn: boolean;
  allowedFlows: readonly AuthFlowName[];
}

export interface AuthUsersAndApps {
  findApp(appKey: string): AuthApp | undefined;
  /** The user with this login and password, or undefined when either is wrong. */
  findUserByLogin(login: string, password: string): AuthUser | undefined;
  findUserById(userId: string): AuthUser | undefined;
}
