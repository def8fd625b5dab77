#!/usr/bin/env node
/**
 * `npm run mutation [-- PART...]`: Stryker over the checks, one part at a time, then one report
 * and the survivor list (test/mutation-survivors.md). `npm run mutation -- --merge` only merges.
 *
 * A whole run takes hours on a two-core machine, so it is cut into parts (a folder of suites/, and
 * the check logic of src/protocol/). Each part keeps its own report and incremental file under
 * reports/mutation/parts/: a run cut short loses only the part under way, and a part run again
 * retests only what changed. The merged report (reports/mutation/mutation.json and .html) holds
 * every part measured so far, and the score printed says which parts it covers and at which commit;
 * test/mutation/measured.json keeps those figures in the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import { aggregateResultsByModule, calculateMetrics } from 'mutation-testing-metrics';

const CONFIG = 'test/mutation/stryker.config.json';
const OUT = 'reports/mutation';
const PARTS_DIR = join(OUT, 'parts');
const MEASURED = 'test/mutation/measured.json';
const SURVIVORS = 'test/mutation-survivors.md';

const config = JSON.parse(readFileSync(CONFIG, 'utf8'));
const excluded = config.mutate.filter((p) => p.startsWith('!'));

/** Folders measured a file at a time: every suite builds on them, so each of their mutants meets many cases. */
const BY_FILE = ['shared'];
// The file names the config leaves out (index.ts: the list of suites).
const excludedNames = excluded.map((p) => p.split('/').pop());
const isExcluded = (f) => excludedNames.some((n) => (n.startsWith('*') ? f.endsWith(n.slice(1)) : f === n));

/** Every part: each folder of suites/ (each file of the folders above), and the src/ files the config names. */
const PARTS = [
  ...readdirSync('suites')
    .filter((d) => statSync(join('suites', d)).isDirectory())
    .sort()
    .flatMap((d) =>
      BY_FILE.includes(d)
        ? readdirSync(join('suites', d))
            .filter((f) => f.endsWith('.ts') && !isExcluded(f))
            .sort()
            .map((f) => ({ name: `suites/${d}/${f}`, mutate: [`suites/${d}/${f}`] }))
        : [{ name: `suites/${d}`, mutate: [`suites/${d}/**/*.ts`, ...excluded] }],
    ),
  { name: 'src/protocol', mutate: config.mutate.filter((p) => p.startsWith('src/')) },
];

const slug = (name) => name.replace(/\//g, '-');
const partFile = (name, ext) => join(PARTS_DIR, `${slug(name)}.${ext}`);

// --merge: only merge the parts measured so far into one report. --force: retest every mutant of
// the parts run, not only what changed. Stryker 9.6's vitest runner switches a static mutant (one
// evaluated as its module loads) on too late when the mutant comes with a test filter, as an
// incremental rerun gives it (stryker-js#6144), so a static mutant retested incrementally can
// survive falsely: a part's figures are trusted from a forced or first run.
const mergeOnly = process.argv.includes('--merge');
const force = process.argv.includes('--force');
const asked = process.argv.slice(2).filter((a) => a !== '--merge' && a !== '--force');
const unknown = asked.filter((a) => !PARTS.some((p) => p.name === a));
if (unknown.length) {
  console.error(`unknown part ${unknown.join(', ')}; the parts are:\n  ${PARTS.map((p) => p.name).join('\n  ')}`);
  process.exit(2);
}
const chosen = mergeOnly ? [] : asked.length ? PARTS.filter((p) => asked.includes(p.name)) : PARTS;
mkdirSync(PARTS_DIR, { recursive: true });

/**
 * The commit a part measures (read as it starts); `-dirty` when the working tree had changes
 * besides, other than the files this runner writes itself after each part.
 */
function currentCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const own = [':!test/mutation/measured.json', ':!test/mutation-survivors.md'];
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ...own], {
        encoding: 'utf8',
      }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

for (const part of chosen) {
  console.log(`\n== part ${part.name} ==`);
  const started = Date.now();
  const commit = currentCommit();
  await new Stryker({
    configFile: CONFIG,
    mutate: part.mutate,
    incrementalFile: partFile(part.name, 'incremental.json'),
    jsonReporter: { fileName: partFile(part.name, 'json') },
    htmlReporter: { fileName: partFile(part.name, 'html') },
    reporters: ['json', 'html', 'progress'],
    force,
  }).runMutationTest();
  const minutes = Math.round((Date.now() - started) / 600) / 100;
  const incremental = !force && existsSync(partFile(part.name, 'meta.json'));
  writeFileSync(
    partFile(part.name, 'meta.json'),
    `${JSON.stringify({ part: part.name, commit, finishedAt: new Date().toISOString(), minutes, incremental }, null, 2)}\n`,
  );
}

