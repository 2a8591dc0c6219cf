/**
 * The session feature's vocabulary: what the renderer may know about the session (who is
 * signed in, until when, with which profile, where the tokens are kept; never a token) and the
 * connection profiles (what the user enters, validated with messages a person can act on, and
 * what the renderer sees; never a secret).
 */
import { z } from 'zod';

/** The profile a session belongs to, as the status bar names it. */
export interface SessionProfileView {
  id: string;
  name: string;
  kind: 'embedded' | 'remote';
  flow: 'implicit' | 'code' | 'assertion';
}

export interface SessionView {
  signedIn: boolean;
  /** Who is signed in, when the token says so. */
  user?: { name: string; userId: string };
  /** ISO date-time at which the access token expires. */
  expiresAt?: string;
  profile: SessionProfileView;
  /** `keychain`: the OS keychain keeps the session; `memory`: it is lost when RefDesk quits. */
  tokenStorage: 'keychain' | 'memory';
  /** Why the session is kept in memory only, in words (set with `tokenStorage: 'memory'`). */
  tokenStorageNotice?: string;
  /** Set after the session ended on its own: the token expired, or the service refused it. */
  signInNeeded?: 'expired' | 'rejected';
  /** A login page (auth window or popup) is open. */
  signingIn: boolean;
}

/** How a sign-in ended. `failed` carries a message for the user (e.g. they declined). */
export type SignInOutcome =
  | { outcome: 'signedIn'; session: SessionView }
  | { outcome: 'cancelled'; session: SessionView }
  | { outcome: 'failed'; message: string; session: SessionView };

/**
 * What `session:signIn` answers: the outcome, or (web shell) the login page the renderer opens
 * in a popup, after which it waits with `session:waitForSignIn`.
 */
export type SignInStart = SignInOutcome | { outcome: 'openPopup'; authorizeUrl: string; attemptId: string };

/** The id of the built-in profile of the embedded simulator. */
export const EMBEDDED_PROFILE_ID = 'embedded';
/** The built-in profile's name, which no other profile may take (in any case or spacing). */
export const EMBEDDED_PROFILE_NAME = 'Embedded simulator';

/** True when `name` would read as the built-in profile's in the lists. */
function isBuiltInName(name: string): boolean {
  return name.trim().replace(/\s+/g, ' ').toLowerCase() === EMBEDDED_PROFILE_NAME.toLowerCase();
}

const flows = ['implicit', 'code', 'assertion'] as const;

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** An http(s) address; plain http only on loopback, where no token crosses a network. */
export function serviceUrl(label: string, example: string) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(2000, `${label} is too long.`)
    .superRefine((value, context) => {
      if (!value) return; // already reported as required
      const url = parsedUrl(value);
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        context.addIssue({ code: 'custom', message: `${label} must be a full web address, e.g. ${example}.` });
      } else if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
        context.addIssue({
          code: 'custom',
          message: `${label} must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).`,
        });
      } else if (url.username || url.password || url.hash || url.search) {
        context.addIssue({ code: 'custom', message: `${label} must not carry a user name, query or #fragment.` });
      }
    })
    .transform((value) => value.replace(/\/+$/, ''));
}

const absolutePath = (label: string) =>
  z
    .string({ error: `${label} is required for the signed-assertion flow.` })
    .trim()
    .min(1, `${label} is required for the signed-assertion flow.`)
    .max(4000, `${label} is too long.`)
    .refine((value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\'), {
      message: `${label} must be a full path (choose the file).`,
    });

/** Settings of the signed-assertion flow (spec 5.2). */
export const assertionSettingsSchema = z
  .object({
    certificatePath: absolutePath('Certificate file'),
    privateKeyPath: absolutePath('Private key file'),
    /** `spurl`: the AppUrl of the application. */
    appUrl: z
      .string()
      .trim()
      .min(1, 'AppUrl is required for the signed-assertion flow.')
      .max(2000)
      .refine((value) => {
        const url = parsedUrl(value);
        return url !== undefined && url.protocol.length > 1 && (url.host !== '' || url.pathname !== '');
      }, 'AppUrl must be a full address such as https://app.example.com/callback (the application\'s AppUrl).'),
    /** `sub`: the user the token is for. */
    userId: z.string().trim().min(1, 'User id is required for the signed-assertion flow.').max(200),
  })
  .strict();

