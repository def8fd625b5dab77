import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('keygen and signed requests', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--variation', 'requires-signatures', '--write-config', join(dir, 'reference.json')]);
  });
  afterAll(async () => server?.stop());

  it('writes a private key only its owner can read, and a profile publishing only the public half', async () => {
    const r = await cli(['keygen', '--out', dir]);
    expect(r.code).toBe(0);
    const key = JSON.parse(readFileSync(join(dir, 'platform-signing-key.json'), 'utf8'));
    const profile = JSON.parse(readFileSync(join(dir, 'platform-profile.json'), 'utf8'));
    expect(statSync(join(dir, 'platform-signing-key.json')).mode & 0o077).toBe(0);
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String), d: expect.any(String) });
    expect(profile.keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' }]);
    expect(profile.proto.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.stdout).toContain(key.kid);
    expect(r.stdout).not.toContain(key.d);
  });

  it('signs every request with that key, so a business requiring signatures serves the run, and the key never shows', async () => {
    const json = join(dir, 'signed.json');
    const key = JSON.parse(readFileSync(join(dir, 'platform-signing-key.json'), 'utf8'));
    // The config names a key of its own; --signing-key overrides it.
    const r = await cli([server.url, '--config', join(dir, 'reference.json'), '--signing-key', join(dir, 'platform-signing-key.json'), '--capabilities', 'cart', '--json', json]);
    const report = readReport(json);
    expect(report.checks.find((c) => c.id === 'cart.create-201')?.verdict).toBe('pass');
    const create = report.exchanges.find((x) => x.operation === 'cart.create' && x.status === 201)!;
    expect(create.requestHeaders['Signature-Input']).toContain(`keyid="${key.kid}"`);
    expect(create.requestHeaders['Content-Digest']).toMatch(/^sha-256=:/);
    expect(r.stdout + readFileSync(json, 'utf8')).not.toContain(key.d);
    expect(r.code).toBe(0);
  });

  it('refuses a key file that is no private key, with one line', async () => {
    const r = await cli([server.url, '--signing-key', join(dir, 'platform-profile.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/not a private key/);
  });
});
