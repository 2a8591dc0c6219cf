import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prepareRsaKeyPairs, RSA_MODULUS_BITS, takeRsaKeyPair } from '../../main/simulator/auth/rsaKeyPairs';

describe('RSA key pairs made ahead of need', () => {
  it('hands out each prepared pair once, then makes new ones: every pair its own, RSA of the set size', async () => {
    prepareRsaKeyPairs(2);
    const pairs = await Promise.all([takeRsaKeyPair(), takeRsaKeyPair(), takeRsaKeyPair()]);
    for (const pair of pairs) {
      const privateKey = createPrivateKey(pair.privateKey);
      expect(privateKey.asymmetricKeyType).toBe('rsa');
      expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(RSA_MODULUS_BITS);
      // The public half is the private key's own.
      expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(pair.publicKey);
    }
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(3);
  });
});
