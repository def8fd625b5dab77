/**
 * The completeness gate's reckoning: which spec sentence each entry of src/register/sentences.ts
 * finds, what is left out, and the coverage figures the README prints.
 */
import { allRequirements, findRequirement } from '../../src/register/index.js';
import type { Level } from '../../src/register/types.js';
import { SENTENCES, type SpecSentence } from '../../src/register/sentences.js';
import { CORPUS_FAULTS } from '../../src/corpus/index.js';
import { suites } from '../../suites/index.js';
import { type Sentence, readSpec } from './spec-sentences.js';

const strip = (s: string) => s.replace(/`/g, '');
const at = (s: Sentence) => `Document ${s.doc} §${s.heading}`;

export interface Reckoning {
  sentences: Sentence[];
  normative: Sentence[];
  /** The entry that found each sentence. */
  entryOf: Map<Sentence, SpecSentence>;
  /** What to mend, each saying exactly what to add or change. */
  problems: string[];
}

/** The sentence an entry names: the one under its heading holding its words (one equal to them wins). */
function find(sentences: Sentence[], e: SpecSentence): Sentence[] {
  const under = sentences.filter((s) => at(s) === e.at && strip(s.text).includes(strip(e.says)));
  const exact = under.filter((s) => strip(s.text) === strip(e.says));
  return exact.length === 1 ? exact : under;
}

const quote = (s: string) => `'${strip(s).replace(/'/g, "\\'")}'`;

export function reckon(sentences: Sentence[] = readSpec(), entries: readonly SpecSentence[] = SENTENCES): Reckoning {
  const problems: string[] = [];
  const entryOf = new Map<Sentence, SpecSentence>();
  for (const e of entries) {
    const label = `src/register/sentences.ts: the entry ${e.at}, ${quote(e.says)}`;
    const found = find(sentences, e);
    if (found.length === 0) {
      problems.push(`${label} finds no sentence: correct its heading or words, or remove it.`);
      continue;
    }
    // The same words in several rows of one table ("Open vocabulary.") are held by one entry.
    if (found.length > 1 && new Set(found.map((f) => strip(f.text))).size > 1) {
      problems.push(`${label} finds ${found.length} sentences: give more of its words.`);
      continue;
    }
    for (const s of found) {
      const twice = entryOf.get(s);
      if (twice) problems.push(`${label} finds the sentence ${quote(twice.says)} also finds: merge the two entries.`);
      entryOf.set(s, e);
    }
    if (!!e.ids?.length === !!e.excluded)
      problems.push(`${label} needs register IDs or an exclusion with its reason, not both.`);
    for (const id of e.ids ?? []) {
      const r = findRequirement(id);
      if (!r) problems.push(`${label} names ${id}, which is not in the register.`);
      else if (r.retired) problems.push(`${label} names ${id}, which is retired: name what replaced it.`);
    }
  }
  const normative = sentences.filter((s) => s.kinds.length > 0);
  // Each clause counts: a sentence that says MUST of one thing and MAY of another is held at both levels.
  for (const [s, e] of entryOf) {
    if (!e.ids?.length) continue;
    const levels = new Set(e.ids.map((id) => findRequirement(id)?.level));
    const missing = clauseLevels(s).filter((l) => !levels.has(l) && !e.clauses?.[l]);
    if (missing.length)
      problems.push(
        `src/register/sentences.ts: the entry ${e.at}, ${quote(e.says)} has a ${missing.join(' and a ')} clause, but none of ${e.ids.join(', ')} is at that level: add the row that holds it.`,
      );
  }
  for (const s of normative.filter((x) => !entryOf.has(x))) {
    const d = `D${s.doc}`;
    problems.push(
      `${at(s)} (${s.kinds.join(', ')}) is in no entry: add to src/register/sentences.ts ` +
        `held(\`\${${d}}${s.heading}\`, ${quote(s.text)}, '<REGISTER-ID>') or ` +
        `excluded(\`\${${d}}${s.heading}\`, ${quote(s.text)}, '<why no register row holds it>').`,
    );
  }
  const named = new Set(entries.flatMap((e) => e.ids ?? []));
  for (const r of allRequirements().filter((x) => !x.retired && !named.has(x.id))) {
    problems.push(
      `${r.id} (${r.source}) maps to no sentence: add '${r.id}' to the ids of the entry of the sentence in ` +
        `${r.source} it stands on (src/register/sentences.ts), or an entry for that sentence.`,
    );
  }
  // A row's source names headings of its document (`Document 1 §Authentication, §Errors`).
  for (const r of allRequirements()) {
    const m = /^Document ([123]) (§.*)$/.exec(r.source);
    const headings = new Set(sentences.filter((s) => s.doc === Number(m?.[1])).map((s) => s.heading));
    const missing = (m?.[2].split(/,\s*/) ?? [r.source]).filter((h) => !headings.has(h.replace(/^§/, '')));
    if (headings.size > 0 && missing.length > 0)
      problems.push(`${r.id}: its source ${r.source} names no heading of the document: ${missing.join(', ')}.`);
  }
  return { sentences, normative, entryOf, problems };
}

