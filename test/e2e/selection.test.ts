import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('choosing what a run judges', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    // Two MUSTs broken, in two capabilities: lookup refuses variant ids, a cart update merges lines.
    server = await referenceServer(['--fault', 'lookup-rejects-variant-ids', '--fault', 'cart-update-merges']);
  });
  afterAll(async () => server?.stop());

  it('--only judges the checks matching a pattern, the others left out and folded on the console', async () => {
    const json = join(dir, 'only.json');
    const r = await cli([server.url, '--only', 'catalog-lookup.*,LKUP-00?', '--json', json]);
    expect(r.code).toBe(1);
    const report = readReport(json);
    const judged = report.checks.filter((c) => c.message !== 'left out by --only/--skip');
    expect(judged.length).toBeGreaterThan(5);
    expect(
      judged.every((c) => c.id.startsWith('catalog-lookup.') || c.requirements.some((q) => /^LKUP-00\d$/.test(q))),
    ).toBe(true);
    expect(report.checks.find((c) => c.id === 'cart.update-replaces')?.verdict).toBe('not-tested');
    // The cart was never touched: scenarios with no chosen check do not run.
    expect(report.exchanges.some((x) => x.operation.startsWith('cart.'))).toBe(false);
    expect(r.stdout).not.toContain('left out by --only/--skip');
    expect(r.stdout).toMatch(/\d+ not-applicable or left-out checks are in the counts only/);
  });

  it('--skip leaves out what matches, by requirement or level', async () => {
    const json = join(dir, 'skip.json');
    const r = await cli([server.url, '--skip', 'lkup-003,CART-*', '--json', json]);
    const report = readReport(json);
    expect(report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id)).toEqual([]);
    expect(r.code).toBe(0);
    const musts = await cli([server.url, '--skip', 'MUST', '--json', json]);
    expect(musts.code).toBe(0);
    expect(readReport(json).checks.filter((c) => c.level === 'MUST' && c.verdict === 'pass')).toEqual([]);
  });

  it('--capabilities judges what it names, its fixtures still read through the catalog it leaves out', async () => {
    for (const [capability, check] of [
      ['cart', 'cart.update-replaces'],
      ['catalog.lookup', 'catalog-lookup.variant-ids'],
    ]) {
      const json = join(dir, `${capability}.json`);
      const r = await cli([server.url, '--capabilities', capability, '--json', json]);
      expect(r.code).toBe(1);
      const report = readReport(json);
      expect(report.checks.find((c) => c.id === check)?.verdict).toBe('fail');
      // The search it read from is not judged.
      expect(report.checks.find((c) => c.id === 'catalog-search.response')?.verdict).toBe('not-tested');
    }
  });

  it('--capabilities: a capability it names of which nothing could be judged makes the run exit 3, saying so', async () => {
    // Reading, a cart's one judgeable check is its not_found; without it, nothing of the cart is judged.
    const json = join(dir, 'cart-unjudged.json');
    const args = [server.url, '--capabilities', 'cart', '--allow', 'read', '--json', json];
    const r = await cli([...args, '--skip', 'cart.not-found']);
    expect(r.code).toBe(3);
    const report = readReport(json);
    expect(report.checks.find((c) => c.id === 'run.capabilities')).toMatchObject({
      verdict: 'error',
      message:
        'no check of org.proto.shopping.cart could be judged, though --capabilities names it: see its not-tested and blocked checks',
    });
    expect(r.stdout).toContain('run.capabilities');
    // One check judged is enough.
    expect((await cli(args)).code).toBe(0);
  });

  it('--max-failures stops the run once that many checks failed, and says so', async () => {
    const json = join(dir, 'max.json');
    const r = await cli([server.url, '--max-failures', '1', '--concurrency', '1', '--json', json]);
    expect(r.code).toBe(1);
    const report = readReport(json);
    expect(report.stopped).toMatchObject({
      reason: 'max-failures',
      message: 'the run stopped after 1 failures (--max-failures 1)',
    });
    expect(report.checks.filter((c) => c.verdict === 'fail')).toHaveLength(1);
    expect(
      report.checks.some((c) => c.verdict === 'not-tested' && c.message.startsWith('not run: the run stopped after 1')),
    ).toBe(true);
    expect(report.resources.filter((x) => x.state === 'open' || x.state === 'incomplete')).toEqual([]);
  });

  it('--list prints what would be judged and written, and sends nothing', async () => {
    const before = await cli([server.url, '--list', '--only', 'MUST', '--capabilities', 'cart', '--json', 'out.json']);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/\norg\.proto\.shopping\.cart \(cart\)\n {2}cart\.\S+ MUST CART-\d+/);
    expect(before.stdout).not.toMatch(/^org\.proto\.shopping\.catalog/m);
    expect(before.stdout).toMatch(
      /\n\d+ checks would be judged against http:\/\/127\.0\.0\.1:\d+, where .*\nIt would write: json out\.json\.\n$/,
    );
    expect(before.stdout).not.toMatch(/ SHOULD /);
    // Nothing listens there: a run would end unusable (exit 3); a list never asks.
    const quiet = await cli(['http://127.0.0.1:9', '--list']);
    expect(quiet.code).toBe(0);
  });
});
