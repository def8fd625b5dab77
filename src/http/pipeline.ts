import { createHash, randomUUID } from 'node:crypto';
import { TOOL } from '../package-root.js';
import { agentHeaderValue } from './agent-header.js';
import { ACCEPTED_CODINGS } from './content-coding.js';
import type { Dialect } from '../dialect/dialect.js';
import { contentDigestHeader, inspectResponse, requestComponentsOf, signMessage } from '../protocol/signatures.js';
import type { DigestFinding, SignatureFinding } from '../report/exchange.js';
import { readJson } from '../protocol/json-text.js';

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
  /** The platform's private signing JWK; with it, requests carry Content-Digest and a signature. */
  signingKey?: Record<string, unknown>;
}

/** One step of building a request. Steps run in the order of REQUEST_STEPS; a call may omit some. */
export interface RequestStep {
  name: RequestStepName;
  apply(req: WireRequest, intent: RequestIntent, o: StepOptions): void;
}

export type RequestStepName =
  | 'body'
  | 'protocol-headers'
  | 'agent'
  | 'idempotency-key'
  | 'credentials'
  | 'content-digest'
  | 'signature';

/** The received response, before any redaction. */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  raw: Buffer;
}

/** What the response steps derive from a response; the client records it with the exchange. */
export interface ResponseFacts {
  /** `sha-256` of the body as received (decoded from its content coding), base64: evidence of what was judged. */
  sha256?: string;
  text?: string;
  signatures?: SignatureFinding[] | { problem: string };
  contentDigest?: DigestFinding;
  /** The body as JSON, when it is JSON no deeper than MAX_JSON_DEPTH. */
  json?: unknown;
  /** The body is JSON nested deeper than MAX_JSON_DEPTH: no walker may have it, and it is not judged. */
  tooDeep?: true;
}

/** What response steps may consult: the signing keys of the business's profile, once read. */
export interface ResponseContext {
  keys: readonly Record<string, unknown>[];
}

export interface ResponseStep {
  name: ResponseStepName;
  apply(res: WireResponse, facts: ResponseFacts, c: ResponseContext): void;
}

export type ResponseStepName = 'hash' | 'decode' | 'parse' | 'verify';

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
      // The codings the client decodes (src/http/content-coding.ts): none other may come back.
      req.headers['Accept-Encoding'] = ACCEPTED_CODINGS;
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
  contentDigestStep(),
  signatureStep(),
];

/**
 * The Content-Digest step: over the body bytes as sent (RFC 9530); `wrong` digests other bytes, for a negative test.
 */
export function contentDigestStep(opts: { wrong?: boolean } = {}): RequestStep {
  return {
    name: 'content-digest',
    apply(req, _intent, o) {
      if (!o.signingKey || req.body === undefined) return;
      req.headers['Content-Digest'] = contentDigestHeader(opts.wrong ? `${req.body} ` : req.body);
    },
  };
}

/**
 * The RFC 9421 signature step, last: covers the listed components the request has. For negative
 * tests, `keyid` signs under a kid the profile does not publish, `tamper` spoils the signature,
 * `leaveOut` covers one component less and `drop` sends one of the two headers without the other.
 */
export function signatureStep(
  opts: { keyid?: string; tamper?: boolean; leaveOut?: string; drop?: 'Signature' | 'Signature-Input' } = {},
): RequestStep {
  const { leaveOut, drop, ...signing } = opts;
  return {
    name: 'signature',
    apply(req, _intent, o) {
      if (!o.signingKey) return;
      const url = new URL(req.url);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const components = requestComponentsOf(headers).filter((c) => c !== leaveOut);
      const made = signMessage(
        { method: req.method, authority: url.host, path: url.pathname, headers },
        components,
        o.signingKey,
        signing,
      );
      if (drop) delete made[drop];
      Object.assign(req.headers, made);
    },
  };
}

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
    // Once, for every reader: a walker of JSON nested 200,000 deep would overflow its stack.
    name: 'parse',
    apply(_res, facts) {
      Object.assign(facts, readJson(facts.text));
    },
  },
  {
    // On the bytes as received: a digest over a redacted body would prove nothing.
    name: 'verify',
    apply(res, facts, c) {
      if (facts.tooDeep) return;
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
  change: {
    omit?: readonly RequestStepName[];
    replace?: readonly RequestStep[];
    headers?: Record<string, string | null>;
  } = {},
): WireRequest {
  const req: WireRequest = { method: base.method, url: base.url, headers: {} };
  for (const step of REQUEST_STEPS) {
    if (change.omit?.includes(step.name)) continue;
    // Per-call header overrides land before the digest and signature, which then cover them.
    if (step.name === 'content-digest') applyOverrides(req, change.headers ?? {});
    (change.replace?.find((r) => r.name === step.name) ?? step).apply(req, intent, o);
  }
  return req;
}

function applyOverrides(req: WireRequest, overrides: Record<string, string | null>): void {
  for (const [name, value] of Object.entries(overrides)) {
    const existing = Object.keys(req.headers).find((h) => h.toLowerCase() === name.toLowerCase());
    if (existing) delete req.headers[existing];
    if (value !== null) req.headers[name] = value;
  }
}

export function readResponse(res: WireResponse, c: ResponseContext): ResponseFacts {
  const facts: ResponseFacts = {};
  for (const step of RESPONSE_STEPS) step.apply(res, facts, c);
  return facts;
}
