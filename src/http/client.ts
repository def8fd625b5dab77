import { randomUUID } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Agent, type Dispatcher, EnvHttpProxyAgent, request } from 'undici';
import type { Dialect } from '../dialect/dialect.js';
import type { Exchange, Handshake, RetriedAttempt, TransportError } from '../report/exchange.js';
import type { Effect } from '../report/types.js';
import { OPERATIONS } from '../protocol/operations.js';
import {
  buildRequest,
  contentDigestStep,
  readResponse,
  signatureStep,
  type RequestIntent,
  type RequestStep,
  type RequestStepName,
  type ResponseFacts,
  type WireRequest,
} from './pipeline.js';
import { decodeContent } from './content-coding.js';
import { parseJson, TOO_DEEP } from '../protocol/json-text.js';
import { untrustedCertificate } from '../platform/untrusted-certificate.js';
import { NotConsented, NotInTranscript, RunHalted } from '../errors.js';
import type { Transcript } from './transcript.js';
import { noProxy, proxyFor, proxyInEnvironment, tunnel } from './proxy.js';
import { ImpliedRates, MAX_WAITS } from './implied-rate.js';
import { OriginLimit } from './origin-limit.js';

export interface HttpClientOptions {
  dialect: Dialect;
  /** Our own profile URL, sent in the agent header. */
  agentProfile: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Sent on every request (credentials from config). */
  headers: Record<string, string>;
  /** The platform's private signing JWK: requests are then signed. Never recorded. */
  signingKey?: Record<string, unknown>;
  /** Certificate authorities (PEM) to trust besides the system's, for a business with its own. */
  ca?: string;
  /** Certificates are not verified (`--insecure`): the run says so in every report. */
  insecure?: boolean;
  /**
   * The proxy: `url` for every request (`--proxy`), else what `env` names (HTTPS_PROXY,
   * HTTP_PROXY, NO_PROXY, as curl reads them). Absent: no proxy.
   */
  proxy?: { url?: string; env: NodeJS.ProcessEnv };
  /** The platform's client certificate and key (PEM), for mutual TLS. Never recorded. */
  clientCertificate?: { cert: string; key: string };
  /**
   * When the run stops (src/engine/run-stop.ts): after `halt` no request but clean-up starts;
   * after `grace` none at all, and those under way are cut off, recorded as `stopped`, never as
   * the business's answer.
   */
  stop?: { halt: AbortSignal; grace: AbortSignal; readonly remainingMs?: number };
  /** At most this many connections to one origin at once; undici's default (no limit) when absent. */
  connectionsPerOrigin?: number;
  /** At most this many requests a second to one origin (retries and clean-up included), for runs against production. */
  ratePerOrigin?: number;
  /** A regrade: every answer comes from this recorded run, and nothing is sent. */
  transcript?: Transcript;
  /**
   * The side effects the run allows (`--allow`). A request of an irreversible operation (a complete)
   * is refused before it is built unless this is `irreversible`: the one gate every request passes.
   */
  allow?: Effect;
}

export interface OutgoingRequest extends RequestIntent {
  /** Operation name (`catalog.lookup`), or `profile`. */
  operation: string;
  service?: string;
  scenario?: string;
  role?: Exchange['role'];
  notFoundProbe?: boolean;
  method: string;
  url: string;
  /** Extra headers, applied after every step; `null` removes a header (to test its absence). */
  headers?: Record<string, string | null>;
  /** Request steps left out of this one call (a negative test), never re-implemented. */
  omit?: readonly RequestStepName[];
  /** Request steps replaced for this one call (a wrong digest, a tampered signature). */
  replace?: readonly RequestStep[];
  /** Caps the TLS handshake at this version, to see whether the business refuses it. */
  tlsMaxVersion?: 'TLSv1.2';
  /** For one call, no client certificate, or one no business trusts, instead of the platform's. */
  clientCertificate?: 'none' | 'untrusted';
}

/**
 * The only way the checker talks to a target. Builds each request through the request steps
 * (src/http/pipeline.ts), reads each response through the response steps, enforces the timeout
 * and size cap, and records every exchange, numbered and as sent and received, in the run's one log.
 */
