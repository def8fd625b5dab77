import { Command, CommanderError, Option } from 'commander';
import { CAPABILITIES, SERVICES } from '../protocol/operations.js';
import { DEFAULT_AGENT_PROFILE } from '../platform/agent-profile.js';
import { DEFAULT_CONCURRENCY } from '../engine/concurrency.js';
import { RUN_DEFAULTS } from './defaults.js';
import { TOOL } from '../package-root.js';
import { TargetUnusableError, UsageError } from '../errors.js';
import { EXIT } from '../report/exit-code.js';
import { closest } from '../suggest.js';
import type { RunOptions } from './run-command.js';
import type { RequirementsOptions } from './requirements-command.js';

// Each command's module (suites, schemas, the reference business, their libraries) loads when
// the command runs: `--version` and `--help` load none of them.

/** False once the reader of stdout has gone away (`| head`, `| true`): output stops, the run does not. */
let stdoutOpen = true;
const out = (s: string) => {
  if (stdoutOpen) process.stdout.write(s);
};
const collect = (value: string, previous: string[]) => [...previous, value];

/** The commands besides run, for "did you mean". */
const COMMANDS = ['demo', 'init', 'regrade', 'keygen', 'reference-server', 'requirements', 'explain', 'help'];

function runOptions(cmd: Command, opts: { demo: boolean }): Command {
  if (!opts.demo) {
    cmd
      .addOption(valued('--config <file>', 'JSON config: fixtures, credentials, secrets (see README)'))
      .addOption(valued('--dialect <file>', 'protocol identifiers for a deployment under another name'))
      .addOption(
        valued(
          '--allow <class>',
          'side effects allowed: read, write or irreversible; add ,burst for the rate-limit burst',
          'write',
        ),
      )
      .option('--endpoint <service=url>', 'use this endpoint instead of the profile (repeatable)', collect, [])
      .option(
        '-H, --header <header>',
        'send "Name: value" on every request, as the config\'s headers (repeatable; redacted in all output)',
        collect,
        [],
      )
      .addOption(valued('--capabilities <list>', `comma-separated capabilities to check (${CAPABILITIES.join(', ')})`))
      .addOption(
        valued(
          '--agent-profile <url>',
          `profile URL sent in the agent header (default: one the run hosts for a business on 127.0.0.1, else ${DEFAULT_AGENT_PROFILE})`,
        ),
      )
      .addOption(valued('--signing-key <file>', 'sign every request with this private JWK (as keygen writes it)'))
      .addOption(
        valued('--ca <file>', 'trust the certificate authorities in this PEM file too (a business with its own)'),
      )
      .addOption(valued('--cert <file>', 'client certificate (PEM) for a business that requires mutual TLS'))
      .addOption(valued('--key <file>', 'private key (PEM) of --cert'))
      .addOption(valued('--baseline <file>', 'known failures, each with a reason: they do not fail the run'))
      .addOption(valued('--write-baseline <file>', "write a baseline accepting this run's failures"))
      .option('--list', 'print the checks the run would judge and the files it would write, and send nothing')
      .addOption(valued('--record <file>', 'write the run (redacted) for `regrade` to judge again later'))
      .addOption(
        valued(
          '--keep-keys <file>',
          'write the keyed create, update and complete requests as sent, bodies unredacted (mode 0600), for --replay-from',
        ),
      )
      .addOption(
        valued('--replay-from <file>', 'send the keys a --keep-keys run kept again, to judge their 24-hour retention'),
      )
      .option('--insecure', 'do not verify TLS certificates (every report says so)')
      .addOption(
        valued('--proxy <url>', 'send every request through this proxy (else HTTPS_PROXY, HTTP_PROXY, NO_PROXY)'),
      );
  }
  cmd
    .option('--strict', 'exit 1 when a SHOULD fails too')
    .option('--verbose', 'print, for each failing multi-step check, a script replaying its chain of requests')
    .option('--quiet', 'print only the counts line (the reports are written in full)')
    .addOption(
      valued('--concurrency <n>', 'scenarios run at once, and connections per origin', String(DEFAULT_CONCURRENCY)),
    )
    .addOption(
      valued(
        '--only <patterns>',
        'judge only the checks matching one of these comma-separated patterns (check or requirement IDs, capabilities, levels; * and ? glob)',
      ),
    )
    .addOption(valued('--skip <patterns>', 'leave out the checks matching one of these patterns'))
    .addOption(valued('--max-failures <n>', 'stop the run once n checks have failed'))
    .addOption(
      valued(
        '--rate-limit <n>',
        'at most n requests a second to any one origin, n a whole number or not (for runs against production)',
      ),
    )
    .addOption(valued('--timeout <ms>', 'per-request timeout in milliseconds', RUN_DEFAULTS.timeout))
    .addOption(
      valued(
        '--deadline <ms>',
        'bound on the whole run in milliseconds; requests under way and clean-up may take 5 s more',
        RUN_DEFAULTS.deadline,
      ),
    )
    .addOption(valued('--max-response-bytes <n>', 'largest response body read', RUN_DEFAULTS.maxResponseBytes))
    .addOption(valued('--json <file>', 'write the JSON report (- for stdout: the console goes to stderr)'))
    .addOption(valued('--junit <file>', 'write a JUnit XML report (- for stdout)'))
    .addOption(valued('--html <file>', 'write an HTML report (- for stdout)'))
    .addOption(valued('--markdown <file>', 'write a Markdown summary (- for stdout)'));
  return cmd;
}

