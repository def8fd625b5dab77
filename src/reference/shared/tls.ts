import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** Where the bundled TLS material lives. */
export const tlsPath = (name: string) => join(PACKAGE_ROOT, 'src/reference/tls', name);

/** The bundled self-signed test certificate for 127.0.0.1: public test material, not a secret. */
export const REFERENCE_TLS = {
  cert: () => tlsFile('reference-cert.pem'),
  key: () => tlsFile('reference-key.pem'),
  /** The test CA that signs the platform certificate the reference trusts under mtls-required. */
  clientCa: () => tlsFile('client-ca-cert.pem'),
  clientCertFile: () => tlsPath('client-cert.pem'),
  clientKeyFile: () => tlsPath('client-key.pem'),
};

function tlsFile(name: string): string {
  return readFileSync(tlsPath(name), 'utf8');
}
