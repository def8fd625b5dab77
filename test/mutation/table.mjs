#!/usr/bin/env node
/**
 * `node test/mutation/table.mjs`: the README's "Last measured" table, from test/mutation/measured.json.
 * The last column compares each part's code at its measured commit with HEAD, so a figure of older
 * code says so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const rows = JSON.parse(readFileSync('test/mutation/measured.json', 'utf8'));
const config = JSON.parse(readFileSync('test/mutation/stryker.config.json', 'utf8'));

/** The paths a part mutates: a suites folder or file, or the src/ files the config names. */
const pathsOf = (part) => (part.startsWith('src/') ? config.mutate.filter((p) => p.startsWith('src/')) : [part]);

function codeAtHead(row) {
  const commit = row.commit.replace(/-dirty$/, '');
  try {
    execFileSync('git', ['diff', '--quiet', commit, 'HEAD', '--', ...pathsOf(row.part)]);
    return row.commit.endsWith('-dirty') ? 'dirty tree' : 'unchanged';
  } catch {
    return 'changed since';
  }
}

const n = (x) => x.toLocaleString('en-US');
const pct = (x) => `${Math.round(x * 10) / 10}%`;
const detected = (r) => r.killed + r.timeout;

const body = rows.map((r) => [
  `\`${r.part}\``,
  n(r.mutants),
  n(r.killed),
  n(r.timeout),
  n(r.survived),
  n(r.noCoverage),
  pct(r.score),
  r.minutes.toFixed(1),
  r.commit,
  codeAtHead(r),
]);
const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
const total = sum('mutants');
// Stryker's score: detected over detected and undetected (a mutant that fails to compile counts in neither).
const found = rows.reduce((s, r) => s + detected(r), 0);
const valid = found + sum('survived') + sum('noCoverage');
const score = (100 * found) / valid;
body.push([
  '**all parts**',
  n(total),
  n(sum('killed')),
  n(sum('timeout')),
  n(sum('survived')),
  n(sum('noCoverage')),
  `**${pct(score)}**`,
  '',
  '',
  '',
]);

const head = [
  'Part',
  'Mutants',
  'Killed',
  'Timed out',
  'Survived',
  'No coverage',
  'Score',
  'Minutes',
  'Commit',
  'Code at HEAD',
];
const width = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
console.log([line(head), `| ${width.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n'));
const minutes = sum('minutes');
console.log(
  `\n${n(found)} of ${n(valid)} valid mutants (${n(total)} in all) detected: ${pct(score)}; ` +
    `${Math.floor(minutes / 60)} h ${Math.round(minutes % 60)} min of Stryker in all; ` +
    `below 90%: ${
      rows
        .filter((r) => r.score < 90)
        .map((r) => r.part)
        .join(', ') || 'none'
    }`,
);
