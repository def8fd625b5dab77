/**
 * The corpus's knowledge of the reference business's faults: which checks a run against each must
 * fail, and which it may leave blocked, not-tested or info. The business itself names only the
 * requirements a fault breaks; only the CLI and the tests read this.
 */
import { FAULTS, type Fault, type FaultName } from '../reference/faults.js';
import { CHECKS, type FaultChecks } from './checks.js';
import { CHECKS_OF } from './proven-by.js';

/** A fault with what a run against it must show. */
export type CorpusFault = Fault & FaultChecks & { name: FaultName };

/** Every fault of the reference business, with the checks it must fail. */
export const CORPUS_FAULTS: readonly CorpusFault[] = FAULTS.map((f) => {
  const checks = CHECKS_OF[f.name];
  if (!checks) throw new Error(`fault ${f.name} has no entry in src/corpus`);
  return { ...f, ...checks } as CorpusFault;
});

/** The requirement IDs a fault's failing checks cite: what its record must say it breaks. */
export function expectedRequirements(f: FaultChecks & { name: string }): string[] {
  return [
    ...new Set(
      f.fails.flatMap((id) => {
        const c = CHECKS.get(id);
        if (!c) throw new Error(`fault ${f.name} names ${id}, which is no check`);
        return c.requirements;
      }),
    ),
  ].sort();
}

/** Whether a check is one a fault pins as skipped: named, or in a `suite.*` entry. */
export function pinnedSkip(f: FaultChecks, checkId: string): boolean {
  return (f.skips ?? []).some((s) => (s.endsWith('.*') ? checkId.startsWith(s.slice(0, -1)) : s === checkId));
}

export type { FaultChecks };
