/**
 * The corpora, run in-process: the reference business on an ephemeral port and check() through
 * the library, so a case costs tens of milliseconds, not two processes.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { check, type CheckOptions } from '../../src/check.js';
import type { RunReport } from '../../src/report/run-report.js';
import type { Verdict } from '../../src/report/types.js';
import { CAPABILITIES, SERVICES } from '../../src/protocol/operations.js';
import { CORPUS_FAULTS, pinnedSkip, type CorpusFault } from '../../src/corpus/index.js';
import { servicePath } from '../../src/reference/profile.js';
import { FORGOTTEN_AFTER_MS, type FaultName } from '../../src/reference/faults.js';
import type { KeptKeys } from '../../src/http/kept-keys.js';
import { findRequirement } from '../../src/register/index.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { generateSigningKey } from '../../src/platform/signing-key.js';
import { REFERENCE_TLS, startReferenceBusiness } from '../../src/reference/server.js';
import type { VariationName } from '../../src/reference/variations.js';
import type { FieldConditions } from '../../src/reference/shared/transport.js';
import { suites } from '../../suites/index.js';

/**
 * What a run is narrowed to: capabilities (dialect-free) and suite ids, each all when absent; no
 * scope at all is the whole run. `npm test` always runs everything; the mutation run
 * (PROTO_CORPUS_MODE=mutation) narrows each case to what its fault or variation touches, so a
 * mutant in one suite is tried only against the cases that exercise it.
 */
export type Scope = { capabilities?: string[]; suites?: string[] } | undefined;

export async function runReference(
  faults: FaultName[] = [],
  variations: VariationName[] = [],
  scope?: Scope,
  field?: FieldConditions,
): Promise<RunReport> {
  const business = await startReferenceBusiness({ faults, variations, field });
  try {
    const config = referenceRunConfig(variations, business);
    const narrowed = narrowedTo(scope);
    const records = faults.map((name) => CORPUS_FAULTS.find((f) => f.name === name));
    // A fault whose record says so is run as a user must whose business serves no profile: every service by --endpoint.
    if (records.some((f) => f?.endpoints))
      for (const service of SERVICES)
        narrowed.overrides!.endpoints.set(service, business.servicesUrl + servicePath(service));
    const run = (more: Pick<CheckOptions, 'keepKeys' | 'replayFrom'> = {}) =>
      check({
        url: business.url,
        config,
        allow: 'irreversible',
        burst: records.some((f) => f?.burst) || variations.some((v) => BURST_VARIATIONS.includes(v)),
        // A business whose config says it verifies signatures is checked by a platform that signs.
        ...(config.signing ? { signingKey: SIGNING_KEY } : {}),
        // Its certificate is self-signed: the run is given it as a CA, as a user would be.
        ...(business.url.startsWith('https:') ? { ca: REFERENCE_TLS.cert() } : {}),
        ...(variations.includes('mtls-required')
          ? {
              clientCertificate: {
                cert: readFileSync(REFERENCE_TLS.clientCertFile(), 'utf8'),
                key: readFileSync(REFERENCE_TLS.clientKeyFile(), 'utf8'),
              },
            }
          : {}),
        ...narrowed,
        ...caseConcurrency([...faults, ...variations]),
        ...more,
      });
    if (!records.some((f) => f?.replays)) return await run();
    // Two runs, as --keep-keys then --replay-from a day later: the store is set back 25 hours, and the fault's own
    // seconds are waited out, since the business keeps time by its clock.
    const kept: KeptKeys[] = [];
    await run({ keepKeys: (k) => void kept.push(k) });
    if (!kept[0]) throw new Error('the first run kept no keys');
    const aged = { ...kept[0], requests: kept[0].requests.map((r) => ({ ...r, sentAt: hoursBefore(r.sentAt, 25) })) };
    await new Promise((resolve) => setTimeout(resolve, FORGOTTEN_AFTER_MS + 1000));
    return await run({ replayFrom: aged });
  } finally {
    await business.close();
  }
}

/** A time `hours` before another, as the store writes it: how a test ages kept keys. */
export const hoursBefore = (iso: string, hours: number) =>
  new Date(Date.parse(iso) - hours * 60 * 60 * 1000).toISOString();

/** The options of check() that narrow a run to a scope. */
export function narrowedTo(scope: Scope): Pick<CheckOptions, 'overrides' | 'suites'> {
  return {
    overrides: { endpoints: new Map(), capabilities: scope?.capabilities },
    ...(scope?.suites ? { suites: suites.filter((s) => scope.suites!.includes(s.id)) } : {}),
  };
}

/**
 * Scenarios at once, when PROTO_CORPUS_CONCURRENCY says (1 runs every case one scenario at a time);
 * the run's default otherwise.
 */
