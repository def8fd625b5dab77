import { isObject } from '../dialect/dialect.js';
import { type Exchange, statusOrError } from '../report/exchange.js';
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
  if (replay.status !== first.status)
    out.push(`HTTP ${statusOrError(replay)}, the first answer was HTTP ${first.status}`);
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

/** Another question in place of the one asked (Document 2 §POST /ask): the same request shape, another meaning. */
export const anotherQuestion: Change = (body) => {
  if (typeof body.query !== 'string') return undefined;
  const other = 'What are your opening hours?';
  return { ...body, query: body.query === other ? 'How long does shipping take?' : other };
};

/**
 * Every payment instrument under another id (Document 1 §Checkout resource: instruments each have an `id`): a complete
 * paying with another instrument, the same shape.
 */
export const anotherInstrument: Change = (body) => {
  const payment = body.payment;
  if (!isObject(payment) || !Array.isArray(payment.instruments)) return undefined;
  let changed = false;
  const instruments = payment.instruments.map((i) => {
    if (!isObject(i)) return i;
    changed = true;
    return { ...i, id: i.id === 'instrument-other' ? 'instrument-another' : 'instrument-other' };
  });
  return changed ? { ...body, payment: { ...payment, instruments } } : undefined;
};

/**
 * A cancel body that is no longer the empty object (Document 1 §Checkout 5: "Cancel sends an empty JSON object"): an
 * empty `signals` added, or the one sent taken out. The smallest change another JSON value can carry.
 */
export const otherCancelBody: Change = (body) => {
  const { signals, ...rest } = body;
  return signals === undefined ? { ...body, signals: {} } : rest;
};

/** The day after a YYYY-MM-DD date, or undefined for anything else. */
function dayAfter(date: unknown): string | undefined {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  return Number.isNaN(next.getTime()) ? undefined : next.toISOString().slice(0, 10);
}

/**
 * Every stay one night longer (Document 3 §Resources and their fields: stay_dates): another booking, as valid as the
 * first.
 */
export const oneMoreNight: Change = (body) => {
  if (!Array.isArray(body.stays)) return undefined;
  let changed = false;
  const stays = body.stays.map((s) => {
    const end = isObject(s) && isObject(s.stay_dates) ? dayAfter(s.stay_dates.end_date) : undefined;
    if (!end) return s;
    changed = true;
    return { ...s, stay_dates: { ...(s.stay_dates as Record<string, unknown>), end_date: end } };
  });
  return changed ? { ...body, stays } : undefined;
};

/**
 * Every guest with another first name (Document 3 §Resources and their fields: guests): other people, the same shape.
 */
export const renamedGuests: Change = (body) => {
  if (!Array.isArray(body.guests)) return undefined;
  let changed = false;
  const guests = body.guests.map((g) => {
    if (!isObject(g)) return g;
    changed = true;
    return { ...g, first_name: g.first_name === 'Renamed' ? 'Changed' : 'Renamed' };
  });
  return changed ? { ...body, guests } : undefined;
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
