import { Chalk, type ChalkInstance } from 'chalk';
import type { Reporter, RunEvent } from '../src/report/events.js';
import type { Exchange } from '../src/report/exchange.js';
import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult, Summary, Verdict } from '../src/report/types.js';
import { describeRequirement, exchangeLine } from './common.js';
import { LiveStatus } from './live-status.js';
import { LEFT_OUT_BY_SELECTION } from '../src/engine/selection.js';

export interface ConsoleReporterOptions {
  /** Receives the rendered text (whole lines, newline-terminated). */
  write: (s: string) => void;
  /** Whether to emit ANSI colour; see `colorWanted`. */
  color: boolean;
  /** Print the reproduction script of each failing multi-step check. */
  verbose?: boolean;
  /** Print only the counts line. */
  quiet?: boolean;
  /** Keep a live line per capability under way at the bottom (a terminal, not CI). */
  live?: boolean;
  /** The terminal's width, for the live lines; 80 when unknown. */
  columns?: number;
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

/**
 * Renders the run as text for a terminal as it goes: each check's line as it is concluded (in
 * declared order), notices as they come, then the counts and a recap of what needs looking at.
 * Not-applicable checks and those left out (--capabilities, --only, --skip) fold into the counts unless verbose.
 */
export function consoleReporter(opts: ConsoleReporterOptions): Reporter {
  const chalk = new Chalk({ level: opts.color ? 1 : 0 });
  const paint = painter(chalk);
  const verbose = !!opts.verbose;
  const recorded = new Map<number, Extract<RunEvent, { type: 'exchange-recorded' }>>();
  const live = opts.live && !opts.quiet ? new LiveStatus(opts.write, opts.columns ?? 80) : undefined;
  let leftOut: ReadonlySet<string> = new Set();
  let heading: string | undefined;
  let folded = 0;
  const print = (lines: string[]) => {
    if (opts.quiet) return;
    live?.clear();
    opts.write(`${lines.join('\n')}\n`);
    live?.draw();
  };
  const folds = (c: CheckResult) =>
    !verbose &&
    (c.verdict === 'not-applicable' ||
      (c.verdict === 'not-tested' && (leftOut.has(c.capability) || c.message === LEFT_OUT_BY_SELECTION)));

  return {
    on(event: RunEvent): void {
      switch (event.type) {
        case 'run-started': {
          const { run } = event;
          leftOut = new Set(run.target.leftOut ?? []);
          print([
            chalk.bold(`${safe(run.tool.name)} ${safe(run.tool.version)}`) +
              ` · target ${safe(run.target.url)} · dialect ${safe(run.options.dialect)}` +
              (run.options.insecure ? chalk.red.bold(' · certificates NOT verified (--insecure)') : ''),
          ]);
          return;
        }
        case 'notice':
          print(['', chalk.yellow(`notice: ${safe(event.message)}`)]);
          return;
        case 'interrupted':
          print(['', chalk.yellow(`stopping: ${safe(event.stopped.message)}; writing what the run has`)]);
          return;
        case 'exchange-recorded':
          // Kept, not read: only the exchanges a failure cites are read (and so redacted).
          recorded.set(event.seq, event);
          return;
        case 'scenario-started':
          live?.started(event.capability);
          return;
        case 'scenario-finished':
          live?.finished(event.capability, event.results);
          return;
        case 'check-concluded': {
          const check = event.result;
          if (folds(check)) {
            folded += 1;
            return;
          }
          const lines: string[] = [];
          if (check.capability !== heading) lines.push('', chalk.bold.underline(safe(check.capability)));
          heading = check.capability;
          const cited = DETAILED.has(check.verdict)
            ? check.evidence.map((seq) => recorded.get(seq)?.exchange).filter((x) => x !== undefined)
            : [];
          lines.push(...renderCheck(check, cited, chalk, paint, verbose));
          print(lines);
          return;
        }
        case 'run-finished': {
          live?.end();
          const { report } = event;
          if (opts.quiet) {
            opts.write(`${summaryLine(report.summary)}\n`);
            return;
          }
          print(closing(report, folded, chalk, paint));
        }
      }
    },
  };
}

/** After the checks: the counts, then what needs looking at, so a long run's failures are not scrolled away. */
function closing(report: RunReport, folded: number, chalk: ChalkInstance, paint: Paint): string[] {
  const lines: string[] = [];
  if (report.checks.length === 0) lines.push('', chalk.dim('no checks ran'));
  if (folded > 0)
    lines.push(
      '',
      chalk.dim(`${folded} not-applicable or left-out checks are in the counts only (--verbose lists them)`),
    );
  lines.push('', summaryLine(report.summary));
  const failing = report.checks.filter((c) => DETAILED.has(c.verdict));
  if (failing.length) {
    lines.push('', chalk.bold(`to look at (${failing.length}):`));
    for (const c of failing) {
      const first = c.message.split('\n')[0];
      const known = c.baselined !== undefined ? chalk.dim(' [known, baselined]') : '';
      lines.push(
        `  ${paint(c.verdict, MARKERS[c.verdict])} ${chalk.bold(safe(c.id))} ${chalk.dim('—')} ${safe(first)}${known}`,
      );
    }
  }
  return lines;
}

type Paint = (v: Verdict, s: string) => string;

function renderCheck(
  check: CheckResult,
  cited: readonly Exchange[],
  chalk: ChalkInstance,
  paint: Paint,
  verbose: boolean,
): string[] {
  const marker = paint(check.verdict, MARKERS[check.verdict]);
  let head = `  ${marker} ${chalk.bold(safe(check.id))} ${safe(check.title)}`;
  if (check.verdict !== 'pass' && check.message !== '') {
    head += ` ${chalk.dim('—')} ${paint(check.verdict, indentContinuation(safe(check.message), '    '))}`;
  }
  if (check.baselined !== undefined) head += chalk.dim(` [known: ${safe(check.baselined)}]`);
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
  for (const x of cited) {
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

function painter(chalk: ChalkInstance): Paint {
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
