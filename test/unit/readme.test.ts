import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const read = (f: string) => readFileSync(join(PACKAGE_ROOT, f), 'utf8');

describe('the README', () => {
  it('asks for the Node version package.json requires', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string;
    const asked = /Node\.js (\d+\.\d+\.\d+) or later/.exec(read('README.md'))?.[1];
    expect(`>=${asked}`).toBe(engines);
  });

  it('shows the mutation figures test/mutation/measured.json holds', () => {
    // The figure columns; the last one (whether the code moved since) moves with any commit.
    const figures = (table: string) => table.replace(/\|[^|\n]*\|\n/g, '|\n');
    const printed = execFileSync(process.execPath, ['test/mutation/table.mjs'], {
      cwd: PACKAGE_ROOT,
      encoding: 'utf8',
    });
    const table = `${printed.split('\n\n')[0].trim()}\n`;
    expect(table.split('\n').length).toBeGreaterThan(10);
    expect(figures(read('README.md'))).toContain(figures(table));
  });
});

describe('the GitHub action', () => {
  it('sets only variables the CLI reads', async () => {
    const { program } = await import('../../src/cli/main.js');
    const run = program().commands.find((c) => c.name() === 'run')!;
    const known = new Set(run.options.map((o) => o.envVar).filter(Boolean));
    const used = [...read('action.yml').matchAll(/\b(PROTO_CONFORMANCE_[A-Z_]+):/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(3);
    for (const v of used) expect(known).toContain(v);
  });
});
