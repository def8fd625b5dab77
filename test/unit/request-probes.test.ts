import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { heldFor, usesUp } from '../../suites/requests/held.js';
import { judgeMalformedJson } from '../../suites/requests/malformed-json.js';
import { judgeMissingMember, judgesMissingMember, leftOut } from '../../suites/requests/missing-member.js';
import type { Send } from '../../suites/requests/probe.js';
import { exchange, scripted, x, operation as op } from './scripted-business.js';

// What the request probes of one operation decide (suites/requests/): the malformed body, the
// members left out in turn, and the resource a probe acts on, against answers scripted here.

const context = (config: object = {}) => scripted(() => x(201, { id: 'made-1' }), { config });

/** A send whose answers come from `answer`, keeping the raw bodies it was asked to send. */
function sender(answer: (rawBody: string | undefined, n: number) => Exchange) {
  const bodies: (string | undefined)[] = [];
  const send: Send = async (extra) => {
    bodies.push(extra.rawBody);
    return answer(extra.rawBody, bodies.length);
  };
  return { send, bodies };
}
const error = (code: string, path?: string) => ({ type: 'error', code, content: code, ...(path ? { path } : {}) });
const refusal = (...messages: object[]) => x(200, { proto: { status: 'error' }, messages });

describe('requests.<op>.malformed-json', () => {
  const control = x(200, { id: 'cart-1' });
  async function judge(answer: Exchange, before: Exchange = control) {
    const s = context();
    const { send, bodies } = sender(() => answer);
    await judgeMalformedJson(s.t, op('cart.update'), before, send);
    return { verdict: s.concluded.get('requests.cart.update.malformed-json'), bodies };
  }

  it('sends an array left open, and holds a 400 carrying code and content', async () => {
    const r = await judge(x(400, { code: 'invalid_json', content: 'Not JSON.' }));
    expect(r.bodies).toEqual(['{"line_items": [']);
    expect(r.verdict).toMatchObject({
      kind: 'held',
      message: 'a body that is not JSON answered HTTP 400',
      expected: 'HTTP 400 with a JSON body carrying code and content',
      actual: 'HTTP 400: {"code":"invalid_json","content":"Not JSON."}',
    });
  });

  it('fails a 400 without a JSON body carrying code and content', async () => {
    for (const body of [undefined, { code: 'bad' }, { content: 'Bad.' }, { code: 4, content: 'Bad.' }, ['bad']]) {
      const r = await judge(x(400, body));
      expect(r.verdict, JSON.stringify(body)).toMatchObject({
        kind: 'broken',
        message: 'a body that is not JSON answered HTTP 400 without a JSON body carrying code and content',
      });
    }
  });

  it('fails any other status, and names a transport error', async () => {
    expect((await judge(x(422, { code: 'bad', content: 'Bad.' }))).verdict).toMatchObject({
      kind: 'broken',
      message: 'a body that is not JSON answered HTTP 422',
    });
    const reset = { ...x(undefined), transportError: { message: 'ECONNRESET' } } as Exchange;
    expect((await judge(reset)).verdict).toMatchObject({ message: 'a body that is not JSON answered HTTP ECONNRESET' });
  });

  it('is not-tested when the answer repeats an error the control got: the probe problem was judged first', async () => {
    const unknown = refusal(error('not_found'));
    const r = await judge(unknown, unknown);
    expect(r.verdict).toMatchObject({
      kind: 'not-tested',
      message:
        'the probe has a problem of its own (not_found), which the business answered before reading the body: HTTP 200: {"proto":{"status":"error"},"messages":[{"type":"error","code":"not_found","content":"not_found"}]}',
    });
    expect(r.verdict?.exchanges).toHaveLength(2);
  });

  it('judges the body when no error is shared: another code, a missing message, an info note, a status of 3xx or more', async () => {
    const cases: [Exchange, Exchange][] = [
      [refusal(error('not_ready')), refusal(error('invalid'))],
      [refusal(error('missing')), refusal(error('missing'))],
      [x(200, { messages: [{ type: 'info', code: 'x' }] }), x(200, { messages: [{ type: 'info', code: 'x' }] })],
      [refusal(error('not_found')), { ...refusal(error('not_found')), status: 404 }],
    ];
    // A 400 is about the body, whatever messages it repeats.
    const again = x(400, { code: 'bad_json', content: 'Bad.', messages: [error('not_found')] });
    expect((await judge(again, refusal(error('not_found')))).verdict?.kind).toBe('held');
    for (const [before, answer] of cases)
      expect((await judge(answer, before)).verdict?.kind, JSON.stringify([before.json, answer.status])).toBe('broken');
  });
});

