import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import type { Dialect } from '../dialect/dialect.js';
import { TOOL } from '../package-root.js';
import { agentHeaderValue } from './agent-header.js';
import type { Exchange, TransportError } from './exchange.js';
import type { Redactor } from './redact.js';

export interface HttpClientOptions {
  dialect: Dialect;
  /** Our own profile URL, sent in the agent header. */
  agentProfile: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Sent on every request (credentials from config). */
  headers: Record<string, string>;
  redactor: Redactor;
}

export interface OutgoingRequest {
  /** Operation name (`catalog.lookup`), or `profile`. */
  operation: string;
  service?: string;
  scenario?: string;
  role?: Exchange['role'];
  notFoundProbe?: boolean;
  method: string;
  url: string;
  /** Serialised as JSON; use `rawBody` to send bytes as they are. */
  body?: unknown;
  rawBody?: string;
  /** Extra headers; a value of `null` removes a default header (to test its absence). */
  headers?: Record<string, string | null>;
}

/**
 * The only way the checker talks to a target. Adds the protocol headers, enforces the timeout
 * and size cap, and records every exchange, redacted and numbered, in the run's one log.
 */
export class HttpClient {
  readonly exchanges: Exchange[] = [];
  private readonly agent: Agent;

  constructor(private readonly opts: HttpClientOptions) {
    this.agent = new Agent({
      connect: { timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
  }

  async send(req: OutgoingRequest): Promise<Exchange> {
    const headers = this.headersFor(req);
    const body = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    const startedAt = new Date();
    const start = performance.now();
    let status: number | undefined;
    let responseHeaders: Record<string, string> | undefined;
    let responseText: string | undefined;
    let transportError: TransportError | undefined;
    try {
      const res = await request(req.url, {
        method: req.method as 'GET',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      status = res.statusCode;
      responseHeaders = flattenHeaders(res.headers);
      const read = await readCapped(res.body, this.opts.maxResponseBytes);
      responseText = read.text;
      if (read.truncated) {
        transportError = { kind: 'too-large', message: `response body exceeds ${this.opts.maxResponseBytes} bytes` };
      }
    } catch (err) {
      transportError = classify(err, this.opts.timeoutMs);
    }
    const r = this.opts.redactor;
    // Request headers first: the redactor learns their secrets before it reads any body.
    const requestHeaders = r.headers(headers);
    const requestBody = body === undefined ? undefined : r.text(body);
    const redactedResponse = responseText === undefined ? undefined : r.text(responseText);
    const exchange: Exchange = {
      seq: this.exchanges.length + 1,
      operation: req.operation,
      service: req.service,
      ...(req.scenario ? { scenario: req.scenario } : {}),
      ...(req.role ? { role: req.role } : {}),
      ...(req.notFoundProbe ? { notFoundProbe: true } : {}),
      method: req.method,
      url: r.text(req.url),
      requestHeaders,
      requestBody,
      status,
      responseHeaders: responseHeaders && r.headers(responseHeaders),
      responseBody: redactedResponse,
      json: transportError ? undefined : parseJson(redactedResponse),
      sentJson: parseJson(requestBody),
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - start),
      transportError,
    };
    this.exchanges.push(exchange);
    return exchange;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private headersFor(req: OutgoingRequest): Record<string, string> {
    const headers: Record<string, string | null> = {
      [this.opts.dialect.agentHeader]: agentHeaderValue(this.opts.agentProfile),
      'Request-Id': randomUUID(),
      Accept: 'application/json',
      'User-Agent': `${TOOL.name}/${TOOL.version}`,
      ...(req.body !== undefined || req.rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...this.opts.headers,
      ...req.headers,
    };
    return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null));
  }
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  max: number,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      chunks.push(chunk.subarray(0, Math.max(0, chunk.length - (size - max))));
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function classify(err: unknown, timeoutMs: number): TransportError {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || /Timeout/.test(e.code ?? '')) {
    return { kind: 'timeout', message: `no complete response within ${timeoutMs} ms` };
  }
  if (e.code === 'ERR_INVALID_URL' || e.code === 'UND_ERR_INVALID_ARG') {
    return { kind: 'invalid-url', message: e.message ?? 'invalid URL' };
  }
  const code = e.code ?? e.cause?.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  return { kind: 'network', message: code ? `${code}: ${message}` : message };
}
