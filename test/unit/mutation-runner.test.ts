import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The mutation runner itself takes hours; what can be checked cheaply is that it refuses bad input. */
describe('npm run mutation', () => {
  it('refuses a part it does not know, naming the parts it has, with exit code 2', () => {
    const run = spawnSync(process.execPath, ['test/mutation/run.mjs', 'suites/no-such-suite'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown part suites/no-such-suite; the parts are:');
    for (const part of ['suites/ask', 'suites/booking', 'suites/shared/session-flow.ts', 'src/protocol'])
      expect(run.stderr).toContain(`  ${part}\n`);
    // suites/shared is measured a file at a time, its register data left out.
    expect(run.stderr).not.toContain('  suites/shared\n');
    expect(run.stderr).not.toContain('location-requirements');
    expect(run.stdout).toBe('');
  });
});

describe('npm run mutation -- --merge, where only some parts were measured (a fresh clone)', () => {
  it('keeps the committed figures of the other parts and leaves the committed survivor list alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-merge-'));
    const repo = process.cwd();
    for (const f of ['run.mjs', 'survivors.mjs', 'stryker.config.json', 'reasons.json', 'measured.json'])
      cpSync(join(repo, 'test/mutation', f), join(root, 'test/mutation', f));
    writeFileSync(join(root, 'test/mutation-survivors.md'), 'the committed list\n');
    symlinkSync(join(repo, 'suites'), join(root, 'suites'));
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
    // One part measured here: a report of one killed mutant, and its meta.
    const parts = join(root, 'reports/mutation/parts');
    mkdirSync(parts, { recursive: true });
    const location = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };
    writeFileSync(
      join(parts, 'suites-envelope.json'),
      JSON.stringify({
        schemaVersion: '1',
        thresholds: { high: 80, low: 60 },
        files: {
          'suites/envelope/suite.ts': {
            language: 'typescript',
            source: 'x\n',
            mutants: [{ id: '1', mutatorName: 'BooleanLiteral', replacement: 'y', location, status: 'Killed' }],
          },
        },
      }),
    );
    writeFileSync(
      join(parts, 'suites-envelope.meta.json'),
      JSON.stringify({
        part: 'suites/envelope',
        commit: 'abc1234',
        finishedAt: '2026-11-23T00:00:00.000Z',
        minutes: 0.5,
        incremental: false,
      }),
    );

    const run = spawnSync(process.execPath, ['test/mutation/run.mjs', '--merge'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('test/mutation-survivors.md left as it is');
    expect(readFileSync(join(root, 'test/mutation-survivors.md'), 'utf8')).toBe('the committed list\n');
    const before = JSON.parse(readFileSync(join(repo, 'test/mutation/measured.json'), 'utf8')) as { part: string }[];
    const after = JSON.parse(readFileSync(join(root, 'test/mutation/measured.json'), 'utf8')) as {
      part: string;
      commit: string;
      mutants: number;
    }[];
    expect(after.map((r) => r.part)).toEqual(before.map((r) => r.part));
    expect(after.find((r) => r.part === 'suites/envelope')).toMatchObject({ commit: 'abc1234', mutants: 1 });
    expect(after.filter((r) => r.part !== 'suites/envelope')).toEqual(
      before.filter((r) => r.part !== 'suites/envelope'),
    );
    rmSync(root, { recursive: true, force: true });
  });
});
