import type { Level } from '../register/types.js';
import type { Exchange } from './exchange.js';

export type Verdict = 'pass' | 'fail' | 'warn' | 'info' | 'not-applicable' | 'not-tested' | 'blocked' | 'error';

export const VERDICTS: readonly Verdict[] = [
  'pass',
  'fail',
  'warn',
  'info',
  'not-applicable',
  'not-tested',
  'blocked',
  'error',
];

/** Side-effect class of a scenario, gated by `--allow`. Ordered: each allows the ones before it. */
export type Effect = 'read' | 'write' | 'irreversible';
export const EFFECTS: readonly Effect[] = ['read', 'write', 'irreversible'];

/** What a check concludes; the engine turns it into a verdict using the requirement level. */
export interface Finding {
  message: string;
  expected?: string;
  actual?: string;
  /**
   * The exchanges the check judged; by default the scenario's last exchange when it concluded.
   * Clean-up exchanges are never cited.
   */
  exchanges?: Exchange[];
}

/** What a broken check owes its reader: what the requirement demands, and what came back. */
export interface Breach extends Finding {
  expected: string;
  actual: string;
}

/** The one record every check produces, and the one thing reporters render. */
export interface CheckResult {
  id: string;
  title: string;
  suite: string;
  scenario: string;
  /** Capability as the target names it (dialect applied), or a cross-cutting area. */
  capability: string;
  requirements: string[];
  level: Level;
  effect: Effect;
  verdict: Verdict;
  message: string;
  expected?: string;
  actual?: string;
  /** Numbers (`seq`) of the exchanges in the run's log that the check judged. */
  evidence: number[];
  /** One curl command per cited exchange of a failing check, secrets redacted. */
  curl: string[];
  /**
   * For a failing check whose scenario made several requests: a shell script replaying the chain
   * of requests that led to it, threading the ids the business returned.
   */
  reproduction?: string;
  /**
   * For a failing check whose scenario made several requests: the `seq` of each request that led
   * to it, in order; the reproduction replays them.
   */
  chain?: number[];
  /** Why the baseline (`--baseline`) accepts this failure: it does not fail the run. */
  baselined?: string;
  /** The faults of the bundled corpus that make this check fail: how its verdict is proven. */
  provenBy?: readonly string[];
  /** The check's own time: from its scenario's start to its conclusion (the scenario's, if it never concluded). */
  durationMs: number;
}

export type Summary = Record<Verdict, number> & { total: number };
