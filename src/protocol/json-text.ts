/**
 * JSON as a business sends it, read safely. A body can nest as deep as its bytes allow; every
 * walker of parsed JSON (the checks, the schemas, canonical JSON, redaction, reproductions, the
 * reports) recurses, so a body nested deeper than MAX_JSON_DEPTH is never handed to them: it is
 * kept as evidence and left unjudged. The parser itself does not recurse (a body 200,000 deep
 * parses), and the depth is measured on what it built without recursion either.
 */

/** Far deeper than any body the spec describes (a dozen levels), and far shallower than a walker's stack. */
export const MAX_JSON_DEPTH = 256;

/** Why a body is left unjudged, in the words every output uses. */
export const TOO_DEEP = `the body nests deeper than ${MAX_JSON_DEPTH} levels, too deep to judge safely`;

/** A text read as JSON: its value when it is JSON no deeper than MAX_JSON_DEPTH, or that it is JSON too deep. */
export function readJson(text: string | undefined): { json?: unknown; tooDeep?: true } {
  if (text === undefined || text.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  return deeperThan(value, MAX_JSON_DEPTH) ? { tooDeep: true } : { json: value };
}

/** A text's JSON; undefined when it is empty, not JSON, or nested deeper than MAX_JSON_DEPTH. */
export const parseJson = (text: string | undefined): unknown => readJson(text).json;

/** Whether a parsed value nests arrays and objects deeper than `max`, walked with a stack of its own. */
export function deeperThan(root: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
