import type { Level } from '../register/types.js';
import type { Exchange } from '../http/exchange.js';

export type Verdict =
  | 'pass'
  | 'fail'
  | 'warn'
  | 'info'
  | 'not-applicable'
  | 'not-tested'
  | 'blocked'
  | 'error';

export const VERDICTS: readonly Verdict[] = [
  'pass', 'fail', 'warn', 'info', 'not-applicable', 'not-tested', 'blocked', 'error',
];

/** Side-effect class of a scenario, gated by `--allow`. Ordered: each allows the ones before it. */
export type Effect = 'read' | 'write' | 'irreversible';
export const EFFECTS: readonly Effect[] = ['read', 'write', 'irreversible'];

/** What a check concludes; the engine turns it into a verdict using the requirement level. */
export interface Finding {
  message: string;
  expected?: string;
  actual?: string;
  /** The exchanges behind the finding; defaults to the scenario's last exchange. */
  exchanges?: Exchange[];
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
  /** Redacted exchanges behind the verdict. */
  evidence: Exchange[];
  /** Reproductions of the failing requests, secrets redacted. */
  curl: string[];
  durationMs: number;
}

export type Summary = Record<Verdict, number> & { total: number };
