import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, ROOT, tempDir, type CliResult, type RunningServer } from '../helpers/processes.js';
import { awaitsLaterRun, declaredChecks, observationChecks, RETAINED, readReport } from '../helpers/report.js';
import type { RunReport } from '../../src/report/run-report.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

describe('the CLI against the conformant reference business', () => {
  let server: RunningServer;
  let result: CliResult;
  let report: RunReport;
  const dir = tempDir();
  const files = {
    json: join(dir, 'r.json'),
    junit: join(dir, 'r.xml'),
    html: join(dir, 'r.html'),
    config: join(dir, 'c.json'),
  };

  beforeAll(async () => {
    // Over mutual TLS 1.3, with an API key, platform profiles resolved and signatures required: every
    // check is exercised. The written config names the CA and the client certificate.
    server = await referenceServer([
      '--variation',
      'https-tls-1-3',
      '--variation',
      'mtls-required',
      '--variation',
      'auth-api-key',
      '--variation',
      'platform-profiles-fetched',
      '--variation',
      'requires-signatures',
      '--write-config',
      files.config,
    ]);
    result = await cli([
      'run',
      server.url,
      '--config',
      files.config,
      '--allow',
      'irreversible',
      '--json',
      files.json,
      '--junit',
      files.junit,
      '--html',
      files.html,
    ]);
    report = readReport(files.json);
  });
  afterAll(async () => server?.stop());

  it('passes every check: no fail, warn or error, and exits 0', () => {
    const bad = report.checks.filter((c) => ['fail', 'warn', 'error', 'blocked'].includes(c.verdict));
    expect(bad.map((c) => `${c.id}: ${c.verdict}: ${c.message}`)).toEqual([]);
    // Every declared check ran; only the observations of what the spec leaves open may be info.
    expect(report.checks.map((c) => c.id).sort()).toEqual(
      declaredChecks()
        .map((c) => c.id)
        .sort(),
    );
    const info = report.checks.filter((c) => c.verdict === 'info').map((c) => c.id);
    expect(info.filter((id) => !observationChecks().includes(id))).toEqual([]);
    // One run cannot judge key retention: it waits for --replay-from; and the rate-limit burst waits for
    // consent (--allow burst). They are the two checks not passed.
    expect(report.checks.filter((c) => c.verdict === 'not-tested').map((c) => [c.id, c.message])).toEqual([
      ['transport.rate-limited-429', 'needs --allow burst'],
      [RETAINED, expect.stringMatching(/^needs --replay-from/)],
    ]);
    expect(report.checks.filter(awaitsLaterRun)).toHaveLength(1);
    expect(report.summary.pass).toBe(report.checks.length - info.length - 2);
    expect(result.code).toBe(0);
    expect(report.exitCode).toBe(0);
    // Nothing on stderr: no warning of the runtime's either (listeners on the run's stop, at its concurrency).
    expect(result.stderr).toBe('');
  });

  it('ends the console output with the counts line', () => {
    const last = result.stdout.trimEnd().split('\n').at(-1);
    expect(last).toBe(
      `${report.summary.pass} passed, 0 failed, 0 warned, ${report.summary.info} info, 0 not-applicable, 2 not-tested, 0 blocked, 0 error`,
    );
    expect(result.stdout).not.toContain('\x1b[');
  });

  it('writes a JSON report that matches its documented schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'reports/report.schema.json'), 'utf8')));
    const raw = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
    expect(raw.tool.name).toBe('proto-conformance');
    expect(raw.target.url).toBe(server.url);
    expect(raw.summary.total).toBe(raw.checks.length);
  });

  it('writes JUnit XML with one testsuite per capability and one testcase per check', () => {
    const xml = readFileSync(files.junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suites = [doc.testsuites.testsuite].flat();
    const capabilities = new Set(report.checks.map((c) => c.capability));
    expect(suites.map((s: { name: string }) => s.name).sort()).toEqual([...capabilities].sort());
    const cases = suites.flatMap((s: { testcase: unknown }) => [s.testcase].flat());
    expect(cases).toHaveLength(report.checks.length);
    expect(suites.reduce((n: number, s: { failures: string }) => n + Number(s.failures), 0)).toBe(0);
  });

  it('writes an HTML report naming every check', () => {
    const html = readFileSync(files.html, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    for (const c of report.checks) expect(html).toContain(c.id);
  });

  it('runs every capability of the three services the reference advertises, each with passing checks', () => {
    const advertised = [
      ...['catalog.lookup', 'catalog.search', 'cart', 'checkout', 'order'].map((c) => `org.proto.shopping.${c}`),
      ...['location.search', 'location.lookup', 'ask'].map((c) => `org.proto.common.${c}`),
      'org.proto.lodging.booking',
    ];
    expect(report.target.capabilities.sort()).toEqual([...advertised].sort());
    for (const c of advertised)
      expect(
        report.checks.some((r) => r.capability === c && r.verdict === 'pass'),
        c,
      ).toBe(true);
  });

  it('reports only observations of behaviour the spec leaves open as info', () => {
    const info = report.checks.filter((c) => c.verdict === 'info');
    expect(info.map((c) => c.level)).toEqual(info.map(() => 'MAY'));
  });
});