const CONCURRENCY = Number(process.env.PROTO_CORPUS_CONCURRENCY) || undefined;
export const CORPUS_CONCURRENCY: Pick<CheckOptions, 'concurrency'> = CONCURRENCY ? { concurrency: CONCURRENCY } : {};

/**
 * The concurrency of one case: PROTO_CORPUS_CONCURRENCY when set; otherwise one scenario at a time for
 * about half the cases (by a hash of their faults and variations, stable as the corpus grows) and the
 * run's default for the rest. Their pins are the same text either way, so one pass of `npm test`
 * proves that verdicts do not hang on how scenarios interleave, without running every case twice.
 */
export function caseConcurrency(names: readonly string[]): Pick<CheckOptions, 'concurrency'> {
  if (CONCURRENCY || names.length === 0) return CORPUS_CONCURRENCY;
  let h = 2166136261;
  for (const c of names.join(',')) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h % 2 ? { concurrency: 1 } : {};
}

/** Variations run with the rate-limit burst allowed: the business that limits rate, to show its 429 passes. */
const BURST_VARIATIONS: readonly VariationName[] = ['rate-limited-429'];

/** The platform key the corpus signs with, when a variation requires signatures. */
const SIGNING_KEY = generateSigningKey();

const baselines = new Map<string, Promise<Map<string, Verdict>>>();

/**
 * Each check's verdict against the business with only these variations on, in a scope (computed
 * once). Under the mutation run it is computed with no mutant switched on: the clean business as
 * the tool itself judges it, so it holds for every mutant, and a mutant that changes a verdict
 * the clean business earns is a departure in every case that meets it.
 */
export function baseline(variations: VariationName[] = [], scope?: Scope): Promise<Map<string, Verdict>> {
  const key = `${variations.join(',')}|${scope?.capabilities?.join(',') ?? '*'}|${scope?.suites?.join(',') ?? '*'}`;
  let found = baselines.get(key);
  if (!found) {
    found = unmutated(() => runReference([], variations, scope)).then(
      (r) => new Map(r.checks.map((c) => [c.id, c.verdict])),
    );
    baselines.set(key, found);
  }
  return found;
}

/**
 * Runs with Stryker's active mutant switched off (its global, when there is one). Nothing else
 * may run meanwhile: a case awaits its baseline before its own run.
 */
export async function unmutated<T>(run: () => Promise<T>): Promise<T> {
  const stryker = (globalThis as { __stryker__?: { activeMutant?: string } }).__stryker__;
  const active = stryker?.activeMutant;
  if (stryker) stryker.activeMutant = undefined;
  try {
    return await run();
  } finally {
    if (stryker) stryker.activeMutant = active;
  }
}

const mutationRun = process.env.PROTO_CORPUS_MODE === 'mutation';
const narrowing = mutationRun;

/**
 * `describe.each`, concurrent for `npm test`; one case at a time under the mutation run, whose
 * per-test coverage cannot tell concurrent tests apart.
 */
export const eachCase = ((cases: readonly unknown[]) =>
  mutationRun ? describe.each(cases) : describe.concurrent.each(cases)) as typeof describe.each;
/** The capabilities each capability's scenarios need, as its suite declares them (`Suite.needs`). */
const NEEDS: Record<string, readonly string[]> = Object.fromEntries(
  suites.filter((s) => s.needs).map((s) => [s.capability, s.needs ?? []]),
);

/**
 * A suite whose checks tell its resources from another suite's: an order read must be told from
 * the orders checkout placed before it.
 */
const SUITE_NEEDS: Record<string, string[]> = { order: ['checkout'], 'idempotency.retention': ['idempotency.cart'] };

/**
 * A suite that applies always but judges what a capability's suites send: key retention replays the keys the
 * cart's idempotency scenarios kept.
 */
const SUITE_CAPABILITIES: Record<string, string[]> = { 'idempotency.retention': ['shopping.cart'] };

/** A rule that judges one operation's responses, which the mechanics suites do not bring back whole. */
const RULE_SUBJECTS: Record<string, string[]> = { 'signatures.order-signed': ['order'] };

const checkIdsOf = (s: (typeof suites)[number]) =>
  [...s.scenarios.flatMap((sc) => sc.checks), ...(s.rules ?? []).map((r) => r.check)].map((c) => c.id);

/** The suites of rules over every exchange. */
const RULES = ['envelope', 'versions', 'signatures'];

/** The suites that judge every capability's mechanics: their exchanges span every operation. */
const MECHANICS = /^(requests|idempotency)\./;

/**
 * The scope of a fault's case under the mutation run: the suites holding the checks it names (a
 * `suite.*` entry names them all), over the capabilities of those suites. A rule over every
 * exchange judges what the other suites do: named with service checks, it judges every suite of
 * their capabilities; named alone, the mechanics suites, whose exchanges reach every operation.
 * For `npm test`, everything.
 */
