import type { RunConfig } from '../config/config.js';
import { wireName } from '../dialect/dialect.js';
import { ENDPOINT_CHECK_ID, type Target } from '../discovery/target.js';
import type { HttpClient } from '../http/client.js';
import { curlFor } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import { serviceOf } from '../protocol/operations.js';
import type { Requirement } from '../register/types.js';
import { ScenarioContext } from './context.js';
import { exitCodeFor } from './exit-code.js';
import { Blocked, HarnessError, NotTested } from './outcomes.js';
import { summarise, type Reporter, type RunInfo, type RunReport } from './report.js';
import type { Scenario, Suite } from './suite.js';
import type { CheckResult, Effect, Verdict } from './types.js';
import { allows, brokenVerdict, levelOf } from './verdict.js';

export interface RunPlan {
  info: RunInfo;
  suites: readonly Suite[];
  target: Target;
  config: RunConfig;
  client: HttpClient;
  allow: Effect;
  reporters: Reporter[];
  /** The register to read levels from; the bundled one unless a test brings its own. */
  requirement?: (id: string) => Requirement | undefined;
  /** A failed SHOULD counts in the exit code too. */
  strict: boolean;
}

/** Runs the suites in order (after-all suites last) and streams every result to the reporters. */
export async function runSuites(plan: RunPlan): Promise<RunReport> {
  const started = performance.now();
  for (const r of plan.reporters) r.onStart?.(plan.info);
  const results: CheckResult[] = [];
  const memo = new Map<string, Promise<unknown>>();
  const emit = (result: CheckResult) => {
    results.push(result);
    for (const r of plan.reporters) r.onResult?.(result);
  };

  const ordered = [...plan.suites.filter((s) => !s.afterAll), ...plan.suites.filter((s) => s.afterAll)];
  for (const suite of ordered) {
    const skip = applicability(suite, plan.target);
    for (const scenario of suite.scenarios) {
      const gate = skip ?? (allows(plan.allow, scenario.effect)
        ? undefined
        : { verdict: 'not-tested' as const, message: `needs --allow ${scenario.effect}` });
      const outcome = gate ? settleAll(scenario, gate) : await runScenario(plan, scenario, memo);
      for (const r of outcome) emit(resultOf(plan, suite, scenario, r));
    }
  }

  const report: RunReport = {
    ...plan.info,
    reportVersion: 1,
    finishedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    summary: summarise(results),
    exitCode: exitCodeFor(results, plan.strict),
    checks: results,
  };
  for (const r of plan.reporters) await r.onEnd?.(report);
  return report;
}

interface Settled {
  checkId: string;
  verdict: Verdict | 'broken';
  message: string;
  expected?: string;
  actual?: string;
  exchanges: Exchange[];
  durationMs: number;
}

type Gate = { verdict: Verdict; message: string };

/** A broken check waits for its level (fail, warn or info); the other conclusions are final. */
const SETTLED = { held: 'pass', observed: 'info', 'not-tested': 'not-tested', broken: 'broken' } as const;

function applicability(suite: Suite, target: Target): Gate | undefined {
  if (suite.appliesWhen === 'profile' && !target.profile) {
    return { verdict: 'not-tested', message: target.profileNotRead ?? 'profile not read' };
  }
  if (suite.appliesWhen !== 'advertised') return undefined;
  const name = wireName(target.dialect, suite.capability);
  if (target.excluded.has(suite.capability)) return { verdict: 'not-tested', message: `${name} left out by --capabilities` };
  if (!target.capabilities.has(suite.capability)) return { verdict: 'not-applicable', message: `${name} is not advertised` };
  const binding = target.services.get(serviceOf(suite.capability));
  if (!binding?.endpoint) {
    const why = binding?.problem ?? 'service not in the profile';
    return { verdict: 'blocked', message: `blocked by ${ENDPOINT_CHECK_ID}: no usable ${serviceOf(suite.capability)} endpoint (${why})` };
  }
  return undefined;
}

function settleAll(scenario: Scenario, gate: Gate): Settled[] {
  return scenario.checks.map((c) => ({ checkId: c.id, ...gate, exchanges: [], durationMs: 0 }));
}

async function runScenario(plan: RunPlan, scenario: Scenario, memo: Map<string, Promise<unknown>>): Promise<Settled[]> {
  const t = new ScenarioContext(plan.target, plan.config, plan.client, scenario.checks, memo);
  const start = performance.now();
  let rest: Gate = { verdict: 'error', message: 'harness defect: the scenario ended without concluding this check' };
  try {
    await scenario.run(t);
  } catch (err) {
    if (err instanceof Blocked) rest = { verdict: 'blocked', message: err.message };
    else if (err instanceof NotTested) rest = { verdict: 'not-tested', message: err.message };
    else if (err instanceof HarnessError) rest = { verdict: 'error', message: err.message };
    else rest = { verdict: 'error', message: `harness defect: ${(err as Error)?.message ?? String(err)}` };
  }
  for (const step of t.cleanups.reverse()) {
    // Best effort: a failed clean-up must not change the verdicts already reached.
    await step().catch(() => undefined);
  }
  const durationMs = Math.round(performance.now() - start);
  const last = t.exchanges.slice(-1);
  return scenario.checks.map((spec) => {
    const c = t.conclusions.get(spec.id);
    if (!c) return { checkId: spec.id, ...rest, exchanges: last, durationMs };
    const { finding } = c;
    return {
      checkId: spec.id,
      verdict: SETTLED[c.kind],
      message: finding.message,
      expected: finding.expected,
      actual: finding.actual,
      exchanges: finding.exchanges ?? last,
      durationMs,
    };
  });
}

function resultOf(plan: RunPlan, suite: Suite, scenario: Scenario, s: Settled): CheckResult {
  const { target } = plan;
  const spec = scenario.checks.find((c) => c.id === s.checkId)!;
  const level = levelOf(spec.requirements, plan.requirement);
  const verdict = s.verdict === 'broken' ? brokenVerdict(level) : s.verdict;
  const failing = verdict === 'fail' || verdict === 'warn' || verdict === 'error';
  return {
    id: spec.id,
    title: spec.title,
    suite: suite.id,
    scenario: scenario.id,
    capability: suite.appliesWhen === 'advertised' ? wireName(target.dialect, suite.capability) : suite.capability,
    requirements: spec.requirements,
    level,
    effect: scenario.effect,
    verdict,
    message: s.message,
    expected: s.expected,
    actual: s.actual,
    evidence: s.exchanges,
    curl: failing ? s.exchanges.map(curlFor) : [],
    durationMs: s.durationMs,
  };
}
