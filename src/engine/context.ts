import type { RunConfig } from '../config/config.js';
import type { Dialect } from '../dialect/dialect.js';
import type { Target } from '../discovery/target.js';
import type { HttpClient } from '../http/client.js';
import { agentHeaderValue } from '../http/agent-header.js';
import type { Exchange, Handshake, TransportError } from '../report/exchange.js';
import type { RequestStep, RequestStepName } from '../http/pipeline.js';
import type { PlatformProfiles } from '../platform/profile-server.js';
import { operation, type Operation } from '../protocol/operations.js';
import { requestBody, type OperationName, type RecipeInput } from '../protocol/recipes.js';
import { validatorFor } from '../schemas.js';
import { HarnessError, Stop } from './outcomes.js';
import { RunHalted } from '../errors.js';
import type { CheckSpec } from './check.js';
import type { Breach, Effect, Finding } from '../report/types.js';
import type { KeptKeys } from '../http/kept-keys.js';

/** How a check concluded, before the engine applies the requirement level. */
export type Conclusion =
  | { kind: 'held'; finding: Finding }
  | { kind: 'broken'; finding: Finding }
  | { kind: 'observed'; finding: Finding }
  | { kind: 'not-tested'; finding: Finding }
  | { kind: 'not-applicable'; finding: Finding };

export interface CallOptions<K extends OperationName> {
  /** Value for `{id}` in the operation's path. */
  id?: string;
  /** What the operation's request recipe builds the body from (src/protocol/recipes.ts). */
  input?: RecipeInput<K>;
  headers?: Record<string, string | null>;
  /** The request asks for something the business does not have (a probe of a not-found rule). */
  notFoundProbe?: boolean;
  /** A transport failure is returned instead of ending the scenario as an error. */
  tolerateTransportError?: boolean;
  /** Request steps left out of this call (src/http/pipeline.ts): a missing header, for one negative test. */
  omit?: readonly RequestStepName[];
  /** Request steps replaced for this call: a wrong digest, a tampered signature. */
  replace?: readonly RequestStep[];
  /** For this call, no client certificate, or one no business trusts (mutual TLS). */
  clientCertificate?: 'none' | 'untrusted';
  /** The body bytes to send instead of the recipe's (malformed JSON). */
  rawBody?: string;
  /** A 429 or 503 left after the client's retries is returned, not the end of the scenario (the rate-limit burst). */
  tolerateRateLimit?: boolean;
}

/** Work shared by the scenarios of a run (ScenarioContext.once): its value, and the exchanges it made. */
export interface Memo<T> {
  value: Promise<T>;
  made: Exchange[];
}

/**
 * What a scenario sees: the target, the config, a client that records evidence, and verdict calls.
 * `C` is the IDs of the checks the scenario declares: concluding another is a compile error. It is
 * `in` so a context for more checks serves a helper typed for fewer; a helper that concludes none
 * takes a plain `ScenarioContext` (no IDs), which every context is.
 */
export class ScenarioContext<in C extends string = never> {
  /** This scenario's exchanges, in order, clean-up included. */
  readonly exchanges: Exchange[] = [];
  readonly conclusions = new Map<string, Conclusion>();
  /** When each check concluded, in milliseconds from the scenario's start: its own time. */
  readonly concludedAt = new Map<string, number>();
  private readonly startedAt = performance.now();
  /** Undo steps for what the scenario created; the engine runs them however the scenario ended. */
  readonly cleanups: (() => Promise<unknown>)[] = [];
  /** Set by the engine while it runs the clean-up steps: their exchanges are never evidence. */
  cleaningUp = false;

  constructor(
    readonly target: Target,
    readonly config: RunConfig,
    private readonly client: HttpClient,
    private readonly checks: readonly CheckSpec[],
    private readonly scenarioId: string,
    private readonly runMemo: Map<string, Memo<unknown>> = new Map(),
    /** The platform profiles the run hosts for a business on loopback (good and broken ones). */
    readonly platform?: PlatformProfiles,
    /** What the run allows, and the kept keys of an earlier run it replays (`--replay-from`). */
    readonly run: { allow?: Effect; replayFrom?: KeptKeys } = {},
  ) {}

  /** The platform profile the run names in its agent header. */
  get agentProfile(): string {
    return this.client.agentProfile;
  }

