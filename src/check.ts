import { randomBytes } from 'node:crypto';
import { suites as bundledSuites } from '../suites/index.js';
import { notServed, PROFILE_SERVED, profileSuite } from '../suites/profile/suite.js';
import { configSecrets, credentialVariables, type RunConfig } from './config/config.js';
import { PROTO_DIALECT, wireName, type Dialect } from './dialect/dialect.js';
import { discover, type Overrides } from './discovery/discover.js';
import type { Target } from './discovery/target.js';
import type { Reporter } from './report/events.js';
import { type RecordedRun, Transcript } from './http/transcript.js';
import type { Baseline } from './report/baseline.js';
import { selection } from './engine/selection.js';
import type { RunInfo, RunReport } from './report/run-report.js';
import { reportWithoutChecks, resultBeforeRun, runSuites } from './engine/run.js';
import { RunStop } from './engine/run-stop.js';
import { NotInTranscript, TargetUnusableError, UsageError } from './errors.js';
import type { Suite } from './engine/suite.js';
import type { Effect } from './report/types.js';
import { HttpClient } from './http/client.js';
import { originOf } from './http/pipeline.js';
import { Redactor } from './http/redact.js';
import { OutputRedaction } from '../reports/redaction.js';
import { TOOL } from './package-root.js';
import { platformProfileDocument, recordedPlatformProfiles, startPlatformProfiles } from './platform/profile-server.js';
import { isLoopback } from './protocol/loopback.js';
import { PROTOCOL_VERSION } from './protocol/version.js';
import type { SigningKey } from './platform/signing-key.js';
import { DEFAULT_AGENT_PROFILE } from './platform/agent-profile.js';
import { DEFAULT_CONCURRENCY } from './engine/concurrency.js';
import { keptKeysOf, type KeptKeys } from './http/kept-keys.js';
import type { Service } from './protocol/operations.js';

export { DEFAULT_AGENT_PROFILE };
export { DEFAULT_CONCURRENCY };

export interface CheckOptions {
  /** The business: its base URL, or its profile URL. */
  url: string;
  dialect?: Dialect;
  config?: RunConfig;
  /** Side effects allowed; default `write`. */
  allow?: Effect;
  /** `--allow burst`: scenarios that send a bounded burst of requests (to see a rate limit) may run. */
  burst?: boolean;
  /** Count a failed SHOULD in the exit code. */
  strict?: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Endpoints and capabilities to use instead of (or to narrow) the profile. */
  overrides?: Overrides;
  /** Our profile URL, sent in the agent header. */
  agentProfile?: string;
  /** The platform's signing key: requests are signed, and the profile the run hosts publishes it. */
  signingKey?: SigningKey;
  /** Certificate authorities (PEM) to trust besides the system's: a business with its own. */
  ca?: string;
  /** Known failures: they do not fail the run; one that now passes does, until it is removed. */
  baseline?: Baseline;
  /** Patterns of the checks to judge (`--only`) and to leave out (`--skip`): see src/engine/selection.ts. */
  only?: string[];
  skip?: string[];
  /** Stop once this many checks have failed. */
  maxFailures?: number;
  /** Facts every report must say first (the CLI's: config members still TODO). */
  notices?: string[];
  /**
   * Regrade: a recorded run (its JSON report's `exchanges`, `handshakes` and `platform`), which
   * answers every request in place of the business; nothing is sent. A check whose request the
   * record lacks is not-tested.
   */
  regrade?: RecordedRun;
  /** What the ids the run makes up are drawn from; a regrade gives the recorded run's. */
  seed?: string;
  /** The faults that prove each check can fail (`PROVEN_BY` for the bundled suites), said in its result. */
  provenBy?: ReadonlyMap<string, readonly string[]>;
  /** Do not verify certificates (`--insecure`); every report says so, at the top and in a notice. */
  insecure?: boolean;
  /**
   * Send every request through this proxy (`http://proxy:3128`), but to hosts NO_PROXY names.
   * Without it, HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read as curl reads them (this machine never proxied).
   */
  proxy?: string;
  /** The platform's client certificate and key (PEM), for a business that requires mutual TLS. */
  clientCertificate?: { cert: string; key: string };
  reporters?: Reporter[];
  /**
   * Given the run's kept keys once it ends (`--keep-keys`): its keyed create, update and complete
   * requests as sent, unredacted (src/http/kept-keys.ts). The one output that is not redacted.
   */
  keepKeys?: (kept: KeptKeys) => Promise<void> | void;
  /** Kept keys of an earlier run, sent again to judge their retention (`--replay-from`; idempotency.retained). */
  replayFrom?: KeptKeys;
  /** The suites to run; all bundled suites by default. */
  suites?: readonly Suite[];
  /** How many scenarios run at once (and connections per origin); DEFAULT_CONCURRENCY by default. */
  concurrency?: number;
  /** At most this many requests a second to any one origin; no cap by default. */
  rateLimit?: number;
  /** Bounds the whole run: at it, requests are cut off and unconcluded checks are errors. */
  deadlineMs?: number;
  /**
   * Interrupts the run when aborted, with the signal's name as its reason (`SIGINT`): no scenario
   * starts, the one under way ends, what the run created is cancelled, and the report says so.
   */
  interrupt?: AbortSignal;
}

