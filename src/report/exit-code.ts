import type { RunStopped } from './run-report.js';
import type { CheckResult } from './types.js';

export const EXIT = {
  /** No MUST failed. */
  ok: 0,
  /** A MUST failed (with --strict, a SHOULD too). */
  failed: 1,
  /** Usage or config error. */
  usage: 2,
  /** Target unusable; also a run that could not evaluate the business and where nothing failed. */
  unusable: 3,
  /** A defect of proto-conformance itself. */
  internal: 4,
} as const;

/** A run a signal interrupted exits as a shell reports the signal: 128 + its number (SIGINT 130, SIGTERM 143). */
const SIGNAL_NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
export const interruptedExit = (signal: string | undefined): number =>
  128 + (SIGNAL_NUMBERS[signal ?? ''] ?? SIGNAL_NUMBERS.SIGINT);

/**
 * 128 + the signal's number when a signal interrupted the run; 1 when a MUST failed (or, with
 * strict, a SHOULD); 3 when checks could not be evaluated, or no service check could run at all;
 * else 0. Failures a baseline accepts do not count. A pipeline never passes on a run that did not
 * happen.
 */
export function exitCodeFor(
  results: CheckResult[],
  strict: boolean,
  opts: { serviceChecksRan?: boolean; stopped?: RunStopped } = {},
): number {
  if (opts.stopped?.reason === 'interrupted') return interruptedExit(opts.stopped.signal);
  // A failure the baseline accepts does not count.
  const counted = results.filter((r) => r.baselined === undefined);
  if (counted.some((r) => r.verdict === 'fail' || (strict && r.verdict === 'warn'))) return EXIT.failed;
  if (counted.some((r) => r.verdict === 'error')) return EXIT.unusable;
  if (opts.serviceChecksRan === false) return EXIT.unusable;
  return EXIT.ok;
}
