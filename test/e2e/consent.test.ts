import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../src/platform/signing-key.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { startReferenceBusiness, type ReferenceBusiness } from '../../src/reference/server.js';
import type { VariationName } from '../../src/reference/variations.js';
import { cli, tempDir } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/**
 * Nothing irreversible without consent: a request that could complete a session or a booking is never
 * sent without --allow irreversible, whatever a probe means by it. The reference business counts what
 * a complete reached; every mechanism is on, so every probe runs, with the config's payment at hand.
 */
const EVERY_MECHANISM: VariationName[] = [
  'https-tls-1-3',
  'mtls-required',
  'auth-api-key',
  'platform-profiles-fetched',
  'requires-signatures',
];
const COMPLETES = ['checkout.complete', 'booking.complete'];
const dir = tempDir();
const businesses: ReferenceBusiness[] = [];
afterAll(async () => {
  await Promise.all(businesses.map((b) => b.close()));
});

async function business(name: string): Promise<{ b: ReferenceBusiness; config: string }> {
  const b = await startReferenceBusiness({ variations: EVERY_MECHANISM });
  businesses.push(b);
  const config = referenceRunConfig(EVERY_MECHANISM, b);
  const keyFile = join(dir, `${name}.key.json`);
  writeFileSync(keyFile, JSON.stringify(generateSigningKey().private));
  const file = join(dir, `${name}.config.json`);
  writeFileSync(file, JSON.stringify({ ...config, signing: { ...config.signing, key_file: keyFile } }));
  return { b, config: file };
}

describe('consent', () => {
  it('a default run completes nothing, with every probe on; the complete probes say they need --allow irreversible', async () => {
    const { b, config } = await business('default');
    const json = join(dir, 'default.json');
    const r = await cli([b.url, '--config', config, '--json', json]);
    expect(r.code).toBe(0);
    expect(b.completed()).toEqual([]);
    const report = readReport(json);
    expect(report.exchanges.filter((x) => COMPLETES.includes(x.operation))).toEqual([]);
    for (const probe of ['requests.checkout.complete.malformed-json', 'requests.booking.complete.agent-missing'])
      expect(report.checks.find((c) => c.id === probe)).toMatchObject({
        verdict: 'not-tested',
        message: 'needs --allow irreversible',
      });
    // Nothing else was held back: a probe of an operation that completes nothing still ran.
    expect(report.checks.find((c) => c.id === 'requests.checkout.update.malformed-json')?.verdict).toBe('pass');
  });

  it('with --allow irreversible, a run completes sessions and bookings, which the business counts', async () => {
    const { b, config } = await business('irreversible');
    const r = await cli([b.url, '--config', config, '--allow', 'irreversible', '--capabilities', 'checkout,booking']);
    expect(r.code).toBe(0);
    const kinds = new Set(b.completed().map((s) => s.replace(/ \S+$/, '')));
    expect(kinds).toEqual(new Set(['checkout session', 'booking session']));
  });
});