/** What a run naming no platform profile, against a business elsewhere, must say first. */
const unhostedProfileNotice = (dialect: Dialect) =>
  `${dialect.agentHeader} names ${DEFAULT_AGENT_PROFILE}, which no business can fetch: one that resolves platform profiles answers 424, and the checks it answers so are not-tested; host a profile (proto-conformance keygen writes one) and name it with --agent-profile`;

/** What a run that verified no certificate must say first. */
const INSECURE_NOTICE =
  '--insecure: TLS certificates were not verified, so this run says nothing about whether clients can trust the business';

/**
 * Checks one business: discovers it, runs the suites, and returns the report. Throws
 * TargetUnusableError when the profile cannot be read (after the reporters have written a report
 * saying so), UsageError for bad input.
 */
export async function check(opts: CheckOptions): Promise<RunReport> {
  // Kept requests carry what was sent to one business (payment tokens among it): never to another.
  if (opts.replayFrom && !sameUrl(opts.replayFrom.target, opts.url)) {
    throw new UsageError(
      `--replay-from: the kept keys are of ${opts.replayFrom.target}, not ${opts.url}; they are sent again only to the business that answered them`,
    );
  }
  const dialect = opts.dialect ?? PROTO_DIALECT;
  const config = opts.config ?? {};
  const allow = opts.allow ?? 'write';
  const strict = opts.strict ?? false;
  const redactor = new Redactor({
    secretHeaders: [
      ...Object.keys(config.headers ?? {}),
      ...Object.keys(config.auth?.forbidden_headers ?? {}),
      ...Object.keys(config.second_platform?.headers ?? {}),
    ],
    secrets: configSecrets(config),
    named: credentialVariables(config),
  });
  // A business on this machine can fetch a platform profile we host; elsewhere, only one the user hosts.
  const given = opts.agentProfile ?? config.agent_profile;
  const platform = opts.regrade
    ? opts.regrade.platform && recordedPlatformProfiles(dialect, opts.regrade.platform)
    : !given && isLoopback(opts.url)
      ? await startPlatformProfiles(
          dialect,
          platformProfileDocument(dialect, PROTOCOL_VERSION, opts.signingKey ? [opts.signingKey.public] : []),
        )
      : undefined;
  const stop = new RunStop({ deadlineMs: opts.deadlineMs, interrupt: opts.interrupt });
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const client = new HttpClient({
    dialect,
    agentProfile: given ?? platform?.url ?? DEFAULT_AGENT_PROFILE,
    timeoutMs: opts.timeoutMs ?? 10_000,
    maxResponseBytes: opts.maxResponseBytes ?? 5 * 1024 * 1024,
    headers: config.headers ?? {},
    signingKey: opts.signingKey?.private,
    ca: opts.ca,
    insecure: opts.insecure,
    proxy: { url: opts.proxy, env: process.env },
    clientCertificate: opts.clientCertificate,
    stop,
    connectionsPerOrigin: concurrency,
    ratePerOrigin: opts.rateLimit,
    allow,
    ...(opts.regrade ? { transcript: new Transcript(opts.regrade) } : {}),
  });
  // Credentials go to the target's origin, the origins the config lists and the endpoints the user gave.
  const overrides: Overrides = opts.overrides ?? { endpoints: new Map() };
  client.sendCredentialsTo(
    [opts.url, ...(config.auth?.origins ?? []), ...overrides.endpoints.values()].map(originOf).filter(Boolean),
  );
  // The run judges what the business sent; what reporters and the caller get is redacted.
  const redaction = new OutputRedaction(redactor, platform?.url);
  const reporters = [redaction.reporter(opts.reporters ?? [], () => client.exchanges)];
  const options = {
    allow,
    ...(opts.burst ? { burst: true as const } : {}),
    strict,
    dialect: dialect.name,
    ...(opts.insecure ? { insecure: true } : {}),
  };
  // From the first request, so a run that ends in discovery reports how long it took.
  const startedAt = new Date().toISOString();
  // The ids the run makes up are drawn from it: a regrade passes the recorded one.
  const seed = opts.seed ?? randomBytes(8).toString('hex');
  try {
    let target: Target;
    try {
      target = await discover(opts.url, dialect, client, overrides);
    } catch (err) {
      const info = runInfo(opts.url, undefined, options, startedAt, seed);
      // Whatever discovery made of a request the stop cut off, the run was stopped, not refused.
      if (stop.reason)
        return redaction.report(await reportWithoutChecks(info, reporters, { stopped: stop.reason }, client.exchanges));
      // A record without the profile's answer cannot be regraded.
      const refused = err instanceof NotInTranscript ? new TargetUnusableError(err.message) : err;
      if (refused instanceof TargetUnusableError) {
        // Reached, the business answered its profile's address with no profile: PROF-013 fails.
        const judged = refused.answered
          ? [
              resultBeforeRun(opts, profileSuite, profileSuite.scenarios[0], PROFILE_SERVED, {
                verdict: 'fail',
                ...notServed(dialect.envelopeKey, { problem: refused.message, exchange: refused.answered }),
                durationMs: 0,
              }),
            ]
          : [];
        await reportWithoutChecks(info, reporters, { unusable: refused.message }, client.exchanges, judged);
        // Its words may quote what the business sent: they go to stderr as output does, redacted.
        throw new TargetUnusableError(redaction.text(refused.message));
      }
      throw err;
    }
    const withheld = withheldOrigins(target, client);
    if (withheld.length) target.notices = [...(target.notices ?? []), ...withheld];
    // A business elsewhere cannot fetch the profile the run names by default: one that resolves them answers 424.
    if (!given && !platform) target.notices = [...(target.notices ?? []), unhostedProfileNotice(dialect)];
    if (opts.insecure) target.notices = [INSECURE_NOTICE, ...(target.notices ?? [])];
    if (opts.notices?.length) target.notices = [...opts.notices, ...(target.notices ?? [])];
    const keys = target.profile?.document.keys;
    client.verifyWith(
      Array.isArray(keys) ? keys.filter((k): k is Record<string, unknown> => typeof k === 'object' && k !== null) : [],
    );
    const report = await runSuites({
      info: runInfo(opts.url, target, options, startedAt, seed),
      suites: opts.suites ?? bundledSuites,
      target,
      config,
      client,
      allow,
      burst: opts.burst,
      strict,
      reporters,
      platform,
      stop,
      concurrency,
      baseline: opts.baseline,
      ...(opts.only?.length || opts.skip?.length ? { select: selection(opts.only ?? [], opts.skip ?? []) } : {}),
      maxFailures: opts.maxFailures,
      provenBy: opts.provenBy,
      ...(opts.replayFrom ? { replayFrom: opts.replayFrom } : {}),
    });
    // From the log as sent, not the report: a replay needs the bodies the report redacts.
    const { url, services } = target;
    const endpointOf = (service: Service) => services.get(service)?.endpoint;
    await opts.keepKeys?.(
      keptKeysOf(client.exchanges, { url, agentHeader: dialect.agentHeader, endpointOf }, client.agentProfile),
    );
    return redaction.report(report);
  } finally {
    stop.dispose();
    await client.close();
    await platform?.close();
  }
}

