/**
 * The signed assertion of the personal-JWT flow (spec 5.2, platform facts 5): an RS256 JWT
 * whose header names the signing certificate by its RFC 7515 `x5t` thumbprint, signed with the
 * certificate's private key. Certificate and key are files the user chose in the profile.
 */
import { createHash, createPrivateKey, randomUUID, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import { AuthError } from './authErrors';

/** The assertion's grant type on the token endpoint (the brand word replaced by "service"). */
export const PERSONAL_JWT_GRANT = 'urn:service:oauth:grant-type:personal-jwt';

/** How long an assertion is valid: short, like the platform's own samples (1 to 2 minutes). */
const ASSERTION_LIFETIME_SECONDS = 60;

export interface SigningMaterial {
  certificate: X509Certificate;
  privateKey: KeyObject;
}

/** RFC 7515 `x5t`: base64url (no padding) of the SHA-1 of the certificate's DER. */
export function certificateThumbprint(certificate: X509Certificate): string {
  return createHash('sha1').update(certificate.raw).digest('base64url');
}

/**
 * Parses a PEM certificate and its private key (PKCS#8 or PKCS#1), checking that they belong
 * together and that the certificate is valid at `now`. Throws AuthError (`configuration`).
 */
export function parseSigningMaterial(certificatePem: string, privateKeyPem: string, now: Date = new Date()): SigningMaterial {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch (cause) {
    throw new AuthError('configuration', 'The certificate file does not hold a PEM X.509 certificate.', { cause });
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(privateKeyPem);
  } catch (cause) {
    throw new AuthError('configuration', 'The private key file does not hold a PEM private key (or it is encrypted).', { cause });
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new AuthError('configuration', 'The private key is not an RSA key; the service accepts RS256 assertions only.');
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new AuthError('configuration', 'The private key does not belong to the certificate.');
  }
  if (new Date(certificate.validTo).getTime() < now.getTime()) {
    throw new AuthError('configuration', `The certificate expired on ${new Date(certificate.validTo).toISOString().slice(0, 10)}.`);
  }
  return { certificate, privateKey };
}

/** Reads the certificate and key files of a profile, with a message naming the file that failed. */
export async function loadSigningMaterial(certificatePath: string, privateKeyPath: string, now?: Date): Promise<SigningMaterial> {
  const read = async (file: string, what: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch (cause) {
      const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
      throw new AuthError('configuration', `The ${what} file ${file} ${reason}.`, { cause });
    }
  };
  return parseSigningMaterial(await read(certificatePath, 'certificate'), await read(privateKeyPath, 'private key'), now);
}

export interface AssertionClaims {
  /** `iss`: the AppKey. */
  appKey: string;
  /** `sub`: the user the token is for. */
  userId: string;
  /** `aud`: the AuthenticationUrl, `{auth_url}`. */
  authUrl: string;
  /** `spurl`: the AppUrl of the application. */
  appUrl: string;
}

/** Signs a fresh assertion (unique `jti`, `exp` one minute after `now`). */
export async function buildAssertion(claims: AssertionClaims, material: SigningMaterial, now: Date = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ spurl: claims.appUrl })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', x5t: certificateThumbprint(material.certificate) })
    .setIssuer(claims.appKey)
    .setSubject(claims.userId)
    .setAudience(claims.authUrl)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(material.privateKey);
}
