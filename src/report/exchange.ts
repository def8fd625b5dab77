/**
 * One request and its response, captured as evidence, as sent and received: checks judge what the
 * business sent. Secrets are taken out only where output is written (reports/redaction.ts).
 */
export interface Exchange {
  /** Number in the run's exchange log, from 1; checks cite exchanges by it. */
  seq: number;
  /** Operation name from the operations table (`catalog.search`), or `profile`. */
  operation: string;
  /** The service the request was sent to (dialect-free: `shopping`), if any. */
  service?: string;
  /** The scenario that sent it, if any. */
  scenario?: string;
  /**
   * Why it was sent, when not to be judged: `cleanup` undoes what a scenario created and is
   * logged but never cited.
   */
  role?: 'cleanup';
  /**
   * The request asks for something the business does not have (an unknown id, a query matching
   * nothing): a 404 to it says "not found", not "no route".
   */
  notFoundProbe?: boolean;
  /** The handshake was capped at this TLS version, to see whether the business refuses it. */
  tlsMaxVersion?: 'TLSv1.2';
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** SHA-256 of the response bytes as received, before redaction, base64. */
  responseSha256?: string;
  /** The response's signatures, verified against the profile's keys on the bytes as received. */
  signatures?: SignatureFinding[] | { problem: string };
  /** The response's Content-Digest, checked on the bytes as received. */
  contentDigest?: DigestFinding;
  /** Parsed response body, when it was JSON. Not serialised into reports (responseBody is). */
  json?: unknown;
  /** Parsed request body, when it was JSON. Not serialised into reports (requestBody is). */
  sentJson?: unknown;
  startedAt: string;
  durationMs: number;
  /** Set when no complete response was received. */
  transportError?: TransportError;
  /** Earlier attempts of this request: answered 429 or 503 and retried after the wait asked, or a read timed out. */
  retried?: RetriedAttempt[];
}

/**
 * A plain TLS handshake the run made outside the exchange log (to see which version a business
 * negotiates), and what it negotiated or why none completed: a regrade answers it from the record.
 */
export interface Handshake {
  url: string;
  version?: string;
  /** The HTTP version agreed by ALPN (`h2`, `http/1.1`), when the business took part in it. */
  http?: string;
  error?: string;
}

/**
 * An attempt the client retried (src/http/client.ts): what it was answered (a 429 or 503), or that
 * it timed out (a read, tried once more), and how long the client waited.
 */
export interface RetriedAttempt {
  status?: number;
  timedOut?: true;
  /** The Retry-After it named, as sent. */
  retryAfter?: string;
  startedAt: string;
  waitedMs: number;
}

export interface TransportError {
  /**
   * `stopped`: cut off because the run was interrupted or its deadline passed, not the business's doing.
   * `too-deep`: answered whole, but the body nests too deep to parse safely; kept as evidence, never judged.
   */
  kind: 'timeout' | 'network' | 'too-large' | 'too-deep' | 'invalid-url' | 'stopped';
  message: string;
  /** The system's error code of a network failure (ECONNREFUSED, ECONNRESET, …), when there is one. */
  code?: string;
}

/** A 2xx answer. */
export const isSuccess = (x: Exchange): boolean => x.status !== undefined && x.status >= 200 && x.status < 300;

/** What came back, for a message: the HTTP status, or why no answer came (the transport error). */
export const statusOrError = (x: Exchange): string => String(x.status ?? x.transportError?.message ?? 'no answer');

/** Whether a check may cite the exchange: it got an answer and was not a clean-up. */
export const citable = (x: Exchange): boolean => x.role !== 'cleanup';

export type Verification = 'valid' | 'invalid' | 'algorithm_unsupported';

/** What the client found about one signature of a response. */
export interface SignatureFinding {
  label: string;
  keyid?: string;
  components: string[];
  /** component_unsupported: covers a component this tool cannot rebuild, so it is not judged. */
  result: Verification | 'unknown_key' | 'incomplete' | 'component_unsupported';
  detail?: string;
}

/** What the client found about a response's Content-Digest. */
export interface DigestFinding {
  header: string;
  /** canonical: over the RFC 8785 form of the body, as Document 1 says; raw: over the bytes as sent only. */
  result: 'canonical' | 'raw' | 'neither' | 'unreadable' | 'unsupported';
  detail?: string;
}
