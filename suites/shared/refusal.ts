/**
 * Reading a business's refusal of a request (an HTTP 400, or an error response): what it says,
 * and whether it names members the request did not carry, which the config could supply under
 * `requests`. A refusal that names none is about what was asked for, and is the business's
 * outcome to judge. The one place the session flows read refusals.
 */
import { isObject } from '../../src/dialect/dialect.js';
import type { Exchange } from '../../src/report/exchange.js';
import { resolvePath, valueAt } from '../../src/protocol/json-path.js';
import { messagesOf } from '../../src/protocol/messages.js';

/** Where a refusal's text may be: the spec's `content`; RFC 9457's `detail` and `title`; `error` and `message`. */
const TEXT_MEMBERS = ['content', 'detail', 'error', 'message', 'title'] as const;

/** The first text an error body or message gives (an `error` object's own text included); undefined when none. */
export function textOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  for (const member of TEXT_MEMBERS) {
    const v = value[member];
    if (typeof v === 'string' && v.trim()) return v.trim();
    const inner = isObject(v) ? textOf(v) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export interface Refusal {
  /** What the business said: its error messages' texts, else the body's; undefined when it said nothing. */
  text?: string;
  /** Members the refusal names, by a message path or in its text, that the request did not carry. */
  absent: string[];
}

/** A member in a text: a word, a dotted path or a JSON path, with its indexes. */
const MEMBER_WORD = /\$?\.?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\])*/g;

/** Whether `key` is a member anywhere in `doc`. */
function holds(doc: unknown, key: string): boolean {
  if (Array.isArray(doc)) return doc.some((d) => holds(d, key));
  if (!isObject(doc)) return false;
  return Object.entries(doc).some(([k, v]) => (k === key && v !== undefined) || holds(v, key));
}

/**
 * Reads a refusal. `members` are the member names the request of its operation may carry (the
 * spec's resource and request members): a word of the text counts as naming a member only when
 * its first step is one of them, so "items" in "none of the items can be sold" names none.
 */
export function readRefusal(x: Exchange, members: readonly string[]): Refusal {
  const errors = messagesOf(x.json).filter((m) => m.type === 'error' || m.type === undefined);
  const texts = errors.map((m) => textOf(m)).filter((t): t is string => !!t);
  const text = texts.length ? texts.join('; ') : textOf(x.json);
  const known = new Set(members);
  const paths = errors.map((m) => m.path).filter((p): p is string => typeof p === 'string');
  const words = (text?.match(MEMBER_WORD) ?? []).map((w) => w.replace(/^\$?\.?/, ''));
  const absent = new Set<string>();
  for (const candidate of [...paths.map((p) => p.replace(/^\$\.?/, '')), ...words]) {
    const first = candidate.split(/[.[]/)[0];
    if (!known.has(first)) continue;
    const segments = resolvePath(`$.${candidate}`, x.sentJson);
    const carried = segments ? valueAt(x.sentJson, segments) !== undefined : false;
    // A lone word may name a member nested anywhere (buyer.email written "email").
    if (!carried && !(candidate === first && holds(x.sentJson, first))) absent.add(candidate);
  }
  return { ...(text ? { text } : {}), absent: [...absent] };
}

/** A refusal's text for a report: quoted, or said to be missing. */
export const said = (r: Pick<Refusal, 'text'>): string => (r.text ? `"${r.text}"` : 'no reason given');
