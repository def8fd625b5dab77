import { readFileSync } from 'node:fs';
import { generateSigningKey } from '../platform/signing-key.js';
import { referenceRunConfig } from '../reference/run-config.js';
import { REFERENCE_TLS, startReferenceBusiness } from '../reference/server.js';
import type { VariationName } from '../reference/variations.js';
import { executeRun, resolveRun, type RunOptions } from './run-command.js';

/**
 * `demo`: the reference business in-process, over mutual TLS 1.3, with an API key, platform
 * profiles resolved and signed requests, checked with every class allowed: every check is exercised.
 */
export async function demoCommand(opts: RunOptions, out: (s: string) => void): Promise<number> {
  const variations: VariationName[] = [
    'https-tls-1-3',
    'mtls-required',
    'auth-api-key',
    'platform-profiles-fetched',
    'requires-signatures',
  ];
  const business = await startReferenceBusiness({ variations });
  try {
    const preset = {
      config: referenceRunConfig(variations, business),
      signingKey: generateSigningKey(),
      ca: REFERENCE_TLS.cert(),
      clientCertificate: {
        cert: readFileSync(REFERENCE_TLS.clientCertFile(), 'utf8'),
        key: readFileSync(REFERENCE_TLS.clientKeyFile(), 'utf8'),
      },
    };
    const run = await resolveRun(business.url, { ...opts, allow: 'irreversible,burst', endpoint: [] }, preset);
    return await executeRun(run, out);
  } finally {
    await business.close();
  }
}
