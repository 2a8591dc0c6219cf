/**
 * RSA key pairs made ahead of need. Making one takes 60–400 ms of libuv's thread pool (prime
 * search varies), and the simulator needs one before it can sign tokens. An entry point starts
 * one here first thing, before it loads the rest of the app (startEarlyWork.ts), and the
 * simulator otherwise before it opens its universe, so the key is ready when the authorization
 * server asks for it instead of being awaited then.
 * Only node:crypto is loaded here: the entry must stay cheap to import.
 */
import { generateKeyPair } from 'node:crypto';

/** A key pair in PEM: PKCS#8 private key, SPKI public key (what `selfsigned` imports). */
export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

export const RSA_MODULUS_BITS = 2048;

const prepared: Promise<PemKeyPair>[] = [];

function makeKeyPair(): Promise<PemKeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: RSA_MODULUS_BITS,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) => (error ? reject(error) : resolve({ privateKey, publicKey })),
    );
  });
}

/** Starts making key pairs until `count` are prepared (made or on their way). */
export function prepareRsaKeyPairs(count: number): void {
  while (prepared.length < count) {
    const keyPair = makeKeyPair();
    // A failure is reported to whoever takes the pair, not as an unhandled rejection now.
    keyPair.catch(() => undefined);
    prepared.push(keyPair);
  }
}

/** A key pair for one use: a prepared one while any is left, else a new one. */
export function takeRsaKeyPair(): Promise<PemKeyPair> {
  return prepared.shift() ?? makeKeyPair();
}
