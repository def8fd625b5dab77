import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { declaredChecks, notPassed, readReport } from '../helpers/report.js';

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
    const isGated = (effect: string) => (gated as readonly string[]).includes(effect);
    const held = report.checks.filter((c) => isGated(c.effect));
    // Every check of a gated scenario, and every rule left with nothing to judge because of it.
    const gatedScenarioChecks = declaredChecks()
      .filter((c) => c.effect && isGated(c.effect))
      .map((c) => c.id);
    expect(
      held
        .filter((c) => c.scenario !== 'every-exchange')
        .map((c) => c.id)
        .sort(),
    ).toEqual(gatedScenarioChecks.sort());
    for (const c of held)
      expect([c.id, c.verdict, c.message]).toEqual([c.id, 'not-tested', `needs --allow ${c.effect}`]);
    expect(notPassed(report.checks.filter((c) => !isGated(c.effect)))).toEqual([]);
  });
});
