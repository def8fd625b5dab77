import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import { type OperationName, requestBody } from '../../src/protocol/recipes.js';
import type { Exchange } from '../../src/report/exchange.js';
import { requestSuites } from '../../suites/requests/suite.js';
import { type Call, runScenario, x } from './scripted-business.js';

// One operation's request scenario as a whole (suites/requests/suite.ts): the control request
// first, the probes after it, the resource they act on, against a cart business scripted here.

const CART = requestSuites.find((s) => s.capability === 'shopping.cart');
if (!CART) throw new Error('no cart request suite');
const CONFIG = { fixtures: { item_ids: ['var-1'] } };
const AGENT = 'Proto-Agent';

/** A cart business: `habits` answers first; otherwise 4xx to a broken Proto-Agent or body, 201/200 else. */
function cartBusiness(habits: (c: Call, n: number) => Exchange | undefined = () => undefined) {
  let carts = 0;
  return (c: Call, n: number): Exchange => {
    const headers = (c.opts.headers ?? {}) as Record<string, string>;
    // What the client would have sent: the recipe's body, or the raw one.
    const body = requestBody(c.op as OperationName, c.opts.input as never, {}, PROTO_DIALECT);
    const requestText = typeof c.opts.rawBody === 'string' ? c.opts.rawBody : JSON.stringify(body);
    const reply = (e: Exchange) =>
      ({ ...e, requestHeaders: headers, sentJson: body ?? e.sentJson, requestBody: requestText }) as Exchange;
    const own = habits(c, n);
    if (own) return reply(own);
    const omitted = (c.opts.omit ?? []) as string[];
    if (omitted.includes('agent') || (AGENT in headers && !/^profile="[^"]+"$/.test(headers[AGENT])))
      return reply(x(400, {}));
    if (typeof c.opts.rawBody === 'string') return reply(x(400, { code: 'invalid', content: 'Invalid.' }));
    if (c.op === 'cart.create') return reply(x(201, { id: `cart-${++carts}` }));
    return reply(x(200, { id: c.opts.id }));
  };
}
const run = (id: string, business: (c: Call, n: number) => Exchange, config: object = CONFIG) =>
  runScenario(CART, id, business, { config });

describe('a request scenario', () => {
  it('holds the Proto-Agent checks for 4xx answers, sending each broken header', async () => {
    const r = await run('requests.cart.create', cartBusiness());
    expect(r.verdict('requests.cart.create.agent-missing')).toMatchObject({ kind: 'held', expected: 'an HTTP 4xx' });
    expect(r.verdict('requests.cart.create.agent-malformed')).toMatchObject({
      kind: 'held',
      expected:
        'an HTTP 4xx for Proto-Agent: profile="https://platform.example/.well-known/proto and for Proto-Agent: agent="proto-conformance"',
    });
    const agents = r.calls
      .slice(-3)
      .map((c) => [c.opts.omit, (c.opts.headers as Record<string, string> | undefined)?.[AGENT]]);
    expect(agents).toEqual([
      [['agent'], undefined],
      [undefined, 'profile="https://platform.example/.well-known/proto'],
      [undefined, 'agent="proto-conformance"'],
    ]);
    expect(r.verdict('requests.cart.create.malformed-json')?.kind).toBe('held');
    expect(r.verdict('requests.cart.create.missing-member')?.kind).toBe('held');
    // Nothing configured: the credential, signature and platform checks do not apply.
    for (const c of ['credential-missing', 'signature-tampered', 'platform-profile-unreachable'])
      expect(r.verdict(`requests.cart.create.${c}`)?.kind, c).toBe('not-applicable');
  });

  it('fails a Proto-Agent that is left out or broken and served, naming what was sent', async () => {
    const served = cartBusiness((c) =>
      c.op === 'cart.create' && !c.opts.rawBody ? x(201, { id: 'cart-x' }) : undefined,
    );
    const r = await run('requests.cart.create', served);
    expect(r.verdict('requests.cart.create.agent-missing')).toMatchObject({
      kind: 'broken',
      message: 'a request without Proto-Agent answered HTTP 201',
      actual: 'HTTP 201: {"id":"cart-x"}',
    });
    const v = r.verdict('requests.cart.create.agent-malformed');
    expect(v).toMatchObject({
      kind: 'broken',
      message:
        'profile="https://platform.example/.well-known/proto answered HTTP 201; agent="proto-conformance" answered HTTP 201',
    });
    expect(v?.exchanges).toHaveLength(3);
    // A 5xx is no 4xx either.
    const failing = cartBusiness((c) =>
      (c.opts.omit as string[] | undefined)?.includes('agent') ? x(500, {}) : undefined,
    );
    expect((await run('requests.cart.create', failing)).verdict('requests.cart.create.agent-missing')?.kind).toBe(
      'broken',
    );
  });

  it('cancels each cart a create probe made, when the scenario ends', async () => {
    const r = await run('requests.cart.create', cartBusiness());
    // Of the creates, the malformed body, the two members left out and the three broken agents made nothing.
    const made = r.calls.filter((c) => c.op === 'cart.create').length - 6;
    expect(made).toBe(1);
    expect(r.cleanups).toHaveLength(1);
    // A create makes a resource: never a not-found probe.
    expect(r.calls.every((c) => c.opts.notFoundProbe === false)).toBe(true);
    await r.cleanups[0]();
    expect(r.calls.at(-1)).toMatchObject({ op: 'cart.cancel', opts: { id: 'cart-1', tolerateTransportError: true } });
  });

  it('probes a held cart, not an unknown id, and makes a new one after a served cancel', async () => {
    const update = await run('requests.cart.update', cartBusiness());
    const ids = update.calls.filter((c) => c.op === 'cart.update').map((c) => c.opts.id);
    expect(new Set(ids)).toEqual(new Set(['cart-1']));
    expect(update.calls.filter((c) => c.op === 'cart.update').every((c) => c.opts.notFoundProbe === false)).toBe(true);
    expect(update.verdict('requests.cart.update.missing-member')?.kind).toBe('held');
    // The held cart's own clean-up alone: an update makes nothing to cancel.
    expect(update.cleanups).toHaveLength(1);
    const cancel = await run('requests.cart.cancel', cartBusiness());
    const cancelled = cancel.calls.filter((c) => c.op === 'cart.cancel').map((c) => c.opts.id);
    // The control served, then each probe refused: only the control spent its cart.
    expect(cancelled.slice(0, 2)).toEqual(['cart-1', 'cart-2']);
    expect(new Set(cancelled.slice(1))).toEqual(new Set(['cart-2']));
  });

  it('names an id never issued, as a not-found probe, when the run can make no cart', async () => {
    const r = await run(
      'requests.cart.get',
      cartBusiness((c) => (c.op === 'catalog.search' ? x(200, { products: [] }) : undefined)),
      {},
    );
    const gets = r.calls.filter((c) => c.op === 'cart.get');
    expect(gets[0].opts).toMatchObject({ notFoundProbe: true, tolerateTransportError: true });
    expect(gets[0].opts.id).not.toMatch(/^cart-/);
    // A request without a body has no malformed-body check.
    expect(r.concluded).not.toContain('requests.cart.get.malformed-json');
    expect(r.calls.some((c) => c.opts.rawBody !== undefined)).toBe(false);
  });

  it('concludes every check not-tested when the control request is refused, and says why', async () => {
    const refused = cartBusiness((c) => (c.op === 'cart.create' ? x(403, { detail: 'no' }) : undefined));
    const r = await run('requests.cart.create', refused);
    const why =
      'the probe is refused with nothing broken (HTTP 403: {"detail":"no"}), so a refusal of a broken one proves nothing';
    for (const c of ['agent-missing', 'agent-malformed', 'malformed-json', 'missing-member'])
      expect(r.verdict(`requests.cart.create.${c}`), c).toMatchObject({ kind: 'not-tested', message: why });
    expect(r.calls.filter((c) => c.op === 'cart.create')).toHaveLength(1);
    expect(r.stopped).toBeUndefined();
    // Concluded already (not-applicable): left as it was.
    expect(r.verdict('requests.cart.create.credential-missing')?.kind).toBe('not-applicable');
    // A 422 or 424 with a profile hosted here: the profile may be why.
    const platform = {
      url: 'http://127.0.0.1:9/.well-known/proto',
      urlFor: () => 'http://127.0.0.1:9/x',
      fetchesOf: () => 0,
      close: async () => {},
    };
    for (const status of [422, 424, 400]) {
      const profile = cartBusiness((c) => (c.op === 'cart.create' ? x(status, {}) : undefined));
      const hinted = await runScenario(CART, 'requests.cart.create', profile, { config: CONFIG, more: { platform } });
      const message = hinted.verdict('requests.cart.create.agent-missing')?.message ?? '';
      expect(
        message.endsWith(
          '; it may refuse the platform profile this run hosts at http://127.0.0.1:9/.well-known/proto: name one it can fetch with --agent-profile',
        ),
        String(status),
      ).toBe(status !== 400);
      expect(hinted.verdict('requests.cart.create.platform-profile-unreachable')?.kind).toBe('not-applicable');
    }
    const unhosted = await run(
      'requests.cart.create',
      cartBusiness((c) => (c.op === 'cart.create' ? x(424, {}) : undefined)),
    );
    expect(unhosted.verdict('requests.cart.create.agent-missing')?.message).toMatch(/proves nothing$/);
    // A 400 to the control is a refusal too.
    const bad = cartBusiness((c) => (c.op === 'cart.create' ? x(400, {}) : undefined));
    expect((await run('requests.cart.create', bad)).verdict('requests.cart.create.agent-missing')?.kind).toBe(
      'not-tested',
    );
    const down = cartBusiness((c) =>
      c.op === 'cart.create'
        ? ({ ...x(undefined), transportError: { message: 'ECONNREFUSED' } } as Exchange)
        : undefined,
    );
    expect((await run('requests.cart.create', down)).verdict('requests.cart.create.agent-missing')?.message).toMatch(
      /^the probe is refused with nothing broken \(HTTP ECONNREFUSED: absent\)/,
    );
  });
});
