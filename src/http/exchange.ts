/** One request and its response, captured as evidence. Secrets are redacted before capture. */
export interface Exchange {
  /** Sequence number within the run. */
  seq: number;
  /** Operation name from the operations table (`catalog.search`), or `profile`. */
  operation: string;
  /** The service the request was sent to (dialect-free: `shopping`), if any. */
  service?: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** Parsed response body, when it was JSON. Not serialised into reports (responseBody is). */
  json?: unknown;
  startedAt: string;
  durationMs: number;
  /** Set when no complete response was received. */
  transportError?: TransportError;
}

export interface TransportError {
  kind: 'timeout' | 'network' | 'too-large' | 'invalid-url';
  message: string;
}
