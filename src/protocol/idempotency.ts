import { randomUUID } from 'node:crypto';

/** A fresh Idempotency-Key. Replay and conflict helpers build on this in the idempotency suite. */
export function idempotencyKey(): string {
  return randomUUID();
}
