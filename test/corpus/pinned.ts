/**
 * The corpus's pinned verdict texts: the clean run once (`expected/clean.txt`, a line a check),
 * and for every other case only its departures from it (`expected/<corpus>.txt`, a section a
 * case). A change in what any check says, in any case, fails a test with a diff of those lines.
 *
 * Under the mutation run, whose cases are narrowed, a case is compared with itself run with no
 * mutant on.
 *
 * After a reviewed change of wording: `PROTO_CORPUS_UPDATE=1 npx vitest run test/corpus` rewrites
 * the sections of the cases it ran (and clean.txt), keeps the others, and drops those of cases
 * that are gone when the test that looks for them ran ("pins no … that is gone").
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { RunReport } from '../../src/report/run-report.js';
import { runReference, unmutated, verdictText, type Scope } from './harness.js';

const DIR = join(import.meta.dirname, 'expected');
const updating = process.env.PROTO_CORPUS_UPDATE === '1';
const HEADER = [
  '# Each section: the checks whose verdict text departs from clean.txt in that case (a check the case lacks: "ID absent").',
  '# Rewrite after a reviewed change: PROTO_CORPUS_UPDATE=1 npx vitest run test/corpus',
];

// One line a check; a newline inside a message is kept as \n.
const encode = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const decode = (s: string) => s.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));

/** Check ID to its verdict text line, in run order. */
function linesOf(report: RunReport): Map<string, string> {
  const text = verdictText(report);
  return new Map(report.checks.map((c, i) => [c.id, text[i]]));
}

function readClean(): Map<string, string> {
  const lines = readFileSync(join(DIR, 'clean.txt'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map(decode);
  return new Map(lines.map((l) => [l.slice(0, l.indexOf(' ')), l]));
}

let clean: Promise<Map<string, string>> | undefined;
/** The clean run's lines: the pinned file, or under an update a fresh run. */
function cleanLines(): Promise<Map<string, string>> {
  clean ??= updating ? runReference().then(linesOf) : Promise.resolve(readClean());
  return clean;
}

function readSections(file: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  if (!existsSync(file)) return sections;
  let current: string[] | undefined;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('## ')) {
      current = [];
      sections.set(line.slice(3), current);
    } else if (line && !line.startsWith('#') && current) current.push(decode(line));
  }
  return sections;
}

/** Lines of `now` that differ from `base`, and the checks of `base` that `now` lacks. */
function departuresFrom(base: Map<string, string>, now: Map<string, string>): string[] {
  return [
    ...[...now].filter(([id, line]) => base.get(id) !== line).map(([, line]) => line),
    ...[...base.keys()].filter((id) => !now.has(id)).map((id) => `${id} absent`),
  ];
}

/** What a test compares: the lines it saw, and the lines pinned for them. */
export interface Pinned {
  actual: string[];
  expected: string[];
}

/**
 * The pinned texts of one corpus (`faults`, `variations`, …). Call once per test file: under an
 * update it writes the file's sections when the file's tests are done.
 */
export function pinnedCorpus(corpus: string) {
  const file = join(DIR, `${corpus}.txt`);
  const sections = readSections(file);
  const seen = new Map<string, string[]>();
  if (updating) {
    afterAll(() => {
      for (const [name, lines] of seen) sections.set(name, lines);
      const body = [...sections]
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([name, lines]) => [`## ${name}`, ...lines.map(encode)]);
      writeFileSync(file, [...HEADER, ...body, ''].join('\n'));
    });
  }
  return {
    /**
     * Section names with no case among `names`: pins left behind by a case renamed or removed. Under an update they
     * are dropped from the file instead.
     */
    stale: (names: string[]) => {
      const gone = [...sections.keys()].filter((s) => !names.includes(s));
      if (!updating) return gone;
      for (const s of gone) sections.delete(s);
      return [];
    },
    /**
     * A case's verdict texts against its pins. A narrowed run (the mutation run's scope) says other
     * things than a whole one: it is compared with the same case run once with no mutant on.
     */
    async compare(name: string, report: RunReport, scope: Scope, rerun: () => Promise<RunReport>): Promise<Pinned> {
      if (scope) return { actual: verdictText(report), expected: await unmutatedText(`${corpus}|${name}`, rerun) };
      const base = await cleanLines();
      const now = linesOf(report);
      if (updating) {
        seen.set(name, departuresFrom(base, now));
        return { actual: [], expected: [] };
      }
      return { actual: departuresFrom(base, now), expected: sections.get(name) ?? [] };
    },
  };
}

/** The clean run against clean.txt, line for line (a narrowed run: against itself with no mutant on). */
export async function pinnedClean(report: RunReport, scope: Scope, rerun: () => Promise<RunReport>): Promise<Pinned> {
  if (scope)
    return { actual: verdictText(report), expected: await unmutatedText(`clean|${JSON.stringify(scope)}`, rerun) };
  const now = linesOf(report);
  if (updating) {
    writeFileSync(join(DIR, 'clean.txt'), [...[...now.values()].map(encode), ''].join('\n'));
    return { actual: [], expected: [] };
  }
  const base = await cleanLines();
  const ids = [...new Set([...base.keys(), ...now.keys()])];
  return {
    actual: ids.map((id) => now.get(id) ?? `${id} absent`),
    expected: ids.map((id) => base.get(id) ?? `${id} absent`),
  };
}

const unmutatedTexts = new Map<string, Promise<string[]>>();
/** A narrowed case's text with no mutant on, computed once and kept across mutants. */
function unmutatedText(key: string, rerun: () => Promise<RunReport>): Promise<string[]> {
  let found = unmutatedTexts.get(key);
  if (!found) {
    found = unmutated(rerun).then(verdictText);
    unmutatedTexts.set(key, found);
  }
  return found;
}
