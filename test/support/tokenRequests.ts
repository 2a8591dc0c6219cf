/**
 * Token requests to the simulator's authorization server over real HTTP, and signed assertions
 * made with the demo certificate the simulator wrote (or deliberately wrong ones). The login
 * page, driven like a browser, is in loginPage.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import type { SimulatorInfo } from '../../main/simulator/server';

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** POSTs a form to `{auth_url}/token`, with client credentials as HTTP Basic when `basic` is given. */
export async function postToken(authUrl: string, form: Record<string, string>, basic?: [string, string]): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
  const response = await fetch(`${authUrl}/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The demo certificate's SHA-1 thumbprint in RFC 7515 and Windows hex form, computed from the PEM file. */
export function demoThumbprint(info: SimulatorInfo): { base64url: string; hex: string } {
  const der = Buffer.from(readFileSync(info.certificatePath, 'utf8').replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const digest = createHash('sha1').update(der).digest();
  return { base64url: digest.toString('base64url'), hex: digest.toString('hex').toUpperCase() };
}

/** A demo-app assertion for the demo user, signed with the demo key; `header`/`claims` override parts of it. */
export async function demoAssertion(
  info: SimulatorInfo,
  overrides: { header?: Partial<JWTHeaderParameters>; claims?: JWTPayload; lifetimeSeconds?: number } = {},
): Promise<string> {
  const key = await importPKCS8(readFileSync(info.privateKeyPath, 'utf8'), 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: info.appKey,
    sub: info.userId,
    aud: info.authUrl,
    spurl: info.appUrl,
    jti: randomUUID(),
    iat: now,
    exp: now + (overrides.lifetimeSeconds ?? 60),
    ...overrides.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', x5t: demoThumbprint(info).base64url, ...overrides.header })
    .sign(key);
}

/** The personal-JWT grant with the demo app's secret as HTTP Basic. */
export function assertionGrant(info: SimulatorInfo, assertion: string): Promise<JsonResponse> {
  return postToken(info.authUrl, { grant_type: 'urn:service:oauth:grant-type:personal-jwt', assertion }, [info.appKey, info.appSecret]);
}
