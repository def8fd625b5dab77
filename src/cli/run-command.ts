import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  colorWanted,
  consoleReporter,
  githubReporter,
  htmlReport,
  jsonReport,
  junitXml,
  markdownReport,
  reportFile,
  writeReportFile,
} from '../../reports/index.js';
import { check } from '../check.js';
import type { RunConfig } from '../config/config.js';
import { readConfig } from './config-file.js';
import { loadSigningKey, type SigningKey } from '../platform/signing-key.js';
import { PROTO_DIALECT, type Dialect } from '../dialect/dialect.js';
import { loadDialect } from '../dialect/load.js';
import { parseCapabilityList, parseEndpointOverride, type Overrides } from '../discovery/discover.js';
import type { Reporter } from '../report/events.js';
import type { RunReport } from '../report/run-report.js';
import type { RecordedRun } from '../http/transcript.js';
import { Baseline, type BaselineFile, baselineOf } from '../report/baseline.js';
import { readJsonFile } from '../json-file.js';
import { closest } from '../suggest.js';
import { EFFECTS, type Effect } from '../report/types.js';
import { UsageError } from '../errors.js';
import { interruptedExit } from '../report/exit-code.js';
import { type KeptKeys, readKeptKeys } from '../http/kept-keys.js';

/** Options of `run` (and of `demo`, which fills some of them itself). */
export interface RunOptions {
  config?: string;
  dialect?: string;
  allow: string;
  strict?: boolean;
  timeout: string;
  deadline: string;
  concurrency: string;
  rateLimit?: string;
  maxResponseBytes: string;
  json?: string;
  junit?: string;
  html?: string;
  markdown?: string;
  baseline?: string;
  writeBaseline?: string;
  record?: string;
  keepKeys?: string;
  replayFrom?: string;
  only?: string;
  skip?: string;
  maxFailures?: string;
  list?: boolean;
  endpoint: string[];
  /** `-H "Name: value"`, added to the config's headers. */
  header?: string[];
  capabilities?: string;
  agentProfile?: string;
  signingKey?: string;
  ca?: string;
  cert?: string;
  key?: string;
  insecure?: boolean;
  proxy?: string;
  verbose?: boolean;
  quiet?: boolean;
}

/** What the CLI resolved from flags and files, before anything is sent. */
export interface ResolvedRun {
  url: string;
  dialect: Dialect;
  config: RunConfig;
  allow: Effect;
  /** `--allow burst`: the bounded burst that shows how the business limits rate may be sent. */
  burst: boolean;
  strict: boolean;
  timeoutMs: number;
  deadlineMs: number;
  concurrency: number;
  rateLimit?: number;
  maxResponseBytes: number;
  overrides: Overrides;
  /** Our profile URL, sent in the agent header; when absent, check() hosts one or uses the default. */
  agentProfile?: string;
  signingKey?: SigningKey;
  ca?: string;
  insecure: boolean;
  proxy?: string;
  baseline?: Baseline;
  /** What the run must say first (config members still TODO). */
  notices?: string[];
  /** Where to write a baseline accepting this run's failures. */
  writeBaseline?: string;
  /** Where to write the run's record, for a regrade. */
  record?: string;
  /** Where to write the run's kept keys (`--keep-keys`): requests as sent, unredacted. */
  keepKeysFile?: string;
  /** The kept keys of an earlier run, sent again (`--replay-from`). */
  replayFrom?: KeptKeys;
  /** A regrade: the recorded run that answers every request, and its seed. */
  regrade?: RecordedRun;
  seed?: string;
  only?: string[];
  skip?: string[];
  maxFailures?: number;
  clientCertificate?: { cert: string; key: string };
  outputs: { json?: string; junit?: string; html?: string; markdown?: string };
  verbose: boolean;
  quiet: boolean;
}

/** The report file name that means stdout. */
const STDOUT = '-';

/** How each report a run can write is rendered from the whole run. */
const RENDERERS = { json: jsonReport, junit: junitXml, html: htmlReport, markdown: markdownReport } as const;

/**
 * A report path must be writable before the run starts, not found unwritable after it: a
 * directory is refused, a device or a FIFO must be writable itself (it is written through), a
 * file's folder must be.
 */
