import { UsageError } from '../errors.js';
import { allRequirements } from '../register/index.js';
import type { Level, Requirement } from '../register/types.js';

export interface RequirementsOptions {
  json?: boolean;
  capability?: string;
  level?: string;
}

const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

/**
 * Whether a requirement belongs to the capability asked for: its full name, without the
 * `org.proto.` prefix, a leading part (`shopping`, `common.location`) or its last part (`cart`).
 */
function inCapability(r: Requirement, asked: string): boolean {
  const want = asked.replace(/^org\.proto\./, '').toLowerCase();
  const c = r.capability.toLowerCase();
  return c === want || c.startsWith(`${want}.`) || c.endsWith(`.${want}`);
}

/** The register, narrowed by `--capability` and `--level`; a value that selects nothing is a usage error. */
export function selectRequirements(opts: RequirementsOptions): readonly Requirement[] {
  let rows = allRequirements();
  if (opts.level !== undefined) {
    const level = opts.level.toUpperCase() as Level;
    if (!LEVELS.includes(level)) throw new UsageError(`--level ${opts.level}: expected MUST, SHOULD or MAY`);
    rows = rows.filter((r) => r.level === level);
  }
  if (opts.capability !== undefined) {
    const asked = opts.capability;
    const all = allRequirements();
    if (!all.some((r) => inCapability(r, asked))) {
      const known = [...new Set(all.map((r) => r.capability))].sort().join(', ');
      throw new UsageError(`--capability ${asked}: no requirement has it; known: ${known}`);
    }
    rows = rows.filter((r) => inCapability(r, asked));
  }
  return rows;
}

/** Why a requirement has no check, or was withdrawn: the flags shown beside it. */
export function standingFlags(r: Requirement): string[] {
  return [
    r.derived ? 'derived' : '',
    r.untestable ? 'untestable' : '',
    r.unchecked ? 'not yet checked' : '',
    r.retired ? 'retired' : '',
  ].filter(Boolean);
}

/**
 * `requirements`: prints the register, as a table or JSON, narrowed by capability and level. An
 * untestable, not yet checked or retired requirement shows why, so the reasons stay in plain sight.
 */
export function requirementsCommand(opts: RequirementsOptions, out: (s: string) => void): void {
  const rows = selectRequirements(opts);
  if (opts.json) {
    out(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  for (const r of rows) {
    const flags = standingFlags(r).join(',');
    out(
      `${r.id.padEnd(9)} ${r.level.padEnd(6)} ${r.capability.padEnd(24)} ${r.statement}${flags ? ` [${flags}]` : ''}  (${r.source})\n`,
    );
    if (r.untestable) out(`${' '.repeat(10)}untestable: ${r.untestable}\n`);
    if (r.unchecked) out(`${' '.repeat(10)}not yet checked: ${r.unchecked}\n`);
    if (r.retired) out(`${' '.repeat(10)}retired: ${r.retired}\n`);
  }
}
