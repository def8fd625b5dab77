/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, ROOT, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/** Debian's chromium, which .ci/run installs; CHROMIUM names another. */
const CHROMIUM = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
/** Where the screenshot is kept for a person to look at. */
const ARTIFACTS = join(ROOT, 'reports', 'artifacts');

// Outside CI, a machine without Chromium skips this file (and says so); in CI it must run.
describe.skipIf(!CHROMIUM && !process.env.CI)('the HTML report, in a real browser', () => {
  const dir = tempDir();
  let server: RunningServer;
  const html = join(dir, 'report.html');
  const json = join(dir, 'report.json');
  beforeAll(async () => {
    server = await referenceServer(['--fault', 'lookup-rejects-variant-ids', '--fault', 'cart-update-merges']);
    const r = await cli([server.url, '--html', html, '--json', json]);
    expect(r.code).toBe(1);
  });
  afterAll(async () => server?.stop());

  it('counts what the JSON holds, filters and searches the checks, and logs no error', {
    timeout: 60_000,
  }, async () => {
    expect(CHROMIUM, 'Chromium is needed: apt-get install chromium').toBeDefined();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(html).href);
      const report = readReport(json);

      // The banner says what the exit code says.
      expect(await page.textContent('#banner')).toMatch(/^FAILED · exit code 1 · /);
      // The matrix: every capability by every verdict, as many as the JSON report holds.
      const cells = await page.$$eval('#matrix td', (tds) =>
        tds.map((td) => ({
          capability: td.dataset.capability,
          verdict: td.dataset.verdict,
          n: Number(td.textContent),
        })),
      );
      expect(cells.length).toBeGreaterThan(0);
      for (const c of cells)
        expect(c.n, `${c.capability} ${c.verdict}`).toBe(
          report.checks.filter((x) => x.capability === c.capability && x.verdict === c.verdict).length,
        );

      const visible = () =>
        page.$$eval('tr.check', (rows) =>
          rows.filter((r) => !(r as HTMLElement).hidden).map((r) => (r as HTMLElement).dataset.verdict),
        );
      expect((await visible()).filter((v) => v === 'pass').length).toBeGreaterThan(0);
      // A filter on fail hides every passing check.
      await page.selectOption('#f-verdict', 'fail');
      const failing = await visible();
      expect(failing.length).toBeGreaterThan(0);
      expect(failing.every((v) => v === 'fail')).toBe(true);
      // The search narrows to the rows holding its text, the failures first section included.
      await page.selectOption('#f-verdict', '');
      await page.fill('#f-search', 'catalog-lookup.variant-ids');
      const found = await page.$$eval('tr.check', (rows) =>
        rows.filter((r) => !(r as HTMLElement).hidden).map((r) => r.textContent ?? ''),
      );
      // Its row among the failures and in its capability, and rows whose message names it (blocked by it).
      expect(found.length).toBeGreaterThanOrEqual(2);
      expect(found.length).toBeLessThan(report.checks.length / 10);
      expect(found.every((t) => t.includes('catalog-lookup.variant-ids'))).toBe(true);

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.selectOption('#f-verdict', '');
      await page.fill('#f-search', '');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(ARTIFACTS, 'html-report.png'), fullPage: false });
      expect(existsSync(join(ARTIFACTS, 'html-report.png'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