export class HttpClient {
  readonly exchanges: Exchange[] = [];
  /** The plain TLS handshakes made outside the log (negotiatedTls), in order. */
  readonly handshakes: Handshake[] = [];
  private readonly agent: Dispatcher;
  /** Agents for the calls that need other TLS settings (a capped version, another certificate), made once. */
  private readonly variantAgents = new Map<string, Dispatcher>();
  /** Where credentials may go; set from the target and the config before the first request. */
  private credentialOrigins: readonly string[] = [];
  /** The business's published keys, which the verify step checks response signatures with. */
  private keys: readonly Record<string, unknown>[] = [];
  /** What went on the wire and how it was asked for, to send it again (a replay, a conflict). */
  private readonly sent = new WeakMap<Exchange, { wire: WireRequest; req: OutgoingRequest }>();

  /** Who hears of each exchange as it is recorded (the run's event stream). */
  private readonly listeners: ((x: Exchange) => void)[] = [];

  constructor(private readonly opts: HttpClientOptions) {
    this.agent = this.makeAgent();
  }

  /** Calls `listener` with every exchange recorded from now on, numbered; returns how to stop. */
  onRecord(listener: (x: Exchange) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  private makeAgent(tls: { maxVersion?: 'TLSv1.2'; clientCertificate?: 'none' | 'untrusted' } = {}): Dispatcher {
    const { clientCertificate, ...connect } = tls;
    const certificate =
      clientCertificate === 'none'
        ? undefined
        : clientCertificate === 'untrusted'
          ? untrustedCertificate()
          : this.opts.clientCertificate;
    const toBusiness = {
      timeout: this.opts.timeoutMs,
      // No TLS session resumption: each connection presents its own certificate (or none) in a
      // full handshake, so a request made without one is never served on another's session.
      maxCachedSessions: 0,
      ...(this.opts.ca ? { ca: this.opts.ca } : {}),
      ...(this.opts.insecure ? { rejectUnauthorized: false } : {}),
      ...(certificate ?? {}),
      ...connect,
    };
    const options = {
      connect: toBusiness,
      // HTTP/2 where the business offers it by ALPN, HTTP/1.1 otherwise: no version is fixed (Document 1).
      allowH2: true,
      headersTimeout: this.opts.timeoutMs,
      bodyTimeout: this.opts.timeoutMs,
      ...(this.opts.connectionsPerOrigin ? { connections: this.opts.connectionsPerOrigin } : {}),
    };
    const { proxy } = this.opts;
    if (!proxy?.url && !proxyInEnvironment(proxy?.env ?? {})) return new Agent(options);
    // Through a proxy, the TLS to the business runs inside the tunnel: the same settings apply to it.
    return new EnvHttpProxyAgent({
      ...options,
      requestTls: toBusiness,
      ...(proxy?.url ? { httpProxy: proxy.url, httpsProxy: proxy.url } : {}),
      noProxy: noProxy(proxy?.url, proxy?.env ?? {}),
    });
  }

  private agentFor(req: OutgoingRequest): Dispatcher {
    if (!req.tlsMaxVersion && !req.clientCertificate) return this.agent;
    const key = `${req.tlsMaxVersion ?? ''}|${req.clientCertificate ?? ''}`;
    let agent = this.variantAgents.get(key);
    if (!agent) {
      agent = this.makeAgent({ maxVersion: req.tlsMaxVersion, clientCertificate: req.clientCertificate });
      this.variantAgents.set(key, agent);
    }
    return agent;
  }

  private stepOptions() {
    return { ...this.opts, credentialOrigins: this.credentialOrigins };
  }

  /** Whether the run presents a client certificate (mutual TLS). */
  get presentsCertificate(): boolean {
    return this.opts.clientCertificate !== undefined;
  }

  /** The platform profile the agent header names on every request but a probe's. */
  get agentProfile(): string {
    return this.opts.agentProfile;
  }

  /** Whether the run signs its requests (a signing key was given). */
  get signs(): boolean {
    return this.opts.signingKey !== undefined;
  }

  /** The TLS version a plain handshake with the URL's host negotiates (through any proxy), or why none completed. */
  async negotiatedTls(url: string): Promise<Omit<Handshake, 'url'>> {
    const { transcript } = this.opts;
    const { url: _, ...found } = transcript ? recordedHandshake(transcript, url) : await this.handshake(url);
    this.handshakes.push({ url, ...found });
    return found;
  }

  private async handshake(url: string): Promise<Handshake> {
    const u = new URL(url);
    const port = Number(u.port || 443);
    const proxy = this.opts.proxy && proxyFor(url, this.opts.proxy.url, this.opts.proxy.env);
    let through: Socket | undefined;
    try {
      through = proxy ? await tunnel(proxy, u.hostname, port, this.opts.timeoutMs) : undefined;
    } catch (err) {
      return { url, error: (err as Error).message };
    }
    return new Promise((resolve) => {
      const socket = tlsConnect(
        {
          host: u.hostname,
          port,
          ...(through ? { socket: through } : {}),
          servername: isIP(u.hostname) ? undefined : u.hostname,
          ALPNProtocols: ['h2', 'http/1.1'],
          ca: this.opts.ca,
          rejectUnauthorized: !this.opts.insecure,
          timeout: this.opts.timeoutMs,
        },
        () => {
          const alpn = socket.alpnProtocol;
          resolve({ url, version: socket.getProtocol() ?? undefined, ...(alpn ? { http: alpn } : {}) });
          socket.end();
        },
      );
      socket.once('error', (err) => resolve({ url, error: err.message }));
      socket.once('timeout', () => {
        socket.destroy();
        resolve({ url, error: `no handshake within ${this.opts.timeoutMs} ms` });
      });
    });
  }

  /** Gives the response steps the keys of the business's profile (once discovery has read it). */
  verifyWith(keys: readonly Record<string, unknown>[]): void {
    this.keys = keys;
  }

  /** The origins the credentials step may send credentials to. */
  sendCredentialsTo(origins: readonly string[]): void {
    this.credentialOrigins = origins;
  }

  /** The origin of a URL when the run has credentials but sends none there, else undefined. */
  withholdsCredentialsFrom(url: string): string | undefined {
    if (Object.keys(this.opts.headers).length === 0) return undefined;
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return undefined;
    }
    return this.credentialOrigins.includes(origin) ? undefined : origin;
  }

