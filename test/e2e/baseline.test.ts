import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('a baseline of known failures', () => {
  const dir = tempDir();
  let broken: RunningServer;
  let clean: RunningServer;
  beforeAll(async () => {
    [broken, clean] = await Promise.all([
      referenceServer(['--fault', 'lookup-rejects-variant-ids']),
      referenceServer(),
    ]);
  });
  afterAll(async () => Promise.all([broken?.stop(), clean?.stop()]));
  const baseline = join(dir, 'baseline.json');

  it('is written from a run: every failure, each with a reason to fill in', async () => {
    const r = await cli([broken.url, '--write-baseline', baseline]);
    expect(r.code).toBe(1);
    const written = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(written).toEqual({
      baselineVersion: 1,
      known: [
        {
          check: 'catalog-lookup.variant-ids',
          reason: expect.stringMatching(
            /^accepted \d{4}-\d{2}-\d{2} from a run against http:\/\/127\.0\.0\.1:\d+: say why, or fix it$/,
          ),
        },
      ],
    });
  });

  it('lets the run pass while its failures still happen, marked as known everywhere', async () => {
    writeFileSync(
      baseline,
      JSON.stringify({
        baselineVersion: 1,
        known: [{ check: 'catalog-lookup.variant-ids', reason: 'vendor fix due in March' }],
      }),
    );
    const json = join(dir, 'known.json');
    const xml = join(dir, 'known.xml');
    const html = join(dir, 'known.html');
    const r = await cli([broken.url, '--baseline', baseline, '--json', json, '--junit', xml, '--html', html]);
    expect(r.code).toBe(0);
    const check = readReport(json).checks.find((c) => c.id === 'catalog-lookup.variant-ids')!;
    expect([check.verdict, check.baselined]).toEqual(['fail', 'vendor fix due in March']);
    // How the verdict is proven: the corpus's faults that make this check fail, this one among them.
    expect(check.provenBy).toContain('lookup-rejects-variant-ids');
    expect(readFileSync(html, 'utf8')).toMatch(/proven by the faults <code>[^<]+<\/code>/);
    expect(r.stdout).toMatch(/ {2}✗ catalog-lookup\.variant-ids .* \[known: vendor fix due in March\]\n/);
    expect(readFileSync(xml, 'utf8')).toMatch(/known failure \(baseline\): vendor fix due in March/);
  });

  it('fails the run once a known failure is fixed, until the baseline drops it', async () => {
    const json = join(dir, 'stale.json');
    const r = await cli([clean.url, '--baseline', baseline, '--json', json]);
    expect(r.code).toBe(1);
    const entry = readReport(json).checks.find((c) => c.id === 'run.baseline')!;
    expect(entry.verdict).toBe('fail');
    expect(entry.message).toBe(`1 check(s) ${baseline} accepts as failing now pass: remove them from it`);
    expect(entry.actual).toBe('catalog-lookup.variant-ids');
  });

  it('refuses a check it does not know, naming the closest', async () => {
    const typo = join(dir, 'typo.json');
    writeFileSync(
      typo,
      JSON.stringify({ baselineVersion: 1, known: [{ check: 'catalog-lookup.variant-id', reason: 'x' }] }),
    );
    const r = await cli([clean.url, '--baseline', typo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proto-conformance: baseline ${typo}: no check catalog-lookup.variant-id; did you mean catalog-lookup.variant-ids?\n`,
    );
  });
});
