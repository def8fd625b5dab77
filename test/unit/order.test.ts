import { describe, expect, it } from 'vitest';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { validatorFor } from '../../src/schemas.js';
import { orderSuite } from '../../suites/order/suite.js';
import { type Call, scripted, session, x } from './scripted-business.js';

// An order placed through a scripted checkout and read back: what each answer of Get Order is
// judged (the corpus proves the same against the reference business over HTTP).

const placedOrder = orderSuite.scenarios[0].run as (t: ScenarioContext<string>) => Promise<void>;
const ORDER = {
  proto: { version: '2026-04-08', status: 'success' },
  id: 'ord_1',
  checkout_id: 'chk_1',
  permalink_url: 'https://shop.example/orders/ord_1',
  line_items: [{ id: 'li_1', item: { id: 'a', title: 'A', price: 100 }, quantity: { total: 1, fulfilled: 0 } }],
  fulfillment: {},
  currency: 'USD',
  totals: [{ type: 'total', amount: 100 }],
};
const UNAUTHORIZED = {
  proto: { version: '2026-04-08', status: 'error' },
  messages: [{ type: 'error', code: 'unauthorized', severity: 'unrecoverable', content: 'not yours' }],
};
const OTHER = { 'X-API-Key': 'other-platform' };
const CONFIG = { fixtures: { item_ids: ['a'] }, payment: { token: 'tok' }, second_platform: { headers: OTHER } };

interface Business {
  /** The currency the checkout's answers state, if any. */
  currency?: string;
  /** The order the completed session names, if any. */
  placed?: object;
  /** Get Order's answer to the platform that placed the order. */
  order?: Exchange;
  /** Get Order's answer to another platform. */
  foreign?: Exchange;
  complete?: Exchange;
  /** The attribution the checkout's create answers with, if any. */
  echo?: object;
}

async function place(b: Business = {}, config: object = CONFIG, capabilities = ['shopping.checkout']) {
  const exchanges: Exchange[] = [];
  const more = b.currency === undefined ? {} : { currency: b.currency };
  const answer = (c: Call): Exchange => {
    if (c.op === 'checkout.create') {
      // The attribution the run sent is on the exchange as sent; the checkout answers it when b.echo says so.
      const sent = (c.opts.input as { members?: { attribution?: object } } | undefined)?.members?.attribution;
      return {
        ...x(201, session('incomplete', { ...more, ...(b.echo ? { attribution: b.echo } : {}) })),
        sentJson: { attribution: sent },
      };
    }
    if (c.op === 'checkout.update') return x(200, session('ready_for_complete', more));
    if (c.op === 'checkout.complete')
      return b.complete ?? x(200, session('completed', { ...more, order: b.placed ?? { id: 'ord_1' } }));
    if (c.op === 'order.get' && (c.opts.headers as Record<string, string> | undefined)?.['X-API-Key'])
      return b.foreign ?? x(200, UNAUTHORIZED);
    if (c.op === 'order.get') return b.order ?? x(200, ORDER);
    throw new Error(`unexpected ${c.op}`);
  };
  const s = scripted(
    (c) => {
      const got = { ...answer(c), operation: c.op } as Exchange;
      exchanges.push(got);
      return got;
    },
    {
      config,
      target: { capabilities: new Set(capabilities) },
      more: {
        exchanges,
        validate: (schema: string, body: unknown) => validatorFor(schema)(body),
      },
    },
  );
  let stopped: string | undefined;
  await placedOrder(s.t).catch((e: Error) => {
    stopped = e.message;
  });
  const verdict = (id: string) => s.concluded.get(id);
  return { stopped, verdict, calls: s.calls, concluded: [...s.concluded.keys()] };
}