  async send(req: OutgoingRequest): Promise<Exchange> {
    this.refuseWhenStopped(req);
    this.refuseUnlessConsented(req);
    const wire = buildRequest({ method: req.method, url: req.url }, req, this.stepOptions(), {
      omit: req.omit,
      replace: req.replace,
      headers: req.headers,
    });
    return this.transmit(wire, req);
  }

  /**
   * Sends an earlier request again, byte for byte and with the same Idempotency-Key, or with
   * another body (`rawBody`): the replay and the conflict of the idempotency rules.
   */
  async resend(
    of: Exchange,
    change: { rawBody?: string; scenario?: string; role?: Exchange['role'] } = {},
  ): Promise<Exchange> {
    const earlier = this.sent.get(of);
    if (!earlier) throw new Error(`exchange #${of.seq} was not sent by this client`);
    this.refuseWhenStopped({ ...earlier.req, role: change.role });
    this.refuseUnlessConsented(earlier.req);
    const headers = { ...earlier.wire.headers };
    const requestId = Object.keys(headers).find((h) => h.toLowerCase() === 'request-id');
    if (requestId) headers[requestId] = randomUUID();
    const wire: WireRequest = { ...earlier.wire, headers, body: change.rawBody ?? earlier.wire.body };
    // Another body needs its own digest and signature, or the business refuses it for that alone.
    if (change.rawBody !== undefined)
      for (const step of [contentDigestStep(), signatureStep()]) step.apply(wire, {}, this.stepOptions());
    return this.transmit(wire, {
      ...earlier.req,
      scenario: change.scenario ?? earlier.req.scenario,
      role: change.role,
      notFoundProbe: false,
    });
  }

  /** The signal that cuts off a request under way: the end of the grace after a stop. */
  private cutOff(): AbortSignal | undefined {
    return this.opts.stop?.grace;
  }

