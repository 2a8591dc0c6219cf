/**
 * Sets up the simulator's authorization server for one run: the users and applications of the
 * universe, the kept identity's signing key and sessions (or a fresh key and sessions in memory),
 * the demo app's certificate (created once in the data folder) registered for the demo app, and
 * the documented demo credentials the READY line reports.
 */
import type Database from 'better-sqlite3';
import { DEMO_APP, DEMO_LOOPBACK_REDIRECT_URI, DEMO_USER } from '../data/accounts/demo';
import { AuthorizationServer } from './authorizationServer';
import { universeUsersAndApps } from './universeUsersAndApps';
import { ensureDemoCertificate } from './demoCertificate';
import type { KeptIdentity } from './identityStore';

/** What a developer needs to sign in to the simulator (printed in the READY line). */
export interface DemoCredentials {
  username: string;
  password: string;
  /** The demo user's id: the `sub` of a signed assertion. */
  userId: string;
  appKey: string;
  appSecret: string;
  /** The AppUrl: the `spurl` of a signed assertion. */
  appUrl: string;
  /** Loopback redirect URI, matched on any port. */
  redirectUri: string;
  /** PEM certificate of the demo app (its thumbprint is registered for the signed-assertion flow). */
  certificatePath: string;
  /** PEM (PKCS#8) private key of that certificate. */
  privateKeyPath: string;
}

export interface SimulatorAuthOptions {
  db: Database.Database;
  clock: () => Date;
  authUrl: () => string;
  /** Folder of the simulator's own files (the demo certificate). */
  dataDir: string;
  tokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  loginSessionTtlSeconds?: number;
  /** The identity kept across starts (identityStore.ts); absent: a new one for this run only. */
  identity?: KeptIdentity;
  /** Enforce the RFCs where the platform is lenient (authorizationServer.ts). */
  strictOAuth?: boolean;
}

/** The authorization server of a simulator run and the demo credentials that work against it. */
export async function createSimulatorAuth(
  options: SimulatorAuthOptions,
): Promise<{ server: AuthorizationServer; demo: DemoCredentials }> {
  // Both may generate an RSA key (the demo certificate on a first run): on the thread pool, side by side.
  const [server, certificate] = await Promise.all([
    AuthorizationServer.create({
      usersAndApps: universeUsersAndApps(options.db),
      clock: options.clock,
      authUrl: options.authUrl,
      ...(options.tokenTtlSeconds !== undefined ? { tokenTtlSeconds: options.tokenTtlSeconds } : {}),
      ...(options.refreshTokenTtlSeconds !== undefined
        ? { refreshTokenTtlSeconds: options.refreshTokenTtlSeconds }
        : {}),
      ...(options.loginSessionTtlSeconds !== undefined
        ? { loginSessionTtlSeconds: options.loginSessionTtlSeconds }
        : {}),
      ...(options.identity
        ? { signingKey: options.identity.signingKey, sessionDatabase: options.identity.db }
        : {}),
      ...(options.strictOAuth === true ? { strictOAuth: true } : {}),
    }),
    ensureDemoCertificate(options.dataDir, DEMO_APP.name, options.clock()),
  ]);
  server.certificates.register(DEMO_APP.appKey, certificate.certificatePem);
  return {
    server,
    demo: {
      username: DEMO_USER.login,
      password: DEMO_USER.password,
      userId: DEMO_USER.userId,
      appKey: DEMO_APP.appKey,
      appSecret: DEMO_APP.appSecret,
      appUrl: DEMO_APP.appUrl,
      redirectUri: DEMO_LOOPBACK_REDIRECT_URI,
      certificatePath: certificate.certificatePath,
      privateKeyPath: certificate.privateKeyPath,
    },
  };
}
