import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Exchange } from '../../src/report/exchange.js';
import { canonicalJson, sameJson } from '../../src/protocol/canonical.js';
import type { RuleContext } from '../../src/engine/rule.js';
import {
  businessErrorProblems,
  carriesResourceOf,
  isErrorResponse,
  refusesContent,
} from '../../src/protocol/envelope.js';
import { ENVELOPE_RULES, SUCCESS_STATUS_RULE } from '../../suites/envelope/rules.js';
import {
  anotherInstrument,
  anotherQuestion,
  changedBody,
  moreOfEachLine,
  oneMoreNight,
  otherCancelBody,
  reformatted,
  renamedGuests,
  replayDifferences,
} from '../../src/protocol/idempotency.js';
import {
  algCurveProblems,
  privateMemberProblems,
  PRIVATE_MEMBERS,
  requiredMemberProblems,
  thumbprint,
} from '../../src/protocol/jwk.js';
import { distanceMeters, HALF_CIRCUMFERENCE, readPoint } from '../../src/protocol/geo.js';
import {
  normalizedPath,
  parsePath,
  parseSteps,
  resolvePath,
  valueAt,
  withValueAt,
} from '../../src/protocol/json-path.js';
import { brief, findMessage, messagesOf } from '../../src/protocol/messages.js';
import { isRfc3339DateTime } from '../../src/protocol/time.js';

describe('canonical JSON (RFC 8785)', () => {
  it('writes the sample of section 3.2.3 as the RFC does: members sorted, primitives in their ECMAScript form', () => {
    const sample = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], ' +
        '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(sample)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members by UTF-16 code units, as the sorting example of section 3.2.3 does', () => {
    const keys = ['\u20ac', '\r', '\ufb33', '1', '\ud83d\ude00', '\u0080', '\u00f6'];
    // The RFC's order: CR, "1", U+0080, ö, €, the emoji (a surrogate pair, 0xD83D first), U+FB33.
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];
    expect(canonicalJson(Object.fromEntries(keys.map((k) => [k, 0])))).toBe(
      `{${order.map((k) => `${JSON.stringify(k)}:0`).join(',')}}`,
    );
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
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
      expect(privateMemberProblems([{ kid: 'k1', kty: 'EC', [member]: 'secret' }])).toEqual([
        `keys[0] (kid k1) carries private member "${member}"`,
      ]);
    }
    expect(privateMemberProblems([{ kid: 'k1', kty: 'OKP', x: 'pub' }, 'not a key'])).toEqual([]);
  });

  it('pairs well-known curves with their alg, and tolerates what it does not know', () => {
    expect(
      algCurveProblems([
        { kid: 'a', crv: 'P-256', alg: 'ES256' },
        { kid: 'b', crv: 'P-384', alg: 'ES384' },
        { kid: 'c', crv: 'Ed25519', alg: 'EdDSA' },
      ]),
    ).toEqual([]);
    expect(algCurveProblems([{ kid: 'a', crv: 'P-256', alg: 'ES384' }])).toEqual([
      'keys[0] (kid a): crv P-256 needs alg ES256, got "ES384"',
    ]);
    expect(algCurveProblems([{ kid: 'c', crv: 'Ed25519', alg: 'ES256' }])).toEqual([
      'keys[0] (kid c): crv Ed25519 needs alg EdDSA, got "ES256"',
    ]);
    expect(algCurveProblems([{ kid: 'b', crv: 'P-384', alg: 'ES256' }])).toEqual([
      'keys[0] (kid b): crv P-384 needs alg ES384, got "ES256"',
    ]);
    expect(algCurveProblems([{ crv: 'X-Future', alg: 'FUTURE' }, { crv: 'P-256' }, { alg: 'ES256' }])).toEqual([]);
  });

  it('requires kid and kty, and the members EC and OKP keys need, of known types only', () => {
    expect(
      requiredMemberProblems([
        { kid: 'a', kty: 'EC', crv: 'P-256', x: 'x', y: 'y' },
        { kid: 'b', kty: 'OKP', crv: 'Ed25519', x: 'x' },
        { kid: 'f', kty: 'FUTURE' },
      ]),
    ).toEqual([]);
    expect(requiredMemberProblems([{ kty: 'EC', crv: 'P-256', x: 'x' }])).toEqual(['keys[0] lacks kid, y']);
    expect(requiredMemberProblems([{ kid: 'b', kty: 'OKP', crv: 'Ed25519' }])).toEqual(['keys[0] (kid b) lacks x']);
    expect(requiredMemberProblems([{ kid: 'c' }, 7])).toEqual([
      'keys[0] (kid c) lacks kty',
      'keys[1] is not an object',
    ]);
  });

  it('takes the names of object members for no curve or key type', () => {
    expect(
      algCurveProblems([
        { kid: 'a', crv: 'toString', alg: 'ES256' },
        { kid: 'b', crv: '__proto__', alg: 'ES256' },
      ]),
    ).toEqual([]);
    expect(
      requiredMemberProblems([
        { kid: 'a', kty: 'constructor' },
        { kid: 'b', kty: '__proto__' },
      ]),
    ).toEqual([]);
    expect(thumbprint({ kty: 'constructor', crv: 'P-256', x: 'x', y: 'y' })).toBeUndefined();
  });
});

