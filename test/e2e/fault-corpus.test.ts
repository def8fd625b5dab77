import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir } from '../helpers/processes.js';
import { failedRequirements, readReport } from '../helpers/report.js';

interface ListedFault {
  name: string;
  capability: string;
  description: string;
  expect: string[];
}

// The corpus as the product publishes it, read through the real CLI.
const listing = await cli(['reference-server', '--list-faults', '--json']);
const faults = JSON.parse(listing.stdout) as ListedFault[];
const dir = tempDir();

describe('the fault corpus', () => {
  it('is listed with complete records', () => {
    expect(listing.code).toBe(0);
    expect(faults.length).toBeGreaterThanOrEqual(12);
    for (const f of faults) {
      expect(f.name).toMatch(/^[a-z0-9-]+$/);
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.expect.length).toBeGreaterThan(0);
    }
    expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
  });

  describe.concurrent.each(faults)('fault $name', (fault) => {
    it(`fails exactly ${fault.expect.join(', ')}`, async () => {
      const server = await referenceServer(['--fault', fault.name, '--write-config', join(dir, `${fault.name}.config.json`)]);
      try {
        const json = join(dir, `${fault.name}.json`);
        const run = await cli(['run', server.url, '--config', join(dir, `${fault.name}.config.json`), '--allow', 'irreversible', '--json', json]);
        const report = readReport(json);
        expect(failedRequirements(report)).toEqual([...fault.expect].sort());
        expect(report.checks.filter((c) => c.verdict === 'error').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
        expect(run.code).toBe(1);
      } finally {
        await server.stop();
      }
    });
  });
});
