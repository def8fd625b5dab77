import type { RunConfig } from '../config/config.js';
import { wireName } from '../dialect/dialect.js';
import { ENDPOINT_CHECK_ID, SERVED_CHECK_ID, type Target } from '../discovery/target.js';
import type { HttpClient } from '../http/client.js';
import type { Exchange } from '../report/exchange.js';
import { serviceOf } from '../protocol/operations.js';
import type { PlatformProfiles } from '../platform/profile-server.js';
import type { Requirement } from '../register/types.js';
import { type Memo, refusedPlatformProfile, ScenarioContext, unvouched } from './context.js';
import { EXIT, exitCodeFor } from '../report/exit-code.js';
import { HarnessError, Stop } from './outcomes.js';
import { summarise, type RunInfo, type RunReport } from '../report/run-report.js';
import type { Reporter, RunEvent } from '../report/events.js';
import { RuleJudge } from './rules.js';
import type { ExchangeRule } from './rule.js';
import type { CheckSpec, Settled } from './check.js';
import type { Scenario, Suite } from './suite.js';
import type { CheckResult, Effect, Verdict } from '../report/types.js';
import { allows, brokenVerdict, levelOf } from './verdict.js';
import { createdResources, isOpen } from './ledger.js';
import type { RunStop } from './run-stop.js';
import { Slots } from './slots.js';
import { withDraws } from './draws.js';
import { LEFT_OUT_BY_SELECTION, type Selectable } from './selection.js';
import { NotConsented, NotInTranscript, RunHalted } from '../errors.js';
import type { CreatedResource, RunStopped } from '../report/run-report.js';
import type { Baseline } from '../report/baseline.js';
import type { KeptKeys } from '../http/kept-keys.js';

export interface RunPlan {
  info: RunInfo;
  suites: readonly Suite[];
  target: Target;
  config: RunConfig;
  client: HttpClient;
  allow: Effect;
  /** Scenarios that send a bounded burst may run (`--allow burst`). */
  burst?: boolean;
  reporters: Reporter[];
  /** The register to read levels from; the bundled one unless a test brings its own. */
  requirement?: (id: string) => Requirement | undefined;
  /** A failed SHOULD counts in the exit code too. */
  strict: boolean;
  /** The platform profiles this run hosts for a business on loopback, if any. */
  platform?: PlatformProfiles;
  /** Interruption and deadline: once stopped, no scenario starts and the one under way ends. */
  stop?: RunStop;
  /** How many scenarios run at once; 1 by default. */
  concurrency?: number;
  /** Known failures (`--baseline`): they do not fail the run; those that now pass do. */
  baseline?: Baseline;
  /** The checks judged (`--only`, `--skip`); every check when absent. */
  select?: (s: Selectable) => boolean;
  /** Stop the run (as `stop` does) once this many checks have failed. */
  maxFailures?: number;
  /** The faults that prove a check can fail, to say so in its result. */
  provenBy?: ReadonlyMap<string, readonly string[]>;
  /** Kept keys of an earlier run, for the scenario judging their retention (`--replay-from`). */
  replayFrom?: KeptKeys;
}

type Gate = { verdict: Verdict; message: string; waitsOn?: readonly string[] };

/**
 * Runs every scenario, judging every rule on each exchange as it is recorded, and tells the
 * reporters each step as one stream of events (src/report/events.ts).
 */
