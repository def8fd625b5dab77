/**
 * Faults and variations act at hook points: a handler holds the conformant behaviour, and a record
 * plugs its code into named hooks. What still branches on a name is counted here, and each such
 * place says why no hook fits.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../src/reference/faults.js';
import { VARIATIONS } from '../../src/reference/variations.js';

const ROOT = resolve(import.meta.dirname, '../..');
const REFERENCE = join(ROOT, 'src/reference');
/** The most places the business may branch on a fault or variation name (issue 19). */
const MOST = 60;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The record files: where names are declared, not branched on. */
const isRecords = (file: string) => /(^|\/)(faults|variations)\.ts$/.test(file);
const NAMED = /\.has\('([a-z0-9-]+)'\)/g;

const branches = sources(REFERENCE)
  .filter((f) => !isRecords(f))
  .flatMap((file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, i) =>
      [...line.matchAll(NAMED)].map((m) => ({ where: `${relative(ROOT, file)}:${i + 1}`, name: m[1], lines, i })),
    );
  });

/** The comment that says why no hook fits: on the line above the statement (or a few above, in one comment). */
function explained(lines: string[], i: number): boolean {
  for (let j = i; j >= Math.max(0, i - 6); j--) {
    if (/\/\/ No hook: \S/.test(lines[j])) return true;
  }
  return false;
}

describe('faults and variations at hook points', () => {
  const names = new Set<string>([...FAULTS.map((f) => f.name), ...VARIATIONS.map((v) => v.name)]);

  it(`leave at most ${MOST} places where the business branches on a name`, () => {
    expect(branches.length).toBeLessThanOrEqual(MOST);
  });

  it('say, at each such place, why no hook fits', () => {
    expect(branches.filter((b) => !explained(b.lines, b.i)).map((b) => `${b.where}: ${b.name}`)).toEqual([]);
  });

  it('branch only on names that exist', () => {
    expect(branches.filter((b) => !names.has(b.name)).map((b) => `${b.where}: ${b.name}`)).toEqual([]);
  });

  it('leave no record that does nothing: each plugs into a hook, or is read by name', () => {
    const read = new Set(branches.map((b) => b.name));
    const idle = [...FAULTS, ...VARIATIONS].filter((r) => !(r as { plug?: object }).plug && !read.has(r.name));
    expect(idle.map((r) => r.name)).toEqual([]);
  });
});
