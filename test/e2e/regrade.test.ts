import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';
import { compatible, VARIATIONS, type VariationName } from '../../src/reference/variations.js';

describe('record and regrade', () => {
  const dir = tempDir();
  const record = join(dir, 'run.record.json');
  let recorded: ReturnType<typeof readReport>;
  beforeAll(async () => {
    const server = await referenceServer(['--fault', 'lookup-rejects-variant-ids']);
    try {
      const json = join(dir, 'recorded.json');
      expect((await cli([server.url, '--record', record, '--json', json])).code).toBe(1);
      recorded = readReport(json);
    } finally {
      await server.stop();
    }
  });

  it('records the run redacted, with the tool and spec versions and a hash of the profile', () => {
    const r = JSON.parse(readFileSync(record, 'utf8'));
    expect(r).toMatchObject({ recordVersion: 1, specVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(r.profileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.exchanges.length).toBe(recorded.exchanges.length);
  });

  it('regrades to the same verdicts, sending nothing (the business is gone)', async () => {
    const json = join(dir, 'regraded.json');
    const r = await cli(['regrade', record, '--json', json]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\nregraded .* 0 verdict\(s\) changed\n/);
    const regraded = readReport(json);
    expect(regraded.checks.map((c) => [c.id, c.verdict])).toEqual(recorded.checks.map((c) => [c.id, c.verdict]));
  });

  it('judges a transcript edited to hold a defect as failing where the defect is', async () => {
    const r = JSON.parse(readFileSync(record, 'utf8'));
    const check = recorded.checks.find((c) => c.id === 'catalog-search.response')!;
    expect(check.verdict).toBe('pass');
    const x = r.exchanges.find((e: { seq: number }) => e.seq === check.evidence[0]);
    const body = JSON.parse(x.responseBody);
    delete body.products;
    x.responseBody = JSON.stringify(body);
    const edited = join(dir, 'edited.record.json');
    writeFileSync(edited, JSON.stringify(r));
    const json = join(dir, 'edited.json');
    const out = await cli(['regrade', edited, '--json', json]);
    expect(out.code).toBe(1);
    expect(readReport(json).checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('fail');
    expect(out.stdout).toMatch(/\n {2}catalog-search\.response: pass → fail\n/);
  });

  it('regrades a run made 16 scenarios at once, every capability, faults and variations on, to its verdicts', async () => {
    // Every compatible variation (TLS, mutual TLS, keys, signatures and all), and a fault in each service.
    const variations = compatible(VARIATIONS.map((v) => v.name as VariationName))
      .filter((v) => v !== 'rate-limited-429')
      .flatMap((v) => ['--variation', v]);
    const faults = ['cart-update-merges', 'location-search-endpoint-405', 'booking-create-200'].flatMap((f) => [
      '--fault',
      f,
    ]);
    const config = join(dir, 'everything.config.json');
    const server = await referenceServer([...variations, ...faults, '--write-config', config]);
    const json = join(dir, 'everything.json');
    const everything = join(dir, 'everything.record.json');
    try {
      const run = await cli([
        server.url,
        '--config',
        config,
        '--allow',
        'irreversible',
        '--record',
        everything,
        '--json',
        json,
      ]);
      expect(run.code).toBe(1);
    } finally {
      await server.stop();
    }
    const original = readReport(json);
    expect(original.options).toMatchObject({ allow: 'irreversible' });
    const again = join(dir, 'everything-regraded.json');
    const r = await cli(['regrade', everything, '--json', again]);
    expect(r.stdout).toMatch(/\nregraded .* 0 verdict\(s\) changed\n/);
    expect(readReport(again).checks.map((c) => [c.id, c.verdict])).toEqual(
      original.checks.map((c) => [c.id, c.verdict]),
    );
    expect(r.code).toBe(1);
  });

  it('answers a request only with what the business said to that request, never to another of the operation', async () => {
    const r = JSON.parse(readFileSync(record, 'utf8'));
    // Every location search asked with other words: none may stand for another.
    for (const x of r.exchanges.filter((e: { operation: string }) => e.operation === 'location.search'))
      x.requestBody = `${x.requestBody} `;
    const edited = join(dir, 'other-searches.record.json');
    writeFileSync(edited, JSON.stringify(r));
    const json = join(dir, 'other-searches.json');
    await cli(['regrade', edited, '--json', json]);
    const searches = readReport(json).checks.filter((c) => c.capability === 'org.proto.common.location.search');
    expect(searches.length).toBeGreaterThan(5);
    // None is judged on an answer to another request: each is not-tested, or concluded without one.
    const judged = searches.filter((c) => ['pass', 'fail', 'warn', 'info'].includes(c.verdict));
    expect(judged.map((c) => `${c.id}: ${c.verdict}`)).toEqual([]);
    expect(searches.filter((c) => c.verdict === 'not-tested').length).toBeGreaterThan(5);
  });

  it('refuses a file that is not a record, in one line', async () => {
    const other = join(dir, 'not-a-record.json');
    writeFileSync(other, '{"checks": []}');
    const r = await cli(['regrade', other]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proto-conformance: ${other} is not a record (write one with --record FILE)\n`);
  });
});
