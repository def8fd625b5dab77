import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, open, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';

/** Links followed at most, as the kernel's own limit (ELOOP beyond it). */
const MAX_LINKS = 40;

/**
 * Writes a report so that readers never see it half-written: the content goes to a temporary
 * file in the same directory (same file system, so the rename is atomic), is flushed, and is
 * then renamed over the file. Parent directories are created as needed. A symlink is followed,
 * so the link stays and its target gets the report; a device, a FIFO or a socket is written
 * through, never replaced (as root, a rename would put a regular file where /dev/null was).
 */
export async function writeReportFile(
  file: string,
  content: string,
  /** Only its owner may read it (mode 0600), whatever a file it replaces allowed: it holds secrets. */
  opts: { private?: true } = {},
): Promise<void> {
  const { path, kind, mode } = await destination(file);
  if (kind === 'directory') throw Object.assign(new Error(`${file} is a directory`), { code: 'EISDIR' });
  if (kind === 'special') return writeThrough(path, content);
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const suffix = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const tmp = join(dir, `.${basename(path)}.${suffix}.tmp`);
  try {
    const handle = await open(tmp, 'wx', opts.private ? 0o600 : 0o666);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A report replacing one keeps its permissions.
    if (opts.private) await chmod(tmp, 0o600);
    else if (mode !== undefined) await chmod(tmp, mode & 0o7777);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * Where the report goes, and what is there: a regular file is replaced at its real path (so a
 * symlink to it stays a link), anything else that exists is written through as the path names it
 * (`/dev/fd/63` of a shell's `>(…)` is a link no path can stand for), and a dangling link is
 * followed to where its file would be.
 */
async function destination(
  file: string,
): Promise<{ path: string; kind: 'absent' | 'file' | 'directory' | 'special'; mode?: number }> {
  const found = await stat(file).catch(absentIsUndefined);
  if (found?.isFile()) return { path: await realpath(file), kind: 'file', mode: found.mode };
  if (found) return { path: file, kind: found.isDirectory() ? 'directory' : 'special' };
  let path = resolve(file);
  for (let links = 0; links <= MAX_LINKS; links++) {
    const link = await lstat(path).catch(absentIsUndefined);
    if (!link?.isSymbolicLink()) return { path, kind: 'absent' };
    path = resolve(dirname(path), await readlink(path));
  }
  throw Object.assign(new Error(`${file}: too many levels of symbolic links`), { code: 'ELOOP' });
}

function absentIsUndefined(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT') return undefined;
  throw err;
}

/** Writes into what is there (a device, a FIFO), as `>` would, but never creates or replaces it. */
async function writeThrough(path: string, content: string): Promise<void> {
  const handle = await open(path, constants.O_WRONLY);
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}

/** A reporter writing one file, rendered from the whole report, when the run ends. */
export function reportFile(file: string, render: (report: RunReport) => string): Reporter {
  return {
    async on(event) {
      if (event.type === 'run-finished') await writeReportFile(file, render(event.report));
    },
  };
}