/** The levels a sentence's keywords state, one per kind of clause (MUST NOT is a MUST, RECOMMENDED a SHOULD). */
export function clauseLevels(s: Sentence): Level[] {
  const level = (k: string): Level =>
    k.startsWith('MUST') || k === 'REQUIRED'
      ? 'MUST'
      : k.startsWith('SHOULD') || k === 'RECOMMENDED'
        ? 'SHOULD'
        : 'MAY';
  return [...new Set(s.keywords.map(level))];
}

/**
 * Each checked MUST or SHOULD row none of whose checks any fault of the corpus makes fail: a row
 * judged only by a check that reports (info), or by checks nothing proves can fail, is not judged.
 */
export function unproven(): string[] {
  const proven = new Set(CORPUS_FAULTS.flatMap((f) => f.fails));
  const checks = suites.flatMap((s) => [
    ...s.scenarios.flatMap((sc) => sc.checks),
    ...(s.rules ?? []).map((r) => r.check),
  ]);
  return allRequirements()
    .filter((r) => !r.retired && r.level !== 'MAY')
    .flatMap((r) => {
      const citing = checks.filter((c) => c.requirements.includes(r.id)).map((c) => c.id);
      return citing.length && !citing.some((id) => proven.has(id))
        ? [
            `${r.id} (${r.level}): none of its checks (${citing.join(', ')}) fails for any fault: add the fault that breaks it`,
          ]
        : [];
    });
}

/** The register IDs some check cites. */
export function checkedIds(): Set<string> {
  return new Set(
    suites.flatMap((s) => [
      ...s.scenarios.flatMap((sc) => sc.checks.flatMap((c) => c.requirements)),
      ...(s.rules ?? []).flatMap((r) => r.check.requirements),
    ]),
  );
}

export type Standing = 'checked' | 'not yet checked' | 'untestable' | 'excluded';

/** How a normative sentence stands: judged by a check, registered but not yet checked, untestable, or excluded. */
export function standing(e: SpecSentence, checked: Set<string>): Standing {
  if (e.excluded) return 'excluded';
  const reqs = (e.ids ?? []).map((id) => findRequirement(id)).filter((r) => r !== undefined);
  if (reqs.some((r) => checked.has(r.id))) return 'checked';
  if (reqs.some((r) => r.unchecked || !r.untestable)) return 'not yet checked';
  return 'untestable';
}

/** The README's coverage block, generated from the gate's data. */
export function coverageBlock(r: Reckoning, checked: Set<string> = checkedIds()): string {
  const counts: Record<Standing, number> = { checked: 0, 'not yet checked': 0, untestable: 0, excluded: 0 };
  const byDoc = [1, 2, 3].map((d) => r.normative.filter((s) => s.doc === d).length);
  for (const s of r.normative) {
    const e = r.entryOf.get(s);
    if (e) counts[standing(e, checked)]++;
  }
  const kinds = (k: string) => r.normative.filter((s) => s.kinds.includes(k as never)).length;
  const live = allRequirements().filter((x) => !x.retired);
  const rows = {
    checked: live.filter((x) => checked.has(x.id)).length,
    unchecked: live.filter((x) => x.unchecked).length,
    untestable: live.filter((x) => x.untestable).length,
  };
  const table: [string, string][] = [
    ['figure', 'count'],
    [
      'normative sentences in the spec',
      `${r.normative.length} (Document 1: ${byDoc[0]}, Document 2: ${byDoc[1]}, Document 3: ${byDoc[2]})`,
    ],
    [
      'of them: with a keyword, a required table row, a stated status, a stated code, a rule stated by a table',
      `${kinds('keyword')}, ${kinds('required-row')}, ${kinds('status')}, ${kinds('code')}, ${kinds('table-rule')} (a sentence may be several)`,
    ],
    [
      'clauses with a keyword (each held at its level, or saying why not)',
      `${r.normative.reduce((n, s) => n + clauseLevels(s).length, 0)}`,
    ],
    ['judged by a check (a register row a check cites)', `${counts.checked}`],
    ['registered, not yet checked', `${counts['not yet checked']}`],
    ['registered as untestable over HTTP, with the reason', `${counts.untestable}`],
    ['excluded from the register, with the reason', `${counts.excluded}`],
    [
      'register rows (not retired): checked, not yet checked, untestable',
      `${live.length}: ${rows.checked}, ${rows.unchecked}, ${rows.untestable}`,
    ],
  ];
  // Aligned as the README's formatter (Biome) writes a table.
  const w = [0, 1].map((c) => Math.max(...table.map((row) => row[c].length)));
  const line = (a: string, b: string) => `| ${a.padEnd(w[0])} | ${b.padEnd(w[1])} |`;
  return [
    line(...table[0]),
    line('-'.repeat(w[0]), '-'.repeat(w[1])),
    ...table.slice(1).map((row) => line(...row)),
  ].join('\n');
}
