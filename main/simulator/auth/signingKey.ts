/**
 * The key the authorization server signs access tokens with, as the platform holds its own: an
 * RSA key pair with a self-signed X.509 certificate (the `selfsigned` package), so a token's
 * header can name the certificate (`x5t`, RFC 7515) and the published key set can carry it
 * (`x5c`). A fresh key every run, so tokens of an earlier run are refused.
 */
import { X509Certificate } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, importPKCS8, importX509, type CryptoKey, type JWK } from 'jose';
import { generate } from 'selfsigned';
import { RSA_MODULUS_BITS, takeRsaKeyPair } from './rsaKeyPairs';
import { certificateThumbprint } from './thumbprints';

export const SIGNING_ALGORITHM = 'RS256';
/** The certificate outlives any run of the simulator; a day before "now" tolerates clock skew. */
const CERTIFICATE_VALIDITY_DAYS = 365;
const DAY_MS = 86_400_000;

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
   * self-signed certificate, valid from a day before `now`.
   */
  static async create(issuerName: string, now: Date): Promise<SigningKey> {
    const notBeforeDate = new Date(now.getTime() - DAY_MS);
    const pems = await generate([{ name: 'commonName', value: issuerName }], {
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
    const privateKey = await importPKCS8(pems.private, SIGNING_ALGORITHM);
    const publicKey = await importX509(pems.cert, SIGNING_ALGORITHM, { extractable: true });
    const { n, e } = await exportJWK(publicKey);
    if (n === undefined || e === undefined) throw new Error('The signing certificate does not hold an RSA key');
    const keyId = await calculateJwkThumbprint({ kty: 'RSA', n, e });
    const x5t = certificateThumbprint(pems.cert).base64url;
    const der = new X509Certificate(pems.cert).raw.toString('base64');
    const jwk: PublishedJwk = { kty: 'RSA', kid: keyId, use: 'sig', alg: SIGNING_ALGORITHM, n, e, x5t, x5c: [der] };
    return new SigningKey(privateKey, publicKey, keyId, x5t, jwk);
  }
}
