import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { declaredChecks, notPassed, readReport } from '../helpers/report.js';

const dir = tempDir();
const dialectFile = join(dir, 'acme.json');
writeFileSync(
  dialectFile,
  JSON.stringify({
    name: 'acme',
    agent_header: 'Acme-Agent',
    well_known_path: '/.well-known/acme',
    envelope_key: 'acme',
    prefix: 'com.acme',
  }),
);

describe('another dialect', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--dialect', dialectFile, '--write-config', join(dir, 'acme-config.json')]);
  });
  afterAll(async () => server?.stop());

  it('passes the full suite when both sides speak it', async () => {
    const json = join(dir, 'acme-report.json');
    const r = await cli([
      server.url,
      '--dialect',
      dialectFile,
      '--config',
      join(dir, 'acme-config.json'),
      '--allow',
      'irreversible',
      '--json',
      json,
    ]);
    const report = readReport(json);
    expect(notPassed(report.checks)).toEqual([]);
    expect(report.target.capabilities).toContain('com.acme.shopping.catalog.search');
    expect(report.checks.length).toBe(declaredChecks().length);
    expect(r.code).toBe(0);
    // The wire really used the dialect's names.
    const lookup = report.checks.find((c) => c.id === 'catalog-lookup.product-ids')!;
    const cited = report.exchanges[lookup.evidence[0] - 1];
    expect(Object.keys(cited.requestHeaders)).toContain('Acme-Agent');
    expect(cited.responseBody).toMatch(/"acme":\{"version"/);
  });

  it('finds no profile in the default dialect', async () => {
    const r = await cli([server.url]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/\.well-known\/proto answered HTTP 404/);
  });
});

describe('--endpoint and --capabilities overrides', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--fault', 'jwk-private-member']);
  });
  afterAll(async () => server?.stop());

  it('--endpoint moves the services, and the profile is still read and checked', async () => {
    const json = join(dir, 'override.json');
    const r = await cli([
      server.url,
      '--endpoint',
      `shopping=${server.url}/shopping`,
      '--capabilities',
      'catalog.search,org.proto.shopping.catalog.lookup',
      '--json',
      json,
    ]);
    const report = readReport(json);
    expect(report.target.profileUrl).toBe(`${server.url}/.well-known/proto`);
    expect(report.checks.find((c) => c.id === 'profile.keys-no-private')?.verdict).toBe('fail');
    // Envelope and version rules judge whatever ran; the generated request suites follow their capability.
    const given = [
      'org.proto.shopping.catalog.search',
      'org.proto.shopping.catalog.lookup',
      'envelope',
      'versions',
      'transport',
    ];
    const run = report.checks.filter((c) => given.includes(c.capability));
    const suitesRun = [
      'catalog-search',
      'catalog-lookup',
      'envelope',
      'versions',
      'transport',
      'requests.shopping.catalog.search',
      'requests.shopping.catalog.lookup',
    ];
    expect(run.map((c) => c.id).sort()).toEqual(
      declaredChecks()
        .filter((c) => suitesRun.includes(c.suite.id))
        .map((c) => c.id)
        .sort(),
    );
    // The totals rule judges cart, checkout, order and booking answers: all left out here.
    const totals = run.find((c) => c.id === 'envelope.totals-types');
    expect([totals?.verdict, totals?.message]).toEqual([
      'not-tested',
      expect.stringMatching(/left out by --capabilities$/),
    ]);
    expect(notPassed(run.filter((c) => c !== totals))).toEqual([]);
    // Signature rules judge only signed responses: catalog answers carry none, so there is nothing to judge.
    const signatureRules = report.checks.filter((c) => c.capability === 'signatures');
    expect(signatureRules.map((c) => c.verdict)).toEqual(signatureRules.map(() => 'not-tested'));
    const others = report.checks.filter(
      (c) => !['profile', 'signatures'].includes(c.capability) && !given.includes(c.capability),
    );
    expect(others.every((c) => c.verdict === 'not-tested' && /left out by --capabilities/.test(c.message))).toBe(true);
    expect(r.code).toBe(1);
  });

  it('--endpoint runs the services when the profile cannot be read, and says why the profile checks did not run', async () => {
    const json = join(dir, 'no-profile.json');
    const r = await cli([
      'http://127.0.0.1:9',
      '--endpoint',
      `shopping=${server.url}/shopping`,
      '--capabilities',
      'catalog.search',
      '--json',
      json,
      '--timeout',
      '2000',
    ]);
    const report = readReport(json);
    const profile = report.checks.filter((c) => c.capability === 'profile');
    expect(profile.map((c) => c.id).sort()).toEqual(
      declaredChecks()
        .filter((c) => c.suite.id === 'profile')
        .map((c) => c.id)
        .sort(),
    );
    expect(
      profile.every((c) => c.verdict === 'not-tested' && /profile not read .*unreachable.*--endpoint/.test(c.message)),
    ).toBe(true);
    expect(notPassed(report.checks.filter((c) => c.capability === 'org.proto.shopping.catalog.search'))).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('refuses a short capability name that fits more than one capability', async () => {
    const r = await cli([server.url, '--capabilities', 'lookup']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/lookup is ambiguous: shopping\.catalog\.lookup, common\.location\.lookup/);
  });

  it('--capabilities alone narrows a profile-driven run', async () => {
    const json = join(dir, 'narrow.json');
    await cli([server.url, '--capabilities', 'shopping.catalog.search', '--json', json]);
    const report = readReport(json);
    const lookup = report.checks.filter((c) => c.capability === 'org.proto.shopping.catalog.lookup');
    const lookupSuites = declaredChecks().filter((c) => c.suite.capability === 'shopping.catalog.lookup');
    expect(lookup.map((c) => c.id).sort()).toEqual(lookupSuites.map((c) => c.id).sort());
    expect(lookup.every((c) => c.verdict === 'not-tested' && /left out by --capabilities/.test(c.message))).toBe(true);
    expect(report.checks.find((c) => c.id === 'profile.keys-no-private')?.verdict).toBe('fail');
  });
});

describe('--capabilities naming a capability the profile does not advertise', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer([
      '--variation',
      'location-lookup-without-search',
      '--write-config',
      join(dir, 'no-search.json'),
    ]);
  });
  afterAll(async () => server?.stop());

  it('leaves it unchecked: capabilities are adopted independently', async () => {
    const json = join(dir, 'no-search-report.json');
    const r = await cli([
      server.url,
      '--config',
      join(dir, 'no-search.json'),
      '--capabilities',
      'location.search,location.lookup',
      '--json',
      json,
    ]);
    const report = readReport(json);
    const search = report.checks.filter((c) => c.capability === 'org.proto.common.location.search');
    expect(search.length).toBe(declaredChecks().filter((c) => c.suite.capability === 'common.location.search').length);
    expect(search.every((c) => c.verdict === 'not-applicable' && /is not advertised/.test(c.message))).toBe(true);
    expect(notPassed(report.checks.filter((c) => c.capability === 'org.proto.common.location.lookup'))).toEqual([
      'location-lookup.serves-applied: not-tested: needs location search, to learn which locations serve fixtures.locations.serves',
    ]);
    expect(r.code).toBe(0);
  });
});