  /** The signal after which a request is not sent (nor retried): clean-up's grace, or any stop. */
  private halted(req: Pick<OutgoingRequest, 'role'>): AbortSignal | undefined {
    return req.role === 'cleanup' ? this.opts.stop?.grace : this.opts.stop?.halt;
  }

  /** A request that could complete a session or a booking goes only with --allow irreversible. */
  private refuseUnlessConsented(req: Pick<OutgoingRequest, 'operation'>): void {
    if (this.opts.allow !== 'irreversible' && IRREVERSIBLE.has(req.operation))
      throw new NotConsented(`needs --allow irreversible: ${req.operation} could complete what it names`);
  }

  /** After a stop, no request is sent but clean-up (within its grace). */
  private refuseWhenStopped(req: Pick<OutgoingRequest, 'role'>): void {
    const halt = this.halted(req);
    if (halt?.aborted) throw new RunHalted(String(halt.reason));
  }

  private async transmit(wire: WireRequest, req: OutgoingRequest): Promise<Exchange> {
    const retried: RetriedAttempt[] = [];
    const origin = originOf(wire.url) ?? wire.url;
    for (;;) {
      const a = await this.attempt(wire, req);
      // A read that timed out is tried once more: by then its origin gets fewer requests at once.
      if (a.transportError?.kind === 'timeout' && !this.opts.transcript && isRead(req, wire) && !retried.length) {
        retried.push({ timedOut: true, startedAt: a.startedAt.toISOString(), waitedMs: 0 });
        this.refuseWhenStopped(req);
        continue;
      }
      const wait = a.transportError || this.opts.transcript ? undefined : retryWait(a.status, a.responseHeaders);
      if (wait === undefined) {
        if (a.status !== undefined) this.rates.answered(origin);
        return this.record(wire, req, a, retried);
      }
      // What the business asks is waited out while the run has the time; a wait past its deadline is not begun.
      const fits =
        wait <= (this.opts.stop?.remainingMs ?? Number.POSITIVE_INFINITY) &&
        retried.filter((r) => !r.timedOut).length < MAX_RETRIES;
      this.rates.limited(origin, wait, fits);
      if (!fits) return this.record(wire, req, a, retried);
      retried.push({
        status: a.status as number,
        ...(a.responseHeaders?.['retry-after'] ? { retryAfter: a.responseHeaders['retry-after'] } : {}),
        startedAt: a.startedAt.toISOString(),
        waitedMs: wait,
      });
      // The whole origin waits, not this request alone: the others would only meet the limit again.
      this.holdOrigin(wire.url, wait);
      // A stop ends the wait: the request is not retried, and the scenario ends as the stop says.
      await sleep(wait, this.halted(req));
      this.refuseWhenStopped(req);
    }
  }

  /** What the business's rate limiting implied, per origin. */
  private readonly rates = new ImpliedRates();

  /** Per origin, how many requests go at once (`connectionsPerOrigin` at most), adapted to its answers. */
  private readonly limits = new Map<string, OriginLimit>();

  private limitFor(url: string): OriginLimit | undefined {
    const max = this.opts.connectionsPerOrigin;
    const origin = originOf(url);
    if (!max || !origin) return undefined;
    let limit = this.limits.get(origin);
    if (!limit) {
      // Slower than twice the fastest answer, and by more than a twentieth of the timeout, is slowing down.
      limit = new OriginLimit(max, { factor: 2, ms: this.opts.timeoutMs / 20 });
      this.limits.set(origin, limit);
    }
    return limit;
  }

  /**
   * What the run had to do about the business's pace, for the report's notices: origins it sent
   * fewer requests at once than asked, and waits it could not take.
   */
  paceNotices(): string[] {
    const slowed = [...this.limits].flatMap(([origin, limit]) => {
      const s = limit.slowed;
      if (!s) return [];
      const timeouts = s.timeouts
        ? `; ${s.timeouts} request(s) timed out, and each read among them was tried once more`
        : '';
      return [
        `${origin} answered slowly, so the run slowed itself down: at times it sent ${s.lowest} request(s) at once, of the ${this.opts.connectionsPerOrigin} allowed${timeouts}`,
      ];
    });
    return [...slowed, ...this.rates.notices()];
  }