/** The fields of a remote profile, as entered and as stored (core's profiles.json schema reuses them). */
export const profileFields = {
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(60, 'Name is at most 60 characters.'),
  baseUrl: serviceUrl('Base URL', 'https://gateway.example.com/openapi'),
  authUrl: serviceUrl('Authentication URL', 'https://auth.example.com/auth'),
  appKey: z
    .string({ error: 'AppKey is required.' })
    .trim()
    .min(1, 'AppKey is required.')
    .max(200, 'AppKey is at most 200 characters.')
    .regex(/^\S+$/, 'AppKey has no spaces.'),
  redirectUri: z
    .string({ error: 'Redirect URI is required.' })
    .trim()
    .min(1, 'Redirect URI is required.')
    .max(2000)
    .refine((value) => {
      const url = parsedUrl(value);
      return url !== undefined && !url.hash && (url.protocol !== 'http:' || LOOPBACK.has(url.hostname));
    }, 'Redirect URI must be a full address without #fragment, e.g. http://127.0.0.1/refdesk/callback (http only on loopback).'),
  flow: z.enum(flows, { error: 'Sign-in flow must be implicit, code (with PKCE) or assertion.' }),
  assertion: assertionSettingsSchema.optional(),
};

export function requireAssertionSettings(value: { flow: string; assertion?: unknown }, context: z.RefinementCtx): void {
  if (value.flow === 'assertion' && !value.assertion) {
    context.addIssue({
      code: 'custom',
      path: ['assertion'],
      message: 'The signed-assertion flow needs a certificate file, a private key file, the AppUrl and a user id.',
    });
  }
}

/** What the user enters for a remote profile (`session:saveProfile`). The AppSecret goes to the keychain. */
export const profileInputSchema = z
  .object({
    /** Absent for a new profile. */
    id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Unknown profile id.').optional(),
    ...profileFields,
    // Checked on entry only: a profiles.json written before this rule still reads.
    name: profileFields.name.refine((name) => !isBuiltInName(name), {
      message: `"${EMBEDDED_PROFILE_NAME}" is the built-in profile's name; choose another.`,
    }),
    /** A new AppSecret to keep in the keychain; absent keeps the stored one. */
    appSecret: z.string().min(1, 'AppSecret is empty; leave it out to keep the stored one.').max(500).optional(),
    /** Deletes the stored AppSecret. */
    forgetAppSecret: z.boolean().optional(),
  })
  .strict()
  .superRefine(requireAssertionSettings);
export type ProfileInput = z.input<typeof profileInputSchema>;
export type ParsedProfileInput = z.output<typeof profileInputSchema>;

/** A profile as the renderer sees it: settings, never a secret. */
export interface ProfileView {
  id: string;
  name: string;
  /** `embedded`: the built-in simulator (not editable); `remote`: entered by the user. */
  kind: 'embedded' | 'remote';
  baseUrl: string;
  authUrl: string;
  appKey: string;
  redirectUri: string;
  flow: (typeof flows)[number];
  assertion?: z.output<typeof assertionSettingsSchema>;
  /** True when an AppSecret is kept for this profile (in the keychain, or in memory without one). */
  hasAppSecret: boolean;
  /**
   * Made against the embedded simulator (its addresses when saved): the profile follows the
   * simulator's current address, whose port changes from run to run.
   */
  followsEmbeddedSimulator?: boolean;
}

/** What `session:profiles` answers. */
export interface ProfilesList {
  profiles: ProfileView[];
  activeProfileId: string;
  /** Set when profiles.json could not be used; says where the unreadable file was kept. */
  problem?: string;
}

/** A popup sign-in started by `session:signIn` (web shell). */
export const signInAttemptArg = z.object({ attemptId: z.uuid('Unknown sign-in.') }).strict();
/** What the web shell's callback page hands over: the redirect's query and fragment, as received. */
export const signInCallbackArg = z
  .object({ query: z.string().max(8_192).optional(), fragment: z.string().max(16_384).optional() })
  .strict();
/** Names one connection profile. */
export const profileIdArg = z.object({ id: z.string().min(1).max(64) }).strict();
