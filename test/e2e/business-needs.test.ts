import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';
import { readReport } from '../helpers/report.js';
import type { RunReport } from '../../src/report/run-report.js';

const dir = tempDir();
const verdictOf = (report: RunReport, id: string) => report.checks.find((c) => c.id === id);
const bad = (report: RunReport) =>
  report.checks.filter((c) => ['fail', 'warn', 'error'].includes(c.verdict)).map((c) => `${c.id}: ${c.message}`);

/** The config the business writes, less what the test takes out of it. */
function configWithout(
  written: string,
  name: string,
  strip: (c: Record<string, Record<string, unknown>>) => void,
): string {
  const config = JSON.parse(readFileSync(written, 'utf8'));
  strip(config);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('a business whose checkout create needs a member the spec leaves open', () => {
  let server: RunningServer;
  const written = join(dir, 'currency.config.json');
  beforeAll(async () => {
    server = await referenceServer(['--variation', 'checkout-create-requires-currency', '--write-config', written]);
  });
  afterAll(async () => server?.stop());

  it('reaches completed once the config supplies it under requests', async () => {
    const json = join(dir, 'with-currency.json');
    const run = await cli([server.url, '--config', written, '--allow', 'irreversible', '--json', json]);
    const report = readReport(json);
    expect(JSON.parse(readFileSync(written, 'utf8')).requests).toEqual({ 'checkout.create': { currency: 'USD' } });
    expect(bad(report)).toEqual([]);
    expect(verdictOf(report, 'checkout.complete')?.verdict).toBe('pass');
    expect(verdictOf(report, 'order.resource')?.verdict).toBe('pass');
    // Every create carried the member (but the one whose body is deliberately not JSON).
    const creates = report.exchanges.filter((x) => x.operation === 'checkout.create' && !x.requestBody?.endsWith('['));
    expect(creates.length).toBeGreaterThan(0);
    for (const x of creates) expect(JSON.parse(x.requestBody!).currency).toBe('USD');
    expect(run.code).toBe(0);
  });

  it('without it, reports what is missing, fails nothing, and concludes the checks whose evidence arrived', async () => {
    const config = configWithout(written, 'no-currency.config.json', (c) => delete c.requests);
    const json = join(dir, 'without-currency.json');
    const run = await cli([server.url, '--config', config, '--allow', 'irreversible', '--json', json]);
    const report = readReport(json);
    expect(bad(report)).toEqual([]);
    const create = verdictOf(report, 'checkout.create')!;
    expect(create.verdict).toBe('not-tested');
    expect(create.message).toMatch(/\$\.currency/);
    expect(create.message).toMatch(/requests\."checkout\.create"/);
    // The refusal itself arrived: the rule on missing messages judged it rather than being blocked.
    expect(verdictOf(report, 'checkout.missing-messages')?.verdict).toBe('pass');
    expect(verdictOf(report, 'envelope.error-status')?.verdict).toBe('pass');
    for (const id of ['checkout.ready', 'checkout.complete', 'order.resource']) {
      const c = verdictOf(report, id)!;
      expect([c.id, c.verdict]).toEqual([id, 'not-tested']);
      expect(c.message).toMatch(/\$\.currency/);
    }
    expect(report.checks.filter((c) => c.verdict === 'blocked')).toEqual([]);
    expect(run.code).toBe(0);
  });
});

describe('a business whose session needs a buyer field the config lacks', () => {
  let server: RunningServer;
  const written = join(dir, 'phone.config.json');
  beforeAll(async () => {
    server = await referenceServer(['--variation', 'checkout-requires-phone', '--write-config', written]);
  });
  afterAll(async () => server?.stop());

  it('fills the path its message names from fixtures.buyer, and is not-tested without it', async () => {
    const full = join(dir, 'phone.json');
    await cli([server.url, '--config', written, '--allow', 'irreversible', '--json', full]);
    expect(verdictOf(readReport(full), 'checkout.ready')?.verdict).toBe('pass');

    const config = configWithout(written, 'no-phone.config.json', (c) => delete c.fixtures.buyer);
    const json = join(dir, 'no-phone.json');
    const run = await cli([server.url, '--config', config, '--json', json]);
    const report = readReport(json);
    expect(bad(report)).toEqual([]);
    const ready = verdictOf(report, 'checkout.ready')!;
    expect(ready.verdict).toBe('not-tested');
    expect(ready.message).toMatch(/\$\.buyer\.phone_number/);
    expect(verdictOf(report, 'checkout.create')?.verdict).toBe('pass');
    expect(run.code).toBe(0);
  });
});
