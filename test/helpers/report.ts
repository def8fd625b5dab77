import { readFileSync } from 'node:fs';
import type { RunReport } from '../../src/report/run-report.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Effect } from '../../src/report/types.js';
import { findRequirement } from '../../src/register/index.js';
import { suites } from '../../suites/index.js';

export function readReport(file: string): RunReport {
  return JSON.parse(readFileSync(file, 'utf8')) as RunReport;
}

/** Requirement IDs the run failed: verdict fail, or warn for a SHOULD. */
export function failedRequirements(report: RunReport): string[] {
  const ids = new Set<string>();
  for (const c of report.checks) {
    if (c.verdict === 'fail' || c.verdict === 'warn') for (const id of c.requirements) ids.add(id);
  }
  return [...ids].sort();
}

/** The check one run cannot judge: key retention needs the kept keys of a run a day before (--replay-from). */
export const RETAINED = 'idempotency.retained';

/** Whether a check is the retention check, not-tested for want of --replay-from, as in every single run. */
export const awaitsLaterRun = (c: RunReport['checks'][number]): boolean =>
  c.id === RETAINED && c.verdict === 'not-tested' && c.message.startsWith('needs --replay-from');

/**
 * Checks that neither passed nor are an info on a MAY (an observation where the spec leaves room), less the retention
 * check a single run leaves not-tested.
 */
export function notPassed(checks: RunReport['checks']): string[] {
  // Not-applicable: an operation the config does not say needs authentication has nothing to refuse.
  // The rate-limit burst is sent only with the operator's consent (--allow burst).
  return checks
    .filter(
      (c) =>
        c.verdict !== 'pass' &&
        c.verdict !== 'not-applicable' &&
        !(c.verdict === 'info' && c.level === 'MAY') &&
        !(c.verdict === 'not-tested' && c.message === 'needs --allow burst') &&
        !awaitsLaterRun(c),
    )
    .map((c) => `${c.id}: ${c.verdict}: ${c.message}`);
}

/**
 * Every check the bundled suites declare (scenarios and rules), with the suite it belongs to: counts are derived from
 * here.
 */
export function declaredChecks(): { id: string; suite: Suite; effect?: Effect }[] {
  return suites.flatMap((s) => [
    ...s.scenarios.flatMap((sc) => sc.checks.map((c) => ({ id: c.id, suite: s, effect: sc.effect }))),
    ...(s.rules ?? []).map((r) => ({ id: r.check.id, suite: s })),
  ]);
}

/** Checks whose requirements are all MAY: they can only pass or be info (an observation). */
export function observationChecks(): string[] {
  return suites
    .flatMap((s) => [...s.scenarios.flatMap((sc) => sc.checks), ...(s.rules ?? []).map((r) => r.check)])
    .filter((c) => c.requirements.every((id) => findRequirement(id)?.level === 'MAY'))
    .map((c) => c.id);
}