export async function runSuites(plan: RunPlan): Promise<RunReport> {
  const started = performance.now();
  const tell = (event: RunEvent) => {
    for (const r of plan.reporters) void r.on(event);
  };
  tell({ type: 'run-started', run: plan.info });
  const targetNotices = plan.target.notices ?? [];
  for (const message of targetNotices) tell({ type: 'notice', message });
  const onStop = () => plan.stop?.reason && tell({ type: 'interrupted', stopped: plan.stop.reason });
  if (plan.stop?.reason) onStop();
  else plan.stop?.halt.addEventListener('abort', onStop, { once: true });

  const gates = new Map(plan.suites.map((s) => [s, applicability(s, plan.target)]));
  const order = declaredOrder(plan.suites.flatMap((s) => s.scenarios.map((c) => c.id)));
  const judge = new RuleJudge(
    plan.suites.flatMap((s) => (gates.get(s) ? [] : (s.rules ?? []))),
    plan.target,
    order,
  );
  const hear = (exchange: Exchange) => {
    judge.see(exchange);
    tell({ type: 'exchange-recorded', seq: exchange.seq, exchange });
  };
  // Discovery's exchanges came before the run did.
  for (const x of plan.client.exchanges) hear(x);
  const unlisten = plan.client.onRecord(hear);

  const results: CheckResult[] = [];
  const conclude = (concluded: CheckResult) => {
    const result = plan.baseline?.apply(concluded) ?? concluded;
    results.push(result);
    tell({ type: 'check-concluded', result });
  };
  const memo = new Map<string, Memo<unknown>>();
  const allowGated = new Map<Suite, Effect>();
  const chosen = (suite: Suite, check: CheckSpec) =>
    !plan.select ||
    plan.select({
      check,
      level: levelOf(check.requirements, plan.requirement),
      names: [suite.id, suite.capability, capabilityOf(plan, suite)],
    });
  const leftOut: Gate = { verdict: 'not-tested', message: LEFT_OUT_BY_SELECTION };
  let failures = 0;
  const waits = new Map<CheckResult, readonly string[]>();

  // Scenarios start in their declared order, up to `concurrency` at once; results are concluded in
  // that order too, whatever order the scenarios finish in.
  const slots = new Slots(plan.concurrency ?? 1);
  // A burst starts once every other scenario is over: its refusals must not reach their requests, nor theirs its count.
  let othersOver!: () => void;
  const quiet = new Promise<void>((resolve) => {
    othersOver = resolve;
  });
  const others: Promise<unknown>[] = [];
  const outcomes = plan.suites.flatMap((suite) =>
    suite.scenarios.map((scenario) => {
      const effectAllowed = allows(plan.allow, scenario.effect);
      if (!effectAllowed && !allowGated.has(suite)) allowGated.set(suite, scenario.effect);
      const allowed = effectAllowed && (!scenario.burst || !!plan.burst);
      const applicable = gates.get(suite);
      const picked = scenario.checks.some((c) => chosen(suite, c));
      const gate =
        applicable ??
        (picked ? undefined : leftOut) ??
        (allowed
          ? undefined
          : { verdict: 'not-tested' as const, message: `needs --allow ${effectAllowed ? 'burst' : scenario.effect}` });
      const capability = capabilityOf(plan, suite);
      const finished = (settled: [CheckSpec, Settled][]) => {
        const out = settled.map(([spec, s]) => {
          // A check --only or --skip left out is not judged, whatever its scenario concluded.
          const kept = applicable || chosen(suite, spec) ? s : { ...leftOut, exchanges: [], durationMs: 0 };
          const result = resultOf(plan, suite, scenario.id, scenario.effect, spec, kept);
          if (kept.waitsOn?.length) waits.set(result, kept.waitsOn);
          return result;
        });
        tell({ type: 'scenario-finished', suite: suite.id, scenario: scenario.id, capability, results: out });
        // A failure the baseline accepts is not one of the failures --max-failures counts.
        failures += out.filter((r) => r.verdict === 'fail' && !plan.baseline?.accepts(r)).length;
        if (plan.maxFailures !== undefined && failures >= plan.maxFailures)
          plan.stop?.stop({
            reason: 'max-failures',
            message: `the run stopped after ${failures} failures (--max-failures ${plan.maxFailures})`,
          });
        return out;
      };
      if (gate) return Promise.resolve(finished(settleAll(scenario.checks, gate)));
      const start = () =>
        slots.run(async () => {
          const halted = plan.stop?.reason && haltGate(plan.stop.reason);
          if (halted) return finished(settleAll(scenario.checks, halted));
          tell({ type: 'scenario-started', suite: suite.id, scenario: scenario.id, capability });
          return finished(await withDraws(plan.info.seed, scenario.id, () => runScenario(plan, scenario, memo)));
        });
      if (scenario.burst) return quiet.then(start);
      const outcome = start();
      others.push(outcome);
      return outcome;
    }),
  );
  void Promise.allSettled(others).then(() => othersOver());
  for (const outcome of outcomes) {
    const batch = await outcome;
    for (const result of batch) conclude(unblocked(result, [...results, ...batch], waits.get(result)));
  }
  unlisten();
  const log = plan.client.exchanges;
  for (const suite of plan.suites) {
    for (const rule of suite.rules ?? []) {
      const gate =
        gates.get(suite) ?? (chosen(suite, rule.check) ? undefined : leftOut) ?? capabilityGate(rule, plan.target);
      let settled = gate ? { ...gate, exchanges: [], durationMs: 0 } : judge.settle(rule);
      let effect: Effect = 'read';
      // Nothing to judge because the scenarios that would have made the requests were not allowed:
      // its own suite's, or (for a rule over other suites' exchanges) the class it declares.
      const gatedBy =
        allowGated.get(suite) ?? (rule.effect && !allows(plan.allow, rule.effect) ? rule.effect : undefined);
      if (!gate && settled.verdict === 'not-tested' && gatedBy) {
        settled = { ...settled, message: `needs --allow ${gatedBy}` };
        effect = gatedBy;
      }
      const result = resultOf(plan, suite, 'every-exchange', effect, rule.check, settled);
      conclude(settled.waitsOn?.length ? unblocked(result, results, settled.waitsOn) : result);
    }
  }
  for (const result of uncovered(plan)) conclude(result);
  if (plan.baseline?.stale.length) conclude(staleEntry(plan.baseline));
  plan.stop?.halt.removeEventListener('abort', onStop);
  const resources = createdResources(log);
  const stopped = plan.stop?.reason;
  const unjudged = stopped ? [] : namedButUnjudged(plan, results);
  if (unjudged.length) conclude(unjudgedEntry(unjudged));
  if (stopped) conclude(stoppedResult(stopped, resources));

  const serviceChecksRan = results.some((r) => isServiceSuite(plan, r.suite) && JUDGED.has(r.verdict));
  const exitCode = exitCodeFor(results, plan.strict, { serviceChecksRan, stopped });
  const endNotices = [
    ...plan.client.paceNotices(),
    ...profileNotices(plan, log),
    ...(serviceChecksRan || stopped
      ? []
      : [
          'no service check could run, so the run proves nothing about the business; see the not-tested and blocked checks',
        ]),
    ...(stopped ? [stoppedNotice(stopped)] : []),
    ...resources.filter(isOpen).map(openLine),
  ];
  for (const message of endNotices) tell({ type: 'notice', message });
  const report: RunReport = {
    ...plan.info,
    reportVersion: 2,
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary: summarise(results),
    exitCode,
    notices: [...targetNotices, ...endNotices],
    checks: results,
    exchanges: log,
    ...(stopped ? { stopped } : {}),
    resources,
    ...(plan.client.handshakes.length ? { handshakes: [...plan.client.handshakes] } : {}),
    ...(plan.platform ? { platform: { url: plan.platform.url, fetched: plan.platform.fetched() } } : {}),
  };
  await Promise.all(plan.reporters.map((r) => r.on({ type: 'run-finished', report })));
  return report;
}

