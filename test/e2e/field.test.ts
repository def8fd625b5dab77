import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLEANUP_GRACE_MS } from '../../src/engine/run-stop.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { type ReferenceBusiness, startReferenceBusiness } from '../../src/reference/server.js';
import type { FieldConditions } from '../../src/reference/shared/transport.js';
import type { RunReport } from '../../src/report/run-report.js';
import { cli, startCli, tempDir } from '../helpers/processes.js';

/** The field, not the lab: a business some way off, interrupted runs, hangs, unusable targets, full disks. */
const dir = tempDir();
const businesses: ReferenceBusiness[] = [];
afterAll(async () => {
  await Promise.all(businesses.map((b) => b.close()));
});

/** A reference business under field conditions, in this process so the test can see what a run left open. */
async function business(field: FieldConditions, name: string) {
  const b = await startReferenceBusiness({ field });
  businesses.push(b);
  const config = join(dir, `${name}.config.json`);
  writeFileSync(config, JSON.stringify(referenceRunConfig([], b)));
  return { b, config };
}

const reports = (name: string) => ({
  json: join(dir, `${name}.json`),
  junit: join(dir, `${name}.xml`),
  html: join(dir, `${name}.html`),
});
const reportArgs = (r: ReturnType<typeof reports>) => ['--json', r.json, '--junit', r.junit, '--html', r.html];
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as RunReport;

