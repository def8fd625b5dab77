import { createHash } from 'node:crypto';
import { canonicalJson } from '../../protocol/canonical.js';
import type { FaultSet } from '../switches.js';
import type { VariationSet } from '../switches.js';

/** A response as written to the wire, so a replay can return exactly it. */
export interface StoredResponse {
  status: number;
  text: string;
  type: string;
  /** Headers beside Content-Type (a signature), replayed with the body. */
  headers?: Record<string, string>;
}

/** What the store decides for one request carrying an Idempotency-Key. */
export type IdempotencyDecision =
  | { kind: 'process'; remember(response: StoredResponse): void }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict' }
  /** Processed, then answered 409 anyway (a fault: the effect happened). */
  | { kind: 'process-then-conflict'; remember(response: StoredResponse): void };

export interface KeyedRequest {
  /** The platform's profile URL: keys are the platform's, not global. */
  platform: string;
  key: string;
  operation: string;
  method: string;
  path: string;
  rawBody: string;
}

/**
 * The idempotency layer every state-changing operation goes through (Document 1 §Limits): a key
 * with a matching request returns the stored result, a mismatching one 409. Results are kept for
 * the life of the process, which outlasts the 24 hours of the rule for any test run. Faults act
 * here, at `decide`, not in the handlers.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, { fingerprint: string; response?: StoredResponse }>();

  constructor(
    private readonly faults: FaultSet,
    private readonly variations: VariationSet,
  ) {}

  decide(r: KeyedRequest): IdempotencyDecision {
    const exempt =
      this.faults.has('idempotency-not-stored') ||
      (this.faults.has('idempotency-complete-not-stored') && r.operation.endsWith('.complete'));
    const slot = this.slot(r);
    const fingerprint = this.fingerprint(r);
    const entry = this.entries.get(slot);
    const remember = (response: StoredResponse) => {
      if (!exempt) this.entries.set(slot, { fingerprint, response });
    };
    if (exempt || !entry?.response) return { kind: 'process', remember };
    if (entry.fingerprint === fingerprint) {
      if (this.faults.has('idempotency-replay-conflicts')) return { kind: 'conflict' };
      // idempotency-in-progress-reprocessed: an answer still complete_in_progress is taken for no result yet.
      if (this.faults.has('idempotency-in-progress-reprocessed') && inProgress(entry.response))
        return { kind: 'process', remember };
      // ask-replay-appends-turn: a matching ask is asked again, one more turn in its conversation.
      if (this.faults.has('ask-replay-appends-turn') && r.operation === 'ask') return { kind: 'process', remember };
      return { kind: 'replay', response: this.replayed(entry.response) };
    }
    if (this.faults.has('idempotency-mismatch-accepted')) return { kind: 'process', remember };
    if (this.faults.has('idempotency-conflict-after-apply'))
      return { kind: 'process-then-conflict', remember: () => undefined };
    return { kind: 'conflict' };
  }

  /** The status a conflict is answered with. */
  conflictStatus(): number {
    return this.faults.has('idempotency-conflict-422') ? 422 : 409;
  }

  /** Where a key lives: per platform, and per operation and path under the variation that scopes it so. */
  private slot(r: KeyedRequest): string {
    const scope = this.variations.has('idempotency-key-per-operation') ? `${r.method} ${r.path}` : '';
    return JSON.stringify([r.platform, r.key, scope]);
  }

  /**
   * What "the same request" means: the same operation and path, and the same body bytes (or JSON value, under a
   * variation).
   */
  private fingerprint(r: KeyedRequest): string {
    let body = r.rawBody;
    if (this.variations.has('idempotency-compares-json')) {
      try {
        body = canonicalJson(JSON.parse(r.rawBody || 'null'));
      } catch {
        // Not JSON: compared as bytes.
      }
    }
    return createHash('sha256').update(`${r.method} ${r.path}\n${body}`).digest('base64');
  }

  private replayed(stored: StoredResponse): StoredResponse {
    if (this.faults.has('idempotency-replay-status-200')) return { ...stored, status: 200 };
    if (!this.variations.has('idempotency-replay-reserialised')) return stored;
    // The stored value written out again: keys sorted, indented. The same JSON, other bytes.
    return {
      ...stored,
      text: JSON.stringify(
        JSON.parse(stored.text, (_k, v: unknown) => sortKeys(v)),
        null,
        2,
      ),
    };
  }
}

function inProgress(stored: StoredResponse): boolean {
  try {
    return (JSON.parse(stored.text) as { status?: unknown }).status === 'complete_in_progress';
  } catch {
    return false;
  }
}

function sortKeys(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
}
