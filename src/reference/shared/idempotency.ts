import { createHash } from 'node:crypto';
import type { Hooks } from './hooks.js';
import type { KeyedRequest, LayerHooks, StoredResponse } from './layer-hooks.js';
import { transportError, type Reply } from './replies.js';

export type { KeyedRequest, StoredResponse };

/** What the store decides for one request carrying an Idempotency-Key. */
export type IdempotencyDecision =
  | { kind: 'process'; remember(response: StoredResponse): void }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict' }
  /** Processed, then answered 409 anyway (a fault: the effect happened). */
  | { kind: 'process-then-conflict'; remember(response: StoredResponse): void };

/**
 * The idempotency layer every state-changing operation goes through (Document 1 §Limits): a key
 * with a matching request returns the stored result, a mismatching one 409. Results are kept for
 * the life of the process, which outlasts the 24 hours of the rule for any test run. Faults and
 * variations act at the 'idempotency.*' hook points, not in the handlers.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, { fingerprint: string; response?: StoredResponse; storedAt: number }>();

  constructor(private readonly hooks: Hooks<LayerHooks>) {}

  decide(request: KeyedRequest): IdempotencyDecision {
    const stored = this.hooks.run('idempotency.stored', true, { request });
    // Where a key lives: per platform, and per whatever else the scope adds.
    const slot = JSON.stringify([request.platform, request.key, this.hooks.run('idempotency.scope', '', { request })]);
    const fingerprint = this.fingerprint(request);
    const found = this.entries.get(slot);
    // A result no longer held is as if never stored: the request is processed anew.
    const entry =
      found && this.hooks.run('idempotency.kept', true, { request, ageMs: Date.now() - found.storedAt })
        ? found
        : undefined;
    const remember = (response: StoredResponse) => {
      if (stored) this.entries.set(slot, { fingerprint, response, storedAt: Date.now() });
    };
    if (!stored || !entry?.response) return { kind: 'process', remember };
    const matches = entry.fingerprint === fingerprint;
    const action = this.hooks.run('idempotency.action', matches ? 'replay' : 'conflict', {
      request,
      matches,
      stored: entry.response,
    });
    switch (action) {
      case 'replay':
        return {
          kind: 'replay',
          response: this.hooks.run('idempotency.replay', entry.response, { stored: entry.response }),
        };
      case 'process':
        return { kind: 'process', remember };
      case 'process-then-conflict':
        return { kind: 'process-then-conflict', remember: () => undefined };
      case 'conflict':
        return { kind: 'conflict' };
    }
  }

  /** The answer to a key used with a different request. */
  conflict(): Reply {
    return this.hooks.run(
      'idempotency.conflict',
      transportError(409, 'idempotency_conflict', 'this Idempotency-Key was used with a different request'),
    );
  }

  /** What "the same request" means: the same operation and path, and the same body (its bytes). */
  private fingerprint(request: KeyedRequest): string {
    const body = this.hooks.run('idempotency.body', request.rawBody, { request });
    return createHash('sha256').update(`${request.method} ${request.path}\n${body}`).digest('base64');
  }
}
