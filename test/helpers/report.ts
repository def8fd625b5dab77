import { readFileSync } from 'node:fs';
import type { RunReport } from '../../src/engine/report.js';

export function readReport(file: string): RunReport {
  return JSON.parse(readFileSync(file, 'utf8')) as RunReport;
}

/** Requirement IDs the run failed: verdict fail, or warn for a SHOULD. */
export function failedRequirements(report: RunReport): string[] {
  const ids = new Set<string>();
  for (const c of report.checks) {
    if (c.verdict === 'fail' || c.verdict === 'warn') c.requirements.forEach((id) => ids.add(id));
  }
  return [...ids].sort();
}

/** Checks that neither passed nor are an info on a MAY (an observation where the spec leaves room). */
export function notPassed(checks: RunReport['checks']): string[] {
  return checks
    .filter((c) => c.verdict !== 'pass' && !(c.verdict === 'info' && c.level === 'MAY'))
    .map((c) => `${c.id}: ${c.verdict}: ${c.message}`);
}