export function scopeOf(checkIds: readonly string[], area?: string): Scope {
  if (!narrowing) return undefined;
  const caps = new Set<string>();
  const named = new Set<string>();
  let rules = false;
  for (const entry of checkIds) {
    const prefix = entry.endsWith('.*') ? entry.slice(0, -1) : undefined;
    for (const s of suites) {
      if (!checkIdsOf(s).some((id) => (prefix ? id.startsWith(prefix) : id === entry))) continue;
      for (const id of [s.id, ...(RULE_SUBJECTS[entry] ?? [])])
        for (const n of [id, ...(SUITE_NEEDS[id] ?? [])]) named.add(n);
      if (s.appliesWhen === 'advertised') caps.add(s.capability);
      else if (RULES.includes(s.id)) rules = true;
      for (const c of SUITE_CAPABILITIES[s.id] ?? []) caps.add(c);
    }
  }
  if (area && CAPABILITIES.includes(area)) caps.add(area);
  for (const c of [...caps]) for (const n of NEEDS[c] ?? []) caps.add(n);
  if (rules) {
    // What the rule judges: the exchanges of the named capabilities' suites, or else of the mechanics.
    const judged = suites.filter(
      (s) => s.appliesWhen === 'advertised' && (caps.size ? caps.has(s.capability) : MECHANICS.test(s.id)),
    );
    return {
      ...(caps.size ? { capabilities: [...caps] } : {}),
      suites: [...new Set([...named, ...judged.map((s) => s.id)])],
    };
  }
  return { capabilities: [...caps], suites: [...named] };
}

/**
 * The scope of a variation's case under the mutation run. A variation of one capability runs that
 * capability's suites and the cross-cutting ones (its false failures are found there); a
 * variation of the shared wire conventions runs the mechanics and cross-cutting suites over every
 * capability, not the service suites, whose mutants that variation's own capability cases meet.
 */
export function variationScope(area: string): Scope {
  if (!narrowing) return undefined;
  if (area.includes('.')) {
    const caps = [area, ...(NEEDS[area] ?? [])];
    return { capabilities: caps };
  }
  return { suites: suites.filter((s) => s.appliesWhen !== 'advertised' || MECHANICS.test(s.id)).map((s) => s.id) };
}

/**
 * A whole run, as the cases that make it up: for `npm test` the one run; under the mutation run
 * its partition into one scope per capability (its suites and the rules over every exchange,
 * with the capabilities it needs) and one for the cross-cutting and mechanics suites, so a
 * mutant meets only the parts that run it.
 */
export function wholeRun(): { name: string; scope: Scope }[] {
  if (!narrowing) return [{ name: 'every suite', scope: undefined }];
  return [
    ...CAPABILITIES.map((c) => ({
      name: c,
      scope: {
        capabilities: [c, ...(NEEDS[c] ?? [])],
        suites: suites.filter((s) => s.capability === c || RULES.includes(s.id)).map((s) => s.id),
      },
    })),
    { name: 'the shared wire conventions', scope: variationScope('envelope') },
  ];
}

const FAILED: readonly Verdict[] = ['fail', 'warn'];
// A pinned check may also end info: it reports it cannot see what the fault broke, which another check fails;
// or not-applicable: the fault leaves out what the check judges where the spec makes it optional (a signature).
const SKIPPED: readonly Verdict[] = ['blocked', 'not-tested', 'not-applicable', 'info'];

/**
 * How a run with a fault differs from what the fault's record says: its `fails` fail, its
 * `skips` end blocked, not-tested, not-applicable or info, and every other check keeps its baseline verdict.
 */
export function departures(fault: CorpusFault, report: RunReport, base: Map<string, Verdict>, scope?: Scope): string[] {
  const out: string[] = [];
  // Narrowed, the rules over every exchange judge whatever else ran: compared only when named.
  const crossCutting = (c: RunReport['checks'][number]) => scope !== undefined && !c.capability.includes('.');
  const seen = new Set(report.checks.map((c) => c.id));
  for (const id of fault.fails) if (!seen.has(id)) out.push(`${id}: named in fails, but the run has no such check`);
  for (const s of fault.skips ?? []) {
    if (!s.endsWith('.*') && !seen.has(s)) out.push(`${s}: named in skips, but the run has no such check`);
  }
  for (const c of report.checks) {
    const was = base.get(c.id);
    if (fault.fails.includes(c.id)) {
      if (!FAILED.includes(c.verdict)) out.push(`${c.id}: should fail, is ${c.verdict}: ${c.message}`);
    } else if (pinnedSkip(fault, c.id)) {
      if (!SKIPPED.includes(c.verdict))
        out.push(`${c.id}: pinned as blocked, not-tested, not-applicable or info, is ${c.verdict} (a stale pin?)`);
    } else if (c.verdict !== was && !crossCutting(c)) {
      out.push(`${c.id}: ${was} without the fault, ${c.verdict} with it: ${c.message}`);
    }
  }
  return out;
}

