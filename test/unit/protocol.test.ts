import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Exchange } from '../../src/http/exchange.js';
import { canonicalJson, sameJson } from '../../src/protocol/canonical.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { algCurveProblems, privateMemberProblems, PRIVATE_MEMBERS, requiredMemberProblems } from '../../src/protocol/jwk.js';
import { distanceMeters, readPoint } from '../../src/protocol/geo.js';
import { parsePath, valueAt, withValueAt } from '../../src/protocol/json-path.js';
import { brief, findMessage, messagesOf } from '../../src/protocol/messages.js';
import { isRfc3339DateTime } from '../../src/protocol/time.js';

describe('canonical JSON (RFC 8785)', () => {
  it('writes the sample of section 3.2.3 as the RFC does: members sorted, primitives in their ECMAScript form', () => {
    const sample = JSON.parse('{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], '
      + '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}');
    expect(canonicalJson(sample)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],'
      + '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('sorts members by UTF-16 code units, as the sorting example of section 3.2.3 does', () => {
    const keys = ['\u20ac', '\r', '\ufb33', '1', '\ud83d\ude00', '\u0080', '\u00f6'];
    // The RFC's order: CR, "1", U+0080, ö, €, the emoji (a surrogate pair, 0xD83D first), U+FB33.
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];
    expect(canonicalJson(Object.fromEntries(keys.map((k) => [k, 0])))).toBe(`{${order.map((k) => `${JSON.stringify(k)}:0`).join(',')}}`);
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('leaves out undefined members, writes top-level primitives, and tells bodies apart only by content', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson(undefined)).toBe('null');
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
  });
});

