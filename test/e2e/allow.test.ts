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

  it('--allow read,burst sends the rate-limit burst; the reference business sets no limit, which is said as info', async () => {
    const json = join(dir, 'burst.json');
    const r = await cli([server.url, '--config', config, '--allow', 'read,burst', '--json', json]);
    const report = readReport(json);
    expect(r.code).toBe(0);
    expect(report.options).toMatchObject({ allow: 'read', burst: true });
    const burst = report.checks.find((c) => c.id === 'transport.rate-limited-429');
    expect([burst?.verdict, burst?.message]).toEqual(['info', expect.stringMatching(/no limit was reached/)]);
    // Still nothing written: the classes above read stay gated.
    expect(report.checks.filter((c) => c.effect === 'write').every((c) => c.verdict === 'not-tested')).toBe(true);
  });

  it.each(['burst,bogus', 'read,write', ''])('--allow %j is a usage error in one line', async (allow) => {
    const r = await cli([server.url, '--allow', allow]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/--allow .*expected one of read, write, irreversible/),
    ]);
  });
});
