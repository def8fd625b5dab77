import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOTTEN_AFTER_MS } from '../../src/reference/faults.js';
import type { KeptKeys } from '../../src/http/kept-keys.js';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

/**
 * IDEM-008 across two runs of the real CLI against one reference business process: a run keeps its keys
 * (--keep-keys), the test sets the store back 25 hours, and a second run replays it (--replay-from).
 */
const dir = tempDir();
const HOUR_MS = 60 * 60 * 1000;

/** Sets every kept request's time back: the store is then as old as after a day's wait. */
function age(file: string, hours: number): void {
  const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptKeys;
  for (const r of kept.requests) r.sentAt = new Date(Date.parse(r.sentAt) - hours * HOUR_MS).toISOString();
  writeFileSync(file, JSON.stringify(kept));
}

const retained = (file: string) => readReport(file).checks.find((c) => c.id === 'idempotency.retained');

/** A run judging the idempotency suites only: they send every kind of keyed request, and the run stays short. */
const idempotencyRun = (server: RunningServer, config: string, ...args: string[]) =>
  cli([server.url, '--config', config, '--only', 'idempotency.*', ...args]);

describe('--keep-keys then --replay-from', () => {
  let server: RunningServer;
  const config = join(dir, 'config.json');
  const keys = join(dir, 'keys.json');
  let kept: KeptKeys;
  let first: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    server = await referenceServer(['--write-config', config]);
    first = await idempotencyRun(
      server,
      config,
      '--allow',
      'irreversible',
      '--keep-keys',
      keys,
      '--json',
      join(dir, '1.json'),
    );
    kept = JSON.parse(readFileSync(keys, 'utf8')) as KeptKeys;
  });
  afterAll(async () => server?.stop());

  it('keeps the keyed requests as sent in a file only its owner may read, and prints none of it', () => {
    expect(first.code).toBe(0);
    expect(statSync(keys).mode & 0o777).toBe(0o600);
    const operations = new Set(kept.requests.map((r) => r.operation));
    for (const op of ['cart.create', 'cart.update', 'checkout.create', 'checkout.complete', 'booking.create'])
      expect(operations).toContain(op);
    expect([...operations].filter((op) => op.endsWith('.cancel'))).toEqual([]);
    // The payment token goes in the store, as sent, and nowhere else.
    const token = (JSON.parse(readFileSync(config, 'utf8')) as { payment: { token: string } }).payment.token;
    expect(kept.requests.some((r) => r.body.includes(token))).toBe(true);
    for (const out of [first.stdout, first.stderr, readFileSync(join(dir, '1.json'), 'utf8')])
      expect(out).not.toContain(token);
    expect(retained(join(dir, '1.json'))?.verdict).toBe('not-tested');
    expect(retained(join(dir, '1.json'))?.message).toMatch(/^needs --replay-from FILE/);
  });

  it('leaves a store younger than 24 hours not-tested, saying when it can be judged, and sends nothing', async () => {
    const json = join(dir, 'young.json');
    const r = await idempotencyRun(server, config, '--replay-from', keys, '--json', json);
    expect(r.code).toBe(0);
    expect(retained(json)?.verdict).toBe('not-tested');
    expect(retained(json)?.message).toMatch(
      /^the oldest kept key is 0\.\d h old: it can be judged in 2[34]\.\d h, from /,
    );
    expect(readReport(json).exchanges.filter((x) => x.scenario === 'idempotency.retention')).toEqual([]);
  });

  it('passes against the same business a day later, and sends a complete again only with --allow irreversible', async () => {
    age(keys, 25);
    const json = join(dir, 'replayed.json');
    const r = await idempotencyRun(server, config, '--replay-from', keys, '--json', json);
    const check = retained(json);
    expect([check?.verdict, check?.message]).toEqual(['pass', 'held']);
    expect(check?.actual).toMatch(
      /^\d+ keys sent again 25\.0 h later returned their stored results \(not sent: \d+ complete\(s\), which need --allow irreversible\)$/,
    );
    const replays = readReport(json).exchanges.filter((x) => x.scenario === 'idempotency.retention');
    expect(replays.length).toBe(kept.requests.filter((k) => !k.operation.endsWith('.complete')).length);
    expect(replays.filter((x) => x.operation.endsWith('.complete'))).toEqual([]);
    expect(r.code).toBe(0);
  });
});

