import { isObject } from '../dialect/dialect.js';
import type { Exchange } from '../http/exchange.js';
import { sameJson } from './canonical.js';

/**
 * The idempotency helper every suite shares (Document 1 §Limits): whether a replay returned the
 * stored result, and a request body that differs in meaning from one that was sent.
 */

/**
 * What keeps a replay from being "the stored result": another status, or another body. Bodies
 * are compared as JSON values when both are JSON: a stored result written out again with other
 * whitespace or member order is the same result (RFC 8259 gives member order no meaning).
 */
export function replayDifferences(first: Exchange, replay: Exchange): string[] {
  const out: string[] = [];
  if (replay.status !== first.status) out.push(`HTTP ${replay.status ?? replay.transportError?.message}, the first answer was HTTP ${first.status}`);
  const bothJson = first.json !== undefined && replay.json !== undefined;
  const same = bothJson ? sameJson(first.json, replay.json) : first.responseBody === replay.responseBody;
  if (!same) out.push(bothJson ? 'another JSON body than the first answer' : 'another body than the first answer');
  return out;
}

/** Gives a request body another meaning, or undefined when it holds nothing to change. */
export type Change = (body: Record<string, unknown>) => Record<string, unknown> | undefined;

/** Every line item's quantity one higher: the same request shape, another meaning. */
export const moreOfEachLine: Change = (body) => {
  if (!Array.isArray(body.line_items)) return undefined;
  let changed = false;
  const lines = body.line_items.map((l) => {
    if (!isObject(l) || typeof l.quantity !== 'number') return l;
    changed = true;
    return { ...l, quantity: l.quantity + 1 };
  });
  return changed ? { ...body, line_items: lines } : undefined;
};

/** The sent body changed in meaning, written out; undefined when it is no JSON object or holds nothing to change. */
export function changedBody(sent: string | undefined, change: Change): string | undefined {
  if (sent === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(sent);
  } catch {
    return undefined;
  }
  const changed = isObject(body) ? change(body) : undefined;
  return changed ? JSON.stringify(changed) : undefined;
}

/** The same JSON value written with other bytes (indented): equal as JSON, different as bytes. */
export function reformatted(sent: string | undefined): string | undefined {
  if (sent === undefined) return undefined;
  try {
    const text = JSON.stringify(JSON.parse(sent), null, 2);
    return text === sent ? undefined : text;
  } catch {
    return undefined;
  }
}
