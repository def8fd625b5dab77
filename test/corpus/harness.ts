/**
 * The corpora, run in-process: the reference business on an ephemeral port and check() through
 * the library, so a case costs tens of milliseconds, not two processes.
 */
import { readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { check } from '../../src/check.js';
import type { RunReport } from '../../src/engine/report.js';
import type { Verdict } from '../../src/engine/types.js';
import { CAPABILITIES } from '../../src/protocol/operations.js';
import { expectedRequirements, pinnedSkip, type Fault, type FaultName } from '../../src/reference/faults.js';
import { findRequirement } from '../../src/register/index.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { generateSigningKey } from '../../src/platform/signing-key.js';
import { REFERENCE_TLS, startReferenceBusiness } from '../../src/reference/server.js';
import type { VariationName } from '../../src/reference/variations.js';
import { suites } from '../../suites/index.js';

/**
 * Capabilities a run is narrowed to (dialect-free), or undefined for every one the business
 * advertises. `npm test` always runs everything; the mutation run (PROTO_CORPUS_MODE=mutation)
 * narrows each case to what its fault or variation touches, so a mutant in one suite is tried
 * only against the cases that exercise it.
 */
export type Scope = string[] | undefined;

export async function runReference(faults: FaultName[] = [], variations: VariationName[] = [], scope?: Scope): Promise<RunReport> {
  const business = await startReferenceBusiness({ faults, variations });
  try {
    return await check({
      url: business.url, config: referenceRunConfig(variations, business), allow: 'irreversible',
      // A business that requires signatures is checked by a platform that signs.
      ...(variations.includes('requires-signatures') ? { signingKey: SIGNING_KEY } : {}),
      // Its certificate is self-signed: the run is given it as a CA, as a user would be.
      ...(variations.includes('https-tls-1-3') || variations.includes('mtls-required') ? { ca: REFERENCE_TLS.cert() } : {}),
      ...(variations.includes('mtls-required') ? { clientCertificate: { cert: readFileSync(REFERENCE_TLS.clientCertFile(), 'utf8'), key: readFileSync(REFERENCE_TLS.clientKeyFile(), 'utf8') } } : {}),
      overrides: { endpoints: new Map(), capabilities: scope },
    });
  } finally {
    await business.close();
  }
}

/** The platform key the corpus signs with, when a variation requires signatures. */
const SIGNING_KEY = generateSigningKey();

const baselines = new Map<string, Promise<Map<string, Verdict>>>();

/** Forgets the baselines: under the mutation run modules live on between mutants, and each needs its own. */
export function forgetBaselines(): void {
  baselines.clear();
}

/** Each check's verdict against the business with only these variations on, in a scope (computed once). */
export function baseline(variations: VariationName[] = [], scope?: Scope): Promise<Map<string, Verdict>> {
  const key = `${variations.join(',')}|${scope?.join(',') ?? '*'}`;
  let found = baselines.get(key);
  if (!found) {
    found = runReference([], variations, scope).then((r) => new Map(r.checks.map((c) => [c.id, c.verdict])));
    baselines.set(key, found);
  }
  return found;
}

const mutationRun = process.env.PROTO_CORPUS_MODE === 'mutation';
const narrowing = mutationRun;

/**
 * `describe.each`, concurrent for `npm test`; one case at a time under the mutation run, whose
 * per-test coverage cannot tell concurrent tests apart.
 */
export function eachCase<T extends readonly unknown[] | object>(cases: readonly T[]) {
  return mutationRun ? describe.each(cases as T[]) : describe.concurrent.each(cases as T[]);
}
/** A capability whose scenarios need another's: an order is placed through checkout; product detail finds its products by search. */
const NEEDS: Record<string, string[]> = {
  'shopping.order': ['shopping.checkout'], 'shopping.catalog.lookup': ['shopping.catalog.search'],
  // Lookup finds its ids, and checks serves, with a search.
  'common.location.lookup': ['common.location.search'],
};

/**
 * The scope of a case: under the mutation run, the capabilities of the suites holding the
 * checks it names (a `suite.*` entry names them all); envelope, version and signature rules need some service to
 * judge, so a case naming only them takes catalog search. Otherwise every capability.
 */
export function scopeOf(checkIds: readonly string[], area?: string): Scope {
  if (!narrowing) return undefined;
  const caps = new Set<string>();
  let envelope = false;
  for (const entry of checkIds) {
    const prefix = entry.endsWith('.*') ? entry.slice(0, -1) : undefined;
    for (const s of suites) {
      const ids = [...s.scenarios.flatMap((sc) => sc.checks), ...(s.rules ?? []).map((r) => r.check)].map((c) => c.id);
      if (!ids.some((id) => (prefix ? id.startsWith(prefix) : id === entry))) continue;
      if (s.appliesWhen === 'advertised') caps.add(s.capability);
      else if (['envelope', 'versions', 'signatures'].includes(s.id)) envelope = true;
    }
  }
  if (area && CAPABILITIES.includes(area)) caps.add(area);
  for (const c of [...caps]) for (const n of NEEDS[c] ?? []) caps.add(n);
  if (caps.size === 0 && (envelope || (area && !['profile'].includes(area)))) return undefined;
  return [...caps];
}

const FAILED: readonly Verdict[] = ['fail', 'warn'];
const SKIPPED: readonly Verdict[] = ['blocked', 'not-tested'];

/**
 * How a run with a fault differs from what the fault's record says: its `fails` fail, its
 * `skips` end blocked or not-tested, and every other check keeps its baseline verdict.
 */
export function departures(fault: Fault, report: RunReport, base: Map<string, Verdict>, scope?: Scope): string[] {
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
      if (!SKIPPED.includes(c.verdict)) out.push(`${c.id}: pinned as blocked or not-tested, is ${c.verdict} (a stale pin?)`);
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
    ...((c.verdict === 'fail' || c.verdict === 'warn') && c.evidence.length === 0 ? [`${c.id}: ${c.verdict} citing no exchange`] : []),
    ...((c.verdict === 'fail' || c.verdict === 'warn') && !(c.expected?.trim() && c.actual?.trim()) ? [`${c.id}: ${c.verdict} without both expected and actual`] : []),
  ]);
}

