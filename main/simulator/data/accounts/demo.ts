/**
 * The documented demo identities of the simulator: who signs in, with which password, and the
 * demo application the desktop client uses. These values are fixed (independent of the seed)
 * because the README, the READY line and the tests refer to them by value.
 */

/** Roles of the simulator's users: an admin sees every registered application. */
export type UserRole = 'user' | 'admin';

/** One account of a documented client. */
export interface DemoAccount {
  accountId: string;
  currency: string;
  /** The account group it belongs to, by group id (absent: in no group). */
  groupId?: string;
}

/** One client of a documented user, possibly a sub-client of another. */
export interface DemoClient {
  clientId: string;
  name: string;
  /** Parent client id; absent for the user's own (top) client. */
  parentClientId?: string;
  accounts: DemoAccount[];
  /** Account groups of this client, by id and name. */
  groups?: { groupId: string; name: string }[];
}

/** A documented user with the clients it owns; the first client is the user's own. */
export interface DemoUser {
  userId: string;
  login: string;
  password: string;
  name: string;
  role: UserRole;
  clients: DemoClient[];
}

/** The demo user: realistic accounts with sub-clients, account groups and many holdings. */
export const DEMO_USER: DemoUser = {
  userId: '17340521',
  login: 'demo',
  password: 'refdesk-demo',
  name: 'Clara Lindqvist',
  role: 'user',
  clients: [
    {
      clientId: '9300112',
      name: 'Lindqvist Capital ApS',
      accounts: [
        { accountId: '9300112INET', currency: 'EUR', groupId: 'G9300112-1' },
        { accountId: '9300112USD', currency: 'USD', groupId: 'G9300112-1' },
        { accountId: '9300112DKK', currency: 'DKK' },
      ],
      groups: [{ groupId: 'G9300112-1', name: 'Trading' }],
    },
    {
      clientId: '9300187',
      name: 'Lindqvist Pension Pool',
      parentClientId: '9300112',
      accounts: [
        { accountId: '9300187EUR', currency: 'EUR' },
        { accountId: '9300187GBP', currency: 'GBP' },
      ],
    },
    {
      clientId: '9300245',
      name: 'Nordic Growth Partners K/S',
      parentClientId: '9300112',
      accounts: [
        { accountId: '9300245SEK', currency: 'SEK' },
        { accountId: '9300245USD', currency: 'USD' },
      ],
    },
    {
      clientId: '9300311',
      name: 'Erik Lindqvist',
      parentClientId: '9300245',
      accounts: [{ accountId: '9300311EUR', currency: 'EUR' }],
    },
  ],
};

/** A second ordinary user with its own accounts: its keys must never open the demo's data, and back. */
export const TRADER2_USER: DemoUser = {
  userId: '17340877',
  login: 'trader2',
  password: 'refdesk-trader2',
  name: 'Jonas Berger',
  role: 'user',
  clients: [
    {
      clientId: '9411020',
      name: 'Berger Handelsgesellschaft mbH',
      accounts: [
        { accountId: '9411020EUR', currency: 'EUR', groupId: 'G9411020-1' },
        { accountId: '9411020CHF', currency: 'CHF', groupId: 'G9411020-1' },
      ],
      groups: [{ groupId: 'G9411020-1', name: 'Main' }],
    },
    {
      clientId: '9411064',
      name: 'Berger Family Trust',
      parentClientId: '9411020',
      accounts: [{ accountId: '9411064USD', currency: 'USD' }],
    },
  ],
};

/** The administrator: sees every registered application. */
export const ADMIN_USER: DemoUser = {
  userId: '17340002',
  login: 'admin',
  password: 'refdesk-admin',
  name: 'Amelia Ortiz',
  role: 'admin',
  clients: [
    {
      clientId: '9100001',
      name: 'RefDesk Operations',
      accounts: [{ accountId: '9100001EUR', currency: 'EUR' }],
    },
  ],
};

/** Every documented user, in the order they are created. */
export const DOCUMENTED_USERS: readonly DemoUser[] = [DEMO_USER, TRADER2_USER, ADMIN_USER];

/** OAuth flows an application may be allowed to use on the simulator's authorization server. */
export const AUTH_FLOWS = ['Implicit', 'Code', 'PersonalJwt'] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

/** The loopback redirect URI of the demo app; matched on any port (RFC 8252). */
export const DEMO_LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/refdesk/callback';
/** The https redirect URI of the demo app, also its AppUrl (`spurl` of signed assertions). */
export const DEMO_HTTPS_REDIRECT_URI = 'https://refdesk.example.com/auth/callback';
/** The custom-scheme redirect URI of the demo app. */
export const DEMO_CUSTOM_SCHEME_REDIRECT_URI = 'refdesk://auth/callback';

/** The demo application, created by the demo user; the desktop client's default profile uses it. */
export const DEMO_APP = {
  appKey: '7d1e6c3b9a2f4e8d0c5b1a6f3e9d2c4b',
  appSecret: '4f9a2c7e1b8d3f6a0e5c9b2d7f1a4e8c',
  name: 'RefDesk Desktop',
  description:
    'Desktop client for instrument reference data, corporate actions and the application directory.',
  /** The flow shown in the directory's `Flow` field. */
  flow: 'Implicit' as AuthFlow,
  allowedFlows: ['Implicit', 'Code', 'PersonalJwt'] as AuthFlow[],
  appUrl: DEMO_HTTPS_REDIRECT_URI,
  redirectUris: [DEMO_LOOPBACK_REDIRECT_URI, DEMO_HTTPS_REDIRECT_URI, DEMO_CUSTOM_SCHEME_REDIRECT_URI],
  createdByUserId: DEMO_USER.userId,
} as const;
