import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('--allow gates side effects', () => {
  let server: RunningServer;
  const dir = tempDir();
  const config = join(dir, 'config.json');
  beforeAll(async () => {
    server = await referenceServer(['--write-config', config]);
  });
  afterAll(async () => server?.stop());

  it.each([
    ['read', ['write', 'irreversible']],
    ['write', ['irreversible']],
  ] as const)('--allow %s reports the classes above it not-tested, naming the flag', async (allow, gated) => {
    const json = join(dir, `${allow}.json`);
    const r = await cli([server.url, '--config', config, '--allow', allow, '--json', json]);
    const report = readReport(json);
    expect(r.code).toBe(0);
    for (const c of report.checks) {
      if ((gated as readonly string[]).includes(c.effect)) {
        expect(c.verdict, c.id).toBe('not-tested');
        expect(c.message).toBe(`needs --allow ${c.effect}`);
      } else {
        expect(['pass', 'info'], `${c.id}: ${c.message}`).toContain(c.verdict);
      }
    }
    expect(report.checks.some((c) => gated.includes(c.effect as never))).toBe(true);
  });
});
