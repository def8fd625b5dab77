import type { RunReport } from '../src/report/run-report.js';
import type { CheckResult } from '../src/report/types.js';
import type { Exchange } from '../src/report/exchange.js';
import { findRequirement } from '../src/register/index.js';
import type { Level } from '../src/register/types.js';

/** Checks grouped by capability, capabilities in the order they first appear in the stream. */
export function groupByCapability(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const group = groups.get(check.capability);
    if (group) group.push(check);
    else groups.set(check.capability, [check]);
  }
  return groups;
}

/**
 * One cited requirement as text: `ID LEVEL statement (source)` when the register knows it,
 * otherwise the bare ID (the register may not hold it yet).
 */
export function describeRequirement(id: string): string {
  const req = findRequirement(id);
  if (!req) return id;
  return `${req.id} ${req.level} ${req.statement} (${req.source})`;
}

/** The exchanges a check cites, resolved against the run's log. */
export function citedExchanges(report: RunReport, check: CheckResult): Exchange[] {
  const bySeq = logIndex(report);
  return check.evidence.map((seq) => bySeq.get(seq)).filter((x): x is Exchange => x !== undefined);
}

const indexes = new WeakMap<RunReport, Map<number, Exchange>>();
function logIndex(report: RunReport): Map<number, Exchange> {
  let index = indexes.get(report);
  if (!index) {
    index = new Map(report.exchanges.map((x) => [x.seq, x]));
    indexes.set(report, index);
  }
  return index;
}

/** `#12 POST https://…/carts → 201`: one line naming an exchange. */
export function exchangeLine(x: Exchange): string {
  const outcome = x.status !== undefined ? String(x.status) : x.transportError ? x.transportError.kind : 'no response';
  return `#${x.seq} ${x.method} ${x.url} → ${outcome}`;
}

/**
 * Per level, the checks that passed and those that failed or warned, and the compatibility figure
 * passed / (passed + failed or warned); `—` where none was judged.
 */
export function levelScores(report: RunReport): { level: Level; passed: number; missed: number; figure: string }[] {
  return (['MUST', 'SHOULD', 'MAY'] as const).map((level) => {
    let passed = 0;
    let missed = 0;
    for (const c of report.checks) {
      if (c.level !== level) continue;
      if (c.verdict === 'pass') passed += 1;
      else if (c.verdict === 'fail' || c.verdict === 'warn') missed += 1;
    }
    const judged = passed + missed;
    return { level, passed, missed, figure: judged === 0 ? '—' : `${((passed / judged) * 100).toFixed(1)}%` };
  });
}