async function until(ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an interrupted run', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`on ${signal}: cancels what it created, writes every report marked interrupted, exits ${code}`, async () => {
      const { b, config } = await business({ latencyMs: 15 }, signal);
      const out = reports(signal);
      const run = startCli([b.url, '--config', config, '--allow', 'irreversible', ...reportArgs(out)]);
      // Interrupt while the run holds something open at the business.
      await until(() => b.open().length > 0, 30_000);
      run.child.kill(signal);
      const r = await run.done;

      expect(r.code).toBe(code);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${signal}: stopping`);
      expect(b.open()).toEqual([]);
      const report = readJson(out.json);
      expect(report.stopped).toMatchObject({ reason: 'interrupted', signal });
      expect(report.exitCode).toBe(code);
      expect(report.resources.length).toBeGreaterThan(0);
      expect(report.resources.every((x) => ['canceled', 'completed', 'complete_in_progress'].includes(x.state))).toBe(
        true,
      );
      const finished = report.checks.find((c) => c.id === 'run.finished');
      expect(finished?.verdict).toBe('error');
      expect(finished?.message).toContain(`interrupted by ${signal}`);
      // The checks it never reached are not-tested, saying why.
      expect(report.checks.some((c) => c.message === `not run: the run was interrupted by ${signal}`)).toBe(true);
      expect(readFileSync(out.junit, 'utf8')).toMatch(/<testcase classname="run" name="run.finished[^>]*>\s*<error/);
      expect(readFileSync(out.html, 'utf8')).toContain(`interrupted by ${signal}`);
      expect(r.stdout).toContain('run.finished');
    });
  }

  it('a second signal exits at once', async () => {
    const { b, config } = await business({ latencyMs: 200 }, 'twice');
    const run = startCli([b.url, '--config', config]);
    await until(() => b.open().length > 0, 30_000);
    run.child.kill('SIGINT');
    await until(() => run.stderrSoFar().includes('stopping'), 5_000);
    const at = Date.now();
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(Date.now() - at).toBeLessThan(1_000);
  });
});

describe('rate limits', () => {
  it('--rate-limit spaces the requests to an origin, so a business limiting its rate never has to refuse one', async () => {
    const { b, config } = await business({ rateLimit: 10 }, 'limited');
    const capped = reports('capped');
    const uncapped = reports('uncapped');
    const args = [b.url, '--config', config, '--capabilities', 'cart', '--allow', 'write'];
    const [slow, fast] = [
      await cli([...args, '--rate-limit', '8', '--json', capped.json]),
      await cli([...args, '--json', uncapped.json]),
    ];
    // Both runs pass: a limit met is waited out, never a failure.
    expect([slow.code, fast.code]).toEqual([0, 0]);
    const paced = readJson(capped.json).exchanges;
    expect(paced.filter((x) => x.retried?.length)).toEqual([]);
    // At least 1/8 s between one request and the next, give or take the timers' and the clock's milliseconds.
    const starts = paced.map((x) => Date.parse(x.startedAt)).sort((x, y) => x - y);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    expect(gaps.length).toBeGreaterThan(10);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / 8 - 5);
    // Without the cap, the same business answered 429 and the run waited.
    expect(readJson(uncapped.json).exchanges.some((x) => x.retried?.length)).toBe(true);
  });
});

/** Each check's verdict, in the report's order. */
const verdicts = (file: string) => readJson(file).checks.map((c) => `${c.id}: ${c.verdict}`);

describe('a business answering one request at a time', () => {
  it('gets the same verdicts run after run, at the default concurrency, as in the lab; the run says it slowed down', async () => {
    // Scaled down for time: answers 100 to 200 ms apart, one at a time, and a 1 s timeout, as a business
    // answering in 300 ms against the default 10 s would be with three times the scenarios.
    const slow = await business({ serial: true, latencyMs: 100, jitterMs: 100 }, 'one-at-a-time');
    const lab = await business({}, 'lab');
    const args = ['--capabilities', 'cart', '--timeout', '1000'];
    const runs = ['first', 'second'].map((name) => join(dir, `serial-${name}.json`));
    for (const json of runs) {
      const r = await cli([slow.b.url, '--config', slow.config, ...args, '--json', json]);
      expect(r.code).toBe(0);
    }
    const inLab = join(dir, 'serial-lab.json');
    expect((await cli([lab.b.url, '--config', lab.config, ...args, '--json', inLab])).code).toBe(0);
    expect(verdicts(runs[0])).toEqual(verdicts(inLab));
    expect(verdicts(runs[1])).toEqual(verdicts(inLab));
    expect(readJson(runs[0]).notices.join('\n')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ answered slowly, so the run slowed itself down: at times it sent \d+ request\(s\) at once, of the 16 allowed/m,
    );
  });
});

describe('a business limiting its creates', () => {
  // One create in 6 s; one sent too early starts the 6 s again: waiting less than it asks never gets through.
  const LIMIT = { count: 1, windowMs: 6000 };

  it('is waited out as long as it asks while the run has the time: no check lost', async () => {
    const { b, config } = await business({ createLimit: LIMIT }, 'create-limited');
    const json = join(dir, 'create-limited.json');
    const r = await cli([b.url, '--config', config, '--capabilities', 'cart', '--only', 'cart.*', '--json', json]);
    expect(r.code).toBe(0);
    const report = readJson(json);
    // The limit was met, and waited out as it asked, longer than the 5 s the run once waited at most.
    expect(report.exchanges.some((x) => x.retried?.some((a) => a.retryAfter === '6' && a.waitedMs === 6000))).toBe(
      true,
    );
    expect(report.checks.filter((c) => c.id.startsWith('cart.') && c.verdict === 'not-tested')).toEqual([]);
  });

  it('names the --rate-limit its answers imply when a wait does not fit before the deadline', async () => {
    const { b, config } = await business({ createLimit: LIMIT }, 'create-limited-deadline');
    const json = join(dir, 'create-limited-deadline.json');
    const r = await cli([
      b.url,
      '--config',
      config,
      '--capabilities',
      'cart',
      '--only',
      'cart.*',
      '--deadline',
      '4000',
      '--json',
      json,
    ]);
    const report = readJson(json);
    expect(report.notices.join('\n')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ limits the run's pace: \d+ time\(s\) it asked to wait \(429 or 503, up to 6 s\) when the run could not, .*; its answers imply about [\d.]+ requests a second: run with --rate-limit [\d.]+, and a --deadline long enough for it$/m,
    );
    const lost = report.checks.filter((c) => c.verdict === 'not-tested' && c.message.includes('Retry-After: 6'));
    expect(lost.length).toBeGreaterThan(0);
    expect(report.checks.filter((c) => c.verdict === 'fail')).toEqual([]);
    expect(r.stdout).toContain('--rate-limit');
  });
});

describe('the deadline', () => {
  it('ends a run against a business that hangs, reports written, every check it cut off an error', async () => {
    const { b, config } = await business({ latencyMs: 120_000 }, 'hung');
    const out = reports('hung');
    const started = Date.now();
    const r = await cli([b.url, '--config', config, '--deadline', '1500', ...reportArgs(out)]);
    // The deadline, the grace for what is under way (CLEANUP_GRACE_MS), and a process's start and end, with room for
    // a loaded machine: bounded, far below the business's 120 s. How fast is the benchmark's to say.
    expect(Date.now() - started).toBeLessThan(1_500 + CLEANUP_GRACE_MS + 5_000);
    expect(r.code).toBe(3);
    const report = readJson(out.json);
    expect(report.stopped).toMatchObject({ reason: 'deadline', deadlineMs: 1500 });
    expect(report.checks.map((c) => [c.id, c.verdict])).toEqual([['run.finished', 'error']]);
    expect(readFileSync(out.junit, 'utf8')).toContain('errors="1"');
  });

  it('cuts a slow run short: the checks it reached keep their verdicts, the rest are errors', async () => {
    const { b, config } = await business({ latencyMs: 250 }, 'slow');
    const out = reports('slow');
    const started = Date.now();
    const r = await cli([b.url, '--config', config, '--deadline', '2500', ...reportArgs(out)]);
    expect(Date.now() - started).toBeLessThan(2_500 + CLEANUP_GRACE_MS + 5_000);
    expect(r.code).toBe(3);
    const report = readJson(out.json);
    expect(report.summary.pass).toBeGreaterThan(0);
    expect(report.summary.fail).toBe(0);
    expect(report.checks.filter((c) => c.verdict === 'error').length).toBeGreaterThan(1);
    expect(report.checks.some((c) => c.message === "not concluded: the run's deadline of 2500 ms passed")).toBe(true);
    expect(b.open()).toEqual([]);
  });

  it('rejects a deadline that is not a positive whole number, in one line', async () => {
    const r = await cli(['http://127.0.0.1:1', '--deadline', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('proto-conformance: --deadline soon: expected a positive whole number');
  });
});

describe('every report asked for is written', () => {
  it('when the target is unusable (exit 3): one error entry giving the reason, after the profile check it fails', async () => {
    const server: Server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const out = reports('unusable');
    const r = await cli([url, ...reportArgs(out)]);
    server.close();
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const report = readJson(out.json);
    expect(report.exitCode).toBe(3);
    // The business answered the profile's address with no profile: PROF-013 fails, then the run's error entry.
    expect(report.checks.map((c: { id: string; verdict: string }) => [c.id, c.verdict])).toEqual([
      ['profile.served', 'fail'],
      ['run.target', 'error'],
    ]);
    expect(report.checks[1].message).toMatch(/^target unusable: .*not JSON/);
    const junit = readFileSync(out.junit, 'utf8');
    expect(junit).toContain('tests="2" failures="1" errors="1"');
    expect(readFileSync(out.html, 'utf8')).toContain('target unusable');
  });

  it('when stdout cannot be written: one line on stderr, and the exit code still says what the run found', async () => {
    const out = join(dir, 'full.json');
    const r = await cli(['demo', '--json', out], {}, { stdout: '/dev/full' });
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('proto-conformance: cannot write to stdout (ENOSPC); the run goes on');
    expect(readJson(out).exitCode).toBe(0);
  });
});
