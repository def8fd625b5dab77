import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('proto-conformance init', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer();
  });
  afterAll(async () => server?.stop());
  const config = join(dir, 'first.config.json');

  it('reads the profile, finds fixtures as the suites do, and writes a config with TODOs naming their suites', async () => {
    const r = await cli(['init', server.url, '-o', config]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/advertises 9 capabilities: org\.proto\.shopping\.catalog\.search, /);
    expect(r.stdout).toMatch(/\nwrote .*first\.config\.json: \d+ members are still TODO; /);
    const written = JSON.parse(readFileSync(config, 'utf8'));
    expect(written.fixtures.product_ids.length).toBeGreaterThan(0);
    expect(written.fixtures.locations.ids.length).toBeGreaterThan(0);
    expect(written.payment.token).toMatch(/^TODO\(checkout, order\): /);
    // It keeps what is there.
    const again = await cli(['init', server.url, '-o', config]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists; init replaces it only with --force/);
  });

  it('gives a config whose TODOs make their checks not-tested, never failed, and says which are left', async () => {
    const json = join(dir, 'first-run.json');
    const r = await cli([server.url, '--config', config, '--json', json]);
    expect(r.code).toBe(0);
    const report = readReport(json);
    expect(report.checks.filter((c) => ['fail', 'error'].includes(c.verdict))).toEqual([]);
    expect(report.notices[0]).toMatch(
      /^config .*first\.config\.json: \d+ member\(s\) still TODO \(\$\.headers\["X-API-Key"\], .*\$\.payment\.token\): the checks that need them are not-tested$/,
    );
    expect(r.stdout).toContain('still TODO');
  });
});
