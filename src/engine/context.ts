import type { RunConfig } from '../config/config.js';
import type { Dialect } from '../dialect/dialect.js';
import type { Target } from '../discovery/target.js';
import type { HttpClient, OutgoingRequest } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { idempotencyKey } from '../protocol/idempotency.js';
import { operation } from '../protocol/operations.js';
import { validatorFor } from '../protocol/schemas.js';
import { Blocked, HarnessError, NotTested } from './outcomes.js';
import type { CheckSpec } from './suite.js';
import type { Finding } from './types.js';

/** How a check concluded, before the engine applies the requirement level. */
export type Conclusion =
  | { kind: 'held'; finding: Finding }
  | { kind: 'broken'; finding: Finding }
  | { kind: 'observed'; finding: Finding }
  | { kind: 'not-tested'; finding: Finding };

export interface CallOptions {
  /** Value for `{id}` in the operation's path. */
  id?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string | null>;
  /** A transport failure is returned instead of ending the scenario as an error. */
  tolerateTransportError?: boolean;
}

/** What a scenario sees: the target, the config, a client that records evidence, and verdict calls. */
export class ScenarioContext {
  /** This scenario's exchanges, in order. */
  readonly exchanges: Exchange[] = [];
  readonly conclusions = new Map<string, Conclusion>();
  /** Undo steps for what the scenario created; the engine runs them however the scenario ended. */
  readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(
    readonly target: Target,
    readonly config: RunConfig,
    private readonly client: HttpClient,
    private readonly checks: CheckSpec[],
    private readonly runMemo: Map<string, Promise<unknown>> = new Map(),
  ) {}

  /**
   * Work done once per run and shared by every scenario (fixture discovery), so a run does not
   * repeat the same requests. The exchanges belong to the scenario that ran it first.
   */
  once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let found = this.runMemo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = work();
      this.runMemo.set(key, found);
    }
    return found;
  }

  get dialect(): Dialect {
    return this.target.dialect;
  }

  /** Every exchange of the run so far (for suites that run after all others). */
  get runExchanges(): readonly Exchange[] {
    return this.client.exchanges;
  }

  /**
   * Calls an operation of the operations table on its service's endpoint, adding an
   * Idempotency-Key where the spec requires one.
   */
  async call(name: string, opts: CallOptions = {}): Promise<Exchange> {
    const op = operation(name);
    const endpoint = this.target.services.get(op.service)?.endpoint;
    if (!endpoint) throw new HarnessError(`no endpoint for service ${op.service}`);
    const path = op.path.replace('{id}', encodeURIComponent(opts.id ?? ''));
    const headers: Record<string, string | null> = {};
    if (op.idempotency === 'required') headers['Idempotency-Key'] = idempotencyKey();
    return this.send({
      operation: op.name,
      service: op.service,
      method: op.method,
      url: endpoint + path,
      body: opts.body,
      rawBody: opts.rawBody,
      headers: { ...headers, ...opts.headers },
    }, opts.tolerateTransportError);
  }

  async send(req: OutgoingRequest, tolerateTransportError = false): Promise<Exchange> {
    const exchange = await this.client.send(req);
    this.exchanges.push(exchange);
    if (exchange.transportError && !tolerateTransportError) {
      throw new HarnessError(`${req.method} ${exchange.url}: ${exchange.transportError.message}`);
    }
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
  pass(checkId: string, message = 'held'): void {
    this.conclude(checkId, { kind: 'held', finding: { message } });
  }

  /** The check did not hold; the requirement level decides between fail, warn and info. */
  fail(checkId: string, finding: Finding): void {
    this.conclude(checkId, { kind: 'broken', finding });
  }

  /** Passes when `ok`, fails with `finding` otherwise. Returns `ok`. */
  check(checkId: string, ok: boolean, finding: Finding): boolean {
    if (ok) this.conclude(checkId, { kind: 'held', finding: { ...finding, message: 'held', actual: finding.actual || undefined } });
    else this.fail(checkId, finding);
    return ok;
  }

  /** Like `check`, but a broken check blocks the rest of the scenario. */
  require(checkId: string, ok: boolean, finding: Finding): void {
    if (!this.check(checkId, ok, finding)) throw new Blocked(checkId);
  }

  /**
   * A step another scenario's check covers: when it does not hold, the rest of this scenario is
   * blocked by that check instead of failing a second time.
   */
  prerequisite(ok: boolean, coveredBy: string): void {
    if (!ok) throw new Blocked(coveredBy);
  }

  /** An observation where the spec leaves behaviour open: reported as info. */
  observe(checkId: string, finding: Finding): void {
    this.conclude(checkId, { kind: 'observed', finding });
  }

  notTested(checkId: string, reason: string): void {
    this.conclude(checkId, { kind: 'not-tested', finding: { message: reason } });
  }

  /** A value the scenario cannot go on without; when absent the remaining checks are not-tested. */
  need<T>(value: T | undefined, what: string): T {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) throw new NotTested(`needs ${what}`);
    return value;
  }

  private conclude(checkId: string, c: Conclusion): void {
    if (!this.checks.some((s) => s.id === checkId)) throw new Error(`check ${checkId} is not declared by this scenario`);
    if (this.conclusions.has(checkId)) throw new Error(`check ${checkId} concluded twice`);
    this.conclusions.set(checkId, c);
  }
}
