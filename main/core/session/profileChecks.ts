/**
 * Checks of a remote profile that need more than its fields (contract/session.ts checks those):
 * the signed-assertion flow's certificate and private key files, read and matched as the sign-in
 * will, and whether the AppSecret the flow needs is there. A profile that would only fail at
 * sign-in is refused when saved, with a message by the field to correct.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ParsedProfileInput } from '../../../contract/session';

/** Per-field messages, keyed by the form's field path (`assertion.certificatePath`…). */
export type FieldMessages = Record<string, string[]>;

async function readPem(file: string, label: string, field: string, problems: FieldMessages): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    problems[field] = [`${label} ${file} ${reason}.`];
    return undefined;
  }
}

function parseCertificate(pem: string, problems: FieldMessages, now: Date): X509Certificate | undefined {
  const field = 'assertion.certificatePath';
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    problems[field] = ['This file does not hold a PEM X.509 certificate (-----BEGIN CERTIFICATE-----).'];
    return undefined;
  }
  const validTo = new Date(certificate.validTo);
  if (validTo.getTime() < now.getTime()) {
    problems[field] = [`The certificate expired on ${validTo.toISOString().slice(0, 10)}.`];
  } else if (new Date(certificate.validFrom).getTime() > now.getTime()) {
    problems[field] = [`The certificate is valid only from ${new Date(certificate.validFrom).toISOString().slice(0, 10)}.`];
  }
  return certificate;
}

function parseKey(pem: string, problems: FieldMessages): KeyObject | undefined {
  const field = 'assertion.privateKeyPath';
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa') return key;
    problems[field] = ['The private key is not an RSA key; the service accepts RS256 assertions only.'];
  } catch {
    problems[field] = ['This file does not hold a PEM private key, or the key is encrypted (save it without a passphrase).'];
  }
  return undefined;
}

/**
 * Problems with the signed-assertion files of `input` at `now`: each file readable and PEM, the
 * key RSA and the certificate's own, the certificate valid today. Empty when all is well or the
 * flow is another one.
 */
export async function assertionFileProblems(input: ParsedProfileInput, now: Date = new Date()): Promise<FieldMessages> {
  const problems: FieldMessages = {};
  if (input.flow !== 'assertion' || !input.assertion) return problems;
  const { certificatePath, privateKeyPath } = input.assertion;
  const certificatePem = await readPem(certificatePath, 'Certificate file', 'assertion.certificatePath', problems);
  const keyPem = await readPem(privateKeyPath, 'Private key file', 'assertion.privateKeyPath', problems);
  const certificate = certificatePem === undefined ? undefined : parseCertificate(certificatePem, problems, now);
  const key = keyPem === undefined ? undefined : parseKey(keyPem, problems);
  if (certificate && key && !certificate.checkPrivateKey(key)) {
    problems['assertion.privateKeyPath'] = ['This private key does not belong to the certificate.'];
  }
  return problems;
}

/** Flows whose token request authenticates the application with its AppSecret. */
const FLOWS_NEEDING_SECRET: ReadonlySet<string> = new Set(['assertion']);

/**
 * The AppSecret problem of a profile about to be saved: the signed-assertion grant is made by a
 * confidential client, so it needs an AppSecret, entered now or kept (and not being dropped).
 */
export function appSecretProblem(input: ParsedProfileInput, secretKept: boolean): FieldMessages {
  if (!FLOWS_NEEDING_SECRET.has(input.flow) || input.appSecret !== undefined || secretKept) return {};
  return {
    appSecret: [
      'The signed-assertion flow needs the AppSecret: the token request is authenticated with it. Enter it.',
    ],
  };
}
