import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, everyReport, referenceServer, ROOT, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('keygen and signed requests', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer([
      '--variation',
      'requires-signatures',
      '--write-config',
      join(dir, 'reference.json'),
    ]);
  });
  afterAll(async () => server?.stop());

  it('writes a private key only its owner can read, and a profile publishing only the public half', async () => {
    const r = await cli(['keygen', '--out', dir]);
    expect(r.code).toBe(0);
    const key = JSON.parse(readFileSync(join(dir, 'platform-signing-key.json'), 'utf8'));
    const profile = JSON.parse(readFileSync(join(dir, 'platform-profile.json'), 'utf8'));
    expect(statSync(join(dir, 'platform-signing-key.json')).mode & 0o077).toBe(0);
    expect(key).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      kid: expect.any(String),
      d: expect.any(String),
    });
    expect(profile.keys).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' }]);
    expect(profile.proto.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.stdout).toContain(key.kid);
    expect(r.stdout).not.toContain(key.d);

    // Run again, it keeps the key unless told to replace it.
    const again = await cli(['keygen', '--out', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      `proto-conformance: ${join(dir, 'platform-signing-key.json')} exists; keygen replaces it only with --force (the old key is lost)\n`,
    );
    expect(JSON.parse(readFileSync(join(dir, 'platform-signing-key.json'), 'utf8')).d).toBe(key.d);
    const forced = await cli(['keygen', '--out', join(dir, 'forced')]);
    expect(forced.code).toBe(0);
    const first = readFileSync(join(dir, 'forced', 'platform-signing-key.json'), 'utf8');
    expect((await cli(['keygen', '--out', join(dir, 'forced'), '--force'])).code).toBe(0);
    expect(readFileSync(join(dir, 'forced', 'platform-signing-key.json'), 'utf8')).not.toBe(first);
  });

  it('signs every request with that key, so a business requiring signatures serves the run, and the key never shows', async () => {
    const json = join(dir, 'signed.json');
    const key = JSON.parse(readFileSync(join(dir, 'platform-signing-key.json'), 'utf8'));
    // The config names a key of its own; --signing-key overrides it.
    const r = await cli([
      server.url,
      '--config',
      join(dir, 'reference.json'),
      '--signing-key',
      join(dir, 'platform-signing-key.json'),
      '--capabilities',
      'cart',
      '--json',
      json,
    ]);
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

describe('an https business', () => {
  const dir = tempDir();
  let server: RunningServer;
  const cert = join(ROOT, 'src/reference/tls/reference-cert.pem');
  beforeAll(async () => {
    server = await referenceServer([
      '--tls-cert',
      cert,
      '--tls-key',
      join(ROOT, 'src/reference/tls/reference-key.pem'),
    ]);
  });
  afterAll(async () => server?.stop());

  it('is checked over TLS 1.3 with --ca, and the report shows the negotiated version', async () => {
    const json = join(dir, 'tls.json');
    const r = await cli([server.url, '--ca', cert, '--capabilities', 'catalog.search', '--json', json]);
    const tls = readReport(json).checks.find((c) => c.id === 'tls.minimum-version')!;
    expect(server.url).toMatch(/^https:/);
    expect([tls.verdict, tls.message]).toEqual([
      'pass',
      expect.stringMatching(/TLSv1\.3 \(http\/1\.1\); a handshake capped at TLS 1\.2 was refused/),
    ]);
    expect(readReport(json).handshakes).toEqual([{ url: server.url, version: 'TLSv1.3', http: 'http/1.1' }]);
    expect(r.code).toBe(0);
  });

  it('without the CA, cannot read the profile and says so in one line, naming --ca', async () => {
    const r = await cli([server.url]);
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /unreachable: \w+: .*\(a business with its own certificate authority needs --ca FILE; --insecure looks without verifying\)\n$/,
    );
  });

  it('with --insecure, is checked without verifying, and every report says so', async () => {
    const { files, flags } = everyReport(dir, 'insecure');
    const r = await cli([server.url, '--insecure', '--capabilities', 'catalog.search', ...flags]);
    expect(r.code).toBe(0);
    const report = readReport(files[0]);
    expect(report.options.insecure).toBe(true);
    expect(report.checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('pass');
    // The TLS check still sees TLS 1.3 through an unverified handshake.
    expect(report.checks.find((c) => c.id === 'tls.minimum-version')?.verdict).toBe('pass');
    const notice = /--insecure: TLS certificates were not verified/;
    expect(r.stdout.split('\n')[0]).toContain('certificates NOT verified (--insecure)');
    expect(report.notices[0]).toMatch(notice);
    for (const file of files.slice(1)) expect(readFileSync(file, 'utf8')).toMatch(notice);
  });
});

describe('a business that requires mutual TLS', () => {
  const dir = tempDir();
  let server: RunningServer;
  const tls = (name: string) => join(ROOT, 'src/reference/tls', name);
  beforeAll(async () => {
    server = await referenceServer(['--variation', 'mtls-required']);
  });
  afterAll(async () => server?.stop());

  it('serves a run that presents the client certificate, refuses one without, and the key never shows', async () => {
    const json = join(dir, 'mtls.json');
    const key = readFileSync(tls('client-key.pem'), 'utf8');
    const args = [server.url, '--ca', tls('reference-cert.pem'), '--capabilities', 'catalog.search', '--json', json];
    const withCert = await cli([...args, '--cert', tls('client-cert.pem'), '--key', tls('client-key.pem')]);
    const search = readReport(json).checks.find((c) => c.id === 'catalog-search.response')!;
    expect(search.verdict).toBe('pass');
    expect(withCert.stdout + readFileSync(json, 'utf8')).not.toContain(key.split('\n')[1]);
    expect(withCert.code).toBe(0);
    const without = await cli([...args]);
    expect(readReport(json).checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('fail');
    expect(without.code).toBe(1);
  });

  it('refuses --cert without --key, in one line', async () => {
    const r = await cli([server.url, '--cert', tls('client-cert.pem')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--cert and --key/);
  });
});

describe('a business that speaks HTTP/2 only', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--variation', 'http2-only', '--write-config', join(dir, 'reference.json')]);
  });
  afterAll(async () => server?.stop());

  it('is reached over h2, and the report says which version the origin agreed', async () => {
    const json = join(dir, 'h2.json');
    const args = [server.url, '--config', join(dir, 'reference.json'), '--capabilities', 'catalog.search'];
    const r = await cli([...args, '--json', json]);
    const report = readReport(json);
    expect(report.handshakes).toEqual([{ url: server.url, version: 'TLSv1.3', http: 'h2' }]);
    expect(report.checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('pass');
    expect(r.code).toBe(0);
  });
});
