import { requirements } from '../../suites/index.js';
import type { Requirement } from './types.js';

const byId = new Map<string, Requirement>(requirements.map((r) => [r.id, r]));

/** The requirement register: every requirement of every suite. */
export function allRequirements(): readonly Requirement[] {
  return requirements;
}

export function findRequirement(id: string): Requirement | undefined {
  return byId.get(id);
}