  /** Whether the run signs its requests (a signing key was given). */
  get signing(): boolean {
    return this.client.signs;
  }

  /**
   * Work done once per run and shared by every scenario (fixture discovery), so a run does not
   * repeat the same requests. Every scenario that uses it sees its exchanges as its own, so what a
   * check cites does not depend on which scenario happened to run it first.
   */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const found = this.runMemo.get(key) as Memo<T> | undefined;
    if (!found) {
      const start = this.exchanges.length;
      const memo: Memo<T> = { made: [], value: Promise.resolve(undefined as T) };
      memo.value = work().then((value) => {
        memo.made = this.exchanges.slice(start).filter((x) => x.role !== 'cleanup');
        return value;
      });
      this.runMemo.set(key, memo);
      return memo.value;
    }
    return found.value.then((value) => {
      for (const x of found.made) if (!this.exchanges.includes(x)) this.exchanges.push(x);
      return value;
    });
  }

  get dialect(): Dialect {
    return this.target.dialect;
  }

  /** The last exchange a check may cite: not a clean-up. */
  get lastExchange(): Exchange | undefined {
    for (let i = this.exchanges.length - 1; i >= 0; i--)
      if (this.exchanges[i].role !== 'cleanup') return this.exchanges[i];
    return undefined;
  }

  /**
   * Calls an operation of the operations table on its service's endpoint. The body comes from
   * the operation's request recipe and the config's `requests` member; an Idempotency-Key is
   * added where the spec requires one.
   */
  async call<K extends OperationName>(name: K, opts: CallOptions<K> = {}): Promise<Exchange> {
    const op = operation(name);
    const endpoint = this.target.services.get(op.service)?.endpoint;
    if (!endpoint) throw new HarnessError(`no endpoint for service ${op.service}`);
    const exchange = await this.client.send({
      operation: op.name,
      service: op.service,
      scenario: this.scenarioId,
      role: this.cleaningUp ? 'cleanup' : undefined,
      notFoundProbe: opts.notFoundProbe,
      method: op.method,
      url: endpoint + pathFor(op, opts.id),
      body:
        op.method === 'GET' || opts.rawBody !== undefined
          ? undefined
          : requestBody(name, opts.input, this.config, this.dialect),
      rawBody: opts.rawBody,
      idempotent: op.idempotency === 'required',
      headers: opts.headers,
      omit: opts.omit,
      replace: opts.replace,
      clientCertificate: opts.clientCertificate,
    });
    return this.record(
      exchange,
      opts.tolerateTransportError,
      opts.clientCertificate !== undefined,
      opts.tolerateRateLimit,
    );
  }

  /**
   * Sends the request of an earlier exchange again with the same Idempotency-Key: byte for byte,
   * or with another body. The idempotency rules' replay and conflict.
   */
  async resend(of: Exchange, rawBody?: string): Promise<Exchange> {
    const exchange = await this.client.resend(of, {
      rawBody,
      scenario: this.scenarioId,
      role: this.cleaningUp ? 'cleanup' : undefined,
    });
    return this.record(exchange, false);
  }

  /** Whether the run presents a client certificate (mutual TLS). */
  get presentsCertificate(): boolean {
    return this.client.presentsCertificate;
  }

  /** The TLS version a plain handshake with the URL's host negotiates, or why none completed. */
  negotiatedTls(url: string): Promise<Omit<Handshake, 'url'>> {
    return this.client.negotiatedTls(url);
  }

  /** GETs a URL over a handshake capped at TLS 1.2: a business requiring TLS 1.3 refuses it. */
  async getOverTls12(url: string): Promise<Exchange> {
    const x = await this.client.send({
      operation: 'tls.handshake',
      method: 'GET',
      url,
      scenario: this.scenarioId,
      tlsMaxVersion: 'TLSv1.2',
    });
    return this.record(x, true, true);
  }

  /**
   * Logs an exchange; the one place that decides what a transport failure means. A network failure
   * is the run's error wherever it happens (the scenario ends `error`, never a failed check): the
   * business's answer is unknown. Only a request that alters the TLS handshake on purpose (a capped
   * version, another client certificate) takes a failed handshake as its answer, and only where the
   * scenario tolerates transport failures, as it may a timeout or an oversized body.
   */
  private record(
    exchange: Exchange,
    tolerateTransportError: boolean | undefined,
    handshakeAltered = false,
    tolerateRateLimit = false,
  ): Exchange {
    this.exchanges.push(exchange);
    const failure = exchange.transportError;
    // Cut off by the run's stop: neither the business's answer nor a failure of it.
    if (failure?.kind === 'stopped') throw new RunHalted(failure.message);
    if (failure && !(tolerateTransportError && judgeable(failure, handshakeAltered))) {
      throw new HarnessError(`${exchange.method} ${exchange.url}: ${failure.message}`);
    }
    // Still rate limited or unavailable after the client's bounded retries: permitted answers (Document 1 §Errors)
    // that leave the request unjudged, as the rest of the scenario.
    const transient = exchange.status === 429 ? 'rate limited' : exchange.status === 503 ? 'unavailable' : undefined;
    const asked = exchange.responseHeaders?.['retry-after'];
    if (transient && !this.cleaningUp && !tolerateRateLimit)
      this.stopNotTested(
        `${exchange.method} ${exchange.url} was still ${transient} (HTTP ${exchange.status}) after ${exchange.retried?.length ?? 0} retries${asked ? ` (Retry-After: ${asked})` : ''}; see the run's notices`,
      );
    // A 401 where the run withheld its credentials says nothing about the business (the run's notices say why).
    const withheld = exchange.status === 401 ? this.client.withholdsCredentialsFrom(exchange.url) : undefined;
    if (withheld && !this.cleaningUp) this.stopNotTested(withheldCredentials(withheld));
    // Nor does a 424 or 422 for a platform profile of the run's own, which the business could not fetch or read.
    const profile = refusedPlatformProfile(exchange, this.dialect, unvouched(this.client, this.config, this.platform));
    if (profile && !this.cleaningUp) this.stopNotTested(profile.why);
    return exchange;
  }

  /** Registers a step that undoes what the scenario created (a `write` scenario cleans up after itself). */
  cleanup(step: () => Promise<unknown>): void {
    this.cleanups.push(step);
  }

  /** Problems of a body against a schema in schemas/, in this target's dialect. */
  validate(schema: string, body: unknown): string[] {
    return validatorFor(schema, this.dialect.envelopeKey)(body);
  }

  /** The check held. */
  pass(checkId: C, message = 'held', exchanges?: Exchange[]): void {
    this.conclude(checkId, { kind: 'held', finding: { message, exchanges } });
  }

  /** The check did not hold; the requirement level decides between fail, warn and info. */
  fail(checkId: C, finding: Breach): void {
    this.conclude(checkId, { kind: 'broken', finding });
  }

  /** Passes when `ok`, fails with `finding` otherwise. Returns `ok`. */
  check(checkId: C, ok: boolean, finding: Breach): boolean {
    if (ok)
      this.conclude(checkId, {
        kind: 'held',
        finding: { ...finding, message: 'held', actual: finding.actual || undefined },
      });
    else this.fail(checkId, finding);
    return ok;
  }

  /** Like `check`, but a broken check stops the scenario: the rest are blocked by it. */
  require(checkId: C, ok: boolean, finding: Breach): void {
    if (!this.check(checkId, ok, finding)) this.stopBlocked(checkId);
  }

  /** An observation where the spec leaves behaviour open: reported as info. */
  observe(checkId: C, finding: Finding): void {
    this.conclude(checkId, { kind: 'observed', finding });
  }

  /** This one check cannot be judged in this run; the scenario goes on. */
  notTested(checkId: C, reason: string, exchanges?: Exchange[]): void {
    this.conclude(checkId, { kind: 'not-tested', finding: { message: reason, exchanges } });
  }

  /** The rule does not apply to this business as the config describes it (no operation needs authentication). */
  notApplicable(checkId: C, reason: string): void {
    this.conclude(checkId, { kind: 'not-applicable', finding: { message: reason, exchanges: [] } });
  }

  /** Whether a check has concluded already (a scenario concludes each check once). */
  concluded(checkId: C): boolean {
    return this.conclusions.has(checkId);
  }

  /**
   * Stops the scenario because the run lacks something (config, permission, a fixture, a business
   * answer that lets the steps go on): every check not yet concluded is not-tested with `reason`.
   * `at` names the check whose step could not be taken, citing the exchanges that show why;
   * `waitsOn`, the checks whose failure is the reason (each not-tested check is then blocked by it).
   */
  stopNotTested(reason: string, at?: { check: C; exchanges: Exchange[] }, waitsOn: readonly string[] = []): never {
    if (at) this.notTested(at.check, reason, at.exchanges);
    throw new Stop('not-tested', reason, waitsOn);
  }

  /**
   * Stops the scenario because a prerequisite failed: every check not yet concluded is blocked by
   * the check that judges it (this scenario's or another's), instead of failing a second time.
   */
  stopBlocked(byCheckId: string): never {
    throw new Stop('blocked', `blocked by ${byCheckId}`);
  }

  /**
   * A value the scenario cannot go on without: when absent (or an empty list), stops not-tested, or
   * blocked by whichever of `foundBy` (the checks judging the steps that find it) failed.
   */
  need<T>(value: T | undefined, what: string, foundBy: readonly string[] = []): T {
    if (value === undefined || (Array.isArray(value) && value.length === 0))
      throw new Stop('not-tested', `needs ${what}`, foundBy);
    return value;
  }

  private conclude(checkId: string, c: Conclusion): void {
    if (!this.checks.some((s) => s.id === checkId))
      throw new Error(`check ${checkId} is not declared by this scenario`);
    if (this.conclusions.has(checkId)) throw new Error(`check ${checkId} concluded twice`);
    // Evidence is fixed when the check concludes, so a later request (or a clean-up) is never cited.
    const last = this.lastExchange;
    const exchanges = (c.finding.exchanges ?? (last ? [last] : [])).filter((x) => x.role !== 'cleanup');
    this.conclusions.set(checkId, { ...c, finding: { ...c.finding, exchanges } } as Conclusion);
    this.concludedAt.set(checkId, Math.round(performance.now() - this.startedAt));
  }
}

