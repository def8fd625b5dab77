import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';

/** A one-route server standing in for a broken business. */
function serve(status: number, type: string, body: string): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });
}

const oneLine = (s: string) => s.trim().split('\n').length === 1;
/** Each check of a JSON report with its verdict. */
const verdicts = (file: string): [string, string][] =>
  JSON.parse(readFileSync(file, 'utf8')).checks.map((c: { id: string; verdict: string }) => [c.id, c.verdict]);
const dir = tempDir();

describe('exit code 3: target unusable, with a one-line cause', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('for an unreachable profile', async () => {
    const { url, server } = await serve(200, 'application/json', '{}');
    await new Promise<void>((r) => server.close(() => r()));
    const json = join(dir, 'unreachable.json');
    const r = await cli([url, '--timeout', '2000', '--json', json]);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/unreachable/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // Not reached, the business said nothing about its profile: no verdict on PROF-013.
    expect(verdicts(json)).toEqual([['run.target', 'error']]);
  });

  it('for a profile that is not JSON', async () => {
    const { url, server } = await serve(200, 'text/html', '<html>hello</html>');
    servers.push(server);
    const r = await cli([url]);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/not JSON/);
  });

  it('for a JSON document without proto', async () => {
    const { url, server } = await serve(200, 'application/json', '{"name":"shop"}');
    servers.push(server);
    const r = await cli([url]);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/no "proto" object/);
  });

  it('for a profile answering 404', async () => {
    const { url, server } = await serve(404, 'application/json', '{"code":"not_found","content":"no"}');
    servers.push(server);
    const json = join(dir, '404.json');
    const r = await cli([url, '--json', json]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/HTTP 404/);
    // The business answered at the well-known address with no profile: PROF-013 fails, citing that answer.
    expect(verdicts(json)).toEqual([
      ['profile.served', 'fail'],
      ['run.target', 'error'],
    ]);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.checks[0]).toMatchObject({ requirements: ['PROF-013'], evidence: [1], level: 'MUST' });
    expect(report.checks[0].curl[0]).toMatch(/\/\.well-known\/proto/);
    expect(report.summary).toMatchObject({ fail: 1, error: 1 });
  });
});

describe('exit code 2: usage or config error, with a one-line cause', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown option', ['http://127.0.0.1:1', '--bogus'], /unknown option/],
    ['a bad --allow', ['http://127.0.0.1:1', '--allow', 'everything'], /--allow everything/],
    ['a bad --timeout', ['http://127.0.0.1:1', '--timeout', '0'], /--timeout 0/],
    ['a target that is not a URL', ['not a url'], /not a URL/],
    [
      'a host without its scheme',
      ['shop.example'],
      /^proto-conformance: target "shop.example" has no scheme; did you mean https:\/\/shop\.example\?\n$/,
    ],
    ['a local host without its scheme', ['localhost:8080'], /did you mean http:\/\/localhost:8080\?\n$/],
    [
      'a mistyped command',
      ['demoo'],
      /^proto-conformance: unknown command demoo; did you mean demo\? \(a target is a URL\)\n$/,
    ],
    ['no arguments at all', [], /^$/],
    ['a missing config file', ['http://127.0.0.1:1', '--config', '/nonexistent/c.json'], /cannot read config/],
    ['a config with an unknown member', ['http://127.0.0.1:1', '--config', 'BADCONFIG'], /config .* is invalid/],
    ['an invalid dialect', ['http://127.0.0.1:1', '--dialect', 'BADDIALECT'], /dialect .* is invalid/],
    ['a bad --endpoint', ['http://127.0.0.1:1', '--endpoint', 'shopping'], /expected SERVICE=URL/],
    [
      'an unknown capability',
      ['http://127.0.0.1:1', '--endpoint', 'shopping=http://127.0.0.1:1', '--capabilities', 'shopping.teleport'],
      /unknown capability/,
    ],
    ['an unknown fault', ['reference-server', '--fault', 'no-such-fault'], /no such fault/],
    [
      'a report path that cannot be written',
      ['http://127.0.0.1:1', '--json', 'UNDERFILE'],
      /--json .* cannot write there/,
    ],
  ];
  beforeAll(() => {
    writeFileSync(join(dir, 'bad-config.json'), JSON.stringify({ fixturez: {} }));
    writeFileSync(join(dir, 'bad-dialect.json'), JSON.stringify({ name: 'x' }));
  });

  it.each(cases)('for %s', async (_name, args, message) => {
    const files: Record<string, string> = {
      BADCONFIG: join(dir, 'bad-config.json'),
      BADDIALECT: join(dir, 'bad-dialect.json'),
      // A directory cannot be made below a regular file.
      UNDERFILE: join(dir, 'bad-config.json', 'sub', 'report.json'),
    };
    const resolved = args.map((a) => files[a] ?? a);
    const r = await cli(resolved);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('exit codes 0 and 1', () => {
  let clean: RunningServer;
  let broken: RunningServer;
  let shouldOnly: RunningServer;
  beforeAll(async () => {
    [clean, broken, shouldOnly] = await Promise.all([
      referenceServer(),
      referenceServer(['--fault', 'lookup-rejects-variant-ids']),
      referenceServer(['--fault', 'idempotency-key-optional']),
    ]);
  });
  afterAll(async () => Promise.all([clean?.stop(), broken?.stop(), shouldOnly?.stop()]));

  it('is 0 when no MUST failed', async () => {
    expect((await cli([clean.url])).code).toBe(0);
  });

  it('is 1 when a MUST failed', async () => {
    const r = await cli([broken.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/LKUP-003 MUST/);
    expect(r.stdout).toMatch(/curl -sS -i -X POST/);
  });

  it('is 0 when only a SHOULD failed, and 1 for the same run with --strict', async () => {
    const lenient = await cli([shouldOnly.url, '--allow', 'write']);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/IDEM-005 SHOULD/);
    const strict = await cli([shouldOnly.url, '--allow', 'write', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/IDEM-005 SHOULD/);
  });

  it('prints help and exits 0, with examples, the exit codes, and defaults as plain values', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/reference-server/);
    expect(r.stdout).toContain('\nExamples:\n  $ proto-conformance https://shop.example\n');
    expect(r.stdout).toMatch(/\nExit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}3 .*\n {2}4 .*\n {2}130, 143 /);
    const run = await cli(['run', '--help']);
    expect(run.stdout).toMatch(/--concurrency <n>[^-]*\(default: 16; env: PROTO_CONFORMANCE_CONCURRENCY\)/);
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stdout).not.toMatch(/default: "/);
    // With no arguments, the same help, and the exit code of a run that did not happen.
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(r.stdout);
  });
});
