/**
 * Certificate thumbprints as a signed assertion's `x5t` header names them: RFC 7515's form
 * (base64url of the SHA-1 of the DER certificate, no padding) and the hex form the platform's
 * own samples send (Windows' `X509Certificate2.Thumbprint`). Both identify the same 20 bytes.
 */
import { createHash, X509Certificate } from 'node:crypto';

/** SHA-1 of a certificate's DER encoding, in both written forms. */
export interface CertificateThumbprint {
  /** RFC 7515 `x5t`: base64url, no padding (27 characters). */
  base64url: string;
  /** Upper-case hex (40 characters), as Windows shows it. */
  hex: string;
}

const SHA1_BYTES = 20;

/** Thumbprint of a PEM (or DER) certificate. */
export function certificateThumbprint(certificate: string | Buffer): CertificateThumbprint {
  const digest = createHash('sha1').update(new X509Certificate(certificate).raw).digest();
  return { base64url: digest.toString('base64url'), hex: digest.toString('hex').toUpperCase() };
}

/**
 * The 20 thumbprint bytes named by an `x5t` value, as lower-case hex, or undefined when the
 * value is neither form. Hex may carry colons or spaces (as copied from certificate viewers).
 */
export function thumbprintKey(x5t: string): string | undefined {
  const hex = x5t.replace(/[\s:]/g, '');
  if (/^[0-9a-fA-F]{40}$/.test(hex)) return hex.toLowerCase();
  if (/^[A-Za-z0-9_-]{27}$/.test(x5t)) {
    const bytes = Buffer.from(x5t, 'base64url');
    if (bytes.length === SHA1_BYTES) return bytes.toString('hex');
  }
  return undefined;
}
