import junitModule from 'junit-report-builder';
import type { Builder, TestCase } from 'junit-report-builder';
import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult } from '../src/report/types.js';
import { citedExchanges, describeRequirement, exchangeLine, groupByCapability } from './common.js';
import { reportFile } from './write-file.js';

// junit-report-builder is CJS and declares `export default`; under NodeNext the default import
// is typed as the module object while Node hands over `module.exports` (the builder) itself.
const rootBuilder: Builder =
  (junitModule as unknown as { default?: Builder }).default ?? (junitModule as unknown as Builder);

/**
 * The run as JUnit XML: one <testsuite> per capability, one <testcase> per check.
 * fail → <failure>, error → <error>, not-applicable / not-tested / blocked → <skipped>;
 * pass, info and warn pass (warn and info say why in <system-out>).
 */
export function junitXml(report: RunReport): string {
  // Always a fresh builder: the module's default instance keeps global state.
  const builder = rootBuilder.newBuilder();
  builder.name(xmlText(`${report.tool.name} ${report.target.url}`));

  for (const [capability, checks] of groupByCapability(report.checks)) {
    const suite = builder
      .testSuite()
      .name(xmlText(capability))
      .timestamp(report.startedAt)
      .time(checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000)
      .property('tool', xmlText(`${report.tool.name} ${report.tool.version}`))
      .property('target', xmlText(report.target.url))
      .property('dialect', xmlText(report.options.dialect))
      .property('allow', report.options.allow)
      .property('strict', String(report.options.strict));
    if (report.options.insecure) suite.property('insecure', 'true: TLS certificates were not verified');
    for (const notice of report.notices) suite.property('notice', xmlText(notice));
    for (const check of checks) {
      const testCase = suite
        .testCase()
        .className(xmlText(capability))
        .name(xmlText(`${check.id}: ${check.title}`))
        .time(check.durationMs / 1000);
      describeOutcome(testCase, check, details(report, check));
    }
  }
  return builder.build();
}

/** Writes the JUnit XML to `file` when the run ends, atomically. */
export function junitReporter(file: string): Reporter {
  return reportFile(file, junitXml);
}

function describeOutcome(testCase: TestCase, check: CheckResult, detail: string[]): void {
  // A failure the baseline accepts does not fail the run, so it does not fail the test suite either.
  if (check.baselined !== undefined) {
    const known = [`known failure (baseline): ${check.baselined}`, `${check.verdict}: ${check.message}`, ...detail];
    skipped(testCase, `known failure (baseline): ${check.baselined}`);
    testCase.standardOutput(cdata(known.join('\n')));
    return;
  }
  switch (check.verdict) {
    case 'pass':
      return;
    case 'info':
      // What an info check observed is its result: a property every JUnit viewer lists.
      testCase.property('info', xmlText(check.message)).standardOutput(cdata(`info: ${check.message}`));
      return;
    case 'warn':
      testCase.standardOutput(cdata([`warning: ${check.message}`, ...detail].join('\n')));
      return;
    case 'fail':
      // The body of <failure> is set through stacktrace(); it is written as CDATA.
      testCase.failure(xmlText(check.message), xmlText(failureType(check))).stacktrace(cdata(detail.join('\n')));
      return;
    case 'error':
      testCase.error(xmlText(check.message), xmlText(failureType(check)), cdata(detail.join('\n')));
      return;
    case 'not-applicable':
    case 'not-tested':
    case 'blocked':
      skipped(testCase, `${check.verdict}: ${check.message}`);
      testCase.standardOutput(cdata(`skipped: ${check.verdict}: ${check.message}`));
      return;
  }
}

/**
 * Marks a test case skipped, with why in `<skipped message="…">` (what CI viewers show). The
 * builder writes `<skipped/>` bare, so its element gets the attribute as it is built.
 */
function skipped(testCase: TestCase, message: string): void {
  testCase.skipped();
  const build = testCase.build.bind(testCase);
  testCase.build = (parent) => {
    const element = build(parent);
    for (const child of element.children as { name?: string; attribute?: (n: string, v: string) => void }[])
      if (child.name === 'skipped') child.attribute?.('message', xmlText(message));
    return element;
  };
}

/** `MUST LKUP-003 LKUP-004`: the level and the requirements, for the type attribute. */
function failureType(check: CheckResult): string {
  return [check.level, ...check.requirements].join(' ');
}

/** Requirements, expected, actual, the cited exchanges and reproductions, one per line. */
function details(report: RunReport, check: CheckResult): string[] {
  const lines: string[] = [];
  for (const id of check.requirements) lines.push(`requirement: ${describeRequirement(id)}`);
  if (check.expected !== undefined) lines.push(`expected: ${check.expected}`);
  if (check.actual !== undefined) lines.push(`actual: ${check.actual}`);
  for (const x of citedExchanges(report, check)) lines.push(`evidence: ${exchangeLine(x)}`);
  for (const curl of check.curl) lines.push(`reproduce: ${curl}`);
  if (check.reproduction !== undefined) lines.push('reproduce the chain:', check.reproduction);
  return lines;
}

/** Characters XML 1.0 cannot carry at all (the builder would throw on them). */
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot carry
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe to hand to the builder: invalid characters become U+FFFD (it escapes the rest). */
function xmlText(s: string): string {
  return s.replace(XML_INVALID, '\uFFFD');
}

/**
 * Text for a CDATA section. The builder splits only the first `]]>`, so every occurrence is
 * broken up here (`]] >`) to keep the document well-formed whatever the target sent.
 */
function cdata(s: string): string {
  return xmlText(s).replace(/\]\]>/g, ']] >');
}
