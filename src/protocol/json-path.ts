/**
 * The JSON paths messages carry in `path` (Document 1 §Shared value objects: "JSON path of the
 * field concerned, e.g. `$.buyer.email`"): `$` followed by `.name`, `[index]` or `['name']`, so
 * an RFC 9535 normalized path (`$['line_items'][0]['quantity']`) reads as the same path as its
 * dotted form. A filter step selecting an element by one member's value (`[?(@.id=='x')]`, or
 * RFC 9535's `[?@.id=='x']`) is read as a step of its own; wildcards, slices, descendants and
 * other filters are not read, and such a path parses to undefined.
 */
export type PathSegment = string | number;

/** A filter step: the elements of an array whose value at `member` equals `value`. */
export interface FilterStep {
  member: PathSegment[];
  value: string | number;
}

export type PathStep = PathSegment | FilterStep;

export const isFilterStep = (s: PathStep): s is FilterStep => typeof s === 'object';

const NAME = String.raw`[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF-]*`;
const QUOTED = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
/** One segment: `.name`, `[index]`, `['name']` or `["name"]` (spaces allowed inside brackets). */
const SEGMENT = String.raw`\.(${NAME})|\[\s*(\d+)\s*\]|\[\s*(?:${QUOTED})\s*\]`;
/** A filter comparing one member of the element (itself written in segments) with a literal. */
const FILTER = String.raw`\[\s*\?\s*(\()?\s*@((?:${SEGMENT})+)\s*==\s*(?:${QUOTED}|(-?\d+(?:\.\d+)?))\s*(\))?\s*\]`;

/** The steps of a path, filters included; undefined when it is not one this module reads. */
export function parseSteps(path: string): PathStep[] | undefined {
  if (typeof path !== 'string' || !path.startsWith('$')) return undefined;
  return stepsFrom(path, 1, true);
}

function stepsFrom(path: string, start: number, filters: boolean): PathStep[] | undefined {
  const segment = new RegExp(SEGMENT, 'y');
  const filter = new RegExp(FILTER, 'y');
  const steps: PathStep[] = [];
  let i = start;
  while (i < path.length) {
    segment.lastIndex = i;
    const m = segment.exec(path);
    if (m) {
      steps.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : unescaped(m[3] ?? m[4])));
      i = segment.lastIndex;
      continue;
    }
    filter.lastIndex = i;
    const f = filters ? filter.exec(path) : null;
    // The parentheses around the expression go in pairs.
    if (!f || !f[1] !== !f[10]) return undefined;
    const member = stepsFrom(f[2], 0, false) as PathSegment[] | undefined;
    if (!member) return undefined;
    steps.push({ member, value: f[9] !== undefined ? Number(f[9]) : unescaped(f[7] ?? f[8]) });
    i = filter.lastIndex;
  }
  return steps;
}

/** A quoted name's escapes (RFC 9535 §2.3.1.2): \b \f \n \r \t \/ \\ \' \" and \uXXXX. */
function unescaped(quoted: string): string {
  const simple: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
  return quoted.replace(/\\(u[0-9A-Fa-f]{4}|.)/g, (_, e: string) =>
    e.length === 5 ? String.fromCharCode(Number.parseInt(e.slice(1), 16)) : (simple[e] ?? e),
  );
}

/** The segments of a path without filters; undefined when it has one, or is not one this module reads. */
export function parsePath(path: string): PathSegment[] | undefined {
  const steps = parseSteps(path);
  return steps && !steps.some(isFilterStep) ? (steps as PathSegment[]) : undefined;
}

/**
 * The segments of a path in `doc`: a filter step becomes the index of the first element it
 * selects there (a business may name an element by its id). Undefined when unreadable, or when a
 * filter selects nothing.
 */
export function resolvePath(path: string, doc: unknown): PathSegment[] | undefined {
  const steps = parseSteps(path);
  if (!steps) return undefined;
  const out: PathSegment[] = [];
  for (const s of steps) {
    if (!isFilterStep(s)) {
      out.push(s);
      continue;
    }
    const list = valueAt(doc, out);
    const index = Array.isArray(list) ? list.findIndex((e) => valueAt(e, s.member) === s.value) : -1;
    if (index < 0) return undefined;
    out.push(index);
  }
  return out;
}

/** A path in RFC 9535 normalized form: `$['a'][0]['b']`. */
export function normalizedPath(segments: PathSegment[]): string {
  const escapes: Record<string, string> = {
    '\\': '\\\\',
    "'": "\\'",
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
  };
  const escapeChar = (c: string) => escapes[c] ?? (c < ' ' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c);
  const quote = (name: string) => [...name].map(escapeChar).join('');
  return `$${segments.map((s) => (typeof s === 'number' ? `[${s}]` : `['${quote(s)}']`)).join('')}`;
}

/** The value at a path, or undefined. */
export function valueAt(root: unknown, segments: PathSegment[]): unknown {
  let node = root;
  for (const s of segments) {
    if (typeof s === 'number') node = Array.isArray(node) ? node[s] : undefined;
    else
      node =
        typeof node === 'object' && node !== null && !Array.isArray(node)
          ? (node as Record<string, unknown>)[s]
          : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** A copy of `root` with `value` set at the path, creating objects and arrays on the way. */
export function withValueAt(root: unknown, segments: PathSegment[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const obj =
    typeof root === 'object' && root !== null && !Array.isArray(root) ? { ...(root as Record<string, unknown>) } : {};
  obj[head] = withValueAt(obj[head], rest, value);
  return obj;
}
