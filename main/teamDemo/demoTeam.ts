/**
 * Who is in the team demo and what each desk types: the simulator's documented users as the
 * team (Clara and Jonas analysts and approvers, Amelia a viewer) under their UserKeys, the demo
 * app's AppKey as the one application accepted, and the instructions printed for the desks.
 */
import { writeFileSync } from 'node:fs';
import { ADMIN_USER, DEMO_USER, TRADER2_USER, type DemoUser } from '../simulator/data/accounts/demo';
import { opaqueKey } from '../simulator/data/accounts/keys';

export interface DemoMember {
  login: string;
  password: string;
  name: string;
  /** The platform's UserKey of the user: how the team file names a member. */
  userKey: string;
  roles: string[];
}

/** The demo team's members, in the order the instructions list them. */
export function demoMembers(): DemoMember[] {
  const member = (user: DemoUser, roles: string[]): DemoMember => ({
    login: user.login,
    password: user.password,
    name: user.name,
    userKey: opaqueKey('user', user.userId),
    roles,
  });
  return [
    member(DEMO_USER, ['Analyst', 'Approver']),
    member(TRADER2_USER, ['Analyst', 'Approver']),
    member(ADMIN_USER, ['Viewer']),
  ];
}

/** Writes the team file accepting `appKey`'s tokens for `members`. */
export function writeDemoTeamFile(file: string, appKey: string, members: DemoMember[]): void {
  const team = {
    id: 'refdesk-demo',
    name: 'RefDesk demo team',
    appKeys: [appKey],
    members: members.map(({ userKey, name, roles }) => ({ userKey, name, roles })),
  };
  writeFileSync(file, `${JSON.stringify(team, null, 2)}\n`, { mode: 0o600 });
}

export interface DeskInstructions {
  platform: { baseUrl: string; authUrl: string; appKey: string };
  replicaUrls: string[];
  members: DemoMember[];
}

/** What to type on each desk, as lines for a person at a terminal. */
export function deskInstructions({ platform, replicaUrls, members }: DeskInstructions): string {
  return [
    'The team demo is running. On each desk (npm start, one per analyst):',
    '',
    '1. Sign-in page → Connection profiles → New profile:',
    `     API base URL          ${platform.baseUrl}`,
    `     Authorization server  ${platform.authUrl}`,
    `     AppKey                ${platform.appKey}`,
    '     Flow                  Login page (authorization code + PKCE)',
    '   Save, use it and sign in as one of:',
    ...members.map(
      (member) =>
        `     ${member.login.padEnd(8)} ${member.password.padEnd(16)} ${member.name} (${member.roles.join(', ')}), UserKey ${member.userKey}`,
    ),
    '2. Settings → Review store → Team review service, addresses:',
    ...replicaUrls.map((url) => `     ${url}`),
    '',
    'Ctrl+C stops the replicas, the platform and the database, and removes the demo folder.',
  ].join('\n');
}
