import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingDepth, parseJson, tooDeep } from '../../src/protocol/json-text.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON text read safely', () => {
  it('counts how deep arrays and objects nest, not brackets inside strings or after an escaped quote', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":2}],"c":{}}')).toBe(3);
    expect(nestingDepth('["[[[{{", "\\"[[[", "\\\\", [1]]')).toBe(2);
    expect(nestingDepth('[][][]')).toBe(1);
  });

  it('stops counting once past the bound it is given', () => {
    expect(nestingDepth(nested(200_000), 10)).toBe(11);
    expect(nestingDepth(nested(200_000))).toBe(200_000);
  });

  it('parses JSON up to MAX_JSON_DEPTH, and nothing deeper, empty or not JSON', () => {
    expect(tooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(tooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(parseJson(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(parseJson(nested(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(parseJson(nested(200_000))).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson(undefined)).toBeUndefined();
    expect(parseJson('{"a":')).toBeUndefined();
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
  });
});