async function checkWritable(flag: string, file: string | undefined): Promise<void> {
  if (!file || file === STDOUT) return;
  try {
    const found = await stat(file).catch(() => undefined);
    if (found?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (found && !found.isFile()) return await access(file, constants.W_OK);
    const dir = dirname(resolve(file));
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    throw new UsageError(
      `${flag} ${file}: cannot write there (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
}

export async function resolveRun(
  url: string,
  opts: RunOptions,
  preset: {
    config?: RunConfig;
    dialect?: Dialect;
    signingKey?: SigningKey;
    ca?: string;
    clientCertificate?: { cert: string; key: string };
  } = {},
): Promise<ResolvedRun> {
  for (const [flag, file] of [
    ['--json', opts.json],
    ['--junit', opts.junit],
    ['--html', opts.html],
    ['--markdown', opts.markdown],
    ['--write-baseline', opts.writeBaseline],
    ['--record', opts.record],
    ['--keep-keys', opts.keepKeys],
  ] as const) {
    await checkWritable(flag, file);
  }
  const toStdout = [opts.json, opts.junit, opts.html, opts.markdown].filter((f) => f === STDOUT);
  if (toStdout.length > 1) throw new UsageError('only one report can be written to stdout (-)');
  if (opts.keepKeys === STDOUT)
    throw new UsageError('--keep-keys -: the kept keys hold request bodies as sent and are never printed; name a file');
  const dialect = preset.dialect ?? (opts.dialect ? await loadDialect(opts.dialect) : PROTO_DIALECT);
  const read = preset.config
    ? { config: preset.config, todos: [] }
    : opts.config
      ? await readConfig(opts.config)
      : undefined;
  const file = read?.config ?? {};
  const notices = read?.todos.length
    ? [
        `config ${opts.config}: ${read.todos.length} member(s) still TODO (${read.todos.join(', ')}): the checks that need them are not-tested`,
      ]
    : [];
  // -H adds to the config's headers, replacing one of the same name whatever its case.
  const given = (opts.header ?? []).map(parseHeader);
  const kept = Object.entries(file.headers ?? {}).filter(
    ([n]) => !given.some(([g]) => g.toLowerCase() === n.toLowerCase()),
  );
  const config = given.length ? { ...file, headers: Object.fromEntries([...kept, ...given]) } : file;
  const ca = named('--ca', opts.ca, 'tls.ca_file', config.tls?.ca_file);
  const signing = named('--signing-key', opts.signingKey, 'signing.key_file', config.signing?.key_file);
  const { effect, burst } = parseAllow(opts.allow);
  return {
    url,
    dialect,
    config,
    allow: effect,
    burst,
    strict: !!opts.strict,
    timeoutMs: positiveInt('--timeout', opts.timeout),
    deadlineMs: positiveInt('--deadline', opts.deadline),
    concurrency: positiveInt('--concurrency', opts.concurrency),
    ...(opts.rateLimit === undefined ? {} : { rateLimit: positiveNumber('--rate-limit', opts.rateLimit) }),
    maxResponseBytes: positiveInt('--max-response-bytes', opts.maxResponseBytes),
    overrides: {
      endpoints: new Map(opts.endpoint.map((e) => parseEndpointOverride(dialect, e))),
      capabilities: opts.capabilities === undefined ? undefined : parseCapabilityList(dialect, opts.capabilities),
    },
    agentProfile: opts.agentProfile ?? config.agent_profile,
    clientCertificate:
      preset.clientCertificate ??
      (await clientCertificate(
        named('--cert', opts.cert, 'tls.cert_file', config.tls?.cert_file),
        named('--key', opts.key, 'tls.key_file', config.tls?.key_file),
      )),
    ca: preset.ca ?? (ca ? await readPem(ca) : undefined),
    signingKey: preset.signingKey ?? (signing ? await loadSigningKey(signing.file, signing.label) : undefined),
    insecure: !!opts.insecure,
    ...(notices.length ? { notices } : {}),
    ...(opts.baseline ? { baseline: await loadBaseline(opts.baseline) } : {}),
    ...(opts.writeBaseline ? { writeBaseline: opts.writeBaseline } : {}),
    ...(opts.record ? { record: opts.record } : {}),
    ...(opts.keepKeys ? { keepKeysFile: opts.keepKeys } : {}),
    ...(opts.replayFrom ? { replayFrom: await readKeptKeys(opts.replayFrom) } : {}),
    ...(opts.only ? { only: patterns(opts.only) } : {}),
    ...(opts.skip ? { skip: patterns(opts.skip) } : {}),
    ...(opts.maxFailures ? { maxFailures: positiveInt('--max-failures', opts.maxFailures) } : {}),
    ...(opts.proxy ? { proxy: parseProxy(opts.proxy) } : {}),
    outputs: { json: opts.json, junit: opts.junit, html: opts.html, markdown: opts.markdown },
    verbose: !!opts.verbose,
    quiet: !!opts.quiet,
  };
}

/**
 * Runs the suites against one target, rendering to the console and the requested files; returns
 * the exit code. The first SIGINT or SIGTERM stops the run (what it created is cancelled, every
 * report is written, marked interrupted); a second exits at once.
 */
export async function executeRun(
  run: ResolvedRun,
  write: (s: string) => void,
  /** Heard after the others (a regrade's list of changed verdicts). */
  extra: readonly Reporter[] = [],
): Promise<number> {
  // A report written to stdout (`--json -`) has it to itself: the console goes to stderr.
  const toStdout = Object.values(run.outputs).includes(STDOUT);
  const consoleStream = toStdout ? process.stderr : process.stdout;
  const reporters: Reporter[] = [
    consoleReporter({
      write: toStdout ? (s) => process.stderr.write(s) : write,
      color: colorWanted(process.env, !!consoleStream.isTTY),
      verbose: run.verbose,
      quiet: run.quiet,
      // Lines redrawn in place only on a terminal a person watches; CI logs get plain lines.
      live: !!consoleStream.isTTY && !isCi(process.env),
      columns: consoleStream.columns || undefined,
    }),
  ];
  for (const [kind, render] of Object.entries(RENDERERS) as [keyof typeof RENDERERS, (r: RunReport) => string][]) {
    const file = run.outputs[kind];
    if (file === STDOUT) reporters.push({ on: (e) => void (e.type === 'run-finished' && write(render(e.report))) });
    else if (file) reporters.push(guarded(`--${kind} ${file}`, reportFile(file, render)));
  }
  if (run.record) {
    const { recordOf } = await import('./record.js');
    reporters.push(
      guarded(
        `--record ${run.record}`,
        reportFile(run.record, (r) => recordOf(r, run.config)),
      ),
    );
  }
  if (run.writeBaseline) {
    const reason = `accepted ${new Date().toISOString().slice(0, 10)} from a run against ${run.url}: say why, or fix it`;
    const render = (r: RunReport) => `${JSON.stringify(baselineOf(r.checks, reason), null, 2)}\n`;
    reporters.push(guarded(`--write-baseline ${run.writeBaseline}`, reportFile(run.writeBaseline, render)));
  }
  // In GitHub Actions: annotations where the console goes, and the job's summary.
  if (process.env.GITHUB_ACTIONS === 'true') {
    const summaryFile = process.env.GITHUB_STEP_SUMMARY || undefined;
    const annotate = toStdout ? (s: string) => process.stderr.write(s) : write;
    reporters.push(guarded(`GITHUB_STEP_SUMMARY ${summaryFile}`, githubReporter({ write: annotate, summaryFile })));
  }
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) process.exit(interruptedExit(signal));
    process.stderr.write(
      `proto-conformance: ${signal}: stopping; cancelling what the run created and writing the reports (${signal} again exits at once)\n`,
    );
    interrupt.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // How each verdict is proven: the corpus, which only the CLI and tests read.
    const { PROVEN_BY } = await import('../corpus/proven-by.js');
    const { keepKeysFile } = run;
    const report = await check({
      ...run,
      ...(keepKeysFile ? { keepKeys: (kept: KeptKeys) => writeKeptKeys(keepKeysFile, kept) } : {}),
      reporters: [...reporters, ...extra],
      interrupt: interrupt.signal,
      provenBy: PROVEN_BY,
    });
    return report.exitCode;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * A report file that cannot be written costs one line on stderr, never the run: the exit code
 * still says what the run found, and the other reports are still written.
 */
function guarded(what: string, inner: Reporter): Reporter {
  return {
    async on(event) {
      try {
        await inner.on(event);
      } catch (err) {
        const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        process.stderr.write(`proto-conformance: ${what}: could not write the report (${why})\n`);
      }
    },
  };
}

/**
 * `--keep-keys FILE`: readable by its owner alone (it holds bodies as sent). A file that cannot be
 * written costs one line, never the run, as a report's.
 */
async function writeKeptKeys(file: string, kept: KeptKeys): Promise<void> {
  try {
    await writeReportFile(file, `${JSON.stringify(kept, null, 2)}\n`, { private: true });
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    process.stderr.write(`proto-conformance: --keep-keys ${file}: could not write the kept keys (${why})\n`);
  }
}

/** `--baseline FILE`: its schema, then every check it names against the bundled suites'. */
async function loadBaseline(file: string): Promise<Baseline> {
  const { known } = await readJsonFile<BaselineFile>(file, 'baseline', 'baseline.schema.json');
  const { CHECKS } = await import('../corpus/checks.js');
  for (const { check } of known) {
    if (CHECKS.has(check) || check.startsWith('coverage.')) continue;
    const guess = closest(check, [...CHECKS.keys()]);
    throw new UsageError(`baseline ${file}: no check ${check}${guess ? `; did you mean ${guess}?` : ''}`);
  }
  return new Baseline(file, known);
}

/** A file a flag names or, without the flag, the config; `label` is where a problem with it is blamed. */
interface NamedFile {
  label: string;
  file: string;
}

function named(flag: string, given: string | undefined, member: string, inConfig: string | undefined) {
  if (given) return { label: flag, file: given };
  return inConfig ? { label: `config ${member}`, file: inConfig } : undefined;
}

/** `--only a,b*`: comma-separated patterns. */
const patterns = (list: string) =>
  list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** `--proxy URL`: an http or https proxy. */
function parseProxy(proxy: string): string {
  let u: URL;
  try {
    u = new URL(proxy);
  } catch {
    throw new UsageError(`--proxy ${proxy}: not a URL (expected e.g. http://proxy.example:3128)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new UsageError(`--proxy ${proxy}: expected an http:// or https:// proxy`);
  return proxy;
}

/** `-H "Name: value"`, as curl takes it. */
function parseHeader(header: string): [string, string] {
  const colon = header.indexOf(':');
  const name = header.slice(0, colon).trim();
  if (colon <= 0 || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name))
    throw new UsageError(`--header ${JSON.stringify(header)}: expected "Name: value"`);
  return [name, header.slice(colon + 1).trim()];
}

/** The client certificate and key for mutual TLS: both or neither. */
async function clientCertificate(
  cert: NamedFile | undefined,
  key: NamedFile | undefined,
): Promise<{ cert: string; key: string } | undefined> {
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new UsageError('--cert and --key (tls.cert_file and tls.key_file) go together');
  return { cert: await readPem(cert), key: await readPem(key, 'PRIVATE KEY-----') };
}

async function readPem({ label, file }: NamedFile, marker = '-----BEGIN CERTIFICATE-----'): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `${label} ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  if (!text.includes(marker))
    throw new UsageError(`${label} ${file}: no PEM ${marker.includes('KEY') ? 'private key' : 'certificate'} in it`);
  return text;
}

/** A positive number, whole or not (`--rate-limit 0.5`: one request every 2 s). */
function positiveNumber(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || value.trim() === '')
    throw new UsageError(`${flag} ${value}: expected a positive number`);
  return n;
}

function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} ${value}: expected a positive whole number`);
  return n;
}

/** CI services set CI (GitHub Actions, GitLab, CircleCI, Travis, Buildkite…); `CI=false` or `0` is not CI. */
const isCi = (env: NodeJS.ProcessEnv) => env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';

/**
 * `--allow`: a side-effect class (read, write, irreversible; write when none is named) and, apart
 * from the classes, `burst`, comma-separated: `--allow irreversible,burst`.
 */
export function parseAllow(value: string): { effect: Effect; burst: boolean } {
  const words = value.split(',').map((w) => w.trim());
  const effects = words.filter((w) => (EFFECTS as readonly string[]).includes(w)) as Effect[];
  const unknown = words.filter((w) => w !== 'burst' && !effects.includes(w as Effect));
  if (unknown.length || effects.length > 1 || words.length === 0) {
    throw new UsageError(
      `--allow ${value}: expected one of ${EFFECTS.join(', ')}, optionally with burst (e.g. write,burst)`,
    );
  }
  return { effect: effects[0] ?? 'write', burst: words.includes('burst') };
}