/**
 * The report of a run that ended before any suite ran: the target could not be used (exit 3), or a
 * signal came during discovery. One `error` entry says why, so every report asked for is written.
 */
export async function reportWithoutChecks(
  info: RunInfo,
  reporters: readonly Reporter[],
  ended: { unusable: string } | { stopped: RunStopped },
  log: Exchange[],
  /** What discovery could judge before it gave up (a profile address answered with no profile). */
  judged: readonly CheckResult[] = [],
): Promise<RunReport> {
  const tell = (event: RunEvent) => {
    for (const r of reporters) void r.on(event);
  };
  tell({ type: 'run-started', run: info });
  for (const exchange of log) tell({ type: 'exchange-recorded', seq: exchange.seq, exchange });
  if ('stopped' in ended) tell({ type: 'interrupted', stopped: ended.stopped });
  const resources = createdResources(log);
  const entry: CheckResult =
    'stopped' in ended
      ? stoppedResult(ended.stopped, resources)
      : runEntry('run.target', 'the target can be checked', `target unusable: ${ended.unusable}`);
  for (const result of [...judged, entry]) tell({ type: 'check-concluded', result });
  const notices = [
    ...('stopped' in ended ? [stoppedNotice(ended.stopped)] : []),
    ...resources.filter(isOpen).map(openLine),
  ];
  for (const message of notices) tell({ type: 'notice', message });
  const report: RunReport = {
    ...info,
    reportVersion: 2,
    finishedAt: new Date().toISOString(),
    durationMs: Math.max(0, Date.now() - Date.parse(info.startedAt)),
    summary: summarise([...judged, entry]),
    exitCode: 'stopped' in ended ? exitCodeFor([entry], false, ended) : EXIT.unusable,
    notices,
    checks: [...judged, entry],
    exchanges: log,
    ...('stopped' in ended ? { stopped: ended.stopped } : {}),
    resources,
  };
  await Promise.all(reporters.map((r) => r.on({ type: 'run-finished', report })));
  return report;
}

