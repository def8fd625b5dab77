import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';

const sh = promisify(execFile);
const status = (out: string) => /^HTTP\/1\.1 (\d+)/m.exec(out)?.[1];

describe('reproductions that reproduce', () => {
  const dir = tempDir();
  let faulty: RunningServer;
  let conformant: RunningServer;
  const config = join(dir, 'auth.config.json');
  beforeAll(async () => {
    [faulty, conformant] = await Promise.all([
      referenceServer([
        '--variation',
        'auth-api-key',
        '--fault',
        'auth-invalid-credential-accepted',
        '--fault',
        'idempotency-not-stored',
        '--write-config',
        config,
      ]),
      referenceServer(['--variation', 'auth-api-key']),
    ]);
  });
  afterAll(async () => Promise.all([faulty?.stop(), conformant?.stop()]));

  it('send what the check sent: the invalid credential as it was, the real one from a variable', async () => {
    const json = join(dir, 'auth.json');
    await cli([faulty.url, '--config', config, '--json', json]);
    const check = readReport(json).checks.find((c) => c.id === 'requests.catalog.search.credential-invalid')!;
    expect(check.verdict).toBe('fail');
    const [control, invalid] = check.curl;
    expect(control).toContain(`-H 'X-API-Key: '"\${X_API_KEY:?set X_API_KEY}"`);
    expect(invalid).toContain("-H 'X-API-Key: proto-conformance-invalid-credential'");
    // Sent again, the invalid credential is served by the faulty business and refused by a conformant one.
    expect(status((await sh('sh', ['-c', invalid])).stdout)).toBe('200');
    const elsewhere = invalid.replace(faulty.url, conformant.url);
    expect(status((await sh('sh', ['-c', elsewhere])).stdout)).toBe('401');
  });

  it('send a fresh Idempotency-Key, except where the check is about the replay itself', async () => {
    const json = join(dir, 'idem.json');
    await cli([faulty.url, '--config', config, '--json', json]);
    const report = readReport(json);
    const replay = report.checks.find((c) => c.id === 'idempotency.cart.create.replay')!;
    expect(replay.verdict).toBe('fail');
    const keys = replay.curl.map((line) => /Idempotency-Key: ([^']+)'/.exec(line)?.[1]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Two requests with a key each (the control, the invalid credential): each line sends a fresh one.
    const other = report.checks.find((c) => c.id === 'requests.cart.create.credential-invalid')!;
    expect(other.verdict).toBe('fail');
    for (const line of other.curl)
      expect(line).toContain(`-H 'Idempotency-Key: '"$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)"`);
    // Every line prints the status it got.
    for (const line of [...replay.curl, ...other.curl]) expect(line).toMatch(/^curl -sS -i /);
    // The run's own platform profile is gone after it: a variable stands for it, defaulting to what was sent.
    expect(replay.curl[0]).toMatch(/\$\{PROTO_AGENT_PROFILE:-http:\/\/127\.0\.0\.1:\d+\/[^}]*\}/);
    // The script reuses one key for the replay, fresh each time it runs.
    expect(replay.reproduction).toMatch(/k1=\$\(key\)[\s\S]*"Idempotency-Key: \$k1"[\s\S]*"Idempotency-Key: \$k1"/);
  });
});
