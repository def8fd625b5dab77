import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_JSON_DEPTH, parseJson, readJson } from '../../src/protocol/json-text.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON text read safely', () => {
  it('measures how deep arrays and objects nest, not strings that look like them', () => {
    const value = JSON.parse('{"a":[1,{"b":2}],"c":{},"d":"[[[[{{{{"}');
    expect(deeperThan(value, 3)).toBe(false);
    expect(deeperThan(value, 2)).toBe(true);
    expect(deeperThan(1, 0)).toBe(false);
    expect(deeperThan([[], [], []], 2)).toBe(false);
  });

  it('parses JSON up to MAX_JSON_DEPTH, and says when it is deeper, without overflowing on 200,000 levels', () => {
    expect(readJson(nested(MAX_JSON_DEPTH)).json).toBeInstanceOf(Array);
    expect(readJson(nested(MAX_JSON_DEPTH + 1))).toEqual({ tooDeep: true });
    expect(readJson(nested(200_000))).toEqual({ tooDeep: true });
    expect(parseJson(nested(200_000))).toBeUndefined();
  });

  it('reads nothing from an empty body or one that is not JSON, however many brackets it holds', () => {
    expect(readJson('')).toEqual({});
    expect(readJson(undefined)).toEqual({});
    expect(readJson('{"a":')).toEqual({});
    expect(readJson('['.repeat(1000))).toEqual({});
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
  });
});