/** What changes from run to run and says nothing about a verdict: ports, issued ids, keys, times. */
const VOLATILE: [RegExp, string][] = [
  [/127\.0\.0\.1:\d+/g, 'HOST'],
  // How many exchanges a rule judged: polling an asynchronous completion makes it vary with load.
  [/\bheld on \d+ /g, 'held on N '],
  [/the run's \d+ answered requests/g, 'the run\'s N answered requests'],
  // A booking confirmation's pincode, quoted (a string) or not.
  [/("pincode":"?)\d+/g, '$1PIN'],
  // A booking id, whole or cut short.
  [/\bbk-[0-9a-f-]+/g, 'bk-ID'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID'],
  [/\b(cart|chk|ord)_[0-9a-f]+/gi, '$1_ID'],
  [/gid(:|%3A)(\/\/|%2F%2F)ref(\/|%2F)(cart|chk|ord)(\/|%2F)[0-9a-f]{8}( |%20)[0-9a-f]{8}(\+|%2B)[0-9a-f]{16}(:|%3A)x/g, 'gid://ref/$4/ID'],
  [/proto-conformance-unknown-[a-z0-9]+/g, 'proto-conformance-unknown-ID'],
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
  return report.checks.map((c) => normal([
    `${c.id} ${c.verdict}: ${c.message}`,
    ...(c.expected !== undefined ? [`expected: ${c.expected}`] : []),
    ...(c.actual !== undefined ? [`actual: ${c.actual}`] : []),
  ].join(' | ')));
}

/** Checks of a run that failed, warned, errored or were blocked: none may, for a conformant business. */
export const troubles = (report: RunReport) =>
  report.checks.filter((c) => ['fail', 'warn', 'error', 'blocked'].includes(c.verdict)).map((c) => `${c.id}: ${c.verdict}: ${c.message}`);

/** The exit code a fault's run owes a pipeline: 1 when it breaks a MUST; a fault breaking only SHOULDs warns, and exits 0 unless --strict. */
export const expectedExit = (fault: Fault): number =>
  (expectedRequirements(fault).some((id) => findRequirement(id)?.level === 'MUST') ? 1 : 0);