  /** Per origin, until when no request goes out (performance.now()): what a 429 or 503 asked. */
  private readonly heldUntil = new Map<string, number>();

  private holdOrigin(url: string, ms: number): void {
    const origin = originOf(url);
    if (origin) this.heldUntil.set(origin, Math.max(this.heldUntil.get(origin) ?? 0, performance.now() + ms));
  }

  /** Waits while the origin is held after a 429 or 503; a stop ends the wait. */
  private async whileHeld(url: string, req: OutgoingRequest): Promise<void> {
    const origin = originOf(url);
    for (;;) {
      const left = (origin ? (this.heldUntil.get(origin) ?? 0) : 0) - performance.now();
      if (left <= 0) return;
      await sleep(left, this.halted(req));
      this.refuseWhenStopped(req);
    }
  }

  /** Per origin, when its last request went out, once it has: requests take turns. */
  private readonly lastSent = new Map<string, Promise<number>>();

  /**
   * Waits for the origin's turn under ratePerOrigin, and returns the call that marks the request
   * sent: the next one goes out at least 1/rate s after this one did, so neither a late timer nor
   * other work run between a turn and its send lets two go closer together.
   */
  private async pace(url: string, req: OutgoingRequest): Promise<() => void> {
    const rate = this.opts.ratePerOrigin;
    const origin = originOf(url);
    if (!rate || !origin) return () => {};
    const previous = this.lastSent.get(origin) ?? Promise.resolve(Number.NEGATIVE_INFINITY);
    let mark: (at: number) => void = () => {};
    this.lastSent.set(origin, new Promise<number>((resolve) => (mark = resolve)));
    const last = await previous;
    const cut = this.halted(req);
    // A timer fires up to a millisecond early: wait out the rest.
    for (let wait = last + 1000 / rate - performance.now(); wait > 0 && !cut?.aborted; ) {
      await sleep(wait, cut);
      wait = last + 1000 / rate - performance.now();
    }
    if (cut?.aborted) {
      // Not sent: the next turn counts from the one before.
      mark(last);
      this.refuseWhenStopped(req);
    }
    return () => mark(performance.now());
  }

  /** One request on the wire and its response, read through the response steps, in its origin's turn. */
  private async attempt(wire: WireRequest, req: OutgoingRequest): Promise<Attempt> {
    if (this.opts.transcript) return this.replayed(wire, req, this.opts.transcript);
    const done = (await this.limitFor(wire.url)?.turn(this.halted(req))) ?? (() => {});
    let a: Attempt | undefined;
    try {
      this.refuseWhenStopped(req);
      // After the turn: a 429 that came while this one waited for it holds it back too.
      await this.whileHeld(wire.url, req);
      a = await this.onTheWire(wire, req);
      return a;
    } finally {
      const timedOut = a?.transportError?.kind === 'timeout';
      done(timedOut ? 'timeout' : a && !a.transportError ? { ms: a.durationMs } : 'other');
    }
  }

  private async onTheWire(wire: WireRequest, req: OutgoingRequest): Promise<Attempt> {
    const sent = await this.pace(wire.url, req);
    const startedAt = new Date();
    // At once: the origin's next turn waits for it.
    sent();
    const deadline = requestDeadline(this.opts.timeoutMs, this.cutOff());
    const start = performance.now();
    let status: number | undefined;
    let responseHeaders: Record<string, string> | undefined;
    let facts: ResponseFacts = {};
    let transportError: TransportError | undefined;
    try {
      const res = await request(wire.url, {
        method: wire.method as 'GET',
        headers: wire.headers,
        body: wire.body,
        dispatcher: this.agentFor(req),
        signal: deadline.signal,
      });
      status = res.statusCode;
      responseHeaders = flattenHeaders(res.headers);
      const read = await readCapped(res.body, this.opts.maxResponseBytes);
      // A coded body is judged decoded: the spec's digest is over the body, not its transfer form.
      const decoded = decodeContent(read.raw, responseHeaders['content-encoding'], this.opts.maxResponseBytes);
      const raw = 'body' in decoded ? decoded.body : read.raw;
      facts = readResponse({ status, headers: responseHeaders, raw }, { keys: this.keys });
      if (read.truncated || ('tooLarge' in decoded && decoded.tooLarge)) {
        transportError = { kind: 'too-large', message: `response body exceeds ${this.opts.maxResponseBytes} bytes` };
      } else transportError = unjudged(facts);
    } catch (err) {
      const cut = this.cutOff();
      transportError = cut?.aborted
        ? { kind: 'stopped', message: `cut off: ${String(cut.reason)}` }
        : classify(err, this.opts.timeoutMs, deadline.signal.aborted);
    } finally {
      deadline.done();
    }
    return {
      startedAt,
      durationMs: Math.round(performance.now() - start),
      status,
      responseHeaders,
      facts,
      transportError,
    };
  }

