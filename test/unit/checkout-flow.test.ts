import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import {
  cancelChecked,
  completeCheckout,
  createCheckout,
  DEFAULT_ADDRESS,
  DEFAULT_BUYER,
  driveToReady,
  judgeRefusedUpdate,
  leftOutChecked,
  lineItems,
  lineSetOf,
  purchasableItems,
  readySession,
  refusedCheckoutComplete,
  secondPlatformHeaders,
  withBuyer,
} from '../../suites/shared/checkout-flow.js';
import { ask, type Call, scripted, session, x } from './scripted-business.js';

// What the checkout flow sends and decides, against a scripted business (the corpus proves the
// same against the reference business over HTTP).

const ADDRESS = { street_address: '2 Elm', address_locality: 'Oslo', address_country: 'NO', postal_code: '0150' };
const resourceSent = (c: Call) => c.opts.input?.resource as Record<string, unknown>;

describe('what a checkout is made of', () => {
  it('takes the configured items, or the available variants of the products it finds', async () => {
    const configured = scripted(() => x(200), { config: { fixtures: { item_ids: ['a', 'b', 'c'] } } });
    expect(await purchasableItems(configured.t)).toEqual(['a', 'b']);
    expect(await purchasableItems(configured.t, 1)).toEqual(['a']);
    expect(configured.calls).toHaveLength(0);
    const product = (id: string, ...variants: object[]) => ({ id, variants });
    const found = scripted(
      () =>
        x(200, {
          products: [
            product(
              'p1',
              { id: 'v1', availability: { available: false } },
              { id: 'v2', availability: { available: true } },
            ),
            product('p2', { id: 'v3', availability: { available: 'yes' } }),
            product('p3', { id: 4, availability: { available: true } }),
            product('p4', { id: 'v5', availability: { available: true } }),
            product('p5', { id: 'v6', availability: { available: true } }),
          ],
        }),
      { target: { capabilities: new Set(['shopping.catalog.search']) } },
    );
    expect(await purchasableItems(found.t)).toEqual(['v2', 'v5']);
    expect(await purchasableItems(found.t, 3)).toEqual(['v2', 'v5', 'v6']);
  });

  it('asks for each item once by default, and reads lines as an unordered set', () => {
    expect(lineItems(['a', 'b'])).toEqual([
      { item: { id: 'a' }, quantity: 1 },
      { item: { id: 'b' }, quantity: 1 },
    ]);
    expect(lineItems(['a'], 3)).toEqual([{ item: { id: 'a' }, quantity: 3 }]);
    const { t } = scripted(() => x(200));
    const lines = [
      { item: { id: 'b' }, quantity: 1 },
      'junk',
      { item: 'a', quantity: 2 },
      { item: { id: 'a' }, quantity: 2 },
    ];
    expect(lineSetOf(t, x(200, session('incomplete', { line_items: lines })))).toEqual([
      { item: 'a', quantity: 2 },
      { item: 'b', quantity: 1 },
      { item: undefined, quantity: 2 },
    ]);
    expect(lineSetOf(t, x(200, session('incomplete', { line_items: 'none' })))).toEqual([]);
  });

  it("merges the configured buyer into the session's", () => {
    const { t } = scripted(() => x(200));
    expect(withBuyer(t, { id: 's', buyer: { email: 'old@x', phone_number: '+1' } })).toEqual({
      id: 's',
      buyer: { ...DEFAULT_BUYER, phone_number: '+1' },
    });
    expect(withBuyer(t, { buyer: 'odd' }).buyer).toEqual(DEFAULT_BUYER);
    const own = scripted(() => x(200), { config: { fixtures: { buyer: { email: 'me@x' } } } });
    expect(withBuyer(own.t, {}).buyer).toEqual({ email: 'me@x' });
  });

  it('sends the second platform only when one is configured', () => {
    const headers = (second?: object) =>
      secondPlatformHeaders(scripted(() => x(200), { config: { second_platform: second } }).t);
    expect(headers()).toBeUndefined();
    expect(headers({})).toBeUndefined();
    expect(headers({ headers: { 'X-Api-Key': 'k2' } })).toEqual({ 'X-Api-Key': 'k2' });
    expect(headers({ agent_profile: 'https://p2.example/profile' })).toEqual({
      'Proto-Agent': 'profile="https://p2.example/profile"',
    });
  });
});