/**
 * An option with one value, which may come from the environment too (`PROTO_CONFORMANCE_RATE_LIMIT`
 * for `--rate-limit`): a flag wins over it, and it wins over the config file and the defaults.
 */
function valued(flags: string, description: string, byDefault?: string): Option {
  const option = new Option(flags, description);
  if (byDefault !== undefined) option.default(byDefault);
  return option.env(envName(option.attributeName()));
}

const envName = (attribute: string) => `PROTO_CONFORMANCE_${attribute.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

const EXAMPLES = `
Examples:
  $ proto-conformance https://shop.example
  $ proto-conformance https://shop.example --config proto.config.json --allow irreversible --junit junit.xml
  $ proto-conformance demo
  $ proto-conformance explain CHK-015`;

const EXIT_CODES = `
Exit codes:
  0         no MUST failed (with --strict, no SHOULD either)
  1         a MUST failed (with --strict, or a SHOULD)
  2         usage or config error
  3         target unusable, or checks that could not be evaluated and nothing failed
  4         internal error of proto-conformance
  130, 143  interrupted by SIGINT or SIGTERM (the reports are written, marked interrupted)`;

/** Help that shows a default as the value it is (`16`, not `"16"`), and the variable an option may come from. */
const plainDefaults = {
  optionDescription(option: Option): string {
    const value = option.defaultValueDescription ?? option.defaultValue;
    const shown = Array.isArray(value) ? (value.length ? value.join(', ') : undefined) : value;
    const extras = [
      ...(shown === undefined || shown === false ? [] : [`default: ${shown}`]),
      ...(option.envVar ? [`env: ${option.envVar}`] : []),
    ];
    return extras.length ? `${option.description} (${extras.join('; ')})` : option.description;
  },
};

export function program(): Command {
  const p = new Command('proto-conformance')
    .description('Checks a business endpoint against the proto protocol, requirement by requirement.')
    .version(TOOL.version)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp(plainDefaults)
    .addHelpText('after', `${EXAMPLES}\n${EXIT_CODES}\n`)
    .exitOverride();

  runOptions(
    p
      .command('run <url>', { isDefault: true })
      .description('check the business at URL (the default command)')
      .addHelpText('after', `${EXAMPLES}\n${EXIT_CODES}\n`),
    { demo: false },
  ).action(async (url: string, opts: RunOptions) => {
    // `proto-conformance demoo`: a mistyped command, not a target.
    const command = /^[\w-]+$/.test(url) ? closest(url, COMMANDS) : undefined;
    if (command) throw new UsageError(`unknown command ${url}; did you mean ${command}? (a target is a URL)`);
    const { executeRun, resolveRun } = await import('./run-command.js');
    const run = await resolveRun(url, opts);
    if (opts.list) {
      const { listRun } = await import('./list-run.js');
      process.exitCode = listRun(run, out);
      return;
    }
    process.exitCode = await executeRun(run, out);
  });

  runOptions(
    p.command('demo').description('start the reference business in-process and check it, every class allowed'),
    { demo: true },
  ).action(async (opts: RunOptions) => {
    const { demoCommand } = await import('./demo-command.js');
    process.exitCode = await demoCommand(opts, out);
  });

  p.command('regrade <file>')
    .description('judge a recorded run (--record) again with this checker, sending nothing')
    .option('--json <file>', 'write the JSON report (- for stdout)')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--html <file>', 'write an HTML report')
    .option('--markdown <file>', 'write a Markdown summary')
    .option('--verbose', 'print the replay scripts and every not-applicable check')
    .option('--quiet', 'print only the counts line')
    .action(async (file: string, opts) => {
      const { regradeCommand } = await import('./regrade-command.js');
      process.exitCode = await regradeCommand(file, opts, out);
    });

  p.command('init <url>')
    .description('read a business profile and write a first config, with what still needs filling in')
    .option('-o, --out <file>', 'where to write the config', 'proto-conformance.config.json')
    .option('--force', 'replace a file already there')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', RUN_DEFAULTS.timeout)
    .action(async (url: string, opts: { out: string; force?: boolean; timeout: string }) => {
      const { initCommand } = await import('./init-command.js');
      process.exitCode = await initCommand(url, opts, out);
    });

  p.command('keygen')
    .description('write a platform signing key and a platform profile publishing it, ready to host')
    .option('--out <dir>', 'directory to write them to', '.')
    .option('--curve <name>', 'Ed25519 or P-256', 'Ed25519')
    .option('--force', 'replace a key and profile already there')
    .action(async (opts: { out: string; curve: string; force?: boolean }) => {
      const { keygen } = await import('./keygen-command.js');
      process.exitCode = await keygen(opts, out);
    });

  p.command('reference-server')
    .description('serve the bundled reference business, optionally with faults switched on')
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '0')
    .option('--fault <name>', 'switch a fault on (repeatable)', collect, [])
    .option('--variation <name>', 'switch a conformant variation on (repeatable)', collect, [])
    .option('--list-faults', 'list the faults and exit')
    .option('--list-variations', 'list the variations and exit')
    .option('--json', 'with --list-faults or --list-variations: print JSON')
    .option('--write-config <file>', 'write the run config a full run against this business needs')
    .option('--dialect <file>', 'serve the protocol under another dialect')
    .option(
      '--services <list>',
      `comma-separated services to serve and advertise (${SERVICES.join(', ')})`,
      SERVICES.join(','),
    )
    .option('--tls-cert <file>', 'serve HTTPS, TLS 1.3 only, with this PEM certificate (needs --tls-key)')
    .option('--tls-key <file>', 'the PEM private key of --tls-cert')
    .option('--latency <ms>', 'wait this long before every answer, as a business far away would')
    .option('--jitter <ms>', 'and up to this much more, at random')
    .option('--rate-limit <n>', 'answer 429 with Retry-After beyond n requests a second')
    .option('--one-at-a-time', 'answer one request at a time, as a business with a single worker does')
    .option('--create-limit <n/s>', 'answer 429 beyond n creates in s seconds, asking to wait s seconds')
    .action(async (opts) => {
      const { referenceCommand } = await import('./reference-command.js');
      const result = await referenceCommand(opts, out);
      if (result !== 'serving') process.exitCode = result;
    });

  p.command('requirements')
    .description('print the requirement register')
    .option('--json', 'print JSON')
    .option('--capability <name>', 'only this capability (shopping.cart, cart, shopping, profile, …)')
    .option('--level <level>', 'only this level: MUST, SHOULD or MAY')
    .action(async (opts: RequirementsOptions) => {
      const { requirementsCommand } = await import('./requirements-command.js');
      requirementsCommand(opts, out);
    });

  p.command('explain <id>')
    .description('one requirement: statement, source, spec sentences, checks, the faults that prove them')
    .action(async (id: string) => {
      const { explainCommand } = await import('./explain-command.js');
      explainCommand(id, out);
    });

  return p;
}

/** Entry point: every failure ends as one line and a documented exit code, never a stack trace. */
export async function main(argv: string[]): Promise<void> {
  // A reader that goes away (`| head`) ends the output, never the run: reports are still written
  // and the exit code still says what the run found.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (stdoutOpen && err.code !== 'EPIPE')
      process.stderr.write(`proto-conformance: cannot write to stdout (${err.code ?? err.message}); the run goes on\n`);
    stdoutOpen = false;
  });
  try {
    // Nothing asked: the help, and the exit code of a run that did not happen.
    if (argv.length <= 2) {
      program().outputHelp();
      process.exitCode = EXIT.usage;
      return;
    }
    await program().parseAsync(argv);
  } catch (err) {
    process.exitCode = exitFor(err);
  }
}

function exitFor(err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has already printed its message; help and version are successes.
    return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (err instanceof UsageError) {
    process.stderr.write(`proto-conformance: ${err.message}\n`);
    return EXIT.usage;
  }
  if (err instanceof TargetUnusableError) {
    process.stderr.write(`proto-conformance: target unusable: ${err.message}\n`);
    return EXIT.unusable;
  }
  process.stderr.write(`proto-conformance: internal error: ${(err as Error)?.message ?? String(err)}\n`);
  return EXIT.internal;
}