  /** A regrade's attempt: the recorded answer, read through the same response steps as a live one. */
  private replayed(wire: WireRequest, req: OutgoingRequest, transcript: Transcript): Attempt {
    const recorded = transcript.answer({
      ...req,
      method: wire.method,
      url: wire.url,
      headers: wire.headers,
      body: wire.body,
    });
    if (!recorded)
      throw new NotInTranscript(
        `the record holds no answer to this request: ${wire.method} ${wire.url} (${req.operation})`,
      );
    const startedAt = new Date();
    if (recorded.transportError)
      return { startedAt, durationMs: 0, facts: {}, transportError: recorded.transportError };
    // The transcript holds bodies decoded: no content coding is left to undo.
    const { 'content-encoding': _coding, ...responseHeaders } = recorded.responseHeaders ?? {};
    const raw = Buffer.from(recorded.responseBody ?? '', 'utf8');
    const status = recorded.status ?? 0;
    const facts = readResponse({ status, headers: responseHeaders, raw }, { keys: this.keys });
    return { startedAt, durationMs: 0, status, responseHeaders, facts, transportError: unjudged(facts) };
  }

  /**
   * Records the answered attempt, numbered, as it went and came: checks judge what the business
   * sent. Secrets are taken out where output is written (reports/redaction.ts), never here.
   */
  private record(wire: WireRequest, req: OutgoingRequest, a: Attempt, retried: RetriedAttempt[]): Exchange {
    const { startedAt, status, responseHeaders, facts, transportError } = a;
    const exchange: Exchange = {
      seq: this.exchanges.length + 1,
      operation: req.operation,
      service: req.service,
      ...(req.scenario ? { scenario: req.scenario } : {}),
      ...(req.role ? { role: req.role } : {}),
      ...(req.notFoundProbe ? { notFoundProbe: true } : {}),
      ...(req.tlsMaxVersion ? { tlsMaxVersion: req.tlsMaxVersion } : {}),
      method: wire.method,
      url: wire.url,
      requestHeaders: { ...wire.headers },
      requestBody: wire.body,
      status,
      responseHeaders,
      responseBody: facts.text,
      ...(facts.sha256 ? { responseSha256: facts.sha256 } : {}),
      ...(facts.signatures ? { signatures: facts.signatures } : {}),
      ...(facts.contentDigest ? { contentDigest: facts.contentDigest } : {}),
      json: transportError ? undefined : facts.json,
      sentJson: parseJson(wire.body),
      startedAt: startedAt.toISOString(),
      durationMs: a.durationMs,
      ...(retried.length ? { retried } : {}),
      transportError,
    };
    this.exchanges.push(exchange);
    this.sent.set(exchange, { wire, req });
    for (const listener of this.listeners) listener(exchange);
    return exchange;
  }

  async close(): Promise<void> {
    await Promise.all([this.agent, ...this.variantAgents.values()].map((a) => a.close()));
  }
}

/**
 * The signal of one request: aborted at its timeout, or when `cut` aborts. Its listener on `cut`
 * goes when the request is done, so a long run of concurrent requests leaves none behind.
 */
