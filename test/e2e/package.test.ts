import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/processes.js';

const run = promisify(execFile);

describe('the package', () => {
  it('packs, installs in an empty project, and runs there with npx', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    // dist/ as `npm test` built it: packing without the prepare script never rewrites it under the other tests' feet.
    const { stdout: packed } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], {
      cwd: ROOT,
    });
    const tarball = join(dir, packed.trim().split('\n').at(-1)!);
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-it', version: '1.0.0', private: true }));
    // The dependencies come from npm's cache (npm ci filled it), the network only for what is missing.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project });
    const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' };
    const version = await run('npx', ['proto-conformance', '--version'], { cwd: project, env });
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
    const demo = await run('npx', ['proto-conformance', 'demo', '--quiet'], { cwd: project, env });
    expect(demo.stdout).toMatch(
      /^\d+ passed, 0 failed, 0 warned, \d+ info, 0 not-applicable, 1 not-tested, 0 blocked, 0 error\n$/,
    );
  });
});
