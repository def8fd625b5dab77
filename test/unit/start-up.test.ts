/**
 * `--version` and `--help` load nothing heavy: what the CLI's entry loads before it reads a flag
 * (its static imports, followed through the project) holds no suite, schema, reporter or reference
 * business, and no library but commander. Each command's module is imported when the command runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every project file and package a file loads as it is loaded itself: static value imports, followed. */
function loadedBy(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
    for (const node of source.statements) {
      if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
      if (ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly) continue;
      const spec = (node.moduleSpecifier as ts.StringLiteral).text;
      if (spec.startsWith('node:')) continue;
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
        continue;
      }
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec.replace(/\.js$/, '.ts')));
      if (existsSync(join(ROOT, target))) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('start-up', () => {
  const { files, packages } = loadedBy('src/cli/main.ts');

  it('loads no suite, schema, reporter, engine or reference business before a flag is read', () => {
    const heavy = [...files].filter((f) =>
      ['suites/', 'reports/', 'src/reference/', 'src/engine/run', 'src/schemas.ts', 'src/check.ts', 'src/http/'].some(
        (p) => f.startsWith(p),
      ),
    );
    expect(heavy).toEqual([]);
    // The walk sees the entry's own imports: a walk that found nothing would prove nothing.
    expect(files.has('src/package-root.ts')).toBe(true);
  });

  it('loads no library but commander', () => {
    expect([...packages]).toEqual(['commander']);
  });
});
