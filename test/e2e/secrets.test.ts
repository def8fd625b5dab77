import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, everyReport, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';

const SECRETS = [
  'Bearer-token-9f8e7d6c',
  'api-key-1a2b3c4d',
  'listed-secret-5e6f',
  'url-user-7c7c',
  'url-password-8d8d',
];

describe('secrets never appear in output', () => {
  let server: RunningServer;
  const dir = tempDir();
  beforeAll(async () => {
    // Faults that fail a one-request check (a curl line) and a multi-step one (a replay script).
    server = await referenceServer([
      '--fault',
      'lookup-rejects-variant-ids',
      '--fault',
      'transport-error-shape',
      '--fault',
      'cart-update-merges',
    ]);
  });
  afterAll(async () => server?.stop());

  it("in the console, curl lines, replay scripts, JSON, JUnit or HTML, nor the target URL's password", async () => {
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        headers: { Authorization: `Bearer ${SECRETS[0]}`, 'X-API-Key': SECRETS[1] },
        secrets: [SECRETS[2]],
        fixtures: { search_query: SECRETS[2] },
      }),
    );
    const { files, flags } = everyReport(dir, 'r');
    // A password in the target URL is a secret too, listed or not.
    const url = server.url.replace('://', `://${SECRETS[3]}:${SECRETS[4]}@`);
    const r = await cli([url, '--config', config, '--verbose', ...flags]);
    expect(r.code).toBe(1);
    // Curl lines read the credentials from variables; the bearer scheme stays written.
    expect(r.stdout).toMatch(/curl .*-H 'Authorization: Bearer '"\$\{AUTHORIZATION:\?set AUTHORIZATION\}"/);
    // The outputs the canary reads hold replay scripts too, written from the redacted requests.
    expect(r.stdout).toContain('#!/bin/sh');
    const report = JSON.parse(readFileSync(files[0], 'utf8')) as { checks: { reproduction?: string }[] };
    expect(report.checks.some((c) => c.reproduction?.includes('Set AUTHORIZATION, X_API_KEY first'))).toBe(true);
    const outputs = [r.stdout, r.stderr, ...files.map((f) => readFileSync(f, 'utf8'))];
    for (const out of outputs) for (const secret of SECRETS) expect(out).not.toContain(secret);
  });
});