describe('messages', () => {
  it('reads the messages of a body, objects only, and finds one by code, type and content', () => {
    const body = {
      messages: [{ type: 'info', code: 'not_found', content: 'x' }, 'junk', { type: 'error', code: 'not_found' }],
    };
    expect(messagesOf(body)).toHaveLength(2);
    expect(messagesOf({ messages: 'no' })).toEqual([]);
    expect(messagesOf(null)).toEqual([]);
    expect(findMessage(body, { code: 'not_found', type: 'error' })).toEqual({ type: 'error', code: 'not_found' });
    expect(findMessage(body, { code: 'not_found', content: 'x' })?.type).toBe('info');
    expect(findMessage(body, { code: 'not_found', content: 'y' })).toBeUndefined();
    expect(findMessage(body, { code: 'missing' })).toBeUndefined();
  });

  it('shortens long values with an ellipsis', () => {
    expect(brief(undefined)).toBe('absent');
    expect(brief({ a: 1 })).toBe('{"a":1}');
    expect(brief('x'.repeat(400))).toBe(`"${'x'.repeat(299)}…`);
    expect(brief('abc', 3)).toBe('"ab…');
  });
});

describe('business errors', () => {
  const answer = (json: Record<string, unknown>) => ({ status: 200, json }) as unknown as Exchange;
  const error = (...messages: Record<string, unknown>[]) =>
    answer({ proto: { version: '2026-01-11', status: 'error' }, messages, continue_url: 'https://shop.example/c' });
  const want = { code: 'item_unavailable', continueUrl: true };

  it('asks for one unrecoverable error with the code, whatever other messages carry it', () => {
    const perLine = { type: 'error', code: 'item_unavailable', severity: 'recoverable', content: 'line 1' };
    const whole = { type: 'error', code: 'item_unavailable', severity: 'unrecoverable', content: 'no item left' };
    expect(businessErrorProblems(PROTO_DIALECT, error(perLine, whole), want)).toEqual([]);
  });

  it('describes every message with the code when none is the unrecoverable error', () => {
    const one = { type: 'error', code: 'item_unavailable', severity: 'recoverable' };
    expect(businessErrorProblems(PROTO_DIALECT, error(one), want)).toEqual([
      'message item_unavailable is type "error", severity "recoverable"; expected error, unrecoverable',
    ]);
    expect(businessErrorProblems(PROTO_DIALECT, error(one, { ...one, type: 'warning' }), want)).toEqual([
      'the 2 messages item_unavailable are type "error", severity "recoverable"; type "warning", severity "recoverable"; expected one of them error, unrecoverable',
    ]);
    expect(businessErrorProblems(PROTO_DIALECT, answer({ proto: { status: 'success' } }), want)).toEqual([
      'proto.status is "success", expected "error"',
      'no message with code item_unavailable',
      'no continue_url',
    ]);
  });

  it('takes an unrecoverable message of another type for no error, and names a failed request by its failure', () => {
    const warning = { type: 'warning', code: 'item_unavailable', severity: 'unrecoverable' };
    expect(businessErrorProblems(PROTO_DIALECT, error(warning), want)).toEqual([
      'message item_unavailable is type "warning", severity "unrecoverable"; expected error, unrecoverable',
    ]);
    const failed = { transportError: { kind: 'timeout', message: 'no answer within 10000 ms' } } as unknown as Exchange;
    expect(businessErrorProblems(PROTO_DIALECT, failed, { code: 'not_found' })).toEqual([
      'HTTP no answer within 10000 ms, expected 200',
      'proto.status is absent, expected "error"',
      'no message with code not_found',
    ]);
  });
});

