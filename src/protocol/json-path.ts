/**
 * The JSON paths messages carry in `path` (Document 1 §Shared value objects: "JSON path of the
 * field concerned, e.g. `$.buyer.email`"): `$` followed by `.name`, `[index]` or `['name']`.
 * Filters and wildcards are not read; such a path parses to undefined.
 */
export type PathSegment = string | number;

export function parsePath(path: string): PathSegment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: PathSegment[] = [];
  const re = /\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  let i = 1;
  while (i < path.length) {
    re.lastIndex = i;
    const m = re.exec(path);
    if (!m) return undefined;
    segments.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3] ?? m[4]).replace(/\\(.)/g, '$1')));
    i = re.lastIndex;
  }
  return segments;
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
