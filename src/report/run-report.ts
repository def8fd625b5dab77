import type { Exchange, Handshake } from './exchange.js';
import type { CheckResult, Effect, Summary, Verdict } from './types.js';

/** What is known when a run starts: who is checked, and how. */
export interface RunInfo {
  tool: { name: string; version: string };
  target: TargetInfo;
  /** `insecure`: certificates were not verified (`--insecure`). */
  options: { allow: Effect; burst?: true; strict: boolean; dialect: string; insecure?: boolean };
  startedAt: string;
  /** What the ids the run made up were drawn from: a regrade draws them again. */
  seed: string;
}

export interface TargetInfo {
  /** The URL the user gave. */
  url: string;
  /** Where the profile was read from; absent when overrides replaced it. */
  profileUrl?: string;
  /** Service name (as the target names it) to REST endpoint. */
  services: Record<string, string>;
  /** Capabilities run against, as the target names them. */
  capabilities: string[];
  /** Capabilities the user left out (`--capabilities`), as the target names them. */
  leftOut?: string[];
}

/** The whole run: the stream of results, its totals and its exchange log. Every reporter renders this. */
export interface RunReport extends RunInfo {
  reportVersion: 2;
  finishedAt: string;
  durationMs: number;
  summary: Summary;
  exitCode: number;
  /** Run-level facts a reader must not miss (e.g. why the exit code is 3 with nothing failed). */
  notices: string[];
  checks: CheckResult[];
  /** Every exchange of the run, numbered from 1; checks cite them by `seq`. */
  exchanges: Exchange[];
  /** Set when the run did not finish: interrupted by a signal, or stopped by its deadline. */
  stopped?: RunStopped;
  /** Every resource the run created (carts, checkout and booking sessions), with its final state. */
  resources: CreatedResource[];
  /** The plain TLS handshakes the run made outside its exchange log, and what each negotiated. */
  handshakes?: Handshake[];
  /** The platform profiles the run hosted for a business on this machine, and what the business fetched of them. */
  platform?: HostedPlatform;
}

/** The platform profile a run hosts (what Proto-Agent names), and each of its URLs the business fetched, how often. */
export interface HostedPlatform {
  url: string;
  fetched: Record<string, number>;
}

/** Why a run ended before its scenarios did. */
export interface RunStopped {
  /** A signal, the deadline, or `--max-failures` reached. */
  reason: 'interrupted' | 'deadline' | 'max-failures';
  /** The signal that interrupted it (`SIGINT`, `SIGTERM`). */
  signal?: string;
  /** The deadline that stopped it, in milliseconds from the start. */
  deadlineMs?: number;
  message: string;
}

/** A resource the run created, read from the exchange log. */
export interface CreatedResource {
  /** The operation that created it (`checkout.create`). */
  operation: string;
  /** The id the business gave it; absent when the request was cut off before an answer. */
  id?: string;
  /** The exchange that created it. */
  createdBy: number;
  /**
   * What the run last saw of it: `canceled`, the status the business last gave (`completed`,
   * `incomplete`), `open`, or `unknown` when the request creating it got no answer.
   */
  state: string;
  /** The exchange that showed that state. */
  seenAt: number;
}

function emptySummary(): Summary {
  return {
    total: 0,
    pass: 0,
    fail: 0,
    warn: 0,
    info: 0,
    'not-applicable': 0,
    'not-tested': 0,
    blocked: 0,
    error: 0,
  };
}

export function summarise(results: CheckResult[]): Summary {
  const summary = emptySummary();
  for (const r of results) {
    summary[r.verdict satisfies Verdict] += 1;
    summary.total += 1;
  }
  return summary;
}
