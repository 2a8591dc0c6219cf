/**
 * The key the authorization server signs access tokens with, as the platform holds its own: an
 * RSA key pair with a self-signed X.509 certificate (the `selfsigned` package), so a token's
 * header can name the certificate (`x5t`, RFC 7515) and the published key set can carry it
 * (`x5c`). A simulator that keeps its identity (identityStore.ts) signs with the same key across
 * its starts, so its earlier tokens stay valid; one that does not makes a fresh key every run, and
 * tokens of an earlier run are refused.
 */
import { X509Certificate } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, importPKCS8, importX509, type CryptoKey, type JWK } from 'jose';
import { RSA_MODULUS_BITS, takeRsaKeyPair } from './rsaKeyPairs';
import { certificateThumbprint } from './thumbprints';
import { generateSelfSigned } from './selfSigned';

export const SIGNING_ALGORITHM = 'RS256';
/** The certificate outlives any run of the simulator; a day before "now" tolerates clock skew. */
const CERTIFICATE_VALIDITY_DAYS = 365;
/** A kept key is replaced this long before its certificate expires, so no run signs with an expired one. */
const RENEW_BEFORE_MS = 30 * 86_400_000;
const DAY_MS = 86_400_000;

/** A signing key as it is kept: the PKCS#8 private key and the self-signed certificate, in PEM. */
export interface SigningKeyPems {
  privateKey: string;
  certificate: string;
}

/** One entry of a JWK Set (RFC 7517) as the JWKS endpoint publishes it. */
export interface PublishedJwk extends JWK {
  kty: 'RSA';
  kid: string;
  use: 'sig';
  alg: typeof SIGNING_ALGORITHM;
  n: string;
  e: string;
  /** base64url SHA-1 of the certificate's DER, as in the tokens' header. */
  x5t: string;
  /** The certificate chain: the self-signed certificate, base64 DER (not base64url, RFC 7517 4.7). */
  x5c: [string];
}

export class SigningKey {
  private constructor(
    readonly privateKey: CryptoKey,
    readonly publicKey: CryptoKey,
    /** RFC 7638 thumbprint of the public key: the tokens' and the key set's `kid`. */
    readonly keyId: string,
    /** RFC 7515 `x5t` of the certificate. */
    readonly certificateThumbprint: string,
    /** The published form of the public key. */
    readonly jwk: PublishedJwk,
  ) {}

  /**
   * A new key pair (one an entry point prepared, when there is one: rsaKeyPairs.ts) and its
   * self-signed certificate, valid from a day before `now`, in PEM.
   */
  static async generatePems(issuerName: string, now: Date): Promise<SigningKeyPems> {
    const notBeforeDate = new Date(now.getTime() - DAY_MS);
    const pems = await generateSelfSigned([{ name: 'commonName', value: issuerName }], {
      keyType: 'rsa',
      keySize: RSA_MODULUS_BITS,
      keyPair: await takeRsaKeyPair(),
      algorithm: 'sha256',
      notBeforeDate,
      notAfterDate: new Date(notBeforeDate.getTime() + CERTIFICATE_VALIDITY_DAYS * DAY_MS),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
      ],
    });
    return { privateKey: pems.private, certificate: pems.cert };
  }

  /** A new key (see generatePems). */
  static async create(issuerName: string, now: Date): Promise<SigningKey> {
    return SigningKey.fromPems(await SigningKey.generatePems(issuerName, now));
  }

  /** The key of `pems`; rejects PEM that does not hold an RSA key and its certificate. */
  static async fromPems(pems: SigningKeyPems): Promise<SigningKey> {
    const privateKey = await importPKCS8(pems.privateKey, SIGNING_ALGORITHM);
    const publicKey = await importX509(pems.certificate, SIGNING_ALGORITHM, { extractable: true });
    const { n, e } = await exportJWK(publicKey);
    if (n === undefined || e === undefined) throw new Error('The signing certificate does not hold an RSA key');
    const keyId = await calculateJwkThumbprint({ kty: 'RSA', n, e });
    const x5t = certificateThumbprint(pems.certificate).base64url;
    const der = new X509Certificate(pems.certificate).raw.toString('base64');
    const jwk: PublishedJwk = { kty: 'RSA', kid: keyId, use: 'sig', alg: SIGNING_ALGORITHM, n, e, x5t, x5c: [der] };
    return new SigningKey(privateKey, publicKey, keyId, x5t, jwk);
  }

  /** True while the certificate of kept `pems` is good for another month at `now`. */
  static isCurrent(pems: SigningKeyPems, now: Date): boolean {
    const certificate = new X509Certificate(pems.certificate);
    return (
      new Date(certificate.validFrom).getTime() <= now.getTime() + DAY_MS &&
      new Date(certificate.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS
    );
  }
}