/**
 * The order a sequential run would have made the log in: discovery first, then each scenario's
 * exchanges in declared order. Concurrent scenarios interleave their requests; what a rule cites
 * first does not depend on it.
 */
function declaredOrder(scenarios: readonly string[]): (a: Exchange, b: Exchange) => number {
  const rank = new Map(scenarios.map((id, i) => [id, i]));
  const at = (x: Exchange) => (x.scenario === undefined ? -1 : (rank.get(x.scenario) ?? scenarios.length));
  return (a, b) => at(a) - at(b) || a.seq - b.seq;
}

/** Verdicts that mean a check really judged the business. */
const JUDGED: ReadonlySet<Verdict> = new Set(['pass', 'fail', 'warn', 'info']);

const isServiceSuite = (plan: RunPlan, suiteId: string) =>
  plan.suites.some((s) => s.id === suiteId && s.appliesWhen === 'advertised');

/** A broken check waits for its level (fail, warn or info); the other conclusions are final. */
const SETTLED = {
  held: 'pass',
  observed: 'info',
  'not-tested': 'not-tested',
  'not-applicable': 'not-applicable',
  broken: 'broken',
} as const;

function applicability(suite: Suite, target: Target): Gate | undefined {
  if (suite.appliesWhen === 'profile' && !target.profile) {
    // A profile the business answered with something else blocks what reads it; one not reached leaves it not-tested.
    return {
      verdict: 'not-tested',
      message: target.profileNotRead ?? 'profile not read',
      ...(target.profileRefused ? { waitsOn: [SERVED_CHECK_ID] } : {}),
    };
  }
  if (suite.appliesWhen !== 'advertised') return undefined;
  const name = wireName(target.dialect, suite.capability);
  if (target.excluded.has(suite.capability))
    return { verdict: 'not-tested', message: `${name} left out by --capabilities` };
  if (!target.capabilities.has(suite.capability))
    return { verdict: 'not-applicable', message: `${name} is not advertised` };
  const binding = target.services.get(serviceOf(suite.capability));
  if (!binding?.endpoint) {
    const why = binding?.problem ?? 'service not in the profile';
    return {
      verdict: 'blocked',
      message: `blocked by ${ENDPOINT_CHECK_ID}: no usable ${serviceOf(suite.capability)} endpoint (${why})`,
    };
  }
  return undefined;
}