describe('the words of a checkout', () => {
  // Document 1 §Checkout resource, §Checkout (request members seen), §Shared value objects.
  const MEMBERS = [
    'buyer',
    'currency',
    'line_items',
    'fulfillment',
    'payment',
    'context',
    'signals',
    'attribution',
    'email',
    'first_name',
    'last_name',
    'phone_number',
    'methods',
    'destinations',
    'instruments',
    'billing_address',
  ];

  it('reads a create refused for any member of the spec as one the config can mend', async () => {
    for (const member of MEMBERS) {
      const { t } = scripted(() => x(400, { content: `${member} is required` }, {}));
      expect(await createCheckout(t, ['a'])).toMatchObject({ kind: 'needs', cause: 'config' });
    }
  });

  it('reads and cancels through the checkout operations', async () => {
    const { t, calls, cleanups } = scripted((_c, n) => x(n === 1 ? 201 : 200, session('incomplete')));
    await createCheckout(t, ['a']);
    await cleanups[0]();
    const shown = x(200, session('incomplete', { buyer: { email: 'a@x' } }));
    await leftOutChecked(t, 'replace', shown, 'buyer');
    expect(calls.map((c) => c.op)).toEqual(['checkout.create', 'checkout.get', 'checkout.cancel', 'checkout.update']);
  });

  it('sends a whole buyer and address by default: every field holds something', () => {
    for (const value of [...Object.values(DEFAULT_BUYER), ...Object.values(DEFAULT_ADDRESS)])
      expect(value).toMatch(/\S/);
    expect(Object.keys(DEFAULT_BUYER)).toEqual(['email', 'first_name', 'last_name']);
    expect(Object.keys(DEFAULT_ADDRESS)).toEqual([
      'street_address',
      'address_locality',
      'address_region',
      'address_country',
      'postal_code',
    ]);
    expect(DEFAULT_BUYER.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });
});

describe('creating a checkout', () => {
  it('sends the items, and supplies the buyer fields it is asked for but never a fulfillment', async () => {
    const { t, calls } = scripted((_c, n) =>
      n === 1
        ? x(200, { messages: [ask('$.buyer.email'), ask('$.fulfillment.methods')] })
        : x(201, session('incomplete')),
    );
    const outcome = await createCheckout(t, ['a', 'b'], 2);
    expect(outcome.kind).toBe('session');
    expect(calls.map((c) => c.op)).toEqual(['checkout.create', 'checkout.create']);
    expect(calls[0].opts.input).toEqual({ lineItems: lineItems(['a', 'b'], 2), members: {} });
    expect(calls[1].opts.input?.members).toEqual({ buyer: { email: DEFAULT_BUYER.email } });
  });

  it('supplies a payment instrument with the configured token when asked for one', async () => {
    const asked = x(200, { ...session('incomplete'), id: undefined, messages: [ask('$.payment.instruments')] });
    const { t, calls } = scripted((_c, n) => (n === 1 ? asked : x(201, session('incomplete'))), {
      config: { payment: { token: 'tok_1' }, fixtures: { shipping_address: ADDRESS } },
    });
    await createCheckout(t, ['a']);
    const instruments = (calls[1].opts.input!.members as { payment: { instruments: object[] } }).payment.instruments;
    expect(instruments[0]).toMatchObject({ billing_address: ADDRESS, credential: { token: 'tok_1' } });
    // Without a token there is nothing to supply: one create.
    const bare = scripted(() => asked);
    expect((await createCheckout(bare.t, ['a'])).kind).toBe('needs');
    expect(bare.calls).toHaveLength(1);
  });

  it('says what to do about refused items', async () => {
    const { t } = scripted(() => x(400, { content: 'sold out' }));
    expect(await createCheckout(t, ['a'])).toMatchObject({
      kind: 'needs',
      cause: 'items',
      why: 'the business refused the items (HTTP 400: "sold out"); set fixtures.item_ids in --config to items it sells',
    });
  });
});

describe('driving a checkout to ready_for_complete', () => {
  const drive = async (answers: Exchange[], config: object = {}) => {
    const s = scripted((_c, n) => answers[n] ?? x(200, session('ready_for_complete')), { config });
    const outcome = await driveToReady(s.t, answers[0]);
    return { ...s, outcome, sent: s.calls.map(resourceSent) };
  };

  it('first sends the buyer and a shipping destination', async () => {
    const { sent, outcome } = await drive([x(201, session('incomplete', { line_items: [] }))]);
    expect(outcome).toMatchObject({ kind: 'ready', why: 'ready after 1 updates' });
    expect(sent[0]).toEqual({
      id: 'chk_1',
      status: 'incomplete',
      line_items: [],
      buyer: DEFAULT_BUYER,
      fulfillment: { methods: [{ type: 'shipping', destinations: [DEFAULT_ADDRESS] }] },
    });
    const own = await drive([x(201, session('incomplete'))], { fixtures: { shipping_address: ADDRESS } });
    expect(own.sent[0].fulfillment).toEqual({ methods: [{ type: 'shipping', destinations: [ADDRESS] }] });
  });

  it("gives the business's methods a destination where they have none", async () => {
    const methods = [
      { id: 'm1', type: 'shipping', destinations: [] },
      { id: 'm2', type: 'shipping', destinations: [{ id: 'd1' }] },
    ];
    const { sent } = await drive([
      x(201, session('incomplete', { fulfillment: { note: 'n', methods: [...methods, 'junk'] } })),
    ]);
    expect(sent[0].fulfillment).toEqual({
      note: 'n',
      methods: [{ ...methods[0], destinations: [DEFAULT_ADDRESS] }, methods[1]],
    });
  });

  it('then chooses a destination and an option wherever none is chosen', async () => {
    const offered = {
      fulfillment: {
        methods: [
          {
            id: 'm1',
            type: 'shipping',
            destinations: ['junk', { id: 'd1' }, { id: 'd2' }],
            groups: [
              { id: 'g1', options: ['junk', { id: 'o1' }, { id: 'o2' }] },
              { id: 'g2', options: [{ id: 'o3' }, { id: 'o4' }], selected_option_id: 'o4' },
              { id: 'g3', options: [{ title: 'no id' }] },
              { id: 'g4', options: [] },
              'junk',
            ],
          },
          { id: 'm2', type: 'pickup', destinations: [] },
          { id: 'm3', destinations: [] },
          { id: 'm4', type: 'shipping', destinations: [{ id: 'd3' }, { id: 'd4' }], selected_destination_id: 'd4' },
          { id: 'm5', type: 'shipping', destinations: [] },
        ],
      },
    };
    const { sent } = await drive([x(201, session('incomplete')), x(200, session('incomplete', offered))]);
    const [m1, m2, m3, m4, m5] = (sent[1].fulfillment as { methods: Record<string, unknown>[] }).methods;
    expect(m1.selected_destination_id).toBe('d1');
    expect(m1.groups).toStrictEqual([
      { id: 'g1', options: ['junk', { id: 'o1' }, { id: 'o2' }], selected_option_id: 'o1' },
      { id: 'g2', options: [{ id: 'o3' }, { id: 'o4' }], selected_option_id: 'o4' },
      { id: 'g3', options: [{ title: 'no id' }] },
      { id: 'g4', options: [] },
    ]);
    expect(m2).toEqual({ id: 'm2', type: 'pickup', destinations: [] });
    expect(m3).toEqual({ id: 'm3', destinations: [DEFAULT_ADDRESS] });
    expect(m4).toStrictEqual(offered.fulfillment.methods[3]);
    expect(m5).toEqual({ id: 'm5', type: 'shipping', destinations: [DEFAULT_ADDRESS] });
  });

  it('stops when there is nothing more to choose or fill', async () => {
    const chosen = {
      fulfillment: {
        methods: [{ id: 'm1', type: 'shipping', destinations: [{ id: 'd1' }], selected_destination_id: 'd1' }],
      },
    };
    const { calls, outcome } = await drive([x(201, session('incomplete')), x(200, session('incomplete', chosen))]);
    expect(calls).toHaveLength(1);
    expect(outcome).toMatchObject({ kind: 'needs' });
    expect(outcome.why).toMatch(/naming nothing it needs/);
  });

  it('sends back a field the session shows when it is called missing, and a shipping method when asked for one', async () => {
    const shown = session('incomplete', { note: 'n', messages: [ask('$.note')] });
    const resend = await drive([x(201, session('incomplete')), x(200, shown, {})]);
    expect(resend.calls).toHaveLength(2);
    expect(resend.sent[1].note).toBe('n');
    // Carried already: not sent again for it.
    const carried = await drive([x(201, session('incomplete')), x(200, shown, { note: 'n' })]);
    expect(carried.calls).toHaveLength(1);
    const noMethods = session('incomplete', { messages: [ask('$.fulfillment', 'invalid')] });
    const ship = await drive([x(201, session('incomplete')), x(200, noMethods)]);
    expect(ship.sent[1].fulfillment).toEqual({ methods: [{ type: 'shipping', destinations: [DEFAULT_ADDRESS] }] });
    const phone = { fixtures: { buyer: { email: 'me@x', phone_number: '+47' } } };
    const fill = await drive(
      [x(201, session('incomplete')), x(200, session('incomplete', { messages: [ask('$.buyer.phone_number')] }))],
      phone,
    );
    expect(fill.sent[1].buyer).toEqual({ phone_number: '+47' });
    for (const m of [ask('$.note', 'invalid'), ask('$.other')]) {
      const quiet = await drive([
        x(201, session('incomplete')),
        x(200, session('incomplete', { note: 'n', messages: [m] }), {}),
      ]);
      expect(quiet.calls).toHaveLength(1);
    }
    // One ask of several names the fulfillment; an unreadable path names nothing.
    const mixed = session('incomplete', {
      messages: [ask('$.x', 'invalid'), ask('$.fulfillment', 'invalid'), ask('bad path')],
    });
    const both = await drive([x(201, session('incomplete')), x(200, mixed)]);
    expect(both.sent[1].fulfillment).toEqual({ methods: [{ type: 'shipping', destinations: [DEFAULT_ADDRESS] }] });
    // Asked for something else without methods: nothing to send.
    const other = await drive([
      x(201, session('incomplete')),
      x(200, session('incomplete', { messages: [ask('$.x', 'invalid')] })),
    ]);
    expect(other.calls).toHaveLength(1);
  });

  it('names checkout in what it reports', async () => {
    expect(judgeRefusedUpdate(x(400, { content: 'no' }), []).why).toMatch(/^checkout update answered HTTP 400/);
    const done = { complete: x(400, {}), supplied: [], polls: [], final: x(400, { content: 'no' }) };
    expect(refusedCheckoutComplete(done)).toMatch(/^checkout complete answered HTTP 400/);
  });
});

describe('a ready checkout, completed and cancelled', () => {
  const ready = x(200, session('ready_for_complete'));

  it('reaches ready, or stops saying why', async () => {
    const items = { fixtures: { item_ids: ['a'] } };
    const run = (answers: Exchange[], config: object = items) =>
      readySession(scripted((_c, n) => answers[n - 1] ?? ready, { config }).t);
    await expect(run([], {})).rejects.toThrow(/^not-tested: needs fixtures\.item_ids in --config/);
    await expect(run([x(400, { content: 'sold out' })])).rejects.toThrow(/^not-tested: the business refused the items/);
    await expect(run([x(500, {})])).rejects.toThrow(/^blocked by checkout\.create$/);
    await expect(run([x(201, session('incomplete')), x(400, { content: 'no' })])).rejects.toThrow(
      /^not-tested: checkout update answered HTTP 400/,
    );
    await expect(run([x(201, session('incomplete')), x(500, {})])).rejects.toThrow(/^blocked by checkout\.ready$/);
    expect((await run([x(201, session('incomplete')), ready])).json).toEqual(ready.json);
  });

  it('completes with an instrument for the first handler, billed to the shipping address', async () => {
    const handlers = { 'com.example.pay': [{ id: 'h1' }] };
    const { t, calls } = scripted(() => x(200, session('completed')), {
      config: { fixtures: { shipping_address: ADDRESS } },
      target: { profile: { document: { proto: { payment_handlers: handlers } } } },
    });
    const done = await completeCheckout(t, ready, 'tok', { await: false });
    expect(done.final.json).toMatchObject({ status: 'completed' });
    expect(calls[0]).toMatchObject({ op: 'checkout.complete', opts: { id: 'chk_1' } });
    expect(calls[0].opts.input?.instrument).toMatchObject({
      handler_id: 'h1',
      billing_address: ADDRESS,
      credential: { token: 'tok' },
    });
  });

  it('cancels and leaves members out through the shared session checks', async () => {
    const { t, calls, concluded } = scripted((c) =>
      c.op === 'checkout.cancel' ? x(200, session('canceled')) : x(200, session('incomplete')),
    );
    await cancelChecked(t, 'cancel', 'chk_1');
    expect(calls.map((c) => c.op)).toEqual(['checkout.cancel']);
    expect(concluded.get('cancel')?.kind).toBe('held');
    await leftOutChecked(t, 'replace', x(200, session('incomplete', { buyer: { email: 'a@x' } })), 'buyer');
    expect(resourceSent(calls[1])).toEqual({ id: 'chk_1', status: 'incomplete' });
    expect(concluded.get('replace')?.kind).toBe('held');
  });
});
