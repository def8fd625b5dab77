import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult } from '../src/report/types.js';
import { VERDICTS } from '../src/report/types.js';
import { citedExchanges, describeRequirement, exchangeLine, groupByCapability, levelScores } from './common.js';
import { reportFile } from './write-file.js';

/** How many failures the summary details; the rest are counted (the JSON and HTML reports hold them all). */
export const MARKDOWN_DETAILED = 50;

/**
 * The run in Markdown, for a CI job's summary or a pull request: whether it passed, the counts per
 * verdict, per level and per capability, then each failure, warning and error with its evidence.
 */
export function markdownReport(report: RunReport): string {
  const s = report.summary;
  const passed = report.exitCode === 0;
  const lines = [
    `## ${passed ? '✅' : '❌'} proto conformance: ${text(report.target.url)}`,
    '',
    `${text(report.tool.name)} ${text(report.tool.version)} · dialect ${text(report.options.dialect)} · ` +
      `exit code ${report.exitCode} · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    ...report.notices.map((n) => `> **Notice:** ${text(n)}`),
    ...(report.notices.length ? [''] : []),
    `| ${VERDICTS.join(' | ')} | total |`,
    `| ${VERDICTS.map(() => '---:').join(' | ')} | ---: |`,
    `| ${VERDICTS.map((v) => s[v]).join(' | ')} | ${s.total} |`,
    '',
    '| level | passed | failed or warned | compatibility |',
    '| --- | ---: | ---: | ---: |',
    ...levelScores(report).map((l) => `| ${l.level} | ${l.passed} | ${l.missed} | ${l.figure} |`),
    '',
    '| capability | checks | pass | fail | warn | error |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...[...groupByCapability(report.checks)].map(([capability, checks]) => {
      const n = (v: string) => checks.filter((c) => c.verdict === v).length;
      return `| ${text(capability)} | ${checks.length} | ${n('pass')} | ${n('fail')} | ${n('warn')} | ${n('error')} |`;
    }),
  ];
  const failing = report.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn' || c.verdict === 'error');
  if (failing.length) {
    lines.push('', `### To look at (${failing.length})`, '');
    for (const c of failing.slice(0, MARKDOWN_DETAILED)) lines.push(...detail(report, c));
    if (failing.length > MARKDOWN_DETAILED)
      lines.push(`…and ${failing.length - MARKDOWN_DETAILED} more: see the JSON or HTML report.`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Writes the Markdown report to `file` when the run ends, atomically. */
export function markdownReporter(file: string): Reporter {
  return reportFile(file, markdownReport);
}

function detail(report: RunReport, c: CheckResult): string[] {
  const out = [
    `<details><summary><b>${c.verdict}</b> <code>${html(c.id)}</code> ${html(c.title)}: ${html(firstLine(c.message))}${c.baselined !== undefined ? ' (known, baselined)' : ''}</summary>`,
    '',
    ...(c.baselined !== undefined ? [`- known failure (baseline): ${text(c.baselined)}`] : []),
    ...c.requirements.map((id) => `- ${text(describeRequirement(id))}`),
    ...(c.expected !== undefined ? [`- expected: ${text(c.expected)}`] : []),
    ...(c.actual !== undefined ? [`- actual: ${text(c.actual)}`] : []),
    ...citedExchanges(report, c).map((x) => `- evidence: ${text(exchangeLine(x))}`),
  ];
  if (c.curl.length) out.push('', fence([...c.curl].join('\n'), 'sh'));
  out.push('', '</details>', '');
  return out;
}

const firstLine = (s: string) => s.split('\n')[0];

/** Text from the run on one Markdown line: no line breaks, no table or HTML breakout. */
function text(s: string): string {
  return html(s).replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function html(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A fenced block long enough that no backtick run inside it closes it. */
function fence(body: string, lang: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${body}\n${ticks}`;
}
