import { describe, expect, it } from 'vitest';
import { profileInputSchema } from '../../contract/session';

const valid = {
  name: 'Production gateway',
  baseUrl: 'https://gateway.example.com/openapi/',
  authUrl: 'https://auth.example.com/auth',
  appKey: 'abc123',
  redirectUri: 'http://127.0.0.1/refdesk/callback',
  flow: 'implicit',
} as const;

/** The messages of a refused profile, keyed by field path. */
function messages(input: unknown): Record<string, string[]> {
  const result = profileInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.') || '(profile)'] ??= []).push(issue.message);
  return fields;
}

describe('remote profile validation', () => {
  it('accepts a complete profile and trims trailing slashes from the URLs', () => {
    const parsed = profileInputSchema.parse(valid);
    expect(parsed.baseUrl).toBe('https://gateway.example.com/openapi');
  });

  it('explains each missing or malformed field', () => {
    expect(messages({ ...valid, name: '  ', appKey: 'has space', baseUrl: 'gateway', authUrl: '' })).toEqual({
      name: ['Name is required.'],
      appKey: ['AppKey has no spaces.'],
      baseUrl: ['Base URL must be a full web address, e.g. https://gateway.example.com/openapi.'],
      authUrl: ['Authentication URL is required.'],
    });
  });

  it('keeps the built-in profile’s name for the built-in profile, in any case or spacing', () => {
    const refusal = ['"Embedded simulator" is the built-in profile\'s name; choose another.'];
    expect(messages({ ...valid, name: 'Embedded simulator' })).toEqual({ name: refusal });
    expect(messages({ ...valid, name: '  embedded   SIMULATOR ' })).toEqual({ name: refusal });
    expect(messages({ ...valid, name: 'Embedded simulator (copy)' })).toEqual({});
  });

  it('refuses plain http except on loopback, where no token crosses a network', () => {
    expect(messages({ ...valid, authUrl: 'http://auth.example.com/auth' })).toEqual({
      authUrl: ['Authentication URL must use https:// (plain http:// is accepted only for 127.0.0.1 or localhost).'],
    });
    expect(messages({ ...valid, baseUrl: 'http://127.0.0.1:8080/openapi', authUrl: 'http://localhost:8080/auth' })).toEqual({});
    expect(messages({ ...valid, redirectUri: 'http://app.example.com/cb' }).redirectUri?.[0]).toMatch(/http only on loopback/);
    expect(messages({ ...valid, redirectUri: 'refdesk://auth/callback' })).toEqual({});
  });

  it('needs the certificate, key, AppUrl and user for the signed-assertion flow, as full paths', () => {
    expect(messages({ ...valid, flow: 'assertion' })).toEqual({
      assertion: ['The signed-assertion flow needs a certificate file, a private key file, the AppUrl and a user id.'],
    });
    expect(
      messages({ ...valid, flow: 'assertion', assertion: { certificatePath: 'cert.pem', privateKeyPath: '/k.pem', appUrl: 'x', userId: '1' } }),
    ).toEqual({
      'assertion.certificatePath': ['Certificate file must be a full path (choose the file).'],
      'assertion.appUrl': ["AppUrl must be a full address such as https://app.example.com/callback (the application's AppUrl)."],
    });
    const certificate = { certificatePath: '/c.pem', privateKeyPath: '/k.pem', userId: '1' };
    for (const appUrl of ['https://app.example.com/cb', 'refdesk://auth/callback']) {
      expect(messages({ ...valid, flow: 'assertion', assertion: { ...certificate, appUrl } }), appUrl).toEqual({});
    }
  });

  it('refuses unknown fields and flows instead of ignoring them', () => {
    expect(messages({ ...valid, flow: 'password' })).toEqual({ flow: ['Sign-in flow must be implicit, code (with PKCE) or assertion.'] });
    expect(Object.keys(messages({ ...valid, accessToken: 'x' }))).toEqual(['(profile)']);
  });
});