/** A rule over some capabilities' responses, when the run checks none of them. */
function capabilityGate(rule: ExchangeRule, target: Target): Gate | undefined {
  const over = rule.capabilities;
  if (!over || over.some((c) => target.capabilities.has(c))) return undefined;
  const names = over.map((c) => wireName(target.dialect, c)).join(', ');
  return over.some((c) => target.excluded.has(c))
    ? { verdict: 'not-tested', message: `${names} left out by --capabilities` }
    : {
        verdict: 'not-applicable',
        message: over.length === 1 ? `${names} is not advertised` : `none of ${names} is advertised`,
      };
}

/**
 * What the checks a stop leaves unconcluded get: not run when interrupted or enough failed, an
 * error at the deadline.
 */
function haltGate(stopped: RunStopped): Gate {
  return stopped.reason === 'deadline'
    ? { verdict: 'error', message: `not concluded: ${stopped.message}` }
    : { verdict: 'not-tested', message: `not run: ${stopped.message}` };
}

/** The run-level entry of a run that did not finish: every report shows it, JUnit as an errored test case. */
function stoppedResult(stopped: RunStopped, resources: CreatedResource[]): CheckResult {
  const open = resources.filter(isOpen);
  const message = `${stopped.message}; ${resources.length} resource(s) created, ${open.length} left open`;
  return runEntry('run.finished', 'the run finished', message, open.map(openLine));
}

/**
 * The capabilities `--capabilities` names of which no check was judged (all not-tested, blocked or
 * errors): a run asked to check them that checked nothing of them must not pass. Checks left out
 * by --only or --skip were not asked for.
 */
function namedButUnjudged(plan: RunPlan, results: readonly CheckResult[]): string[] {
  if (!plan.target.narrowed) return [];
  return [...plan.target.capabilities]
    .map((c) => wireName(plan.target.dialect, c))
    .filter((wire) => {
      const asked = results.filter(
        (r) => isServiceSuite(plan, r.suite) && r.capability === wire && r.message !== LEFT_OUT_BY_SELECTION,
      );
      return asked.length > 0 && !asked.some((r) => JUDGED.has(r.verdict));
    });
}

function unjudgedEntry(capabilities: readonly string[]): CheckResult {
  const [them, their] = capabilities.length === 1 ? ['it', 'its'] : ['them', 'their'];
  return runEntry(
    'run.capabilities',
    'every capability --capabilities names is judged',
    `no check of ${capabilities.join(', ')} could be judged, though --capabilities names ${them}: see ${their} not-tested and blocked checks`,
  );
}

/**
 * A check blocked by one that did not fail: the step that broke is not one that check judged (a
 * search refused for its signals blocks nothing the plain search passed), so nothing names the
 * failure, and it is not-tested, saying so. And the other way: a check not-tested for want of a
 * fixture is blocked by a check, of those it waits on, that failed. Only a check concluded before
 * it is known here.
 */
function unblocked(
  result: CheckResult,
  concluded: readonly CheckResult[],
  waitsOn: readonly string[] = [],
): CheckResult {
  // Not-tested for want of what a failed check's step would have found: that failure is the reason.
  const failed = concluded.find(
    (c) => waitsOn.includes(c.id) && (c.verdict === 'fail' || c.verdict === 'warn') && c !== result,
  );
  if (result.verdict === 'not-tested' && failed) {
    return { ...result, verdict: 'blocked', message: `blocked by ${failed.id}: ${result.message}` };
  }
  const by = result.verdict === 'blocked' ? /^blocked by (\S+)/.exec(result.message)?.[1] : undefined;
  const named = by === undefined ? undefined : concluded.find((c) => c.id === by && c !== result);
  if (!named || !['pass', 'info', 'not-applicable'].includes(named.verdict)) return result;
  return {
    ...result,
    verdict: 'not-tested',
    message: `a step it needed broke, though ${by}, which it waits on, ${named.verdict === 'pass' ? 'passed' : `is ${named.verdict}`}: not judged`,
  };
}

