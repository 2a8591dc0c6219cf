/**
 * The typed record of a user, as the simulator's routes and its authorization server read it
 * (users.ts).
 */
import type { UserRole } from './demo';

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