/**
 * What every report owes its reader, whatever the business: each check has a title, each verdict
 * but a pass says why, and each failing check cites the exchanges it judged and says what was
 * expected and what came back.
 */
export function unexplained(report: RunReport): string[] {
  return report.checks.flatMap((c) => [
    ...(c.title.trim() === '' ? [`${c.id}: no title`] : []),
    ...(c.verdict !== 'pass' && c.message.trim() === '' ? [`${c.id}: ${c.verdict} without a message`] : []),
    ...((c.verdict === 'fail' || c.verdict === 'warn') && c.evidence.length === 0
      ? [`${c.id}: ${c.verdict} citing no exchange`]
      : []),
    ...((c.verdict === 'fail' || c.verdict === 'warn') && !(c.expected?.trim() && c.actual?.trim())
      ? [`${c.id}: ${c.verdict} without both expected and actual`]
      : []),
  ]);
}

/** What changes from run to run and says nothing about a verdict: ports, issued ids, keys, times. */
const VOLATILE: [RegExp, string][] = [
  [/127\.0\.0\.1:\d+/g, 'HOST'],
  // How many exchanges a rule judged: polling an asynchronous completion makes it vary with load.
  [/\bheld on \d+ /g, 'held on N '],
  [/the run's \d+ answered requests/g, "the run's N answered requests"],
  [/the run saw \d+ /g, 'the run saw N '],
  // An exchange's number: the log is in the order requests were made, which concurrent scenarios interleave.
  [/#\d+\b/g, '#N'],
  // A booking confirmation's pincode, quoted (a string) or not.
  [/("pincode":"?)\d+/g, '$1PIN'],
  // A booking id, whole or cut short.
  [/\bbk-[0-9a-f-]+/g, 'bk-ID'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID'],
  [/\b(cart|chk|ord)_[0-9a-f]+/gi, '$1_ID'],
  [
    /gid(:|%3A)(\/\/|%2F%2F)ref(\/|%2F)(cart|chk|ord)(\/|%2F)[0-9a-f]{8}( |%20)[0-9a-f]{8}(\+|%2B)[0-9a-f]{16}(:|%3A)x/g,
    'gid://ref/$4/ID',
  ],
  [/proto-conformance-unknown-[a-z0-9]+/g, 'proto-conformance-unknown-ID'],
  // A conversation id the business numbers in the order questions arrive, which concurrent scenarios interleave.
  [/\bconv-\d+/g, 'conv-ID'],
  [/\bR-\d{4}\b/g, 'R-N'],
  // A resource id issued as a number (cart-id-number), counted in arrival order too.
  [/"id":\d+/g, '"id":N'],
  [/req-\d+/g, 'req-N'],
  [/sha-(256|512)=:[A-Za-z0-9+/=]+:/g, 'sha-$1=:DIGEST:'],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, 'TIME'],
  [/[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/g, 'HTTP-DATE'],
  // A time cut short by a brief quotation.
  [/\b\d{4}-[\dT:.-]*…/g, 'TIME…'],
  [/[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} [\d :]*…/g, 'HTTP-DATE…'],
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, 'THUMBPRINT'],
];

/**
 * The text of every verdict of a run, one line a check, with what varies between runs taken
 * out: what a reader of the report sees. The corpus pins it, so a change in what a check says,
 * or in what it computes and reports, is a change someone reviewed.
 */
export function verdictText(report: RunReport): string[] {
  const normal = (s: string) => VOLATILE.reduce((t, [re, to]) => t.replace(re, to), s);
  return report.checks.map((c) =>
    normal(
      [
        `${c.id} ${c.verdict}: ${c.message}`,
        ...(c.expected !== undefined ? [`expected: ${c.expected}`] : []),
        ...(c.actual !== undefined ? [`actual: ${c.actual}`] : []),
        // Whether it cites the exchanges it judged: how many can vary with polling, that it cites some cannot.
        ...(c.evidence.length === 0 ? ['cites no exchange'] : []),
      ].join(' | '),
    ),
  );
}

/** Checks of a run that failed, warned, errored or were blocked: none may, for a conformant business. */
export const troubles = (report: RunReport) =>
  report.checks
    .filter((c) => ['fail', 'warn', 'error', 'blocked'].includes(c.verdict))
    .map((c) => `${c.id}: ${c.verdict}: ${c.message}`);

/**
 * The exit code a fault's run owes a pipeline: 1 when it breaks a MUST; a fault breaking only SHOULDs warns, and exits
 * 0 unless --strict.
 */
export const expectedExit = (fault: CorpusFault): number =>
  fault.breaks.some((id) => findRequirement(id)?.level === 'MUST') ? 1 : 0;
