import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, importX509, jwtVerify } from 'jose';
import { generate } from 'selfsigned';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAssertion,
  certificateThumbprint,
  loadSigningMaterial,
  parseSigningMaterial,
} from '../../main/core/session/assertion';

const NOW = new Date('2026-06-01T12:00:00Z');
let certificatePem: string;
let privateKeyPem: string;

async function makeCertificate(notAfterDate: Date) {
  return generate([{ name: 'commonName', value: 'RefDesk test app' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date('2026-01-01T00:00:00Z'),
    notAfterDate,
  });
}

beforeAll(async () => {
  const pems = await makeCertificate(new Date('2030-01-01T00:00:00Z'));
  certificatePem = pems.cert;
  privateKeyPem = pems.private;
});

const claims = { appKey: 'demo-app-key', userId: '17340521', authUrl: 'http://127.0.0.1:4000/auth', appUrl: 'https://refdesk.example/app' };

describe('signed assertion (spec 5.2)', () => {
  it('is an RS256 JWT naming the certificate by its RFC 7515 x5t, with the spec claims', async () => {
    const material = parseSigningMaterial(certificatePem, privateKeyPem, NOW);
    const assertion = await buildAssertion(claims, material, NOW);
    const header = decodeProtectedHeader(assertion);
    const expectedThumbprint = createHash('sha1').update(new X509Certificate(certificatePem).raw).digest('base64url');
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', x5t: expectedThumbprint });
    expect(certificateThumbprint(material.certificate)).toBe(expectedThumbprint);

    const { payload } = await jwtVerify(assertion, await importX509(certificatePem, 'RS256'), { currentDate: NOW });
    expect(payload).toMatchObject({ iss: 'demo-app-key', sub: '17340521', aud: 'http://127.0.0.1:4000/auth', spurl: 'https://refdesk.example/app' });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.iat).toBe(NOW.getTime() / 1000);
  });

  it('uses a new jti for every assertion, so none can be replayed', async () => {
    const material = parseSigningMaterial(certificatePem, privateKeyPem, NOW);
    const ids = new Set<unknown>();
    for (let i = 0; i < 5; i += 1) ids.add(decodeJwt(await buildAssertion(claims, material, NOW)).jti);
    expect(ids.size).toBe(5);
  });

  it('explains unusable certificate and key files', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => parseSigningMaterial('not a certificate', privateKeyPem, NOW)).toThrow('The certificate file does not hold a PEM X.509 certificate.');
    expect(() => parseSigningMaterial(certificatePem, 'garbage', NOW)).toThrow(/does not hold a PEM private key/);
    expect(() => parseSigningMaterial(certificatePem, otherKey, NOW)).toThrow('The private key does not belong to the certificate.');
    expect(() => parseSigningMaterial(certificatePem, ecKey, NOW)).toThrow(/RS256/);
    const expired = await makeCertificate(new Date('2026-03-01T00:00:00Z'));
    expect(() => parseSigningMaterial(expired.cert, expired.private, NOW)).toThrow('The certificate expired on 2026-03-01.');
  });

  it('reads the files chosen in the profile and names a missing one', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'refdesk-assertion-'));
    const certificatePath = path.join(folder, 'cert.pem');
    const privateKeyPath = path.join(folder, 'key.pem');
    await writeFile(certificatePath, certificatePem);
    await writeFile(privateKeyPath, privateKeyPem);
    const material = await loadSigningMaterial(certificatePath, privateKeyPath, NOW);
    expect(material.certificate.subject).toContain('RefDesk test app');
    await expect(loadSigningMaterial(path.join(folder, 'missing.pem'), privateKeyPath, NOW)).rejects.toThrow(
      `The certificate file ${path.join(folder, 'missing.pem')} does not exist.`,
    );
  });
});
