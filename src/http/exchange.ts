import type { DigestFinding, SignatureFinding } from '../protocol/signatures.js';

/** One request and its response, captured as evidence. Secrets are redacted before capture. */
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
}

export interface TransportError {
  kind: 'timeout' | 'network' | 'too-large' | 'invalid-url';
  message: string;
}

/** Whether a check may cite the exchange: it got an answer and was not a clean-up. */
export const citable = (x: Exchange): boolean => x.role !== 'cleanup';
