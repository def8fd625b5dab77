import { isObject } from '../dialect/dialect.js';
import { OPERATIONS } from '../protocol/operations.js';
import { type Exchange, isSuccess } from '../report/exchange.js';
import type { CreatedResource } from '../report/run-report.js';

/**
 * The resources a run created, read from its exchange log: every answered create and what the
 * run last saw of the resource, clean-up included. One reading for every report, and the list an
 * interrupted run hands to whoever must tidy up after it.
 */
export function createdResources(log: readonly Exchange[]): CreatedResource[] {
  const resources: CreatedResource[] = [];
  for (const created of log) {
    const op = OPERATIONS.find((o) => o.name === created.operation);
    if (!op?.creates) continue;
    if (created.status === undefined) {
      // Cut off before an answer: the business may or may not have made it.
      if (created.transportError)
        resources.push({ operation: op.name, createdBy: created.seq, state: 'unknown', seenAt: created.seq });
      continue;
    }
    const id = isObject(created.json) ? created.json.id : undefined;
    if (!isSuccess(created) || typeof id !== 'string') continue;
    let state = statusOf(created) ?? 'open';
    let seenAt = created.seq;
    const segment = encodeURIComponent(id);
    for (const later of log) {
      if (later.seq <= created.seq || !isSuccess(later)) continue;
      const laterOp = OPERATIONS.find((o) => o.name === later.operation);
      if (laterOp?.capability !== op.capability || !laterOp.path.includes('{id}')) continue;
      if (!pathOf(later.url).split('/').includes(segment)) continue;
      state = statusOf(later) ?? (laterOp.name.endsWith('.cancel') ? 'canceled' : state);
      seenAt = later.seq;
    }
    resources.push({ operation: op.name, id, createdBy: created.seq, state, seenAt });
  }
  return resources;
}

/**
 * States the run could have cancelled and left instead: a cart, a session not yet completing
 * (Documents 1 and 3 §States and transitions: one in `complete_in_progress` is the business's to finish), or a
 * create cut off before its answer.
 */
const OPEN = new Set(['open', 'incomplete', 'ready_for_complete', 'unknown']);

/** Whether the run left a resource open that it could have cancelled. */
export const isOpen = (r: CreatedResource): boolean => OPEN.has(r.state);

const statusOf = (x: Exchange): string | undefined =>
  isObject(x.json) && typeof x.json.status === 'string' ? x.json.status : undefined;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