describe('requests.<op>.missing-member', () => {
  const CART = {
    line_items: [
      { item: { id: 'var-1' }, quantity: 1 },
      { item: { id: 'var-2' }, quantity: 2 },
    ],
  };
  const controlOf = (body: object, more: Partial<Exchange> = {}) =>
    exchange({ status: 201, json: { id: 'cart-1' }, sentJson: body, requestBody: JSON.stringify(body), ...more });

  async function judge(name: string, answer: (body: unknown, n: number) => Exchange, control?: Exchange) {
    const s = context();
    const o = op(name);
    const { send, bodies } = sender((raw, n) => answer(raw === undefined ? undefined : JSON.parse(raw), n));
    await judgeMissingMember(s.t, o, control ?? controlOf(CART), send);
    return { verdict: s.concluded.get(`requests.${name}.missing-member`), bodies };
  }

  it('is judged on operations with required members', () => {
    expect(judgesMissingMember(op('cart.update'))).toBe(true);
    expect(judgesMissingMember(op('checkout.update'))).toBe(false);
    expect(leftOut(op('cart.create'))).toEqual(['line_items', 'line_items[].item.id']);
  });

  it('leaves out each member in turn, within every element of a list too, and holds when each gets 400', async () => {
    const r = await judge('cart.create', () => x(400, {}));
    expect(r.bodies.map((b) => JSON.parse(b ?? ''))).toEqual([
      {},
      {
        line_items: [
          { item: {}, quantity: 1 },
          { item: {}, quantity: 2 },
        ],
      },
    ]);
    expect(r.verdict).toMatchObject({
      kind: 'held',
      expected:
        'for each of line_items, line_items[].item.id left out: HTTP 400, or a business error with an error message (pointing at it where it has a path)',
    });
    // The control and every request sent.
    expect(r.verdict?.exchanges).toHaveLength(3);
  });

  it('leaves members within objects out, and leaves alone what is not the shape named', async () => {
    const booking = {
      property: { id: 'p-1', name: 'Inn' },
      stays: [{ id: 's-1', accommodation_type: { id: 'a-1' }, rate_plan: 'flat', occupancy: 2, stay_dates: {} }, 'x'],
    };
    const r = await judge('booking.create', () => x(400, {}), controlOf(booking));
    const sent = r.bodies.map((b) => JSON.parse(b ?? ''));
    expect(sent[0]).toEqual({ stays: booking.stays });
    expect(sent[1]).toEqual({ property: booking.property });
    expect(sent[2]).toEqual({ property: { name: 'Inn' }, stays: booking.stays });
    expect(sent[3].stays[1]).toBe('x');
    expect(sent[3].stays[0].accommodation_type).toEqual({});
    expect(sent[4].stays[0]).not.toHaveProperty('stay_dates');
    // Then the members a business may fill itself: a stay's id, rate plan and occupancy.
    expect(sent[5].stays[0]).toEqual({
      accommodation_type: { id: 'a-1' },
      rate_plan: 'flat',
      occupancy: 2,
      stay_dates: {},
    });
    // A rate plan that is no object keeps its shape; an element that is no object stays as it was.
    expect(sent[6].stays).toEqual(booking.stays);
    expect(sent[7].stays[0]).not.toHaveProperty('occupancy');
    expect(sent).toHaveLength(8);
    // A list member that is no list is left as it was.
    const odd = await judge('cart.create', () => x(400, {}), controlOf({ line_items: 'none' }));
    expect(JSON.parse(odd.bodies[1] ?? '')).toEqual({ line_items: 'none' });
  });

  it('says, beside a pass, which members a business may fill itself it served without', async () => {
    const booking = {
      property: { id: 'p-1' },
      stays: [{ id: 's-1', accommodation_type: { id: 'a-1' }, rate_plan: { id: 'r' }, occupancy: {}, stay_dates: {} }],
    };
    // Refused for what a stay is; served (a session made) without its id, rate plan or occupancy.
    const r = await judge(
      'booking.create',
      (_b, n) => (n <= 5 ? x(400, {}) : x(201, { id: 'bk-1' })),
      controlOf(booking),
    );
    expect(r.verdict).toMatchObject({
      kind: 'held',
      message:
        'each of property, stays, property.id, stays[].accommodation_type.id, stays[].stay_dates left out was refused; served without stays[].id, stays[].rate_plan.id, stays[].occupancy, which a business may fill itself',
    });
  });

  it('holds a business error whose message points at the member, or has no path', async () => {
    const pointing = await judge('cart.create', (_b, n) =>
      refusal(error('required', n === 1 ? '$.line_items' : '$.line_items[0].item.id')),
    );
    expect(pointing.verdict?.kind).toBe('held');
    expect((await judge('cart.create', () => refusal(error('invalid')))).verdict?.kind).toBe('held');
    // A not_found about an item answers a line without its id.
    const notFound = await judge('cart.create', (_b, n) => (n === 1 ? x(400, {}) : refusal(error('not_found'))));
    expect(notFound.verdict?.kind).toBe('held');
  });

  it('fails what serves the request, naming each member and what it answered', async () => {
    // The second made a cart although its message refuses the request.
    const made = x(200, { id: 'cart-3', messages: [error('x', '$.line_items[0].item')] });
    const r = await judge('cart.create', (_b, n) => (n === 1 ? x(201, { id: 'cart-2' }) : made));
    expect(r.verdict).toMatchObject({
      kind: 'broken',
      message:
        'a request without line_items answered HTTP 201 with no error message refusing it; a request without line_items[].item.id answered HTTP 200',
      actual:
        'HTTP 201: {"id":"cart-2"} | HTTP 200: {"id":"cart-3","messages":[{"type":"error","code":"x","content":"x","path":"$.line_items[0].item"}]}',
    });
    // The control and the requests served.
    expect(r.verdict?.exchanges).toHaveLength(3);
  });

  it('fails a not_found about the request as a whole, a create that made a resource, a 422 and an info note', async () => {
    const cases: ((n: number) => Exchange)[] = [
      (n) => (n === 1 ? refusal(error('not_found')) : x(400, {})),
      () => x(200, { id: 'cart-9', messages: [error('missing', '$.line_items')] }),
      () => x(422, { messages: [error('missing', '$.line_items')] }),
      () => x(200, { messages: [{ type: 'info', code: 'missing', path: '$.line_items' }] }),
      () => x(200, { messages: [{ type: 'error', code: 'missing', path: 7 }] }),
      () => x(200, { messages: [error('missing', '$.buyer')] }),
    ];
    for (const answer of cases)
      expect((await judge('cart.create', (_b, n) => answer(n))).verdict?.kind, answer(1).status?.toString()).toBe(
        'broken',
      );
    // An update served whole, after a control that made nothing and carried no error.
    const served = await judge('cart.update', () => x(200, { id: 'cart-1' }), controlOf(CART, { status: 200 }));
    expect(served.verdict?.kind).toBe('broken');
    // Only what was served is cited beside the control.
    const one = await judge('cart.create', (_b, n) => (n === 1 ? x(400, {}) : x(201, { id: 'cart-2' })));
    expect(one.verdict?.exchanges).toHaveLength(2);
    // An id that is no string is no resource made.
    const odd = await judge('cart.create', () => x(200, { id: 7, messages: [error('missing')] }));
    expect(odd.verdict?.kind).toBe('held');
    // Made in answer to an update (no create): a refusal with an id is a refusal.
    const update = await judge('cart.update', () => x(200, { id: 'cart-1', messages: [error('missing')] }));
    expect(update.verdict?.kind).toBe('held');
  });

  it('is not-tested when the request with nothing left out was itself refused with an error', async () => {
    const refused = controlOf(CART, { status: 200, json: { messages: [error('policy')] } });
    const r = await judge('cart.create', () => x(201, {}), refused);
    expect(r.verdict).toMatchObject({
      kind: 'not-tested',
      message: expect.stringMatching(
        /^the request with nothing left out was itself refused \(HTTP 200: .+\), so the answer without line_items, line_items\[\]\.item\.id proves nothing$/,
      ),
    });
    // A control that made its resource was served, whatever its messages; every answer a refusal: judged.
    const made = controlOf(CART, { status: 200, json: { id: 'cart-1', messages: [error('policy')] } });
    expect((await judge('cart.create', () => x(201, {}), made)).verdict?.kind).toBe('broken');
    expect((await judge('cart.create', () => x(400, {}), refused)).verdict?.kind).toBe('held');
  });

  it('is not-tested without a resource to probe, or without a JSON object to take members from', async () => {
    const unknown = controlOf(CART, { status: 404, json: { code: 'not_found' }, notFoundProbe: true });
    const r = await judge('cart.update', () => x(400, {}), unknown);
    expect(r.verdict).toMatchObject({
      kind: 'not-tested',
      message:
        'the run holds no cart to probe (HTTP 404: {"code":"not_found"}), and an id the business never issued says nothing about a missing member',
    });
    expect(r.bodies).toEqual([]);
    // A create is no probe of an id.
    expect(
      (await judge('cart.create', () => x(400, {}), { ...controlOf(CART), notFoundProbe: true })).verdict?.kind,
    ).toBe('held');
    const raw = await judge('cart.create', () => x(400, {}), controlOf(CART, { sentJson: '[1]' }));
    expect(raw.verdict).toMatchObject({
      kind: 'not-tested',
      message: 'the control request carried no JSON object to take members from',
    });
  });
});

