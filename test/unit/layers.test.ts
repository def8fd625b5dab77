/**
 * The layers, enforced: every import (type-only and re-exports included) of src/, suites/ and
 * reports/ goes to its own layer or one below, the reference business reaches only the ground and
 * the protocol primitives, and no file reaches itself through others. The README's ARCHITECTURE
 * section draws the same table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** From the ground up: a layer may import its own and those before it. */
const LAYERS: { name: string; paths: string[] }[] = [
  {
    name: 'ground',
    paths: [
      'src/register/',
      'src/report/',
      'src/dialect/',
      'src/config/',
      'src/errors.ts',
      'src/json-file.ts',
      'src/schemas.ts',
      'src/package-root.ts',
      'src/suggest.ts',
    ],
  },
  { name: 'protocol', paths: ['src/protocol/'] },
  { name: 'http', paths: ['src/http/', 'src/platform/'] },
  { name: 'discovery', paths: ['src/discovery/'] },
  { name: 'engine', paths: ['src/engine/'] },
  { name: 'suites', paths: ['suites/'] },
  { name: 'reporters', paths: ['reports/'] },
  { name: 'top', paths: ['src/check.ts', 'src/cli/', 'src/index.ts', 'src/corpus/'] },
];

/** Beside the layers: what the reference business may reach besides itself. */
const REFERENCE = 'src/reference/';
const REFERENCE_REACHES = ['ground', 'protocol'];
/** Read only by the CLI, the library's index and the tests. */
const CORPUS = 'src/corpus/';
const CORPUS_READERS = ['src/cli/', 'src/index.ts', 'src/corpus/'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a file imports, by path from the root: static, dynamic, type-only and re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let spec: ts.Expression | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      spec = node.moduleSpecifier;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) spec = node.arguments[0];
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal as ts.Expression;
    if (spec && ts.isStringLiteralLike(spec) && spec.text.startsWith('.')) {
      found.push(relative(ROOT, resolve(ROOT, dirname(file), spec.text.replace(/\.js$/, '.ts'))));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

const layerOf = (file: string) => LAYERS.findIndex((l) => l.paths.some((p) => file.startsWith(p)));
const isIn = (file: string, paths: string[]) => paths.some((p) => file.startsWith(p));

const FILES = ['src', 'suites', 'reports'].flatMap(sources);
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

describe('the layers', () => {
  it('place every file of src/, suites/ and reports/', () => {
    expect(FILES.filter((f) => layerOf(f) < 0 && !f.startsWith(REFERENCE))).toEqual([]);
  });

  it('import only their own layer or one below', () => {
    const upward = [...GRAPH].flatMap(([from, targets]) =>
      from.startsWith(REFERENCE)
        ? []
        : targets
            .filter((to) => !to.startsWith(REFERENCE) && layerOf(to) > layerOf(from))
            .map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('keep the reference business beside them: it reaches only the ground and the protocol primitives', () => {
    const allowed = (to: string) => to.startsWith(REFERENCE) || REFERENCE_REACHES.includes(LAYERS[layerOf(to)]?.name);
    const reached = [...GRAPH].flatMap(([from, targets]) =>
      from.startsWith(REFERENCE) ? targets.filter((to) => !allowed(to)).map((to) => `${from} -> ${to}`) : [],
    );
    expect(reached).toEqual([]);
    // Nothing below the top reads the reference business either.
    const readers = [...GRAPH].flatMap(([from, targets]) =>
      !from.startsWith(REFERENCE) && LAYERS[layerOf(from)]?.name !== 'top'
        ? targets.filter((to) => to.startsWith(REFERENCE)).map((to) => `${from} -> ${to}`)
        : [],
    );
    expect(readers).toEqual([]);
  });

  it('let only the CLI and the library index read the corpus (what each fault must fail)', () => {
    const readers = [...GRAPH].flatMap(([from, targets]) =>
      isIn(from, CORPUS_READERS) ? [] : targets.filter((to) => to.startsWith(CORPUS)).map((to) => `${from} -> ${to}`),
    );
    expect(readers).toEqual([]);
  });

  it('have no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const to of GRAPH.get(file) ?? []) walk(to, [...path, file]);
      state.set(file, 'done');
    };
    for (const f of FILES) walk(f, []);
    expect(circles).toEqual([]);
  });

  it('catch an import that runs back up (the scan itself works)', () => {
    expect(importsOf('src/engine/context.ts')).toContain('src/http/client.ts');
    expect(layerOf('src/engine/context.ts')).toBeGreaterThan(layerOf('src/http/client.ts'));
  });
});
