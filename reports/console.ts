import { Chalk, type ChalkInstance } from 'chalk';
import type { Reporter, RunReport } from '../src/report/run-report.js';
import type { CheckResult, Summary, Verdict } from '../src/report/types.js';
import { citedExchanges, describeRequirement, exchangeLine, groupByCapability } from './common.js';

export interface ConsoleReporterOptions {
  /** Receives the rendered text (whole lines, newline-terminated). */
  write: (s: string) => void;
  /** Whether to emit ANSI colour; see `colorWanted`. */
  color: boolean;
  /** Print the reproduction script of each failing multi-step check. */
  verbose?: boolean;
  /** Print only the counts line. */
  quiet?: boolean;
}

/**
 * Whether the console output should be coloured: a non-empty NO_COLOR wins, then FORCE_COLOR
 * (any value but `0` forces colour), then whether the stream is a terminal.
 */
export function colorWanted(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0';
  return isTTY;
}

const MARKERS: Record<Verdict, string> = {
  pass: '✓',
  fail: '✗',
  warn: '!',
  info: 'i',
  'not-applicable': '-',
  'not-tested': '?',
  blocked: '⊘',
  error: 'E',
};

/** Verdicts whose line carries the requirements, expected/actual and reproductions. */
const DETAILED: ReadonlySet<Verdict> = new Set<Verdict>(['fail', 'warn', 'error']);

const DETAIL_INDENT = '      ';

/** Renders the run as text for a terminal, once the run has ended. */
export function consoleReporter(opts: ConsoleReporterOptions): Reporter {
  const chalk = new Chalk({ level: opts.color ? 1 : 0 });
  return {
    onEnd(report: RunReport): void {
      const lines = opts.quiet ? [summaryLine(report.summary)] : renderConsole(report, chalk, !!opts.verbose);
      opts.write(`${lines.join('\n')}\n`);
    },
  };
}

function renderConsole(report: RunReport, chalk: ChalkInstance, verbose: boolean): string[] {
  const paint = painter(chalk);
  const lines: string[] = [];
  lines.push(
    chalk.bold(`${safe(report.tool.name)} ${safe(report.tool.version)}`) +
      ` · target ${safe(report.target.url)} · dialect ${safe(report.options.dialect)}`,
  );

  const groups = groupByCapability(report.checks);
  if (groups.size === 0) {
    lines.push('', chalk.dim('no checks ran'));
  }
  for (const [capability, checks] of groups) {
    lines.push('', chalk.bold.underline(safe(capability)));
    for (const check of checks) lines.push(...renderCheck(report, check, chalk, paint, verbose));
  }

  for (const notice of report.notices) lines.push('', chalk.yellow(`notice: ${safe(notice)}`));
  lines.push('', summaryLine(report.summary));
  // After the counts, what needs looking at, one line each, so a long run's failures are not scrolled away.
  const failing = report.checks.filter((c) => DETAILED.has(c.verdict));
  if (failing.length) {
    lines.push('', chalk.bold(`to look at (${failing.length}):`));
    for (const c of failing) {
      const first = c.message.split('\n')[0];
      lines.push(
        `  ${paint(c.verdict, MARKERS[c.verdict])} ${chalk.bold(safe(c.id))} ${chalk.dim('—')} ${safe(first)}`,
      );
    }
  }
  return lines;
}

function renderCheck(
  report: RunReport,
  check: CheckResult,
  chalk: ChalkInstance,
  paint: (v: Verdict, s: string) => string,
  verbose: boolean,
): string[] {
  const marker = paint(check.verdict, MARKERS[check.verdict]);
  let head = `  ${marker} ${chalk.bold(safe(check.id))} ${safe(check.title)}`;
  if (check.verdict !== 'pass' && check.message !== '') {
    head += ` ${chalk.dim('—')} ${paint(check.verdict, indentContinuation(safe(check.message), '    '))}`;
  }
  const lines = [head];
  if (!DETAILED.has(check.verdict)) return lines;

  for (const id of check.requirements) {
    lines.push(DETAIL_INDENT + indentContinuation(safe(describeRequirement(id)), DETAIL_INDENT));
  }
  if (check.expected !== undefined) {
    lines.push(`${DETAIL_INDENT}${chalk.dim('expected:')} ${indentContinuation(safe(check.expected), DETAIL_INDENT)}`);
  }
  if (check.actual !== undefined) {
    lines.push(`${DETAIL_INDENT}${chalk.dim('actual:')} ${indentContinuation(safe(check.actual), DETAIL_INDENT)}`);
  }
  for (const x of citedExchanges(report, check)) {
    lines.push(`${DETAIL_INDENT}${chalk.dim('evidence:')} ${safe(exchangeLine(x))}`);
  }
  for (const curl of check.curl) {
    lines.push(DETAIL_INDENT + chalk.gray(indentContinuation(safe(curl), DETAIL_INDENT)));
  }
  if (check.reproduction !== undefined) {
    if (verbose)
      lines.push(DETAIL_INDENT + chalk.gray(indentContinuation(safe(check.reproduction.trimEnd()), DETAIL_INDENT)));
    else lines.push(`${DETAIL_INDENT}${chalk.dim('(--verbose prints a script replaying the requests that led here)')}`);
  }
  return lines;
}

/** `P passed, F failed, W warned, I info, N not-applicable, T not-tested, B blocked, E error`. */
function summaryLine(s: Summary): string {
  return (
    `${s.pass} passed, ${s.fail} failed, ${s.warn} warned, ${s.info} info, ` +
    `${s['not-applicable']} not-applicable, ${s['not-tested']} not-tested, ` +
    `${s.blocked} blocked, ${s.error} error`
  );
}

function painter(chalk: ChalkInstance): (v: Verdict, s: string) => string {
  const styles: Record<Verdict, ChalkInstance> = {
    pass: chalk.green,
    fail: chalk.red,
    warn: chalk.yellow,
    info: chalk.cyan,
    'not-applicable': chalk.gray,
    'not-tested': chalk.gray,
    blocked: chalk.magenta,
    error: chalk.red.bold,
  };
  return (v, s) => styles[v](s);
}

/** Continuation lines of a multi-line value line up under the detail block. */
function indentContinuation(s: string, indent: string): string {
  return s.replace(/\r?\n/g, `\n${indent}`);
}

/**
 * Text from the target (messages, bodies, curl lines) must not drive the terminal: control
 * characters other than tab and newline, and bidirectional overrides, are shown escaped.
 */
function safe(s: string): string {
  return s.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes
    /[\x00-\x08\x0B-\x1F\x7F-\x9F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
    (c) => {
      const code = c.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    },
  );
}
