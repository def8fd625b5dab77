import type { Exchange } from './exchange.js';
import type { RunInfo, RunReport, RunStopped } from './run-report.js';
import type { CheckResult } from './types.js';

/**
 * A run as one stream of events, in the order they happen. Reporters are handlers on it; none
 * decides a verdict.
 *
 * Two orders meet here. `scenario-started`, `exchange-recorded` and `scenario-finished` come as
 * they happen, so with scenarios running at once they interleave. `check-concluded` comes in the
 * declared order of the suites, whatever order their scenarios finished in, so a stream of results
 * (and every report) reads the same from run to run.
 */
export type RunEvent =
  | { type: 'run-started'; run: RunInfo }
  /** A run-level fact a reader must not miss; the report lists it again among its notices. */
  | { type: 'notice'; message: string }
  | { type: 'scenario-started'; suite: string; scenario: string; capability: string }
  /**
   * An exchange as the run's log numbered it (`seq`, its evidence number). Reading `exchange` may
   * cost its redaction: a reporter that needs few of them keeps the event and reads it when cited.
   */
  | { type: 'exchange-recorded'; seq: number; readonly exchange: Exchange }
  /**
   * A scenario is over (or was never run: gated by applicability or `--allow`, or not reached
   * before a stop), with the results of its checks.
   */
  | { type: 'scenario-finished'; suite: string; scenario: string; capability: string; results: CheckResult[] }
  | { type: 'check-concluded'; result: CheckResult }
  /** A signal or the deadline stopped the run: no scenario starts, what it created is cancelled. */
  | { type: 'interrupted'; stopped: RunStopped }
  | { type: 'run-finished'; report: RunReport };

/** A handler on a run's events. The run waits for what it returns only at `run-finished` (a file written). */
export interface Reporter {
  on(event: RunEvent): void | Promise<void>;
}

/**
 * The events a finished run's report stands for, in the order a run tells them: its start, the
 * log, each result, an interruption, the notices and its end. Renders a saved report again, to
 * the console or any reporter.
 */
export function replayEvents(report: RunReport): RunEvent[] {
  const { tool, target, options, startedAt, seed } = report;
  return [
    { type: 'run-started', run: { tool, target, options, startedAt, seed } },
    ...report.exchanges.map((exchange) => ({ type: 'exchange-recorded' as const, seq: exchange.seq, exchange })),
    ...report.checks.map((result) => ({ type: 'check-concluded' as const, result })),
    ...(report.stopped ? [{ type: 'interrupted' as const, stopped: report.stopped }] : []),
    ...report.notices.map((message) => ({ type: 'notice' as const, message })),
    { type: 'run-finished', report },
  ];
}
