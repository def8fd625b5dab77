import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileBusiness, nestedJson, type HostileBusiness } from '../helpers/hostile.js';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/** Businesses that send what no business should: the run still ends with its reports and a clear word. */
describe('a hostile business', () => {
  const dir = tempDir();
  let reference: RunningServer;
  let hostile: HostileBusiness;
  beforeAll(async () => {
    reference = await referenceServer(['--services', 'shopping']);
    hostile = await hostileBusiness(reference.url, (req) => {
      if (req.url?.endsWith('/catalog/search')) return { body: nestedJson(200_000) };
      if (req.url?.endsWith('/catalog/lookup')) return { status: 400, body: nestedJson(200_000, '[', ']') };
      return undefined;
    });
  });
  afterAll(async () => {
    await hostile?.close();
    await reference?.stop();
  });

  it('answering JSON nested 200,000 deep gets a report and a clear error, never a stack trace', async () => {
    const json = join(dir, 'deep.json');
    const html = join(dir, 'deep.html');
    const junit = join(dir, 'deep.xml');
    const r = await cli([
      hostile.url,
      '--capabilities',
      'catalog.search,catalog.lookup',
      '--json',
      json,
      '--html',
      html,
      '--junit',
      junit,
      '--verbose',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(3);
    const report = readReport(json);
    const search = report.checks.find((c) => c.id === 'catalog-search.response');
    expect(search).toMatchObject({ verdict: 'error' });
    expect(search?.message).toMatch(/nests deeper than 256 levels/);
    expect(report.checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    // The body is kept as evidence, as it came.
    const cited = report.exchanges.find((x) => x.seq === search?.evidence[0]);
    expect(cited?.responseBody?.length).toBeGreaterThan(1_000_000);
    expect(readFileSync(html, 'utf8')).toContain('nests deeper than 256 levels');
    expect(readFileSync(junit, 'utf8')).toContain('nests deeper than 256 levels');
    expect(r.stdout).toContain('catalog-search.response');
  });
});
