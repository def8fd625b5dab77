import { findRequirement } from '../register/index.js';
import type { Level, Requirement } from '../register/types.js';
import { EFFECTS, type Effect, type Verdict } from '../report/types.js';

const RANK: Record<Level, number> = { MUST: 3, SHOULD: 2, MAY: 1 };

/** A check's level is the strongest level among the requirements it cites. */
export function levelOf(
  requirementIds: string[],
  find: (id: string) => Requirement | undefined = findRequirement,
): Level {
  let best: Level = 'MAY';
  for (const id of requirementIds) {
    const req = find(id);
    if (!req) throw new Error(`check cites ${id}, which is not in the register`);
    if (RANK[req.level] > RANK[best]) best = req.level;
  }
  return best;
}

/** A broken MUST fails, a broken SHOULD warns, a broken MAY is information. */
export function brokenVerdict(level: Level): Verdict {
  return level === 'MUST' ? 'fail' : level === 'SHOULD' ? 'warn' : 'info';
}

export function allows(allowed: Effect, needed: Effect): boolean {
  return EFFECTS.indexOf(needed) <= EFFECTS.indexOf(allowed);
}
