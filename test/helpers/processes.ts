import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'bin/proto-conformance.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as a process; `stdout` sends its output to a file instead (`/dev/full`). */
export function cli(
  args: string[],
  env: Record<string, string> = {},
  to: { stdout?: string } = {},
): Promise<CliResult> {
  return startCli(args, env, to).done;
}

/** Starts the real CLI as a process, to signal it while it runs; `done` settles when it exits. */
export function startCli(
  args: string[],
  env: Record<string, string> = {},
  to: { stdout?: string } = {},
): { child: ChildProcess; done: Promise<CliResult>; stderrSoFar: () => string } {
  const stdoutFd = to.stdout ? openSync(to.stdout, 'w') : undefined;
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    // Not in GitHub Actions unless a test says so: annotations would change what stdout holds.
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', ...env },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done, stderrSoFar: () => stderr };
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `proto-conformance reference-server` as a process and waits for its URL line. */
export function referenceServer(args: string[] = []): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'reference-server', '--port', '0', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`reference-server exited ${code}: ${stderr}`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      resolve({
        url: line.trim(),
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'proto-conformance-test-'));
}

/** The JSON, JUnit and HTML reports of a run in `dir`, and the flags asking for them. */
export function everyReport(dir: string, name: string): { files: string[]; flags: string[] } {
  const files = ['json', 'xml', 'html'].map((ext) => join(dir, `${name}.${ext}`));
  return { files, flags: ['--json', files[0], '--junit', files[1], '--html', files[2]] };
}
