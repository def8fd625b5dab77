import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

/**
 * A self-signed certificate and key that no business trusts: what the checker presents to see
 * whether a business that requires mutual TLS refuses a certificate its CA did not sign. It is
 * the reference business's own server certificate, public test material shipped with the tool.
 */
export function untrustedCertificate(): { cert: string; key: string } {
  const dir = join(PACKAGE_ROOT, 'src/reference/tls');
  return {
    cert: readFileSync(join(dir, 'reference-cert.pem'), 'utf8'),
    key: readFileSync(join(dir, 'reference-key.pem'), 'utf8'),
  };
}