describe('--replay-from against a business that forgets its keys', () => {
  let server: RunningServer;
  const config = join(dir, 'forgets.config.json');
  const keys = join(dir, 'forgets.keys.json');
  beforeAll(async () => {
    server = await referenceServer(['--fault', 'idempotency-keys-forgotten', '--write-config', config]);
  });
  afterAll(async () => server?.stop());

  it('fails idempotency.retained naming key, operation and age, cancels what the replays made, and exits 1', async () => {
    const first = await idempotencyRun(server, config, '--keep-keys', keys);
    expect(first.code).toBe(0);
    // The fault holds results for seconds; the store says a day.
    await new Promise((resolve) => setTimeout(resolve, FORGOTTEN_AFTER_MS + 1000));
    age(keys, 25);
    const json = join(dir, 'forgotten.json');
    const r = await idempotencyRun(server, config, '--replay-from', keys, '--json', json);
    const check = retained(json);
    expect(check?.verdict).toBe('fail');
    expect(check?.requirements).toEqual(['IDEM-008']);
    expect(check?.message).toMatch(/^\d+ of \d+ keys sent again 25\.0 h later did not return the stored result \(/);
    expect(check?.message).toMatch(
      /key [0-9a-f-]{36} \((cart|checkout|booking)\.create, sent 25\.0 h ago\): a new resource \S+, the stored result named \S+: the key was forgotten/,
    );
    // What a forgotten key made again is cancelled, as every scenario's.
    const report = readReport(json);
    const made = report.exchanges.filter(
      (x) => x.scenario === 'idempotency.retention' && x.operation === 'cart.create' && x.status === 201,
    );
    const cancels = report.exchanges.filter(
      (x) => x.scenario === 'idempotency.retention' && x.role === 'cleanup' && x.operation === 'cart.cancel',
    );
    expect(made.length).toBeGreaterThan(0);
    expect(cancels.length).toBe(made.length);
    expect(r.code).toBe(1);
  });
});

describe('--replay-from with a file that is no store', () => {
  const url = 'http://127.0.0.1:9';
  it.each([
    ['missing', undefined, /^proto-conformance: --replay-from \S+: cannot read it \(ENOENT\)\n$/],
    [
      'not JSON',
      '{"body": "tok_secret_4242", ',
      /^proto-conformance: --replay-from \S+: not JSON; expected the file a run with --keep-keys wrote\n$/,
    ],
    [
      'another shape',
      JSON.stringify({
        keptKeysVersion: 1,
        target: url,
        platform: url,
        requests: [{ operation: 'cart.create', body: 'tok_secret_4242' }],
      }),
      /^proto-conformance: --replay-from \S+: requests\[0\]\.method is not a string; expected the file a run with --keep-keys wrote\n$/,
    ],
  ])('%s: one usage line naming the file, quoting none of it, exit 2', async (name, content, line) => {
    const file = join(dir, `bad-${name.replace(/ /g, '-')}.json`);
    if (content !== undefined) writeFileSync(file, content);
    const r = await cli([url, '--replay-from', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(line);
    expect(r.stderr).not.toContain('tok_secret');
    expect(r.stdout).toBe('');
  });

  it('refuses to send kept requests to another business than the one that answered them', async () => {
    const file = join(dir, 'elsewhere.json');
    const store = { keptKeysVersion: 1, target: 'http://127.0.0.1:7', platform: url, requests: [] };
    writeFileSync(file, JSON.stringify(store));
    const r = await cli([url, '--replay-from', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `proto-conformance: --replay-from: the kept keys are of http://127.0.0.1:7, not ${url}; they are sent again only to the business that answered them\n`,
    );
  });

  it('refuses --keep-keys -: the store is never printed', async () => {
    const r = await cli([url, '--keep-keys', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^proto-conformance: --keep-keys -: the kept keys hold request bodies as sent and are never printed/,
    );
  });
});
