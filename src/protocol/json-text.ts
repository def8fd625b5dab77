/**
 * JSON as a business sends it, read safely. A body can nest as deep as its bytes allow; every
 * walker of parsed JSON (the checks, the schemas, canonical JSON, redaction, reproductions, the
 * reports) recurses, so a body nested deeper than MAX_JSON_DEPTH is never parsed for them: it is
 * kept as evidence and left unjudged. The depth is counted on the text, without recursion.
 */

/** Far deeper than any body the spec describes (a dozen levels), and far shallower than a walker's stack. */
export const MAX_JSON_DEPTH = 256;

/**
 * How deep the arrays and objects of a JSON text nest, counted in one pass over the characters
 * (brackets inside strings do not count); the count stops once past `max`.
 */
export function nestingDepth(text: string, max = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Whether a text nests deeper than MAX_JSON_DEPTH, so that nothing may parse it for a walker. */
export const tooDeep = (text: string): boolean => nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH;

/** Why a body is left unjudged, in the words every output uses. */
export const TOO_DEEP = `the body nests deeper than ${MAX_JSON_DEPTH} levels, too deep to judge safely`;

/** A text's JSON; undefined when it is empty, not JSON, or nested deeper than MAX_JSON_DEPTH. */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.length === 0 || tooDeep(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