describe('JWK rules', () => {
  it('names each private member a published key carries', () => {
    for (const member of PRIVATE_MEMBERS) {
      expect(privateMemberProblems([{ kid: 'k1', kty: 'EC', [member]: 'secret' }])).toEqual([`keys[0] (kid k1) carries private member "${member}"`]);
    }
    expect(privateMemberProblems([{ kid: 'k1', kty: 'OKP', x: 'pub' }, 'not a key'])).toEqual([]);
  });

  it('pairs well-known curves with their alg, and tolerates what it does not know', () => {
    expect(algCurveProblems([{ kid: 'a', crv: 'P-256', alg: 'ES256' }, { kid: 'b', crv: 'P-384', alg: 'ES384' }, { kid: 'c', crv: 'Ed25519', alg: 'EdDSA' }])).toEqual([]);
    expect(algCurveProblems([{ kid: 'a', crv: 'P-256', alg: 'ES384' }])).toEqual(['keys[0] (kid a): crv P-256 needs alg ES256, got "ES384"']);
    expect(algCurveProblems([{ kid: 'c', crv: 'Ed25519', alg: 'ES256' }])).toEqual(['keys[0] (kid c): crv Ed25519 needs alg EdDSA, got "ES256"']);
    expect(algCurveProblems([{ crv: 'X-Future', alg: 'FUTURE' }, { crv: 'P-256' }, { alg: 'ES256' }])).toEqual([]);
  });

  it('requires kid and kty, and the members EC and OKP keys need, of known types only', () => {
    expect(requiredMemberProblems([{ kid: 'a', kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, { kid: 'b', kty: 'OKP', crv: 'Ed25519', x: 'x' }, { kid: 'f', kty: 'FUTURE' }])).toEqual([]);
    expect(requiredMemberProblems([{ kty: 'EC', crv: 'P-256', x: 'x' }])).toEqual(['keys[0] lacks kid, y']);
    expect(requiredMemberProblems([{ kid: 'b', kty: 'OKP', crv: 'Ed25519' }])).toEqual(['keys[0] (kid b) lacks x']);
    expect(requiredMemberProblems([{ kid: 'c' }, 7])).toEqual(['keys[0] (kid c) lacks kty', 'keys[1] is not an object']);
  });
});

describe('messages', () => {
  it('reads the messages of a body, objects only, and finds one by code, type and content', () => {
    const body = { messages: [{ type: 'info', code: 'not_found', content: 'x' }, 'junk', { type: 'error', code: 'not_found' }] };
    expect(messagesOf(body)).toHaveLength(2);
    expect(messagesOf({ messages: 'no' })).toEqual([]);
    expect(messagesOf(null)).toEqual([]);
    expect(findMessage(body, { code: 'not_found', type: 'error' })).toEqual({ type: 'error', code: 'not_found' });
    expect(findMessage(body, { code: 'not_found', content: 'x' })?.type).toBe('info');
    expect(findMessage(body, { code: 'not_found', content: 'y' })).toBeUndefined();
    expect(findMessage(body, { code: 'missing' })).toBeUndefined();
  });

  it('shortens long values with an ellipsis', () => {
    expect(brief(undefined)).toBe('undefined');
    expect(brief({ a: 1 })).toBe('{"a":1}');
    expect(brief('x'.repeat(400))).toBe(`"${'x'.repeat(299)}…`);
    expect(brief('abc', 3)).toBe('"ab…');
  });
});

describe('business errors', () => {
  const answer = (json: Record<string, unknown>) => ({ status: 200, json }) as unknown as Exchange;
  const error = (...messages: Record<string, unknown>[]) => answer({ proto: { version: '2026-01-11', status: 'error' }, messages, continue_url: 'https://shop.example/c' });
  const want = { code: 'item_unavailable', continueUrl: true };

  it('asks for one unrecoverable error with the code, whatever other messages carry it', () => {
    const perLine = { type: 'error', code: 'item_unavailable', severity: 'recoverable', content: 'line 1' };
    const whole = { type: 'error', code: 'item_unavailable', severity: 'unrecoverable', content: 'no item left' };
    expect(businessErrorProblems(PROTO_DIALECT, error(perLine, whole), want)).toEqual([]);
  });

  it('describes every message with the code when none is the unrecoverable error', () => {
    const one = { type: 'error', code: 'item_unavailable', severity: 'recoverable' };
    expect(businessErrorProblems(PROTO_DIALECT, error(one), want)).toEqual(['message item_unavailable is type "error", severity "recoverable"; expected error, unrecoverable']);
    expect(businessErrorProblems(PROTO_DIALECT, error(one, { ...one, type: 'warning' }), want)).toEqual([
      'the 2 messages item_unavailable are type "error", severity "recoverable"; type "warning", severity "recoverable"; expected one of them error, unrecoverable',
    ]);
    expect(businessErrorProblems(PROTO_DIALECT, answer({ proto: { status: 'success' } }), want)).toEqual(['proto.status is "success", expected "error"', 'no message with code item_unavailable', 'no continue_url']);
  });
});

describe('message paths, every form', () => {
  it('parses dots, indexes and quoted names, and refuses what it cannot read', () => {
    expect(parsePath('$')).toEqual([]);
    expect(parsePath('$.a_b.c-d[12]')).toEqual(['a_b', 'c-d', 12]);
    expect(parsePath('$["we\\"ird"][\'x y\']')).toEqual(['we"ird', 'x y']);
    for (const bad of ['$.', '$[x]', '$.a[', '$..a', '$.a[*]', '', 'x']) expect(parsePath(bad), bad).toBeUndefined();
  });

  it('reads through objects and arrays only, and writes new branches of either', () => {
    expect(valueAt({ a: [{ b: 1 }] }, ['a', 0, 'b'])).toBe(1);
    expect(valueAt({ a: { 0: 1 } }, ['a', 0])).toBeUndefined();
    expect(valueAt({ a: [1] }, ['a', 'length'])).toBeUndefined();
    expect(valueAt({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(withValueAt(undefined, ['a', 1], 'v')).toEqual({ a: [undefined, 'v'] });
    expect(withValueAt({ a: 'scalar' }, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    const original = { a: { b: 1 } };
    expect(withValueAt(original, ['a', 'c'], 2)).toEqual({ a: { b: 1, c: 2 } });
    expect(original).toEqual({ a: { b: 1 } });
  });
});

describe('Geo, whose members are not shown', () => {
  it('reads the names in common use, and GeoJSON longitude first', () => {
    const lisbon = { latitude: 38.7, longitude: -9.1 };
    for (const geo of [lisbon, { lat: 38.7, lng: -9.1 }, { lat: 38.7, lon: -9.1 }, { lat: 38.7, long: -9.1 }, { type: 'Point', coordinates: [-9.1, 38.7] }]) {
      expect(readPoint(geo), JSON.stringify(geo)).toEqual(lisbon);
    }
  });
  it('places nothing it cannot read', () => {
    for (const geo of [undefined, 'here', {}, { lat: '38.7', lng: -9.1 }, { latitude: 91, longitude: 0 }, { x: 1, y: 2 }]) expect(readPoint(geo)).toBeUndefined();
  });
  it('measures great-circle distances in meters', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195, -1);
  });
});

describe('RFC 3339 date-time', () => {
  it.each([
    '2026-07-01T10:00:00Z', '2026-12-31t23:59:59z', '2026-07-01 10:00:00Z', '2026-07-01T10:00:00.123+02:00',
    '2026-06-30T23:59:60Z', '2026-07-09T19:09:09-11:59', '2026-10-20T20:00:00+23:00', '2026-09-29T09:59:00Z',
  ])('takes %s', (value) => expect(isRfc3339DateTime(value)).toBe(true));
  it.each([
    '2026-07-01', '2026-07-01T10:00:00', 'Tue, 01 Jul 2026 10:00:00 GMT', '2026-00-01T10:00:00Z', '2026-13-01T10:00:00Z',
    '2026-07-00T10:00:00Z', '2026-07-32T10:00:00Z', '2026-07-01T24:00:00Z', '2026-07-01T10:60:00Z', '2026-07-01T10:00:61Z',
    '2026-07-01T10:00:00+24:00', '2026-07-01T10:00:00+02:60', '2026-07-01T10:00:00.Z', 'x2026-07-01T10:00:00Z',
    '2026-07-01T10:00:00Zx', '2026-7-01T10:00:00Z', '2026-07-01T10:00:00+0200', '2026-07-01X10:00:00Z', '2026-07-01T10:00:00x', '2026-07-01T10:00:00x02:00', 1751364000,
  ])('refuses %s', (value) => expect(isRfc3339DateTime(value)).toBe(false));
});