// One report of every part measured so far, whichever run measured it.
const measured = PARTS.filter((p) => existsSync(partFile(p.name, 'json')) && existsSync(partFile(p.name, 'meta.json')));
if (measured.length === 0) {
  // Nothing to merge: the committed figures and survivor list are left as they are.
  console.error(`no part measured yet under ${PARTS_DIR}: run npm run mutation -- PART to measure one`);
  process.exit(1);
}
const reports = Object.fromEntries(
  measured.map((p) => [p.name, JSON.parse(readFileSync(partFile(p.name, 'json'), 'utf8'))]),
);
const merged = aggregateResultsByModule(reports);
writeFileSync(join(OUT, 'mutation.json'), JSON.stringify(merged));
writeFileSync(join(OUT, 'mutation.html'), html(merged));

const score = (files) => calculateMetrics(files).metrics;
console.log('\npart                          score    killed  timeout  survived  no-cov   minutes  commit');
for (const p of measured) {
  const m = score(reports[p.name].files);
  const meta = JSON.parse(readFileSync(partFile(p.name, 'meta.json'), 'utf8'));
  console.log(
    `${p.name.padEnd(28)} ${m.mutationScore.toFixed(1).padStart(6)}% ${String(m.killed).padStart(8)} ${String(m.timeout).padStart(8)} ${String(m.survived).padStart(9)} ${String(m.noCoverage).padStart(7)} ${String(meta.minutes).padStart(9)}  ${meta.commit}`,
  );
}
// What each part measured, committed beside the survivor list (the reports themselves are not).
// The parts measured here replace their rows; the rows of parts not measured here are kept, so a
// fresh clone that measures one part does not lose the figures of the others.
const measuredRows = measured.map((p) => {
  const m = score(reports[p.name].files);
  const meta = JSON.parse(readFileSync(partFile(p.name, 'meta.json'), 'utf8'));
  return {
    ...meta,
    mutants: m.totalMutants,
    killed: m.killed,
    timeout: m.timeout,
    survived: m.survived,
    noCoverage: m.noCoverage,
    score: Number(m.mutationScore.toFixed(1)),
  };
});
const committed = existsSync(MEASURED) ? JSON.parse(readFileSync(MEASURED, 'utf8')) : [];
const kept = committed.filter(
  (row) => PARTS.some((p) => p.name === row.part) && !measured.some((p) => p.name === row.part),
);
const rows = [...measuredRows, ...kept].sort(
  (a, b) => PARTS.findIndex((p) => p.name === a.part) - PARTS.findIndex((p) => p.name === b.part),
);
writeFileSync(MEASURED, `${JSON.stringify(rows, null, 2)}\n`);
const all = score(merged.files);
const missing = PARTS.filter((p) => !measured.includes(p)).map((p) => p.name);
console.log(
  `\nmutation score ${all.mutationScore.toFixed(1)}%: ${all.totalDetected} of ${all.totalValid} mutants detected, ${all.survived} survived, ${all.noCoverage} without coverage`,
);
console.log(missing.length ? `not measured yet: ${missing.join(', ')}` : 'every part measured');
console.log(`report: ${join(OUT, 'mutation.html')}`);
// The committed survivor list covers every part: from a partial merge it goes beside the report instead.
if (missing.length) {
  console.log(
    `${SURVIVORS} left as it is (its parts are not all measured here); the survivors of the parts measured here:`,
  );
  execFileSync(process.execPath, ['test/mutation/survivors.mjs', join(OUT, 'survivors.md')], { stdio: 'inherit' });
} else {
  execFileSync(process.execPath, ['test/mutation/survivors.mjs', SURVIVORS], { stdio: 'inherit' });
}

/** The merged report as one HTML page, drawn by the mutation-testing-elements component. */
function html(report) {
  const require = createRequire(import.meta.url);
  const script = readFileSync(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
  // A "</script>" inside the report must not end the script element.
  const data = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>proto-conformance mutation report</title><script>${script}</script></head>
<body>
<mutation-test-report-app title-postfix="proto-conformance"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${data};</script>
</body>
</html>
`;
}