function requestDeadline(timeoutMs: number, cut: AbortSignal | undefined): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no complete response within ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const onCut = () => controller.abort(cut?.reason);
  if (cut?.aborted) onCut();
  else cut?.addEventListener('abort', onCut, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      cut?.removeEventListener('abort', onCut);
    },
  };
}

/** Waits `ms`, or less when `cut` aborts first. */
function sleep(ms: number, cut: AbortSignal | undefined): Promise<void> {
  // A signal that fired already fires no event: a wait begun after a stop ends at once.
  if (cut?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      cut?.removeEventListener('abort', done);
      resolve();
    }
    cut?.addEventListener('abort', done, { once: true });
  });
}

interface Attempt {
  startedAt: Date;
  durationMs: number;
  status?: number;
  responseHeaders?: Record<string, string>;
  facts: ResponseFacts;
  transportError?: TransportError;
}

/** The operations no request of which is sent without --allow irreversible. */
const IRREVERSIBLE = new Set(OPERATIONS.filter((o) => o.irreversible).map((o) => o.name));

/**
 * Retries of one request at most: a business still limiting after them is answered as it answered
 * (a refusal that is no passing limit, like a batch too large, is not waited on for long).
 */
export const MAX_RETRIES = MAX_WAITS;
/** The wait for a 429 or 503 that names no usable Retry-After. */
const DEFAULT_RETRY_WAIT_MS = 1000;

/**
 * How long to wait before retrying a response, or undefined when it is not retried: a 429 (rate
 * limited) or a 503 (temporarily unavailable; Document 1 §Errors), after what Retry-After asks
 * (RFC 9110 §10.2.3: seconds or an HTTP date), however long: the caller weighs it against the
 * run's deadline, and retries at most MAX_RETRIES times.
 */
export function retryWait(
  status: number | undefined,
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const value = headers?.['retry-after']?.trim();
  const asked =
    value === undefined || value === ''
      ? undefined
      : /^\d+$/.test(value)
        ? Number(value) * 1000
        : Number.isNaN(Date.parse(value))
          ? undefined
          : Math.max(0, Date.parse(value) - now);
  return asked ?? DEFAULT_RETRY_WAIT_MS;
}

/** A request that changes nothing, so that sending it again is harmless: a GET, or an operation without a key. */
function isRead(req: OutgoingRequest, wire: WireRequest): boolean {
  return wire.method === 'GET' || READS.has(req.operation);
}

const READS = new Set(OPERATIONS.filter((o) => o.idempotency === 'none').map((o) => o.name));

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  max: number,
): Promise<{ raw: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      chunks.push(chunk.subarray(0, Math.max(0, chunk.length - (size - max))));
      return { raw: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
  }
  return { raw: Buffer.concat(chunks), truncated: false };
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** A regrade's handshake: the one the recorded run made with that URL. */
function recordedHandshake(transcript: Transcript, url: string): Handshake {
  const found = transcript.handshake(url);
  if (!found) throw new NotInTranscript(`the record holds no TLS handshake with ${url}`);
  return found;
}

/** A whole response the checks cannot judge: a body too deep to parse safely. */
const unjudged = (facts: ResponseFacts): TransportError | undefined =>
  facts.tooDeep ? { kind: 'too-deep', message: TOO_DEEP } : undefined;

/**
 * A failed request in words. `timedOut`: the request's own deadline fired. Another abort (a proxy
 * refusing the tunnel) is a network failure, named as undici names it.
 */
function classify(err: unknown, timeoutMs: number, timedOut: boolean): TransportError {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (timedOut || e.name === 'TimeoutError' || /Timeout/.test(e.code ?? '')) {
    return { kind: 'timeout', message: `no complete response within ${timeoutMs} ms` };
  }
  if (e.code === 'ERR_INVALID_URL' || e.code === 'UND_ERR_INVALID_ARG') {
    return { kind: 'invalid-url', message: e.message ?? 'invalid URL' };
  }
  const code = e.code ?? e.cause?.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  return { kind: 'network', message: code ? `${code}: ${message}` : message, ...(code ? { code } : {}) };
}

/** A URL's origin, or undefined for one that is not a URL. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
