import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The mutation runner itself takes hours; what can be checked cheaply is that it refuses bad input. */
describe('npm run mutation', () => {
  it('refuses a part it does not know, naming the parts it has, with exit code 2', () => {
    const run = spawnSync(process.execPath, ['test/mutation/run.mjs', 'suites/no-such-suite'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown part suites/no-such-suite; the parts are:');
    for (const part of ['suites/ask', 'suites/booking', 'suites/shared/session-flow.ts', 'src/protocol']) expect(run.stderr).toContain(`  ${part}\n`);
    // suites/shared is measured a file at a time, its register data left out.
    expect(run.stderr).not.toContain('  suites/shared\n');
    expect(run.stderr).not.toContain('location-requirements');
    expect(run.stdout).toBe('');
  });
});
