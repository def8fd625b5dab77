import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKS } from '../corpus/checks.js';
import { CORPUS_FAULTS } from '../corpus/index.js';
import { UsageError } from '../errors.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { allRequirements, findRequirement } from '../register/index.js';
import { SENTENCES } from '../register/sentences.js';
import { distance } from '../suggest.js';
import { standingFlags } from './requirements-command.js';

/** The known ID closest to `asked`: same prefix and number first (`prof-7` is PROF-007), else by edit distance. */
export function closestId(asked: string): string {
  const ids = allRequirements().map((r) => r.id);
  const m = /^([a-z]+)-?0*(\d+)$/i.exec(asked.trim());
  if (m) {
    const same = ids.find((id) => id === `${m[1].toUpperCase()}-${m[2].padStart(3, '0')}`);
    if (same) return same;
  }
  const up = asked.toUpperCase();
  return ids.reduce((best, id) => (distance(up, id) < distance(up, best) ? id : best));
}

const indent = (s: string, n = 2) => `${' '.repeat(n)}${s}`;

/** The faults shown under one check: the corpus often has many, a reader needs a few. */
const FAULTS_SHOWN = 3;
const VERDICT_CHARS = 400;

/**
 * The pinned verdict texts of the fault corpus (test/corpus/expected/faults.txt: a section a fault,
 * a line a check), present in a source checkout and not in an installed package.
 */
function pinnedVerdicts(): Map<string, string> {
  const file = join(PACKAGE_ROOT, 'test/corpus/expected/faults.txt');
  const found = new Map<string, string>();
  if (!existsSync(file)) return found;
  let fault = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('## ')) fault = line.slice(3).trim();
    else if (fault && line && !line.startsWith('#')) found.set(`${fault} ${line.split(' ')[0]}`, line);
  }
  return found;
}

const clip = (s: string) => (s.length > VERDICT_CHARS ? `${s.slice(0, VERDICT_CHARS)}…` : s);

/**
 * `explain ID`: one requirement whole: its statement, level and source, the spec sentences it
 * stands on, the checks that judge it, the faults of the bundled corpus that prove those checks
 * fail, and what a failing run looks like (each fault's description of what it breaks).
 */
export function explainCommand(asked: string, out: (s: string) => void): void {
  const r = findRequirement(asked) ?? findRequirement(asked.toUpperCase());
  if (!r) throw new UsageError(`unknown requirement ID '${asked}'; did you mean ${closestId(asked)}?`);
  const flags = standingFlags(r);
  out(`${r.id}  ${r.level}${flags.length ? ` (${flags.join(', ')})` : ''}  ${r.capability}\n`);
  out(`${r.statement}\n`);
  out(`source: ${r.source}\n`);
  const sentences = SENTENCES.filter((s) => s.ids?.includes(r.id));
  if (sentences.length) {
    out('spec sentences it stands on (src/register/sentences.ts):\n');
    for (const s of sentences) out(indent(`${s.at}: "…${s.says}…"\n`));
  }
  if (r.retired) out(`retired: ${r.retired}\n`);
  if (r.untestable) out(`untestable: ${r.untestable}\n`);
  if (r.unchecked) out(`not yet checked: ${r.unchecked}\n`);

  const checks = [...CHECKS.values()].filter((c) => c.requirements.includes(r.id));
  if (!checks.length) {
    if (!r.retired && !r.untestable && !r.unchecked) out('checks: none\n');
    return;
  }
  out(`checks that judge it (${checks.length}):\n`);
  const pinned = pinnedVerdicts();
  for (const c of checks) {
    out(indent(`${c.id}: ${c.title}\n`));
    const faults = CORPUS_FAULTS.filter((f) => f.fails.includes(c.id));
    for (const f of faults.slice(0, FAULTS_SHOWN)) {
      out(indent(`proven by the fault ${f.name}: ${f.description}\n`, 4));
      const verdict = pinned.get(`${f.name} ${c.id}`);
      if (verdict) out(indent(`a run against it says: ${clip(verdict)}\n`, 6));
    }
    if (faults.length > FAULTS_SHOWN) out(indent(`and ${faults.length - FAULTS_SHOWN} more faults\n`, 4));
    if (!faults.length) {
      out(indent(r.level === 'MAY' ? 'an observation: it reports info, never fails\n' : 'no fault proves it\n', 4));
    }
  }
  // The fault that breaks the least besides it shows it most plainly.
  const fault = CORPUS_FAULTS.filter((f) => f.breaks.includes(r.id)).sort(
    (a, b) => a.breaks.length - b.breaks.length,
  )[0];
  if (fault) {
    out(`see it fail: proto-conformance reference-server --fault ${fault.name}, then run against the URL it prints\n`);
  }
}