/** For each platform profile of the run's own the business could not use: how often, and what to do. */
function profileNotices(plan: RunPlan, log: readonly Exchange[]): string[] {
  const own = unvouched(plan.client, plan.config, plan.platform);
  const refused = new Map<string, number>();
  for (const x of log) {
    const url = refusedPlatformProfile(x, plan.target.dialect, own)?.url;
    if (url) refused.set(url, (refused.get(url) ?? 0) + 1);
  }
  return [...refused].map(
    ([url, n]) =>
      `the business answered 424 or 422 to ${n} request(s) naming the platform profile ${url}: it could not fetch or read it, and the checks those requests were for are not-tested; host a profile it can fetch (proto-conformance keygen writes one) and name it with ${url === plan.client.agentProfile ? '--agent-profile' : 'second_platform.agent_profile in --config'}`,
  );
}

/** A baseline that accepts failures which no longer happen fails the run until it is trimmed. */
function staleEntry(baseline: Baseline): CheckResult {
  const message = `${baseline.stale.length} check(s) ${baseline.file} accepts as failing now pass: remove them from it`;
  return {
    ...runEntry('run.baseline', 'every failure the baseline accepts still fails', message),
    verdict: 'fail',
    actual: baseline.stale.join('\n'),
  };
}

/** An `error` entry about the run itself, not the business: it cites no requirement. */
function runEntry(id: string, title: string, message: string, details: string[] = []): CheckResult {
  return {
    id,
    title,
    suite: 'run',
    scenario: 'run',
    capability: 'run',
    requirements: [],
    level: 'MUST',
    effect: 'read',
    verdict: 'error',
    message,
    ...(details.length ? { actual: details.join('\n') } : {}),
    evidence: [],
    curl: [],
    durationMs: 0,
  };
}

/** What a stopped run tells its reader first: the reason, and what became of the checks it did not reach. */
const stoppedNotice = (stopped: RunStopped) =>
  `${stopped.message}: the report is partial; checks it did not reach are ${stopped.reason === 'deadline' ? 'errors' : 'not-tested'}`;

/** A resource the run left open, for a notice: which, where it was made, and what it was last seen as. */
const openLine = (r: CreatedResource) =>
  r.id === undefined
    ? `${r.operation} #${r.createdBy} was cut off before an answer: the business may hold a resource the run cannot name`
    : `${r.operation} #${r.createdBy} made ${r.id}, last seen ${r.state} (#${r.seenAt}): the run did not cancel it`;

function settleAll(checks: readonly CheckSpec[], gate: Gate): [CheckSpec, Settled][] {
  return checks.map((c) => [c, { ...gate, exchanges: [], durationMs: 0 }]);
}

async function runScenario(
  plan: RunPlan,
  scenario: Scenario,
  memo: Map<string, Memo<unknown>>,
): Promise<[CheckSpec, Settled][]> {
  const t = new ScenarioContext<string>(
    plan.target,
    plan.config,
    plan.client,
    scenario.checks,
    scenario.id,
    memo,
    plan.platform,
    { allow: plan.allow, ...(plan.replayFrom ? { replayFrom: plan.replayFrom } : {}) },
  );
  const start = performance.now();
  let rest: Gate = { verdict: 'error', message: 'harness defect: the scenario ended without concluding this check' };
  try {
    await scenario.run(t);
  } catch (err) {
    if (err instanceof RunHalted && plan.stop?.reason) rest = haltGate(plan.stop.reason);
    else if (err instanceof NotInTranscript || err instanceof NotConsented)
      rest = { verdict: 'not-tested', message: err.message };
    else if (err instanceof Stop) rest = { verdict: err.verdict, message: err.message, waitsOn: err.waitsOn };
    else if (err instanceof HarnessError) rest = { verdict: 'error', message: err.message };
    else rest = { verdict: 'error', message: `harness defect: ${(err as Error)?.message ?? String(err)}` };
  }
  const lastBeforeCleanup = t.lastExchange;
  t.cleaningUp = true;
  for (const step of t.cleanups.reverse()) {
    // Best effort: a failed clean-up must not change the verdicts already reached.
    await step().catch(() => undefined);
  }
  const durationMs = Math.round(performance.now() - start);
  const chainTo = (cited: Exchange[]) => {
    const upTo = Math.max(0, ...cited.map((x) => x.seq));
    return t.exchanges.filter((x) => x.role !== 'cleanup' && x.seq <= upTo);
  };
  return scenario.checks.map((spec) => {
    const c = t.conclusions.get(spec.id);
    if (!c) {
      const exchanges = lastBeforeCleanup ? [lastBeforeCleanup] : [];
      return [spec, { ...rest, exchanges, chain: chainTo(exchanges), durationMs }];
    }
    const { finding } = c;
    const exchanges = finding.exchanges ?? [];
    return [
      spec,
      {
        verdict: SETTLED[c.kind],
        message: finding.message,
        expected: finding.expected,
        actual: finding.actual,
        exchanges,
        chain: chainTo(exchanges),
        durationMs: t.concludedAt.get(spec.id) ?? durationMs,
      },
    ];
  });
}