describe('the resource a probe acts on', () => {
  it('is held for operations on {id} whose idempotency is required and whose capability can make one', () => {
    const { t } = context();
    expect(heldFor(t, op('cart.create'))).toBeUndefined();
    expect(heldFor(t, op('order.get'))).toBeUndefined();
    expect(heldFor(t, op('cart.get'))).toBeDefined();
    expect(heldFor(t, op('booking.cancel'))).toBeDefined();
  });

  it('is made once, cancelled when the scenario ends, and made again once spent', async () => {
    let n = 0;
    const s = scripted((c) => (c.op === 'cart.create' ? x(201, { id: `cart-${++n}` }) : x(200, {})), {
      config: { fixtures: { item_ids: ['var-1', 'var-2'] } },
    });
    const held = heldFor(s.t, op('cart.update'));
    const first = await held?.get();
    expect(first).toMatchObject({ id: 'cart-1', items: ['var-1'] });
    expect(await held?.get()).toBe(first);
    expect(s.calls.map((c) => c.op)).toEqual(['cart.create']);
    expect(s.calls[0].opts).toMatchObject({ input: { lineItems: [{ item: { id: 'var-1' }, quantity: 1 }] } });
    held?.spend();
    expect(await held?.get()).toMatchObject({ id: 'cart-2' });
    expect(s.cleanups).toHaveLength(2);
    await s.cleanups[0]();
    expect(s.calls.at(-1)).toMatchObject({ op: 'cart.cancel', opts: { id: 'cart-1', tolerateTransportError: true } });
  });

  it('is none when the run has no items, or the create gives no id', async () => {
    const none = scripted(() => x(200, { products: [] }));
    expect(await heldFor(none.t, op('cart.update'))?.get()).toBeUndefined();
    expect(none.calls.map((c) => c.op)).not.toContain('cart.create');
    const noId = scripted(() => x(201, { id: 7 }), { config: { fixtures: { item_ids: ['var-1'] } } });
    expect(await heldFor(noId.t, op('cart.update'))?.get()).toBeUndefined();
    expect(noId.cleanups).toHaveLength(0);
  });

  it('is none for a booking without a property and stays in the config', async () => {
    const stays = [{ id: 's-1' }];
    for (const booking of [{}, { property: { id: 'p-1' } }, { property: { id: 'p-1' }, stays: [] }, { stays }]) {
      const s = scripted(() => x(201, { id: 'b-1', status: 'incomplete' }), { config: { fixtures: { booking } } });
      expect(await heldFor(s.t, op('booking.update'))?.get(), JSON.stringify(booking)).toBeUndefined();
      expect(s.calls).toEqual([]);
    }
  });

  it('is a checkout session the run made, and none when the create was refused', async () => {
    const config = { fixtures: { item_ids: ['var-1'] } };
    const made = scripted(() => x(201, { id: 'chk-1', status: 'incomplete' }), { config });
    expect(await heldFor(made.t, op('checkout.update'))?.get()).toMatchObject({ id: 'chk-1', items: ['var-1'] });
    const refused = scripted(() => x(200, { proto: { status: 'error' }, messages: [error('item_unavailable')] }), {
      config,
    });
    expect(await heldFor(refused.t, op('checkout.update'))?.get()).toBeUndefined();
  });

  it('is used up by a served cancel or complete', () => {
    expect(['cart.cancel', 'checkout.complete', 'booking.cancel'].every((n) => usesUp(op(n)))).toBe(true);
    expect(['cart.update', 'checkout.get'].some((n) => usesUp(op(n)))).toBe(false);
  });
});
