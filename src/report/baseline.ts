import type { CheckResult } from './types.js';

/** A failure the team knows of and accepts for now, with why: it does not fail the run. */
export interface KnownFailure {
  /** The check's ID (`catalog-lookup.variant-ids`). */
  check: string;
  /** Why it is accepted, and until when or what: a reviewer reads this. */
  reason: string;
}

/** `--baseline FILE`: the known failures of one business. */
export interface BaselineFile {
  baselineVersion: 1;
  known: KnownFailure[];
}

/** Verdicts a baseline can accept: those that fail a run. */
const ACCEPTABLE = new Set(['fail', 'warn', 'error']);

/**
 * Known failures applied to a run's results: a result it names that still fails is marked
 * `baselined` and no longer fails the run; an entry whose check now passes is stale, and fails the
 * run until it is removed, so a baseline only ever shrinks.
 */
export class Baseline {
  private readonly byCheck: Map<string, KnownFailure>;
  private readonly passing: string[] = [];

  constructor(
    readonly file: string,
    known: readonly KnownFailure[],
  ) {
    this.byCheck = new Map(known.map((k) => [k.check, k]));
  }

  /** The result as the run reports it: marked when the baseline accepts its failure. */
  apply(result: CheckResult): CheckResult {
    const known = this.byCheck.get(result.id);
    if (!known) return result;
    if (result.verdict === 'pass') this.passing.push(result.id);
    return this.accepts(result) ? { ...result, baselined: known.reason } : result;
  }

  /** Whether the baseline accepts this result's failure (asking changes nothing). */
  accepts(result: CheckResult): boolean {
    return this.byCheck.has(result.id) && ACCEPTABLE.has(result.verdict);
  }

  /** Entries whose check passed in this run: to be removed from the file. */
  get stale(): readonly string[] {
    return this.passing;
  }
}

/** A baseline accepting every failure of a run, each with the reason to be written in. */
export function baselineOf(results: readonly CheckResult[], reason: string): BaselineFile {
  const failing = results.filter((r) => ACCEPTABLE.has(r.verdict) && r.suite !== 'run');
  return { baselineVersion: 1, known: failing.map((r) => ({ check: r.id, reason })) };
}
