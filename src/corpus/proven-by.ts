import type { FaultChecks } from './checks.js';
import { COMMON_FAULT_CHECKS } from './common-fault-checks.js';
import { FAULT_CHECKS } from './fault-checks.js';
import { LODGING_FAULT_CHECKS } from './lodging-fault-checks.js';

/** What a run against each fault of the reference business must show, by fault name. */
export const CHECKS_OF: Readonly<Record<string, FaultChecks>> = {
  ...FAULT_CHECKS,
  ...COMMON_FAULT_CHECKS,
  ...LODGING_FAULT_CHECKS,
};

/**
 * For each check, the faults of the bundled corpus that make it fail: how its verdict is proven.
 * Read without the reference business itself, so a run against a real business loads none of it.
 */
export const PROVEN_BY: ReadonlyMap<string, readonly string[]> = (() => {
  const by = new Map<string, string[]>();
  for (const [fault, { fails }] of Object.entries(CHECKS_OF))
    for (const id of fails) by.set(id, [...(by.get(id) ?? []), fault]);
  for (const faults of by.values()) faults.sort();
  return by;
})();
