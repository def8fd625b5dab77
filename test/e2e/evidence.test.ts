import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cli, referenceServer, ROOT, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';
import type { RunReport } from '../../src/report/run-report.js';

const run = promisify(execFile);
const dir = tempDir();

describe('one numbered exchange log, cited exactly', () => {
  let server: RunningServer;
  let report: RunReport;
  let stdout: string;
  const config = join(dir, 'never-ready.config.json');
  beforeAll(async () => {
    server = await referenceServer([
      '--fault',
      'checkout-never-ready',
      '--variation',
      'ids-need-escaping',
      '--write-config',
      config,
    ]);
    const json = join(dir, 'never-ready.json');
    stdout = (await cli([server.url, '--config', config, '--json', json, '--verbose'])).stdout;
    report = readReport(json);
  });
  afterAll(async () => server?.stop());

  it('numbers every exchange of the run once, clean-up included, and never cites a clean-up', () => {
    expect(report.exchanges.map((x) => x.seq)).toEqual(report.exchanges.map((_, i) => i + 1));
    const cleanups = new Set(report.exchanges.filter((x) => x.role === 'cleanup').map((x) => x.seq));
    expect(cleanups.size).toBeGreaterThan(0);
    for (const c of report.checks)
      expect(
        c.evidence.filter((seq) => cleanups.has(seq)),
        c.id,
      ).toEqual([]);
    for (const c of report.checks)
      for (const seq of c.evidence) expect(seq).toBeLessThanOrEqual(report.exchanges.length);
  });

  it('cites the requests a failing check judged, with a curl line for each', () => {
    const ready = report.checks.find((c) => c.id === 'checkout.ready')!;
    expect(ready.verdict).toBe('fail');
    const cited = ready.evidence.map((seq) => report.exchanges[seq - 1]);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((x) => x.operation === 'checkout.update')).toBe(true);
    expect(ready.curl).toHaveLength(cited.length);
    expect(ready.curl[0]).toMatch(/^curl -sS -i -X PUT '.*\/checkout-sessions\/gid%3A%2F%2F/);
  });

  it('reproduces a multi-step failure with a script that threads the ids the business returns', async () => {
    const ready = report.checks.find((c) => c.id === 'checkout.ready')!;
    const script = ready.reproduction!;
    expect(script).toMatch(/^#!\/bin\/sh/);
    expect(script).toContain('jq -r');
    // The session id in each path is read from the create's answer, never written in.
    const sessionId = JSON.parse(report.exchanges.find((x) => x.operation === 'checkout.create')!.responseBody!)
      .id as string;
    expect(script).not.toContain(`/checkout-sessions/${encodeURIComponent(sessionId)}`);
    expect(script).toContain(`/checkout-sessions/'"$`);
    expect(stdout).toContain('# Reproduces checkout.ready');

    const { stdout: replay } = await run('sh', ['-c', script], { timeout: 20_000 });
    // The judged requests print their status line; the replayed session stays incomplete, as judged.
    expect(replay).toMatch(/^HTTP\/1\.1 200/m);
    expect(replay).toMatch(/"status":"incomplete"/);
    expect(replay).toMatch(/"code":"missing"/);
  });
});

describe('a closed stdout', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--fault', 'lookup-rejects-variant-ids']);
  });
  afterAll(async () => server?.stop());

  it('changes neither the exit code nor the reports written', async () => {
    const json = join(dir, 'closed-stdout.json');
    const child = spawn(process.execPath, [BIN, server.url, '--json', json], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader goes away at once, as `| true` does.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(existsSync(json)).toBe(true);
    expect(readReport(json).exitCode).toBe(1);
  });
});
