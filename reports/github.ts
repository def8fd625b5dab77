import { appendFile } from 'node:fs/promises';
import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult } from '../src/report/types.js';
import { markdownReport } from './markdown.js';

/**
 * GitHub Actions, on when GITHUB_ACTIONS=true: an `::error` annotation for each failed check and
 * each one that could not be judged, a `::warning` for each warned (failed SHOULD), each titled
 * with the check and its requirements; and the Markdown summary appended to GITHUB_STEP_SUMMARY.
 */
export function githubReporter(opts: {
  write: (s: string) => void;
  /** GITHUB_STEP_SUMMARY: the file the job's summary is appended to. */
  summaryFile?: string;
}): Reporter {
  return {
    async on(event) {
      if (event.type !== 'run-finished') return;
      const lines = annotations(event.report);
      if (lines.length) opts.write(`${lines.join('\n')}\n`);
      if (opts.summaryFile) await appendFile(opts.summaryFile, `${markdownReport(event.report)}\n`);
    },
  };
}

/** The workflow commands for a run's failures, warnings and errors, in report order. */
export function annotations(report: RunReport): string[] {
  return report.checks.flatMap((c) => {
    const command =
      c.verdict === 'fail' || c.verdict === 'error' ? 'error' : c.verdict === 'warn' ? 'warning' : undefined;
    return command ? [`::${command} title=${property(title(c))}::${data(message(c))}`] : [];
  });
}

const title = (c: CheckResult) =>
  `${c.id}${c.requirements.length ? ` (${c.requirements.join(', ')} ${c.level})` : ''}${c.verdict === 'error' ? ': not judged' : ''}`;

function message(c: CheckResult): string {
  return [
    `${c.title}: ${c.message}`,
    ...(c.expected !== undefined ? [`expected: ${c.expected}`] : []),
    ...(c.actual !== undefined ? [`actual: ${c.actual}`] : []),
    ...c.curl,
  ].join('\n');
}

/** A workflow command's message: `%`, CR and LF escaped, so text from the business cannot end it or start another. */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value: `:` and `,` escaped besides. */
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
