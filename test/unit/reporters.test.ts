import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RunReport } from '../../src/report/run-report.js';
import { summarise } from '../../src/report/run-report.js';
import { replayEvents, type Reporter } from '../../src/report/events.js';
import type { CheckResult, Verdict } from '../../src/report/types.js';
import type { Exchange } from '../../src/report/exchange.js';
import {
  colorWanted,
  consoleReporter,
  htmlReport,
  htmlReporter,
  jsonReport,
  jsonReporter,
  junitReporter,
  junitXml,
} from '../../reports/index.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const here = dirname(fileURLToPath(import.meta.url));
const schemaPath = join(here, '../../reports/report.schema.json');

const HOSTILE = '<script>alert("pwned")</script>';

function exchange(seq: number, extra: Partial<Exchange> = {}): Exchange {
  return {
    seq,
    operation: 'catalog.search',
    service: 'shopping',
    method: 'POST',
    url: 'https://shop.example/api/catalog/search',
    requestHeaders: { 'content-type': 'application/json', authorization: '[redacted]' },
    requestBody: '{"query":"socks"}',
    status: 200,
    responseHeaders: { 'content-type': 'application/json', 'x-evil': HOSTILE },
    responseBody: `{"items":[],"note":"${HOSTILE}"}`,
    json: { items: [], note: HOSTILE },
    startedAt: '2025-01-02T03:04:05.678Z',
    durationMs: 12.5,
    ...extra,
  };
}

function check(verdict: Verdict, capability: string, extra: Partial<CheckResult> = {}): CheckResult {
  return {
    id: `T-${verdict.toUpperCase()}`,
    title: `check that ends ${verdict}`,
    suite: 'lookup',
    scenario: 'search-basic',
    capability,
    requirements: [`REQ-${verdict.toUpperCase()}`],
    level: 'MUST',
    effect: 'read',
    verdict,
    message: verdict === 'pass' ? '' : `message for ${verdict}`,
    evidence: [],
    curl: [],
    durationMs: 250,
    ...extra,
  };
}

const SEARCH = 'shopping.catalog.search';
const CHECKOUT = 'shopping.checkout';
const PROFILE = 'profile';

/** One check per verdict over three capabilities, interleaved to exercise first-seen grouping. */
function fakeReport(): RunReport {
  const checks: CheckResult[] = [
    check('pass', SEARCH),
    check('fail', SEARCH, {
      message: `server said ${HOSTILE} \x1b[31mred\x1b[0m \u0000nul`,
      expected: 'status 400',
      actual: 'status 200 with body ]]> and again ]]> end',
      evidence: [1],
      curl: [`curl -sS -X POST 'https://shop.example/api/catalog/search' --data-raw '{"query":"socks"}'`],
      reproduction: "#!/bin/sh\n# Reproduces T-FAIL\ncurl -sS -i -X POST 'https://shop.example/api/catalog/search'\n",
    }),
    check('warn', CHECKOUT, {
      level: 'SHOULD',
      expected: 'a Retry-After header',
      actual: 'none',
      evidence: [2],
      curl: ['curl -sS https://shop.example/checkout'],
    }),
    check('info', SEARCH, { level: 'MAY', message: 'server supports pagination' }),
    check('not-applicable', PROFILE, { message: 'capability not advertised' }),
    check('not-tested', CHECKOUT, { message: 'no test card configured', effect: 'write' }),
    check('blocked', CHECKOUT, { message: 'cart creation failed' }),
    check('error', PROFILE, {
      message: 'network failure',
      evidence: [3],
    }),
  ];
  const exchanges = [
    exchange(1),
    exchange(2, { status: 503 }),
    exchange(3, {
      status: undefined,
      responseHeaders: undefined,
      responseBody: undefined,
      json: undefined,
      transportError: { kind: 'network', message: 'ECONNRESET' },
    }),
    exchange(4, { role: 'cleanup', operation: 'cart.cancel', scenario: 'cart.lifecycle' }),
  ];
  return {
    tool: { name: 'proto-conformance', version: '0.1.0' },
    target: {
      url: 'https://shop.example/',
      profileUrl: 'https://shop.example/.well-known/proto',
      services: { shopping: 'https://shop.example/api' },
      capabilities: [SEARCH, CHECKOUT],
    },
    options: { allow: 'read', strict: false, dialect: 'proto' },
    startedAt: '2025-01-02T03:04:05.000Z',
    seed: '0123456789abcdef',
    reportVersion: 2,
    finishedAt: '2025-01-02T03:04:07.500Z',
    durationMs: 2500,
    summary: summarise(checks),
    exitCode: 1,
    notices: [],
    checks,
    exchanges,
    resources: [],
  };
}

