import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

describe('in GitHub Actions', () => {
  const dir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    // A MUST broken (lookup refuses variant ids) and a SHOULD (the Idempotency-Key not required).
    server = await referenceServer(['--fault', 'lookup-rejects-variant-ids', '--fault', 'idempotency-key-optional']);
  });
  afterAll(async () => server?.stop());

  it('annotates each failure and warning, and appends the Markdown summary to the job', async () => {
    const summary = join(dir, 'step-summary.md');
    writeFileSync(summary, '# earlier steps wrote this\n');
    const json = join(dir, 'gh.json');
    const markdown = join(dir, 'summary.md');
    const r = await cli([server.url, '--json', json, '--markdown', markdown], {
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.code).toBe(1);
    const report = readReport(json);
    const failing = report.checks.filter((c) => ['fail', 'error'].includes(c.verdict));
    const warned = report.checks.filter((c) => c.verdict === 'warn');
    expect(failing.length).toBeGreaterThan(0);
    expect(warned.length).toBeGreaterThan(0);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning '));
    expect(errors).toHaveLength(failing.length);
    expect(warnings).toHaveLength(warned.length);
    // Titled with the check, its requirements and level; one line each, whatever the message held.
    const first = failing[0];
    expect(errors[0]).toMatch(
      new RegExp(`^::error title=${first.id.replace(/\./g, '\\.')} \\(${first.requirements.join('%2C ')} MUST\\)::`),
    );
    expect(warnings[0]).toMatch(/^::warning title=\S+ \(IDEM-\d+ SHOULD\)::/);
    const written = readFileSync(summary, 'utf8');
    expect(written.startsWith('# earlier steps wrote this\n')).toBe(true);
    expect(written).toContain(`## ❌ proto conformance: ${server.url}`);
    expect(written).toContain(`| ${report.summary.pass} | ${report.summary.fail} | ${report.summary.warn} |`);
    expect(written).toContain(`<code>${first.id}</code>`);
    // --markdown writes the same summary on its own.
    expect(written.endsWith(`${readFileSync(markdown, 'utf8')}\n`)).toBe(true);
  });

  it('outside GitHub Actions, writes no annotation', async () => {
    const r = await cli([server.url], { GITHUB_ACTIONS: '' });
    expect(r.stdout).not.toMatch(/^::/m);
  });
});
