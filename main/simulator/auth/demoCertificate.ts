/**
 * The demo app's certificate for the signed-assertion flow: an RSA key pair and a self-signed
 * X.509 certificate (the `selfsigned` package), generated once and kept in the simulator's data
 * folder so a client can be configured with the same files across runs. Concurrent first runs
 * (test workers) each build a candidate folder and rename it into place; the rename fails for
 * all but one, and the others use the winner's files.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { RSA_MODULUS_BITS, takeRsaKeyPair } from './rsaKeyPairs';
import { generateSelfSigned } from './selfSigned';

export interface DemoCertificateFiles {
  certificatePath: string;
  privateKeyPath: string;
  certificatePem: string;
}

/** The folder under the simulator's data folder holding the certificate and its key. */
export const DEMO_CERTIFICATE_FOLDER = 'demo-app-certificate';
const CERTIFICATE_FILE = 'certificate.pem';
const PRIVATE_KEY_FILE = 'private-key.pem';
/** Renewed this long before it expires, so a running simulator never holds an expired one. */
const RENEW_BEFORE_MS = 30 * 86_400_000;
const VALIDITY_YEARS = 10;

function readFiles(folder: string, now: Date): DemoCertificateFiles | undefined {
  const certificatePath = path.join(folder, CERTIFICATE_FILE);
  const privateKeyPath = path.join(folder, PRIVATE_KEY_FILE);
  if (!existsSync(certificatePath) || !existsSync(privateKeyPath)) return undefined;
  try {
    const certificatePem = readFileSync(certificatePath, 'utf8');
    const certificate = new X509Certificate(certificatePem);
    if (new Date(certificate.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS) return undefined;
    return { certificatePath, privateKeyPath, certificatePem };
  } catch {
    return undefined;
  }
}

/** The demo certificate files under `dataDir`, created (or renewed) when missing or near expiry. */
export async function ensureDemoCertificate(dataDir: string, appName: string, now: Date): Promise<DemoCertificateFiles> {
  const folder = path.join(dataDir, DEMO_CERTIFICATE_FOLDER);
  const existing = readFiles(folder, now);
  if (existing) return existing;

  mkdirSync(dataDir, { recursive: true });
  const notBeforeDate = new Date(now.getTime() - 86_400_000);
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setUTCFullYear(notAfterDate.getUTCFullYear() + VALIDITY_YEARS);
  const pems = await generateSelfSigned([{ name: 'commonName', value: appName }], {
    keyType: 'rsa',
    keySize: RSA_MODULUS_BITS,
    keyPair: await takeRsaKeyPair(),
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
    ],
  });
  const candidate = `${folder}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(candidate, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(candidate, CERTIFICATE_FILE), pems.cert, { mode: 0o644 });
  // The private key is a credential: readable by the user only.
  writeFileSync(path.join(candidate, PRIVATE_KEY_FILE), pems.private, { mode: 0o600 });
  if (existsSync(folder) && readFiles(folder, now) === undefined) rmSync(folder, { recursive: true, force: true });
  try {
    renameSync(candidate, folder);
  } catch {
    // Another process put its certificate in place first: use that one.
    rmSync(candidate, { recursive: true, force: true });
  }
  const files = readFiles(folder, now);
  if (files === undefined) throw new Error(`Could not create the demo app certificate in ${folder}`);
  return files;
}
