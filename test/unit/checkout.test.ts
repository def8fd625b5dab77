import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { checkoutSuite } from '../../suites/checkout/suite.js';
import { type Call, runScenario, session, x } from './scripted-business.js';

// The checkout scenarios' judgements against a small checkout business held in memory (the corpus
// proves the same against the reference business over HTTP).

const CONFIG = { fixtures: { item_ids: ['var-1'], unavailable_item_ids: ['gone-1'] } };
const UNAVAILABLE = {
  proto: { version: '2026-04-08', status: 'error' },
  messages: [{ type: 'error', code: 'item_unavailable', severity: 'unrecoverable', content: 'Gone.' }],
  continue_url: 'https://shop.example/cart',
};
const ASKS = {
  type: 'error',
  code: 'missing',
  path: '$.buyer.loyalty_number',
  severity: 'recoverable',
  content: 'The loyalty number is required.',
};

/** Where this business departs from the default answers. */
interface Habits {
  unavailable?: Exchange;
  /** What Get answers for the session, given the session as the last update left it. */
  get?: (s: Record<string, unknown>) => Exchange;
  /** How an update sets the line's quantity (the business may cap it). */
  quantity?: (asked: number) => number;
  /** The totals of a session whose one line holds `quantity` units of 500. */
  totals?: (quantity: number) => unknown;
  price?: unknown;
  /** What Get answers for a session this business does not hold. */
  unknown?: (id: string) => Exchange;
}

function checkoutBusiness(h: Habits = {}) {
  let state: Record<string, unknown> = {};
  const totals = h.totals ?? ((q: number) => [{ type: 'total', amount: 500 * q }]);
  const lineOf = (quantity: number) => ({
    id: 'li_1',
    item: { id: 'var-1', price: 'price' in h ? h.price : 500 },
    quantity,
  });
  const shown = (q: number, status: string) => {
    const t = totals(q);
    return session(status, { line_items: [lineOf(q)], ...(t === undefined ? {} : { totals: t }) });
  };
  return (c: Call): Exchange => {
    switch (c.op) {
      case 'checkout.create': {
        const ids = ((c.opts.input?.lineItems ?? []) as { item: { id: string } }[]).map((l) => l.item.id);
        // A session exists either way: only a refusal that names it made it.
        state = shown(1, 'incomplete');
        if (ids.includes('gone-1')) return h.unavailable ?? x(200, UNAVAILABLE);
        return x(201, state);
      }
      case 'checkout.update': {
        const sent = (c.opts.input?.changes ?? {}) as { line_items?: { quantity: number }[] };
        const asked = sent.line_items?.[0]?.quantity ?? 1;
        state = shown(h.quantity?.(asked) ?? asked, 'incomplete');
        return x(200, state);
      }
      case 'checkout.get':
        if (c.opts.id !== 'chk_1')
          return (
            h.unknown?.(String(c.opts.id)) ?? x(200, { ...UNAVAILABLE, messages: [{ ...ASKS, code: 'not_found' }] })
          );
        return h.get?.(state) ?? x(200, state);
      default:
        throw new Error(`unexpected ${c.op}`);
    }
  };
}

function run(id: string, habits: Habits = {}) {
  return runScenario(checkoutSuite, id, checkoutBusiness(habits), { config: CONFIG });
}

describe('checkout.unavailable', () => {
  it('holds for item_unavailable with continue_url and no session', async () => {
    const r = await run('checkout.unavailable');
    expect(r.verdict('checkout.item-unavailable')?.kind).toBe('held');
  });

  it('fails a refusal that made a session anyway, and holds where the id it names is no session', async () => {
    const made = await run('checkout.unavailable', { unavailable: x(200, { ...UNAVAILABLE, id: 'chk_1' }) });
    expect(made.calls.map((c) => [c.op, c.opts.id])).toEqual([
      ['checkout.create', undefined],
      ['checkout.get', 'chk_1'],
    ]);
    expect(made.verdict('checkout.item-unavailable')).toMatchObject({
      kind: 'broken',
      message: 'a session was created anyway (id chk_1, status "incomplete")',
    });
    const named = await run('checkout.unavailable', { unavailable: x(200, { ...UNAVAILABLE, id: 'chk_9' }) });
    expect(named.verdict('checkout.item-unavailable')?.kind).toBe('held');
    // A 404 that echoes the id it was asked for is still no session.
    const echoed = await run('checkout.unavailable', {
      unavailable: x(200, { ...UNAVAILABLE, id: 'chk_9' }),
      unknown: (id) => x(404, { code: 'not_found', content: 'No such session.', id }),
    });
    expect(echoed.verdict('checkout.item-unavailable')?.kind).toBe('held');
  });

  it('reports a refusal the config could mend as not-tested, unless it also says item_unavailable', async () => {
    const needs = await run('checkout.unavailable', { unavailable: x(200, { ...UNAVAILABLE, messages: [ASKS] }) });
    expect(needs.stopped).toMatch(/^not-tested: .*buyer\.loyalty_number/);
    expect(needs.verdict('checkout.item-unavailable')).toBeUndefined();
    const both = await run('checkout.unavailable', {
      unavailable: x(200, { ...UNAVAILABLE, messages: [ASKS, ...UNAVAILABLE.messages] }),
    });
    expect(both.stopped).toBeUndefined();
    expect(both.verdict('checkout.item-unavailable')?.kind).toBe('held');
  });
});

