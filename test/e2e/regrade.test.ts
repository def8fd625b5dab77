import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

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

  it('refuses a file that is not a record, in one line', async () => {
    const other = join(dir, 'not-a-record.json');
    writeFileSync(other, '{"checks": []}');
    const r = await cli(['regrade', other]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proto-conformance: ${other} is not a record (write one with --record FILE)\n`);
  });
});