/** The operation's path with `{id}` filled in, escaped: ids may hold any character. */
function pathFor(op: Operation, id: string | undefined): string {
  if (!op.path.includes('{id}')) return op.path;
  if (id === undefined) throw new Error(`operation ${op.name} needs an id`);
  return op.path.replace('{id}', encodeURIComponent(id));
}

/**
 * The run's own platform profiles it cannot vouch for: the one Proto-Agent names unless the run hosts
 * it (a profile it serves well-formed to anyone who asks cannot explain a 424 or 422), and the
 * config's second platform's.
 */
export function unvouched(client: HttpClient, config: RunConfig, platform: PlatformProfiles | undefined): string[] {
  const own = client.agentProfile === platform?.url ? [] : [client.agentProfile];
  return [...own, ...(config.second_platform?.agent_profile ? [config.second_platform.agent_profile] : [])];
}

/**
 * A 424 or 422 (Document 1 §Errors: the platform profile could not be fetched, or is malformed) to a
 * request naming one of the run's own platform profiles it cannot vouch for (`own`), not a probe's
 * broken one: the run's problem, not the business's. Undefined for any other exchange.
 */
export function refusedPlatformProfile(
  x: Exchange,
  dialect: Dialect,
  own: readonly (string | undefined)[],
): { url: string; why: string } | undefined {
  if (x.status !== 424 && x.status !== 422) return undefined;
  const named = Object.entries(x.requestHeaders).find(([k]) => k.toLowerCase() === dialect.agentHeader.toLowerCase());
  const url = own.find((u) => u !== undefined && named?.[1] === agentHeaderValue(u));
  if (!url) return undefined;
  return {
    url,
    why: `the business could not use the platform profile ${url} the run names (HTTP ${x.status}), so its answer says nothing of the request: host one it can fetch (proto-conformance keygen writes one) and name it with --agent-profile`,
  };
}

/** Why a 401 from an origin the run sends no credentials to is not judged. */
export const withheldCredentials = (origin: string) =>
  `${origin} gets no credentials, so its 401 is not judged: list it in auth.origins in --config to send them there`;

/** Codes of a network failure that never reached a server: no handshake can explain them. */
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Whether a scenario that tolerates transport failures may judge this one as the business's answer. */
function judgeable(failure: TransportError, handshakeAltered: boolean): boolean {
  if (failure.kind === 'timeout' || failure.kind === 'too-large') return true;
  return failure.kind === 'network' && handshakeAltered && !UNREACHED.has(failure.code ?? '');
}