describe('envelope rules (Document 1 §Response envelope, §Errors, §Versioning)', () => {
  const rule = (id: string) => ENVELOPE_RULES.find((r) => r.check.id === id)!;
  const ctx = { dialect: PROTO_DIALECT } as unknown as RuleContext;
  const served = (x: Partial<Exchange>) =>
    ({ service: 'shopping', operation: 'cart.get', status: 200, ...x }) as Exchange;
  const discovery = (x: Partial<Exchange>) => ({ operation: 'profile', status: 200, ...x }) as Exchange;
  const errorBody = {
    proto: { version: '2026-01-11', status: 'success' },
    messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable' }],
  };

  it('counts 2xx answers as successful (RFC 9110 §15.3), and no other', () => {
    const present = rule('envelope.present');
    for (const status of [200, 201, 299]) expect(present.applies(served({ status }), ctx), String(status)).toBe(true);
    for (const status of [101, 199, 300, 404, 500, undefined])
      expect(present.applies(served({ status }), ctx), String(status)).toBe(false);
  });

  it('takes versions that are a date YYYY-MM-DD or draft, whole strings only', () => {
    const format = rule('envelope.version-format');
    const problems = (version: unknown) => format.problems(served({ json: { proto: { version } } }), ctx);
    for (const version of ['2026-01-11', 'draft']) expect(problems(version), version).toEqual([]);
    for (const version of ['v2026-01-11', '2026-01-11.1', 'drafts', 'predraft'])
      expect(problems(version), version).toEqual([`"proto.version" is "${version}"`]);
    expect(problems(['2026-01-11'])).toEqual(['"proto.version" is ["2026-01-11"]']);
    expect(format.applies(served({ json: { messages: [] } }), ctx)).toBe(false);
  });

  it('takes a member beyond the error shape for a resource, unless the envelope says error: then an id and more', () => {
    const error = { proto: { status: 'error' }, messages: errorBody.messages };
    expect(carriesResourceOf(served({ json: { ...error, request_id: 'r-1' } }), 'proto')).toBe(false);
    // A not_found echoing the id asked for is no resource; a session returned with a recoverable error is one.
    expect(carriesResourceOf(served({ json: { ...error, id: 'cart-1' } }), 'proto')).toBe(false);
    expect(carriesResourceOf(served({ json: { ...error, id: 'chk-1', status: 'incomplete' } }), 'proto')).toBe(true);
    expect(carriesResourceOf(served({ json: { ...error, status: 'incomplete' } }), 'proto')).toBe(false);
    expect(carriesResourceOf(served({ json: { ...errorBody, request_id: 'r-1' } }), 'proto')).toBe(true);
    expect(carriesResourceOf(served({ json: error }), 'proto')).toBe(false);
  });

  it('knows an error response by its shape and an error message, and asks status error of successful service answers only', () => {
    expect(isErrorResponse(errorBody, 'proto')).toBe(true);
    expect(
      isErrorResponse(
        {
          ...errorBody,
          messages: [
            { type: 'info', code: 'not_found' },
            { type: 'warning', code: 'quantity_adjusted' },
          ],
        },
        'proto',
      ),
    ).toBe(false);
    const errorStatus = rule('envelope.error-status');
    expect(errorStatus.applies(served({ json: errorBody }), ctx)).toBe(true);
    expect(errorStatus.problems(served({ json: errorBody }), ctx)).toEqual([
      'an error response, but "proto.status" is "success"',
    ]);
    // Not discovery, and not an HTTP error, whose body Document 1 §Errors shapes otherwise.
    expect(errorStatus.applies(discovery({ json: errorBody }), ctx)).toBe(false);
    expect(errorStatus.applies(served({ status: 500, json: errorBody }), ctx)).toBe(false);
  });

  it('asks messages of a status error only where an envelope says so', () => {
    const errorMessages = rule('envelope.error-messages');
    expect(errorMessages.applies(served({ json: { proto: { status: 'error' } } }), ctx)).toBe(true);
    expect(errorMessages.applies(served({ json: { code: 'not_found', content: 'no such cart' } }), ctx)).toBe(false);
  });

  it('finds messages that are no array, no objects, or carry members of the wrong type, and lets absent members be', () => {
    const vocabulary = rule('envelope.message-vocabulary');
    const problems = (messages: unknown) => vocabulary.problems(served({ json: { messages } }), ctx);
    expect(problems('not_found')).toEqual(['"messages" is not an array']);
    expect(problems(['not_found'])).toEqual(['messages[0] is not an object']);
    expect(problems([{ code: 'not_found' }, { content: 'no such cart' }])).toEqual([]);
    expect(problems([{ type: 'error', code: 1, content: 2, path: 3, content_type: 4, presentation: 5 }])).toEqual(
      ['code', 'content', 'path', 'content_type', 'presentation'].map((m) => `messages[0].${m} is not a string`),
    );
  });

  it('takes application/json with parameters, and no other Content-Type', () => {
    const contentType = rule('envelope.content-type');
    const problems = (type?: string) =>
      contentType.problems(
        served({ responseBody: '{}', responseHeaders: type === undefined ? {} : { 'content-type': type } }),
        ctx,
      );
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/json ; charset=utf-8'])
      expect(problems(type), type).toEqual([]);
    for (const type of ['application/jsonp', 'text/application/json', 'application/json-seq'])
      expect(problems(type), type).toEqual([`Content-Type is "${type}"`]);
    expect(problems()).toEqual(['Content-Type is "absent"']);
  });

  it("asks code and content of the body of a service's HTTP error, not of discovery", () => {
    const errorBodyRule = rule('envelope.transport-error-body');
    expect(errorBodyRule.applies(served({ status: 404 }), ctx)).toBe(true);
    expect(errorBodyRule.applies(discovery({ status: 404 }), ctx)).toBe(false);
    expect(
      errorBodyRule.problems(
        served({ status: 404, responseBody: '{"content":"no such cart"}', json: { content: 'no such cart' } }),
        ctx,
      ),
    ).toEqual(['HTTP 404 body is missing code or content']);
    expect(errorBodyRule.problems(served({ status: 500 }), ctx)).toEqual(['HTTP 500 body is empty']);
    expect(
      errorBodyRule.problems(
        served({ status: 404, responseBody: '{}', json: { code: 'not_found', content: 'no such cart' } }),
        ctx,
      ),
    ).toEqual([]);
  });

  it('judges the success status of the operations the table lists only', () => {
    const cart = { proto: { version: '2026-01-11', status: 'success' }, id: 'c1' };
    expect(SUCCESS_STATUS_RULE.problems(served({ operation: 'cart.create', json: cart }), ctx)).toEqual([
      'cart.create answered HTTP 200; the spec gives 201',
    ]);
    expect(SUCCESS_STATUS_RULE.applies(served({ operation: 'unlisted.probe', json: cart }), ctx)).toBe(false);
  });

  it('tells HTTP 4xx refusing what a request carries from the rest', () => {
    for (const status of [400, 409, 413, 422, 499])
      expect(refusesContent(served({ status })), String(status)).toBe(true);
    for (const status of [200, 401, 403, 404, 429, 500, 503, undefined])
      expect(refusesContent(served({ status })), String(status)).toBe(false);
  });
});

