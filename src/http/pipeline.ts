import { createHash, randomUUID } from 'node:crypto';
import { TOOL } from '../package-root.js';
import { agentHeaderValue } from './agent-header.js';
import type { Dialect } from '../dialect/dialect.js';
import { inspectResponse, type DigestFinding, type SignatureFinding } from '../protocol/signatures.js';

/**
 * The request as it will go on the wire, built up by the request steps in order. Nothing here
 * is redacted: the client redacts once, when it records the exchange.
 */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body bytes as sent; undefined for no body. */
  body?: string;
}

/** What a caller asks the pipeline for, beside method and URL. */
export interface RequestIntent {
  /** Serialised as JSON by the `body` step; `rawBody` is sent as it is. */
  body?: unknown;
  rawBody?: string;
  /** The operation requires an Idempotency-Key (operations table); a replay resends the wire request instead. */
  idempotent?: boolean;
}

export interface StepOptions {
  dialect: Dialect;
  /** Our own profile URL, sent in the agent header. */
  agentProfile: string;
  /** Credentials and other headers from the config. */
  headers: Record<string, string>;
  /** The only origins credentials are sent to: the target's and those the config lists. */
  credentialOrigins: readonly string[];
}

/** One step of building a request. Steps run in the order of REQUEST_STEPS; a call may omit some. */
export interface RequestStep {
  name: RequestStepName;
  apply(req: WireRequest, intent: RequestIntent, o: StepOptions): void;
}

export type RequestStepName = 'body' | 'protocol-headers' | 'agent' | 'idempotency-key' | 'credentials';

/** The received response, before any redaction. */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
}

/** What the response steps derive from a response; the client records it with the exchange. */
export interface ResponseFacts {
  /** `sha-256` of the bytes as received, base64: evidence of exactly what was judged. */
  sha256?: string;
  text?: string;
  signatures?: SignatureFinding[] | { problem: string };
  contentDigest?: DigestFinding;
}

/** What response steps may consult: the signing keys of the business's profile, once read. */
export interface ResponseContext {
  keys: readonly Record<string, unknown>[];
}

export interface ResponseStep {
  name: ResponseStepName;
  apply(res: WireResponse, facts: ResponseFacts, c: ResponseContext): void;
}

export type ResponseStepName = 'hash' | 'decode' | 'verify';

export const REQUEST_STEPS: readonly RequestStep[] = [
  {
    name: 'body',
    apply(req, intent) {
      req.body = intent.rawBody ?? (intent.body === undefined ? undefined : JSON.stringify(intent.body));
      if (req.body !== undefined) req.headers['Content-Type'] = 'application/json';
    },
  },
  {
    name: 'protocol-headers',
    apply(req) {
      req.headers['Request-Id'] = randomUUID();
      req.headers.Accept = 'application/json';
      req.headers['User-Agent'] = `${TOOL.name}/${TOOL.version}`;
    },
  },
  {
    name: 'agent',
    apply(req, _intent, o) {
      req.headers[o.dialect.agentHeader] = agentHeaderValue(o.agentProfile);
    },
  },
  {
    name: 'idempotency-key',
    apply(req, intent) {
      if (intent.idempotent) req.headers['Idempotency-Key'] = randomUUID();
    },
  },
  {
    // Never to an origin nobody vouched for: a profile could point an endpoint anywhere.
    name: 'credentials',
    apply(req, _intent, o) {
      if (o.credentialOrigins.includes(originOf(req.url))) Object.assign(req.headers, o.headers);
    },
  },
];

export const RESPONSE_STEPS: readonly ResponseStep[] = [
  {
    name: 'hash',
    apply(res, facts) {
      facts.sha256 = createHash('sha256').update(res.raw).digest('base64');
    },
  },
  {
    name: 'decode',
    apply(res, facts) {
      facts.text = res.raw.toString('utf8');
    },
  },
  {
    // On the bytes as received: a digest over a redacted body would prove nothing.
    name: 'verify',
    apply(res, facts, c) {
      const found = inspectResponse(res.status, res.headers, res.raw, c.keys);
      if (found.signatures) facts.signatures = found.signatures;
      if (found.digest) facts.contentDigest = found.digest;
    },
  },
];

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Runs the request steps, less the omitted ones, then applies per-call header overrides. */
export function buildRequest(
  base: { method: string; url: string },
  intent: RequestIntent,
  o: StepOptions,
  omit: readonly RequestStepName[] = [],
  overrides: Record<string, string | null> = {},
): WireRequest {
  const req: WireRequest = { method: base.method, url: base.url, headers: {} };
  for (const step of REQUEST_STEPS) if (!omit.includes(step.name)) step.apply(req, intent, o);
  for (const [name, value] of Object.entries(overrides)) {
    const existing = Object.keys(req.headers).find((h) => h.toLowerCase() === name.toLowerCase());
    if (existing) delete req.headers[existing];
    if (value !== null) req.headers[name] = value;
  }
  return req;
}

export function readResponse(res: WireResponse, c: ResponseContext): ResponseFacts {
  const facts: ResponseFacts = {};
  for (const step of RESPONSE_STEPS) step.apply(res, facts, c);
  return facts;
}
