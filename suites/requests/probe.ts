import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import type { RequestStep } from '../../src/http/pipeline.js';
import { brief } from '../../src/protocol/messages.js';
import type { Operation } from '../../src/protocol/operations.js';

/**
 * A check of one operation's scenario, `requests.<operation>.<what>`: TypeScript checks the
 * <what>; which an operation declares depends on it, and the context refuses the others.
 */
export type RequestCheck = `requests.${string}.${
  | 'agent-missing'
  | 'agent-malformed'
  | 'malformed-json'
  | 'missing-member'
  | 'platform-profile-unreachable'
  | 'platform-profile-malformed'
  | 'platform-profile-unknown-key'
  | 'signature-tampered'
  | 'signature-digest-wrong'
  | 'signature-unknown-keyid'
  | 'signature-absent'
  | 'signature-header-missing'
  | 'signature-input-missing'
  | 'signature-digest-missing'
  | 'signature-component-left-out'
  | 'signature-key-without-alg'
  | 'credential-missing'
  | 'credential-invalid'
  | 'credential-forbidden'}`;

/**
 * Sends an operation's probe request (suites/requests/probes.ts) with one thing changed: a step
 * left out or replaced, a header overridden, another body, another client certificate.
 */
export type Send = (extra: {
  omit?: ('agent' | 'credentials' | 'content-digest' | 'signature')[];
  headers?: Record<string, string>;
  replace?: RequestStep[];
  rawBody?: string;
  clientCertificate?: 'none' | 'untrusted';
}) => Promise<Exchange>;

/** `HTTP 401: {…}`: what an exchange answered, briefly. */
export const answer = (x: Exchange) => `HTTP ${statusOrError(x)}: ${brief(x.json ?? x.responseBody, 160)}`;

/** Whether a config list of operations (`*` for all) names this one. */
export const covers = (list: string[] | undefined, op: Operation) =>
  !!list && (list.includes('*') || list.includes(op.name));