describe('idempotency (Document 1 §Limits: a duplicate key with a matching body returns the stored result)', () => {
  const answer = (status: number, responseBody: string) => {
    let json: unknown;
    try {
      json = JSON.parse(responseBody);
    } catch {
      json = undefined;
    }
    return { status, responseBody, json } as unknown as Exchange;
  };

  it('takes the same JSON value, however written, for the stored result, and any other status or body for another', () => {
    expect(replayDifferences(answer(201, '{"id":"c1","total":5}'), answer(201, '{ "total": 5, "id": "c1" }'))).toEqual(
      [],
    );
    expect(replayDifferences(answer(201, '{"id":"c1"}'), answer(200, '{"id":"c2"}'))).toEqual([
      'HTTP 200, the first answer was HTTP 201',
      'another JSON body than the first answer',
    ]);
    expect(replayDifferences(answer(201, 'created'), answer(201, 'created'))).toEqual([]);
    expect(replayDifferences(answer(201, 'created'), answer(201, 'created again'))).toEqual([
      'another body than the first answer',
    ]);
    expect(replayDifferences(answer(201, '{"id":"c1"}'), answer(201, '<html>created</html>'))).toEqual([
      'another body than the first answer',
    ]);
    expect(replayDifferences(answer(201, '<html>created</html>'), answer(201, '{"id":"c1"}'))).toEqual([
      'another body than the first answer',
    ]);
  });

  it('changes the meaning of a body where it can, and says when it holds nothing to change', () => {
    expect(moreOfEachLine({ line_items: [{ id: 'a', quantity: 1 }, { id: 'b' }, 'junk'] })).toEqual({
      line_items: [{ id: 'a', quantity: 2 }, { id: 'b' }, 'junk'],
    });
    expect(moreOfEachLine({ line_items: [{ id: 'b' }, 'junk'] })).toBeUndefined();
    expect(moreOfEachLine({})).toBeUndefined();
    const hours = 'What are your opening hours?';
    expect(anotherQuestion({ query: 'Do you ship abroad?' })).toEqual({ query: hours });
    expect(anotherQuestion({ query: hours })?.query).toEqual(
      expect.stringMatching(/^(?!What are your opening hours\?$).+\?$/),
    );
    expect(anotherQuestion({})).toBeUndefined();
  });

  it('makes a stay one night longer, across a month and a year', () => {
    const stay = (end_date: unknown) => ({
      stays: [{ room: 'r1', stay_dates: { start_date: '2026-07-01', end_date } }],
    });
    expect(oneMoreNight(stay('2026-07-03'))).toEqual(stay('2026-07-04'));
    expect(oneMoreNight(stay('2026-12-31'))).toEqual(stay('2027-01-01'));
    expect(oneMoreNight({ stays: [{ room: 'r1' }, 'junk', { stay_dates: {} }] })).toBeUndefined();
    expect(oneMoreNight({})).toBeUndefined();
  });

  it('pays a complete with another instrument, whatever its id was', () => {
    const body = (...ids: unknown[]) => ({
      payment: { instruments: ids.map((id) => (id === 'junk' ? id : { id, type: 'card' })) },
      signals: {},
    });
    const other = anotherInstrument(body('instrument-1', 'junk'))!;
    const [first, junk] = (other.payment as { instruments: Record<string, unknown>[] }).instruments;
    expect(first).toEqual({ id: expect.stringMatching(/\w/), type: 'card' });
    expect(first.id).not.toBe('instrument-1');
    expect(junk).toBe('junk');
    expect(other.signals).toEqual({});
    const again = anotherInstrument(other)!;
    expect((again.payment as { instruments: { id: unknown }[] }).instruments[0].id).not.toBe(first.id);
    expect(anotherInstrument(body('junk'))).toBeUndefined();
    expect(anotherInstrument({ payment: {} })).toBeUndefined();
    expect(anotherInstrument({})).toBeUndefined();
  });

  it("gives a cancel's empty object another value, and takes it back", () => {
    expect(otherCancelBody({})).toEqual({ signals: {} });
    expect(otherCancelBody({ signals: { a: 1 }, b: 2 })).toEqual({ b: 2 });
    expect(changedBody('{}', otherCancelBody)).toBe('{"signals":{}}');
  });

  it('renames every guest, whatever the name was', () => {
    const renamed = renamedGuests({ guests: [{ first_name: 'Ada' }, { first_name: 'Renamed' }, 'junk'] })!;
    const names = (renamed.guests as Record<string, unknown>[]).slice(0, 2).map((g) => g.first_name);
    expect(names[0]).not.toBe('Ada');
    expect(names[1]).not.toBe('Renamed');
    for (const name of names) expect(name).toEqual(expect.stringMatching(/\w/));
    expect((renamed.guests as unknown[])[2]).toBe('junk');
    expect(renamedGuests({ guests: ['junk'] })).toBeUndefined();
    expect(renamedGuests({ guests: [] })).toBeUndefined();
    expect(renamedGuests({})).toBeUndefined();
  });

  it('writes a changed body, or the same body with other bytes, only from a JSON request that allows it', () => {
    expect(changedBody('{"query":"Do you ship abroad?"}', anotherQuestion)).toBe(
      '{"query":"What are your opening hours?"}',
    );
    for (const sent of [undefined, 'not json', '[1]', '{}'])
      expect(changedBody(sent, anotherQuestion), String(sent)).toBeUndefined();
    expect(reformatted('{"a":1}')).toBe('{\n  "a": 1\n}');
    for (const sent of [undefined, 'not json', '{\n  "a": 1\n}', '1'])
      expect(reformatted(sent), String(sent)).toBeUndefined();
  });
});