describe('checkout.read', () => {
  it('holds when Get shows the session as the last update answered it', async () => {
    const r = await run('checkout.read');
    expect(r.calls.map((c) => c.op)).toEqual(['checkout.create', 'checkout.update', 'checkout.get']);
    expect(r.verdict('checkout.get')?.kind).toBe('held');
  });

  it('fails another status, another session, another answer or other lines, saying which', async () => {
    const status = await run('checkout.read', { get: (s) => x(200, { ...s, status: 'canceled' }) });
    expect(status.verdict('checkout.get')).toMatchObject({
      kind: 'broken',
      message: 'Get says status "canceled"; the last update answered "incomplete"',
    });
    const other = await run('checkout.read', { get: (s) => x(200, { ...s, id: 'chk_2' }) });
    expect(other.verdict('checkout.get')).toMatchObject({
      kind: 'broken',
      message: 'Get answered HTTP 200 with session "chk_2"',
    });
    const http = await run('checkout.read', { get: (s) => x(201, s) });
    expect(http.verdict('checkout.get')).toMatchObject({
      kind: 'broken',
      message: 'Get answered HTTP 201 with session "chk_1"',
    });
    const lines = await run('checkout.read', {
      get: (s) => x(200, { ...s, line_items: [{ id: 'li_1', item: { id: 'var-1', price: 500 }, quantity: 1 }] }),
    });
    expect(lines.verdict('checkout.get')).toMatchObject({
      kind: 'broken',
      message: 'Get shows other lines than the last update answered',
    });
  });
});

describe('checkout.totals-recomputed', () => {
  it('holds when the totals follow the quantity, and fails totals left as they were', async () => {
    expect((await run('checkout.totals-recomputed')).verdict('checkout.totals-recomputed')?.kind).toBe('held');
    // Totals that appear once the quantity changes are recomputed ones.
    const appear = await run('checkout.totals-recomputed', {
      totals: (q) => (q === 1 ? undefined : [{ type: 'total', amount: 500 * q }]),
    });
    expect(appear.verdict('checkout.totals-recomputed')?.kind).toBe('held');
    const frozen = await run('checkout.totals-recomputed', { totals: () => [{ type: 'total', amount: 500 }] });
    expect(frozen.verdict('checkout.totals-recomputed')).toMatchObject({
      kind: 'broken',
      message: "the line's quantity went from 1 to 2 at 500 each, but the totals stayed as they were",
    });
  });

  it('observes a quantity the business kept, and a session that shows no totals', async () => {
    const capped = await run('checkout.totals-recomputed', { quantity: () => 1 });
    expect(capped.verdict('checkout.totals-recomputed')).toMatchObject({
      kind: 'observed',
      message: 'the business kept quantity 1 for the line set to 2, so totals need not change',
    });
    const none = await run('checkout.totals-recomputed', { totals: () => undefined });
    expect(none.verdict('checkout.totals-recomputed')).toMatchObject({
      kind: 'observed',
      message: expect.stringMatching(/^the session shows no totals before or after/),
    });
  });

  it('needs a positive item price to compare totals by', async () => {
    for (const price of [0, undefined, '500']) {
      const r = await run('checkout.totals-recomputed', { price });
      expect(r.stopped).toMatch(/^not-tested: the session's first line states no positive item\.price/);
      expect(r.calls.map((c) => c.op)).toEqual(['checkout.create']);
    }
  });
});