/** The capability a suite's results are filed under: as the target names it, or the cross-cutting area. */
const capabilityOf = (plan: { target?: Pick<Target, 'dialect'> }, suite: Suite) =>
  suite.appliesWhen === 'advertised' && plan.target
    ? wireName(plan.target.dialect, suite.capability)
    : suite.capability;

/** A check settled outside a run (by discovery, before the suites): its result as the run would file it. */
export function resultBeforeRun(
  plan: Pick<RunPlan, 'requirement' | 'provenBy'>,
  suite: Suite,
  scenario: Scenario,
  spec: CheckSpec,
  s: Settled,
): CheckResult {
  if (suite.appliesWhen === 'advertised') throw new Error(`suite ${suite.id} is filed under the target's names`);
  return resultOf(plan, suite, scenario.id, scenario.effect, spec, s);
}

function resultOf(
  plan: Pick<RunPlan, 'requirement' | 'provenBy'> & { target?: Pick<Target, 'dialect'> },
  suite: Suite,
  scenario: string,
  effect: Effect,
  spec: CheckSpec,
  s: Settled,
): CheckResult {
  const level = levelOf(spec.requirements, plan.requirement);
  const verdict = s.verdict === 'broken' ? brokenVerdict(level) : s.verdict;
  const failing = verdict === 'fail' || verdict === 'warn' || verdict === 'error';
  const chain = s.chain ?? [];
  return {
    id: spec.id,
    title: spec.title,
    suite: suite.id,
    scenario,
    capability: capabilityOf(plan, suite),
    requirements: spec.requirements,
    level,
    effect,
    verdict,
    message: s.message,
    expected: s.expected,
    actual: s.actual,
    evidence: s.exchanges.map((x) => x.seq),
    // Curl lines and the replay script are written with the output, redacted (reports/redaction.ts).
    curl: [],
    ...(failing && chain.length > 1 ? { chain: chain.map((x) => x.seq) } : {}),
    ...(plan.provenBy?.has(spec.id) ? { provenBy: plan.provenBy.get(spec.id) } : {}),
    durationMs: s.durationMs,
  };
}

/**
 * Every capability the business advertises that no suite of this version checks: listed as
 * not-tested, so a run never looks complete when it was not.
 */
function uncovered(plan: RunPlan): CheckResult[] {
  const covered = new Set(
    plan.suites.filter((s) => s.appliesWhen === 'advertised').map((s) => wireName(plan.target.dialect, s.capability)),
  );
  return plan.target.advertised
    .filter((wire) => !covered.has(wire))
    .map((wire) => ({
      id: `coverage.${wire}`,
      title: `${wire} is checked`,
      suite: 'coverage',
      scenario: 'coverage',
      capability: wire,
      // A business implements every endpoint of each capability it advertises (DISC-001).
      requirements: ['DISC-001'],
      level: levelOf(['DISC-001'], plan.requirement),
      effect: 'read',
      verdict: 'not-tested',
      message: 'not covered by this version',
      evidence: [],
      curl: [],
      durationMs: 0,
    }));
}