/** A notice for each service endpoint on an origin the run has credentials for but sends none to. */
function withheldOrigins(target: Target, client: HttpClient): string[] {
  const byOrigin = new Map<string, string[]>();
  for (const [service, binding] of target.services) {
    const origin = binding.endpoint && client.withholdsCredentialsFrom(binding.endpoint);
    if (origin) byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), wireName(target.dialect, service)]);
  }
  return [...byOrigin].map(
    ([origin, services]) =>
      `credentials are not sent to ${origin} (the endpoint of ${services.join(', ')}): it is neither the target's origin nor in auth.origins in --config; its 401s are not judged`,
  );
}

/** What the report says of the run before its results; a target not discovered has no services yet. */
function runInfo(
  url: string,
  target: Target | undefined,
  options: RunInfo['options'],
  startedAt: string,
  seed: string,
): RunInfo {
  const services = target
    ? [...target.services].filter(([, b]) => b.endpoint).map(([s, b]) => [wireName(target.dialect, s), b.endpoint!])
    : [];
  return {
    tool: TOOL,
    target: {
      url,
      profileUrl: target?.profile?.url,
      services: Object.fromEntries(services),
      capabilities: target ? [...target.capabilities].map((c) => wireName(target.dialect, c)) : [],
      ...(target?.excluded.size ? { leftOut: [...target.excluded].map((c) => wireName(target.dialect, c)) } : {}),
    },
    options,
    startedAt,
    seed,
  };
}

/** Two URLs naming the same place, as URL parsing writes them out (a trailing slash on the origin aside). */
function sameUrl(a: string, b: string): boolean {
  const href = (u: string) => {
    try {
      return new URL(u).href;
    } catch {
      return u;
    }
  };
  return href(a) === href(b);
}
