import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir, type RunningServer } from '../helpers/processes.js';

/**
 * Report paths that are not plain files: a symlink stays a link, a FIFO or a device is written
 * through and stays what it is. As root (CI runs so) a rename would replace a device node with a
 * regular file, so these run as root, on nodes made here (never the machine's own /dev/null).
 */
const root = process.getuid?.() === 0;
const dir = tempDir();
/** A target that refuses connections: the run ends at once, exit 3, and still writes every report. */
const UNREACHABLE = 'http://127.0.0.1:1';

/** Reads a FIFO until its writer closes it. */
function drain(fifo: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    createReadStream(fifo, 'utf8')
      .on('data', (d) => (text += d))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
}

const device = (name: string, minor: number) => {
  const path = join(dir, name);
  execFileSync('mknod', [path, 'c', '1', String(minor)]);
  return path;
};

describe.runIf(root)('report paths that are not regular files, run as root', () => {
  it('writes through a FIFO and a symlink, leaving both as they were', async () => {
    const fifo = join(dir, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    const real = join(dir, 'real', 'junit.xml');
    mkdirSync(join(dir, 'real'));
    writeFileSync(real, 'old');
    const link = join(dir, 'junit-link.xml');
    symlinkSync(real, link);
    // A link whose file is not there yet: the file is made where the link points.
    const dangling = join(dir, 'html-link.html');
    symlinkSync(join(dir, 'real', 'made.html'), dangling);

    const read = drain(fifo);
    const r = await cli([UNREACHABLE, '--json', fifo, '--junit', link, '--html', dangling]);
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(await read).checks[0]).toMatchObject({ id: 'run.target', verdict: 'error' });
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(real, 'utf8')).toContain('<testsuites');
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'made.html'), 'utf8')).toContain('target unusable');
  });

  it('writes into a device and never replaces it; a full one costs one line, the exit code the run found', async () => {
    const nul = device('null', 3);
    const full = device('full', 7);
    const html = join(dir, 'beside-full.html');
    const r = await cli([UNREACHABLE, '--json', nul, '--record', nul, '--junit', full, '--html', html]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`proto-conformance: --junit ${full}: could not write the report (ENOSPC)\n`);
    // The other reports are still written.
    expect(readFileSync(html, 'utf8')).toContain('target unusable');
    expect(lstatSync(nul).isCharacterDevice()).toBe(true);
    expect(lstatSync(full).isCharacterDevice()).toBe(true);
  });
});

describe.runIf(root)('init -o to a device, run as root', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await referenceServer(['--services', 'common']);
  });
  afterAll(async () => server?.stop());

  it('writes through a device with --force, and says in one line when it cannot', async () => {
    const nul = device('init-null', 3);
    const full = device('init-full', 7);
    expect((await cli(['init', server.url, '-o', nul, '--force'])).code).toBe(0);
    const r = await cli(['init', server.url, '-o', full, '--force']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proto-conformance: cannot write ${full} (ENOSPC)\n`);
    expect(lstatSync(nul).isCharacterDevice()).toBe(true);
    expect(lstatSync(full).isCharacterDevice()).toBe(true);
  });
});

describe('report paths refused before the run', () => {
  it('refuses a directory as a report path before sending anything, in one line', async () => {
    const folder = join(dir, 'a-folder.json');
    mkdirSync(folder);
    const r = await cli([UNREACHABLE, '--json', folder]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`proto-conformance: --json ${folder}: cannot write there (EISDIR)\n`);
  });
});
