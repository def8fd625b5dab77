import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/processes.js';

/** Runs the CLI behind a pseudo-terminal (util-linux `script`), its stdout a TTY; returns what the terminal got. */
function onTerminal(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string }> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('the console', () => {
  it('on a terminal, keeps a live line per capability under way, redrawn in place, and ends on the counts', async () => {
    const { code, out } = await onTerminal(['demo'], { CI: undefined });
    expect(code).toBe(0);
    // A live line, erased (cursor up, clear to the end of the screen) before output goes above it.
    expect(out).toMatch(/ {2}… \S+: \d+ checks done(, \d+ failing)?, \d+ scenario\(s\) under way\r?\n/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escapes that erase the live lines
    expect(out).toMatch(/\x1b\[\d+A\r\x1b\[J/);
    // Nothing live is left on the screen after the counts.
    const tail = out.slice(out.lastIndexOf('\x1b[J'));
    expect(tail).not.toContain('under way');
    expect(out.trimEnd().split(/\r?\n/).at(-1)).toMatch(/^\d+ passed, 0 failed, 0 warned, \d+ info, /);
  });

  it('with CI set, prints plain lines on a terminal too', async () => {
    const { code, out } = await onTerminal(['demo'], { CI: 'true' });
    expect(code).toBe(0);
    expect(out).not.toContain('\x1b[');
    expect(out).not.toContain('under way');
    expect(out).toMatch(/\r?\n {2}✓ profile\.content-type /);
  });
});
