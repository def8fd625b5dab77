import type { CheckResult } from '../src/engine/types.js';
import { findRequirement } from '../src/register/index.js';

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
