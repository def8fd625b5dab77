import { suites } from '../../suites/index.js';

/**
 * What a run against one fault shows:
 * - `fails`: every check that must fail (or warn);
 * - `skips`: every check that may then end blocked or not-tested instead of its usual verdict, or
 *   info where it says it cannot see what the fault broke, or not-applicable where the fault leaves
 *   out something optional the check judges (a `suite.*` entry stands for every check of a suite);
 *   every other check keeps its verdict.
 */
export interface FaultChecks {
  fails: readonly string[];
  skips?: readonly string[];
  /** The run names every service's endpoint (--endpoint), as a user must whose business serves no profile. */
  endpoints?: true;
  /** The run may send the rate-limit burst (--allow burst), which alone shows what the fault broke. */
  burst?: true;
  /**
   * The case is two runs against one business, as `--keep-keys` then `--replay-from` a day later: the first keeps its
   * keys, the store is set back 25 hours, and once the fault's own time has passed the second replays it. The second
   * is the run judged. What IDEM-008 needs: one run cannot outlast a retention.
   */
  replays?: true;
}

/** Every check of the bundled suites, scenarios and rules alike, by ID. */
export const CHECKS = new Map(
  suites
    .flatMap((s) => [...s.scenarios.flatMap((sc) => sc.checks), ...(s.rules ?? []).map((r) => r.check)])
    .map((c) => [c.id, c]),
);

/**
 * The request checks of one kind (`credential-missing`) on every operation that has them: a fault
 * in the shared layer breaks that kind everywhere, so its list follows the operations table.
 */
export const onEveryOperation = (...kinds: string[]): string[] =>
  [...CHECKS.keys()].filter((id) => id.startsWith('requests.') && kinds.some((k) => id.endsWith(`.${k}`)));

/** The checks of an operation's requests scenario left not-tested when its probe is refused with nothing broken. */
export const refusedProbe = (operation: string): string[] =>
  ['agent-missing', 'agent-malformed', 'malformed-json'].map((k) => `requests.${operation}.${k}`);