/** Tells a reporter the events of a finished run, as the run would have. */
function play(reporter: Reporter, report: RunReport): void {
  for (const event of replayEvents(report)) void reporter.on(event);
}

function renderConsole(report: RunReport, color: boolean): string {
  let out = '';
  play(consoleReporter({ write: (s) => (out += s), color }), report);
  return out;
}

describe('console reporter', () => {
  it('gives every count, in order, then a recap of each failure, warning and error', () => {
    const report = fakeReport();
    const lines = renderConsole(report, false).trimEnd().split('\n');
    const counts = lines.indexOf(
      '1 passed, 1 failed, 1 warned, 1 info, 1 not-applicable, 1 not-tested, 1 blocked, 1 error',
    );
    expect(counts).toBeGreaterThan(0);
    // The target's words escaped as everywhere on the console.
    expect(lines.slice(counts + 1)).toEqual([
      '',
      'to look at (3):',
      '  ✗ T-FAIL — server said <script>alert("pwned")</script> \\x1b[31mred\\x1b[0m \\x00nul',
      '  ! T-WARN — message for warn',
      '  E T-ERROR — network failure',
    ]);
  });

  it('prints only the counts line when quiet', () => {
    let out = '';
    play(consoleReporter({ write: (s) => (out += s), color: false, quiet: true }), fakeReport());
    expect(out).toBe('1 passed, 1 failed, 1 warned, 1 info, 1 not-applicable, 1 not-tested, 1 blocked, 1 error\n');
  });

  it('prints the header, then each check as it is concluded, under a heading wherever the capability changes', () => {
    const lines = renderConsole(fakeReport(), false).split('\n');
    expect(lines[0]).toContain('proto-conformance 0.1.0');
    expect(lines[0]).toContain('https://shop.example/');
    expect(lines[0]).toContain('dialect proto');
    // Streamed, so not grouped: the info check, concluded after the checkout one, gets its heading again.
    const headings = lines.filter((l) => [SEARCH, CHECKOUT, PROFILE].includes(l));
    expect(headings).toEqual([SEARCH, CHECKOUT, SEARCH, CHECKOUT, PROFILE]);
    const counts = lines.findIndex((l) => /^\d+ passed, /.test(l));
    const order = lines
      .slice(0, counts)
      .filter((l) => /^ {2}\S T-/.test(l))
      .map((l) => l.split(' ')[3]);
    expect(order).toEqual(['T-PASS', 'T-FAIL', 'T-WARN', 'T-INFO', 'T-NOT-TESTED', 'T-BLOCKED', 'T-ERROR']);
  });

  it('folds not-applicable and left-out checks into the counts unless verbose', () => {
    const report = fakeReport();
    report.target.leftOut = [CHECKOUT];
    const folded = renderConsole(report, false);
    expect(folded).not.toContain('T-NOT-APPLICABLE');
    // Not-tested for being left out with --capabilities: folded; the counts still hold both.
    expect(folded).not.toContain('T-NOT-TESTED');
    expect(folded).toContain('2 not-applicable or left-out checks are in the counts only (--verbose lists them)');
    expect(folded).toContain('1 not-applicable, 1 not-tested,');
    let verbose = '';
    play(consoleReporter({ write: (s) => (verbose += s), color: false, verbose: true }), report);
    expect(verbose).toContain('  - T-NOT-APPLICABLE check that ends not-applicable — capability not advertised');
    expect(verbose).toContain('  ? T-NOT-TESTED');
    expect(verbose).not.toContain('in the counts only');
  });

  it('keeps a live line per capability under way on a terminal, and takes it away at the end', async () => {
    let out = '';
    const reporter = consoleReporter({ write: (s) => (out += s), color: false, live: true, columns: 100 });
    const [started, ...rest] = replayEvents(fakeReport());
    reporter.on(started);
    reporter.on({ type: 'scenario-started', suite: 'lookup', scenario: 'a', capability: SEARCH });
    reporter.on({ type: 'scenario-started', suite: 'lookup', scenario: 'b', capability: SEARCH });
    reporter.on({
      type: 'scenario-finished',
      suite: 'lookup',
      scenario: 'a',
      capability: SEARCH,
      results: fakeReport().checks.slice(0, 2),
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(out).toContain('  … shopping.catalog.search: 2 checks done, 1 failing, 1 scenario(s) under way\n');
    // A result printed above it: the live line is erased first (up a line, to the screen's end), then drawn again.
    const before = out.length;
    reporter.on(rest.find((e) => e.type === 'check-concluded')!);
    const printed = out.slice(before);
    expect(printed.startsWith('\x1b[1A\r\x1b[J\nshopping.catalog.search\n  ✓ T-PASS')).toBe(true);
    expect(printed.endsWith('\n  … shopping.catalog.search: 2 checks done, 1 failing, 1 scenario(s) under way\n')).toBe(
      true,
    );
    // Never wider than the terminal: a wrapped line would be erased short.
    let narrow = '';
    const small = consoleReporter({ write: (s) => (narrow += s), color: false, live: true, columns: 30 });
    small.on({ type: 'scenario-started', suite: 'lookup', scenario: 'a', capability: SEARCH });
    await new Promise((r) => setTimeout(r, 150));
    expect(narrow).toBe('  … shopping.catalog.search:…\n');
    for (const event of rest) reporter.on(event);
    expect(out.endsWith('\n')).toBe(true);
    expect(out.slice(out.lastIndexOf('\x1b[J'))).not.toContain('under way');
  });

  it('emits no ANSI codes when colour is off, even when the target sends some', () => {
    const out = renderConsole(fakeReport(), false);
    expect(out).not.toContain('\x1b');
    expect(out).not.toContain('\u0000');
    expect(out).toContain('\\x1b[31mred');
  });

  it('colours when asked', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour
    expect(renderConsole(fakeReport(), true)).toMatch(/\x1b\[\d+m/);
  });

  it('shows markers, messages and details only where they belong', () => {
    const lines = renderConsole(fakeReport(), false).split('\n');
    const passLine = lines.find((l) => l.includes('T-PASS'));
    expect(passLine).toBe('  ✓ T-PASS check that ends pass');
    expect(lines.find((l) => l.includes('T-INFO'))).toBe(
      '  i T-INFO check that ends info — server supports pagination',
    );
    expect(lines.find((l) => l.includes('T-NOT-TESTED'))).toMatch(/^ {2}\? T-NOT-TESTED .* — no test card configured$/);
    expect(lines.find((l) => l.includes('T-BLOCKED'))).toMatch(/^ {2}⊘ /);

    const fail = lines.findIndex((l) => l.startsWith('  ✗ T-FAIL'));
    expect(fail).toBeGreaterThan(0);
    // The register does not know REQ-FAIL, so the bare ID is shown.
    expect(lines.slice(fail + 1, fail + 7)).toEqual([
      '      REQ-FAIL',
      '      expected: status 400',
      '      actual: status 200 with body ]]> and again ]]> end',
      '      evidence: #1 POST https://shop.example/api/catalog/search → 200',
      `      curl -sS -X POST 'https://shop.example/api/catalog/search' --data-raw '{"query":"socks"}'`,
      '      (--verbose prints a script replaying the requests that led here)',
    ]);
    const warn = lines.findIndex((l) => l.startsWith('  ! T-WARN'));
    expect(lines[warn + 2]).toBe('      expected: a Retry-After header');
    // Non-detailed verdicts carry no detail lines.
    const info = lines.findIndex((l) => l.startsWith('  i T-INFO'));
    expect(lines[info + 1]).not.toMatch(/^ {6}/);
  });

  it('prints the reproduction script with --verbose', () => {
    let out = '';
    play(consoleReporter({ write: (x) => (out += x), color: false, verbose: true }), fakeReport());
    expect(out).toContain('      # Reproduces T-FAIL');
    expect(out).not.toContain('--verbose prints');
  });

  it('prints each notice as it comes', () => {
    let out = '';
    const reporter = consoleReporter({ write: (s) => (out += s), color: false });
    const report = { ...fakeReport(), notices: ['no service check could run'] };
    const events = replayEvents(report);
    for (const event of events.slice(0, -1)) reporter.on(event);
    expect(out.trimEnd().split('\n').at(-1)).toBe('notice: no service check could run');
    reporter.on(events.at(-1)!);
    expect(out.match(/notice:/g)).toHaveLength(1);
  });

  it('decides colour from the environment', () => {
    expect(colorWanted({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(colorWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorWanted({ NO_COLOR: '' }, false)).toBe(false);
    expect(colorWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '' }, false)).toBe(true);
    expect(colorWanted({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({}, false)).toBe(false);
  });
});

type Attrs = Record<string, string>;
interface XmlCase {
  '@_classname': string;
  '@_name': string;
  '@_time': string;
  failure?: Attrs & { '#text'?: string };
  error?: Attrs & { '#text'?: string };
  skipped?: Attrs;
  properties?: { property: Attrs[] };
  'system-out'?: string;
}
interface XmlSuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  properties: { property: { '@_name': string; '@_value': string }[] };
  testcase: XmlCase[];
}

function parseJunit(xml: string): { root: Attrs; suites: XmlSuite[] } {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseAttributeValue: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  });
  const doc = parser.parse(xml) as { testsuites: Attrs & { testsuite: XmlSuite[] } };
  return { root: doc.testsuites, suites: doc.testsuites.testsuite };
}

describe('JUnit reporter', () => {
  const xml = junitXml(fakeReport());

  it('is well-formed XML despite hostile text', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('has one suite per capability and the right totals', () => {
    const { root, suites } = parseJunit(xml);
    expect(suites.map((s) => s['@_name'])).toEqual([SEARCH, CHECKOUT, PROFILE]);
    expect(root['@_tests']).toBe('8');
    expect(root['@_failures']).toBe('1');
    expect(root['@_errors']).toBe('1');
    expect(root['@_skipped']).toBe('3');

    const search = suites[0]!;
    expect([search['@_tests'], search['@_failures'], search['@_errors'], search['@_skipped']]).toEqual([
      '3',
      '1',
      '0',
      '0',
    ]);
    const checkout = suites[1]!;
    expect([checkout['@_tests'], checkout['@_failures'], checkout['@_errors'], checkout['@_skipped']]).toEqual([
      '3',
      '0',
      '0',
      '2',
    ]);
    const profile = suites[2]!;
    expect([profile['@_tests'], profile['@_failures'], profile['@_errors'], profile['@_skipped']]).toEqual([
      '2',
      '0',
      '1',
      '1',
    ]);
  });

  it('maps each verdict to the right test case shape', () => {
    const { suites } = parseJunit(xml);
    const cases = suites.flatMap((s) => s.testcase);
    const byId = (id: string): XmlCase => {
      const found = cases.find((c) => c['@_name'].startsWith(`${id}: `));
      if (!found) throw new Error(`no case ${id}`);
      return found;
    };

    const pass = byId('T-PASS');
    expect(pass['@_classname']).toBe(SEARCH);
    expect(pass['@_name']).toBe('T-PASS: check that ends pass');
    expect(pass['@_time']).toBe('0.25');
    expect(pass.failure).toBeUndefined();
    expect(pass.skipped).toBeUndefined();

    const fail = byId('T-FAIL');
    expect(fail.failure?.['@_message']).toContain(HOSTILE);
    expect(fail.failure?.['@_type']).toBe('MUST REQ-FAIL');
    expect(fail.failure?.['#text']).toContain('expected: status 400');
    expect(fail.failure?.['#text']).toContain('actual: status 200 with body');
    expect(fail.failure?.['#text']).toContain('reproduce: curl -sS -X POST');
    expect(fail.failure?.['#text']).toContain('evidence: #1 POST https://shop.example/api/catalog/search → 200');
    expect(fail.failure?.['#text']).toContain('# Reproduces T-FAIL');

    const error = byId('T-ERROR');
    expect(error.error?.['@_message']).toBe('network failure');
    expect(error.failure).toBeUndefined();

    const warn = byId('T-WARN');
    expect(warn.failure).toBeUndefined();
    expect(warn['system-out']).toMatch(/^warning: message for warn\nrequirement: REQ-WARN/);

    expect(byId('T-INFO')['system-out']).toBe('info: server supports pagination');
    // What an info check saw, as a property viewers list.
    expect(byId('T-INFO').properties?.property).toEqual([
      { '@_name': 'info', '@_value': 'server supports pagination' },
    ]);
    for (const v of ['not-applicable', 'not-tested', 'blocked'] as const) {
      const c = byId(`T-${v.toUpperCase()}`);
      const message = fakeReport().checks.find((x) => x.verdict === v)!.message;
      expect(c.skipped?.['@_message']).toBe(`${v}: ${message}`);
      expect(c['system-out']).toBe(`skipped: ${v}: ${fakeReport().checks.find((x) => x.verdict === v)!.message}`);
    }
  });

  it('records the run on each suite', () => {
    const { suites } = parseJunit(xml);
    for (const suite of suites) {
      const props = Object.fromEntries(suite.properties.property.map((p) => [p['@_name'], p['@_value']]));
      expect(props.target).toBe('https://shop.example/');
      expect(props.tool).toBe('proto-conformance 0.1.0');
    }
  });

  it('handles an empty run', () => {
    const empty = { ...fakeReport(), checks: [], summary: summarise([]) };
    const out = junitXml(empty);
    expect(XMLValidator.validate(out)).toBe(true);
    expect(out).not.toContain('<testsuite ');
  });
});

describe('JSON reporter', () => {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);

  it('validates against reports/report.schema.json', () => {
    const data: unknown = JSON.parse(jsonReport(fakeReport()));
    const ok = validate(data);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('writes the exchange log once, without parsed bodies, and checks cite it by number', () => {
    const data = JSON.parse(jsonReport(fakeReport())) as {
      checks: { evidence: number[] }[];
      exchanges: Record<string, unknown>[];
    };
    expect(data.exchanges.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    for (const x of data.exchanges) {
      expect(x).not.toHaveProperty('json');
      expect(x).not.toHaveProperty('sentJson');
    }
    expect(data.exchanges[0]!.responseBody).toContain(HOSTILE);
    expect(data.exchanges[3]!.role).toBe('cleanup');
    const cited = data.checks.flatMap((c) => c.evidence);
    expect(cited).toEqual([1, 2, 3]);
  });

  it('keeps a stable key order whatever order the input had', () => {
    const report = fakeReport();
    const shuffled = Object.fromEntries(Object.entries(report).reverse()) as unknown as RunReport;
    const text = jsonReport(shuffled);
    expect(text).toBe(jsonReport(report));
    const data = JSON.parse(text) as Record<string, unknown> & { checks: Record<string, unknown>[] };
    expect(Object.keys(data)).toEqual([
      'tool',
      'target',
      'options',
      'startedAt',
      'seed',
      'reportVersion',
      'finishedAt',
      'durationMs',
      'summary',
      'exitCode',
      'notices',
      'checks',
      'exchanges',
      'resources',
    ]);
    expect(Object.keys(data.checks[1]!)).toEqual([
      'id',
      'title',
      'suite',
      'scenario',
      'capability',
      'requirements',
      'level',
      'effect',
      'verdict',
      'message',
      'expected',
      'actual',
      'evidence',
      'curl',
      'reproduction',
      'durationMs',
    ]);
  });

  it('schema rejects drift: unknown members, missing counts, bad verdicts', () => {
    const good = JSON.parse(jsonReport(fakeReport())) as {
      checks: Record<string, unknown>[];
      summary: Record<string, unknown>;
    };
    const extra = structuredClone(good);
    extra.checks[0]!.surprise = true;
    expect(validate(extra)).toBe(false);

    const missing = structuredClone(good);
    delete missing.summary.blocked;
    expect(validate(missing)).toBe(false);

    const badVerdict = structuredClone(good);
    badVerdict.checks[0]!.verdict = 'passed';
    expect(validate(badVerdict)).toBe(false);

    const fractional = structuredClone(good);
    fractional.summary.pass = 1.5;
    expect(validate(fractional)).toBe(false);
  });

  it('documents every property', () => {
    const undocumented: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const props = (node as { properties?: Record<string, unknown> }).properties;
      if (props) {
        for (const [name, sub] of Object.entries(props)) {
          if (typeof (sub as { description?: unknown }).description !== 'string') undocumented.push(`${path}.${name}`);
        }
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(schema, '#');
    expect(undocumented).toEqual([]);
  });
});

describe('HTML reporter', () => {
  const html = htmlReport(fakeReport());

  it('escapes everything the target controls', () => {
    // One script, the page's own, allowed by its hash and by nothing else: none of the target's runs.
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(script).not.toContain('pwned');
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    // In the message and the response body and header of the evidence.
    expect(html).toContain('server said &lt;script&gt;');
    expect(html).toContain('x-evil: &lt;script&gt;');
    expect(html).toContain('&quot;note&quot;:&quot;&lt;script&gt;');
  });

  it('is self-contained', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link\b|<img\b|<iframe\b|src=/i);
    expect(html).toContain("default-src 'none'");
  });

  it('shows counts, a figure per level and a section per capability', () => {
    // MUST: one pass, one fail (error, blocked and skipped verdicts are not in the denominator).
    expect(html).toMatch(
      /<th scope="row">MUST<\/th><td class="num">1<\/td><td class="num">1<\/td><td class="num"><strong>50\.0%<\/strong>/,
    );
    expect(html).toMatch(
      /<th scope="row">SHOULD<\/th><td class="num">0<\/td><td class="num">1<\/td><td class="num"><strong>0\.0%<\/strong>/,
    );
    expect(html).toMatch(
      /<th scope="row">MAY<\/th><td class="num">0<\/td><td class="num">0<\/td><td class="num"><strong>—<\/strong>/,
    );
    expect(html.match(/<section class="capability"/g)).toHaveLength(3);
    // Every non-pass check has details; the pass does not. The three to look at come first, then again in place.
    expect(html.match(/<details>/g)).toHaveLength(10);
    expect(html.indexOf('id="to-look-at"')).toBeLessThan(html.indexOf('<section class="capability"'));
    expect(html).toContain('ECONNRESET');
  });

  it('truncates long bodies', () => {
    const report = fakeReport();
    const big = `${'A'.repeat(50_000)}TAIL-MARKER`;
    report.exchanges[0] = exchange(1, { responseBody: big });
    const page = htmlReport(report);
    expect(page).not.toContain('TAIL-MARKER');
    expect(page).toContain('A'.repeat(20 * 1024));
    expect(page).not.toContain('A'.repeat(20 * 1024 + 1));
    expect(page).toContain('Truncated');
  });
});

describe('report files', () => {
  it('are written whole, creating directories, leaving no temporary files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reporters-'));
    try {
      const report = fakeReport();
      const jsonFile = join(dir, 'a', 'b', 'report.json');
      const xmlFile = join(dir, 'a', 'junit.xml');
      const htmlFile = join(dir, 'c', 'report.html');
      await jsonReporter(jsonFile).on({ type: 'run-finished', report });
      await junitReporter(xmlFile).on({ type: 'run-finished', report });
      await htmlReporter(htmlFile).on({ type: 'run-finished', report });
      // Writing again replaces the file.
      await jsonReporter(jsonFile).on({ type: 'run-finished', report });

      expect(await readFile(jsonFile, 'utf8')).toBe(jsonReport(report));
      expect(await readFile(xmlFile, 'utf8')).toBe(junitXml(report));
      expect(await readFile(htmlFile, 'utf8')).toBe(htmlReport(report));
      expect(await readdir(join(dir, 'a', 'b'))).toEqual(['report.json']);
      expect((await readdir(join(dir, 'a'))).sort()).toEqual(['b', 'junit.xml']);
      expect(await readdir(join(dir, 'c'))).toEqual(['report.html']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