describe('message paths, every form', () => {
  it('parses dots, indexes and quoted names, and refuses what it cannot read', () => {
    expect(parsePath('$')).toEqual([]);
    expect(parsePath('$.a_b.c-d[12]')).toEqual(['a_b', 'c-d', 12]);
    expect(parsePath('$["we\\"ird"][\'x y\']')).toEqual(['we"ird', 'x y']);
    for (const bad of ['$.', '$[x]', '$.a[', '$..a', '$.a[*]', '', 'x']) expect(parsePath(bad), bad).toBeUndefined();
  });

  it('reads an RFC 9535 normalized path as the same path as its dotted form, escapes and all', () => {
    expect(parsePath("$['line_items'][0]['quantity']")).toEqual(parsePath('$.line_items[0].quantity'));
    expect(parsePath("$['a\\'b\\n\\u00e9\\\\']")).toEqual(["a'b\né\\"]);
    const names = ['buyer', "it's", 'tab\there', 'back\\slash', '\u0001'];
    for (const name of names) expect(parsePath(normalizedPath([name, 3]))).toEqual([name, 3]);
    expect(normalizedPath(['line_items', 0, 'quantity'])).toBe("$['line_items'][0]['quantity']");
  });

  it('reads a filter step in either form, and resolves it to the element it selects', () => {
    const doc = {
      line_items: [
        { id: 'a', item: { id: 'x' } },
        { id: 'b', item: { id: 'y' } },
      ],
    };
    for (const path of [
      "$.line_items[?(@.id=='b')].quantity",
      "$.line_items[?@.id=='b'].quantity",
      '$.line_items[?(@.item.id == "y")].quantity',
      "$['line_items'][?@['item']['id']=='y']['quantity']",
    ])
      expect(resolvePath(path, doc), path).toEqual(['line_items', 1, 'quantity']);
    expect(parseSteps("$.line_items[?(@.id=='b')]")).toEqual(['line_items', { member: ['id'], value: 'b' }]);
    expect(parsePath("$.line_items[?(@.id=='b')]")).toBeUndefined();
    expect(resolvePath("$.line_items[?(@.id=='c')]", doc)).toBeUndefined();
    for (const bad of ["$.a[?(@.id=='b']", "$.a[?@.id=='b')]", '$.a[?(@.id)]'])
      expect(parseSteps(bad), bad).toBeUndefined();
  });

  it('reads through objects and arrays only, and writes new branches of either', () => {
    expect(valueAt({ a: [{ b: 1 }] }, ['a', 0, 'b'])).toBe(1);
    expect(valueAt({ a: { 0: 1 } }, ['a', 0])).toBeUndefined();
    expect(valueAt({ a: [1] }, ['a', 'length'])).toBeUndefined();
    expect(valueAt({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(withValueAt(undefined, ['a', 1], 'v')).toEqual({ a: [undefined, 'v'] });
    expect(withValueAt({ a: 'scalar' }, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    expect(withValueAt({ a: [1, 2, 3] }, ['a', 1], 'v')).toEqual({ a: [1, 'v', 3] });
    expect(valueAt({ a: 'abc' }, ['a', 'length'])).toBeUndefined();
    const original = { a: { b: 1 } };
    expect(withValueAt(original, ['a', 'c'], 2)).toEqual({ a: { b: 1, c: 2 } });
    expect(original).toEqual({ a: { b: 1 } });
  });
});

describe('Geo, whose members are not shown', () => {
  it('reads the names in common use, and GeoJSON longitude first', () => {
    const lisbon = { latitude: 38.7, longitude: -9.1 };
    for (const geo of [
      lisbon,
      { lat: 38.7, lng: -9.1 },
      { lat: 38.7, lon: -9.1 },
      { lat: 38.7, long: -9.1 },
      { type: 'Point', coordinates: [-9.1, 38.7] },
    ]) {
      expect(readPoint(geo), JSON.stringify(geo)).toEqual(lisbon);
    }
  });
  it('reads the poles and the antimeridian as places', () => {
    for (const point of [
      { latitude: 90, longitude: 0 },
      { latitude: -90, longitude: 0 },
      { latitude: 0, longitude: 180 },
      { latitude: 0, longitude: -180 },
    ]) {
      expect(readPoint(point)).toEqual(point);
    }
  });
  it('places nothing it cannot read', () => {
    // Coordinates without GeoJSON's type Point could be in either order (many APIs put latitude first).
    for (const geo of [
      undefined,
      'here',
      {},
      { lat: '38.7', lng: -9.1 },
      { lat: 38.7, lng: '-9.1' },
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: 181 },
      { latitude: 0, longitude: -180.5 },
      { x: 1, y: 2 },
      { coordinates: [-9.1, 38.7] },
    ])
      expect(readPoint(geo), JSON.stringify(geo)).toBeUndefined();
  });
  it('measures great-circle distances in meters', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195, -1);
    // Antipodes lie half the circumference apart: about 20,015 km on the mean sphere.
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      HALF_CIRCUMFERENCE,
      0,
    );
    expect(HALF_CIRCUMFERENCE).toBeCloseTo(20_015_115, -1);
  });
});

describe('RFC 3339 date-time', () => {
  it.each([
    '2026-07-01T10:00:00Z',
    '2026-12-31t23:59:59z',
    '2026-07-01 10:00:00Z',
    '2026-07-01T10:00:00.123+02:00',
    '2026-06-30T23:59:60Z',
    '2026-07-09T19:09:09-11:59',
    '2026-10-20T20:00:00+23:00',
    '2026-09-29T09:59:00Z',
  ])('takes %s', (value) => expect(isRfc3339DateTime(value)).toBe(true));
  it.each([
    '2026-07-01',
    '2026-07-01T10:00:00',
    'Tue, 01 Jul 2026 10:00:00 GMT',
    '2026-00-01T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-07-00T10:00:00Z',
    '2026-07-32T10:00:00Z',
    '2026-07-01T24:00:00Z',
    '2026-07-01T10:60:00Z',
    '2026-07-01T10:00:61Z',
    '2026-07-01T10:00:00+24:00',
    '2026-07-01T10:00:00+02:60',
    '2026-07-01T10:00:00.Z',
    'x2026-07-01T10:00:00Z',
    '2026-07-01T10:00:00Zx',
    '2026-7-01T10:00:00Z',
    '2026-07-01T10:00:00+0200',
    '2026-07-01X10:00:00Z',
    '2026-07-01T10:00:00x',
    '2026-07-01T10:00:00x02:00',
    1751364000,
    ['2026-07-01T10:00:00Z'],
  ])('refuses %s', (value) => expect(isRfc3339DateTime(value)).toBe(false));
});
