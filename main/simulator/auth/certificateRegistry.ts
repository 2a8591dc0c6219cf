/**
 * Which certificates each application has registered for the signed-assertion flow, looked up
 * by the assertion's `x5t` header in either of its written forms.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { certificateThumbprint, thumbprintKey, type CertificateThumbprint } from './thumbprints';

/** A certificate an application signs its assertions with. */
export interface RegisteredCertificate {
  thumbprint: CertificateThumbprint;
  publicKey: KeyObject;
  validFrom: Date;
  validTo: Date;
}

export class CertificateRegistry {
  private readonly byApp = new Map<string, Map<string, RegisteredCertificate>>();

  /** Registers a PEM certificate for `appKey`; only RSA keys can verify RS256 assertions. */
  register(appKey: string, certificatePem: string): RegisteredCertificate {
    const certificate = new X509Certificate(certificatePem);
    if (certificate.publicKey.asymmetricKeyType !== 'rsa') {
      throw new Error('Only RSA certificates can be registered: assertions must be signed with RS256');
    }
    const registered: RegisteredCertificate = {
      thumbprint: certificateThumbprint(certificatePem),
      publicKey: certificate.publicKey,
      validFrom: new Date(certificate.validFrom),
      validTo: new Date(certificate.validTo),
    };
    const certificates = this.byApp.get(appKey) ?? new Map<string, RegisteredCertificate>();
    certificates.set(registered.thumbprint.hex.toLowerCase(), registered);
    this.byApp.set(appKey, certificates);
    return registered;
  }

  /** The certificate of `appKey` that `x5t` names, or undefined when it names none of them. */
  find(appKey: string, x5t: string): RegisteredCertificate | undefined {
    const key = thumbprintKey(x5t);
    return key === undefined ? undefined : this.byApp.get(appKey)?.get(key);
  }
}