describe('an order placed and read back', () => {
  it('holds for the order of the completed checkout, refused to another platform', async () => {
    const r = await place({ currency: 'USD' });
    expect(r.stopped).toBeUndefined();
    expect(r.concluded).toEqual([
      'order.resource',
      'order.checkout-id',
      'order.currency',
      'order.attribution',
      'order.other-platform',
    ]);
    for (const id of r.concluded)
      expect([id, r.verdict(id)?.kind]).toEqual([id, id === 'order.attribution' ? 'observed' : 'held']);
    expect(r.verdict('order.attribution')?.message).toBe('the order carries no attribution, which is optional');
    const reads = r.calls.filter((c) => c.op === 'order.get');
    expect(reads.map((c) => [c.opts.id, c.opts.headers])).toEqual([
      ['ord_1', undefined],
      ['ord_1', OTHER],
    ]);
  });

  it('says why it cannot place one', async () => {
    expect((await place({}, CONFIG, [])).stopped).toBe('not-tested: needs the checkout capability, to place an order');
    const { payment: _, ...tokenless } = CONFIG;
    expect((await place({}, tokenless)).stopped).toBe('not-tested: needs payment.token in --config');
    expect((await place({ placed: { permalink_url: 'https://x' } })).stopped).toBe('blocked by checkout.complete');
    expect((await place({ complete: x(200, session('ready_for_complete')) })).stopped).toBe(
      'blocked by checkout.complete',
    );
  });

  it('fails an order that is not the one placed, or not an order', async () => {
    const other = await place({ currency: 'USD', order: x(200, { ...ORDER, id: 'ord_2' }) });
    expect(other.verdict('order.resource')).toMatchObject({
      kind: 'broken',
      message: 'asked for order ord_1, got "ord_2"',
      expected: 'HTTP 200 and order ord_1 matching order.schema.json',
      actual: 'id "ord_2"',
    });
    expect(other.stopped).toBe('blocked by order.resource');

    const { permalink_url: _, ...unlinked } = ORDER;
    const partial = await place({ currency: 'USD', order: x(200, unlinked) });
    expect(partial.verdict('order.resource')).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(/permalink_url/),
    });
    // The order is the one asked for: the rest is judged on it.
    expect(partial.verdict('order.checkout-id')?.kind).toBe('held');

    const refused = await place({ order: x(404, { code: 'not_found', content: 'gone' }) });
    expect(refused.verdict('order.resource')).toMatchObject({
      kind: 'broken',
      message: 'HTTP 404',
      actual: 'HTTP 404',
    });
    expect(refused.stopped).toBe('blocked by order.resource');
  });

  it('compares checkout_id and currency with the checkout that placed it', async () => {
    const r = await place({ currency: 'EUR', order: x(200, { ...ORDER, checkout_id: 'chk_9' }) });
    expect(r.verdict('order.checkout-id')).toMatchObject({
      kind: 'broken',
      message: 'checkout_id is "chk_9", the checkout was "chk_1"',
      expected: 'checkout_id "chk_1"',
      actual: 'checkout_id "chk_9"',
    });
    expect(r.verdict('order.currency')).toMatchObject({
      kind: 'broken',
      message: 'order currency "USD", checkout currency "EUR"',
      expected: 'currency "EUR"',
      actual: 'currency "USD"',
    });
    const silent = await place({});
    expect(silent.verdict('order.currency')).toMatchObject({
      kind: 'not-tested',
      message: "no response of the checkout stated its currency, so there is nothing to compare the order's with",
    });
  });

  it("compares the order's attribution with the checkout's, member by member", async () => {
    const withAttribution = (attribution: unknown) => x(200, { ...ORDER, attribution });
    const sent = await place({ currency: 'USD', order: withAttribution({}) });
    const [create] = sent.calls.filter((c) => c.op === 'checkout.create');
    const ours = (create.opts.input as { members: { attribution: Record<string, string> } }).members.attribution;
    // Recognisable in a business's own analytics as the checker's.
    expect(ours).toEqual({
      utm_source: 'proto-conformance',
      utm_medium: 'conformance-check',
      utm_campaign: 'order-attribution',
    });
    // An empty attribution dropped every member: said, not failed (members are not shown).
    expect(sent.verdict('order.attribution')).toMatchObject({
      kind: 'held',
      message:
        'held; utm_source only in the checkout; utm_medium only in the checkout; utm_campaign only in the checkout',
    });

    const same = await place({ currency: 'USD', order: withAttribution(ours) });
    expect(same.verdict('order.attribution')).toMatchObject({ kind: 'held', message: 'held' });
    const annotated = await place({ currency: 'USD', order: withAttribution({ ...ours, channel: 'agent' }) });
    expect(annotated.verdict('order.attribution')).toMatchObject({
      kind: 'held',
      message: 'held; channel only in the order',
    });
    const changed = await place({ currency: 'USD', order: withAttribution({ ...ours, utm_source: 'direct' }) });
    expect(changed.verdict('order.attribution')).toMatchObject({
      kind: 'broken',
      message: `attribution.utm_source is "direct", the run sent the checkout "${ours.utm_source}"`,
    });
    const foreign = await place({ currency: 'USD', order: withAttribution({ source: 'web' }) });
    expect(foreign.verdict('order.attribution')).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(
        /^attribution \{"source":"web"\} shares no member with the attribution the run sent/,
      ),
    });
    expect(
      (await place({ currency: 'USD', order: withAttribution('utm_source=x') })).verdict('order.attribution'),
    ).toMatchObject({ kind: 'broken', message: 'attribution is "utm_source=x", not an object' });
    // What the checkout answered is the snapshot's source, when it answered one.
    const kept = await place({
      currency: 'USD',
      echo: { utm_source: 'normalised' },
      order: withAttribution({ utm_source: 'normalised' }),
    });
    expect(kept.verdict('order.attribution')).toMatchObject({ kind: 'held' });
    // A checkout that answered an empty attribution shares nothing with any: the order's members are its own.
    const emptied = await place({ currency: 'USD', echo: {}, order: withAttribution({ source: 'web' }) });
    expect(emptied.verdict('order.attribution')).toMatchObject({
      kind: 'held',
      message: 'held; source only in the order',
    });
  });

  it('reports an order another platform may read, and fails any other refusal than unauthorized', async () => {
    const open = await place({ currency: 'USD', foreign: x(200, ORDER) });
    expect(open.verdict('order.other-platform')).toMatchObject({
      kind: 'observed',
      message: 'the business lets another platform read this order; who may read an order is its policy',
    });
    const forbidden = await place({ currency: 'USD', foreign: x(403, { code: 'forbidden', content: 'no' }) });
    expect(forbidden.verdict('order.other-platform')).toMatchObject({
      kind: 'broken',
      message: 'HTTP 403, expected 200',
      expected: 'the order, or HTTP 200, status error, error unauthorized unrecoverable',
    });
    const notFound = await place({
      currency: 'USD',
      foreign: x(200, { ...UNAUTHORIZED, messages: [{ ...UNAUTHORIZED.messages[0], code: 'not_found' }] }),
    });
    expect(notFound.verdict('order.other-platform')).toMatchObject({
      kind: 'broken',
      message: 'no message with code unauthorized',
    });
    const noSecond = await place({ currency: 'USD' }, { ...CONFIG, second_platform: undefined });
    expect(noSecond.stopped).toBe(
      'not-tested: needs second_platform in --config (agent_profile or headers of another platform)',
    );
  });
});
