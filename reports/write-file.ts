import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Reporter } from '../src/report/events.js';
import type { RunReport } from '../src/report/run-report.js';

/**
 * Writes a report so that readers never see it half-written: the content goes to a temporary
 * file in the same directory (same file system, so the rename is atomic), is flushed, and is
 * then renamed over `file`. Parent directories are created as needed.
 */
export async function writeReportFile(file: string, content: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  const suffix = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const tmp = join(dir, `.${basename(file)}.${suffix}.tmp`);
  try {
    const handle = await open(tmp, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
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
