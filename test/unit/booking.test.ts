import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { bookingSuite } from '../../suites/booking/suite.js';
import { type Call, runScenario, session, x } from './scripted-business.js';

// The booking scenarios' judgements against a small booking business held in memory (the corpus
// proves the same against the reference business over HTTP).

const PROPERTY = { id: 'prop-1' };
const STAYS = [{ id: 'stay-1', accommodation_type: { id: 'room-a' }, rate_plan: { id: 'flex' } }];
const SOLD_OUT = [{ id: 'stay-x', accommodation_type: { id: 'gone' }, rate_plan: { id: 'flex' } }];
const CONFIG = {
  fixtures: { booking: { property: PROPERTY, stays: STAYS, sold_out_stays: SOLD_OUT } },
  payment: { token: 'tok' },
};
const LINKS = [{ type: 'terms_of_service', url: 'https://inn.example/terms' }];
const TOTALS = [{ type: 'total', amount: 100 }];
const EXHAUSTED = {
  proto: { version: '2026-04-08', status: 'error' },
  messages: [{ type: 'error', code: 'inventory_exhausted', severity: 'unrecoverable', content: 'Sold out.' }],
  continue_url: 'https://inn.example/rooms',
};

/** Where this business departs from the default answers. */
interface Habits {
  createStatus?: number;
  /** Members the created session lacks. */
  createLacks?: string[];
  createStatusShown?: string;
  confirmation?: unknown;
  completeAnswer?: (s: Record<string, unknown>) => Exchange;
  cancelAnswer?: Exchange;
  soldOut?: Exchange;
  unknown?: Exchange;
}

function bookingBusiness(h: Habits = {}) {
  let state: Record<string, unknown> = {};
  const shown = (status: string, more: object = {}) => session(status, { id: 'bk_1', ...state, status, ...more });
  return (c: Call): Exchange => {
    // What a request carried: an update's resource (its messages are the business's own), a create's stays.
    const { messages: _, ...sent } = (c.opts.input?.resource ?? c.opts.input ?? {}) as Record<string, unknown>;
    switch (c.op) {
      case 'booking.create': {
        const stays = (sent.stays ?? []) as { id: string }[];
        if (stays[0]?.id === 'stay-x') return h.soldOut ?? x(200, EXHAUSTED);
        state = { property: PROPERTY, stays, totals: TOTALS, links: LINKS };
        for (const m of h.createLacks ?? []) delete state[m];
        const missing = [
          { type: 'error', code: 'missing', path: '$.guests', severity: 'recoverable', content: 'Guests.' },
        ];
        return x(h.createStatus ?? 201, shown(h.createStatusShown ?? 'incomplete', { messages: missing }));
      }
      case 'booking.update':
        if (c.opts.id !== 'bk_1') return x(200, EXHAUSTED);
        state = { ...state, ...sent, id: 'bk_1' };
        return x(200, shown('ready_for_complete', { messages: [] }));
      case 'booking.get':
        if (c.opts.id !== 'bk_1') return h.unknown ?? x(404, { code: 'not_found', content: 'No such session.' });
        return x(200, shown(String(state.status ?? 'incomplete')));
      case 'booking.complete': {
        state = {
          ...state,
          status: 'completed',
          confirmation: h.confirmation ?? { id: 'C1', label: 'L', pincode: '1' },
        };
        if (h.confirmation === null) delete state.confirmation;
        return h.completeAnswer?.(state) ?? x(200, shown('completed'));
      }
      case 'booking.cancel':
        if (h.cancelAnswer) return h.cancelAnswer;
        state = { ...state, status: 'canceled' };
        return x(200, shown('canceled'));
      default:
        throw new Error(`unexpected ${c.op}`);
    }
  };
}

function run(id: string, habits: Habits = {}, config: object = CONFIG, target: object = {}) {
  return runScenario(bookingSuite, id, bookingBusiness(habits), { config, target });
}

describe('booking.to-ready', () => {
  it('holds for a session made with 201, totals and links, driven to ready', async () => {
    const r = await run('booking.to-ready');
    expect(r.stopped).toBeUndefined();
    expect(r.verdict('booking.create')?.kind).toBe('held');
    expect(r.verdict('booking.ready')?.kind).toBe('held');
    expect(r.calls[0]).toMatchObject({ op: 'booking.create' });
  });

  it('fails a create without 201, totals or links, and still drives the open session it made', async () => {
    const http200 = await run('booking.to-ready', { createStatus: 200 });
    expect(http200.verdict('booking.create')).toMatchObject({
      kind: 'broken',
      message: 'create answered HTTP 200 with status "incomplete"',
      expected: 'HTTP 201, status incomplete (or ready_for_complete), totals and links',
    });
    expect(http200.verdict('booking.ready')?.kind).toBe('held');
    const bare = await run('booking.to-ready', { createLacks: ['totals', 'links'] });
    expect(bare.verdict('booking.create')).toMatchObject({
      kind: 'broken',
      message: 'the new session carries no totals and links array',
      actual: 'HTTP 201, status "incomplete", totals absent, links absent',
    });
    expect(bare.verdict('booking.ready')?.kind).toBe('held');
    const noLinks = await run('booking.to-ready', { createLacks: ['links'] });
    expect(noLinks.verdict('booking.create')).toMatchObject({ message: 'the new session carries no links array' });
  });

  it('blocks the rest only when the create made no open session', async () => {
    const closed = await run('booking.to-ready', { createStatusShown: 'canceled' });
    expect(closed.verdict('booking.create')).toMatchObject({
      kind: 'broken',
      message: 'create answered HTTP 201 with status "canceled"',
    });
    expect(closed.stopped).toBe('blocked by booking.create');
    expect(closed.verdict('booking.ready')).toBeUndefined();
  });
});

describe('booking.complete', () => {
  it('holds for a completed session with a confirmation of strings, and reports what cancelling it answers', async () => {
    const r = await run('booking.complete');
    expect(r.stopped).toBeUndefined();
    expect(r.verdict('booking.complete')?.kind).toBe('held');
    expect(r.verdict('booking.confirmation-members')?.kind).toBe('held');
    expect(r.verdict('booking.cancel-completed')).toMatchObject({
      kind: 'observed',
      message: 'cancel of a completed booking answered HTTP 200 with status "canceled"',
    });
    const refusedCancel = await run('booking.complete', {
      cancelAnswer: x(200, {
        proto: { version: '2026-04-08', status: 'error' },
        messages: [{ type: 'error', code: 'non_refundable', severity: 'unrecoverable' }],
      }),
    });
    expect(refusedCancel.verdict('booking.cancel-completed')).toMatchObject({
      message: 'cancel of a completed booking answered HTTP 200, errors non_refundable (unrecoverable)',
    });
  });

  it('reports confirmation members left out, and fails those that are not strings', async () => {
    const partial = await run('booking.complete', { confirmation: { id: 'C1' } });
    expect(partial.verdict('booking.confirmation-members')).toMatchObject({
      kind: 'observed',
      message: 'the confirmation has no label, pincode (known members, none required)',
    });
    const numbers = await run('booking.complete', { confirmation: { id: 7, label: 'L', pincode: 1234 } });
    expect(numbers.verdict('booking.confirmation-members')).toMatchObject({
      kind: 'broken',
      message: 'confirmation id, pincode are not strings',
      expected: 'id, label and pincode strings where present',
      actual: 'id number, label string, pincode number',
    });
    const one = await run('booking.complete', { confirmation: { id: 'C1', label: 2, pincode: '1' } });
    expect(one.verdict('booking.confirmation-members')).toMatchObject({
      message: 'confirmation label is not a string',
    });
  });

  it('fails a completion without a confirmation, and blocks the members check', async () => {
    const r = await run('booking.complete', { confirmation: null });
    expect(r.verdict('booking.complete')).toMatchObject({
      kind: 'broken',
      message: 'after complete: HTTP 200, status "completed", confirmation absent',
      expected: 'HTTP 200, status completed, a confirmation object',
    });
    expect(r.stopped).toBe('blocked by booking.complete');
    const shaped = await run('booking.complete', {
      completeAnswer: (s) => x(201, session('completed', { ...s, confirmation: { id: 'C1', label: 'L' } })),
    });
    expect(shaped.verdict('booking.complete')).toMatchObject({
      kind: 'broken',
      message: 'after complete: HTTP 201, status "completed", confirmation {id, label}',
    });
  });

  it('needs a payment token', async () => {
    expect((await run('booking.complete', {}, { fixtures: CONFIG.fixtures })).stopped).toBe(
      'not-tested: needs payment.token in --config',
    );
  });
});

describe('booking.sold-out', () => {
  it('holds for inventory_exhausted with continue_url and no session', async () => {
    const r = await run('booking.sold-out');
    expect(r.verdict('booking.inventory-exhausted')?.kind).toBe('held');
    expect(r.calls.map((c) => c.op)).toEqual(['booking.create']);
  });

  it('fails another answer, and a refusal that made a session anyway', async () => {
    const created = await run('booking.sold-out', {
      soldOut: x(200, { ...EXHAUSTED, id: 'bk_1' }),
    });
    // The id names a session the business holds: it was made although the room is gone.
    expect(created.calls.map((c) => [c.op, c.opts.id])).toEqual([
      ['booking.create', undefined],
      ['booking.get', 'bk_1'],
    ]);
    expect(created.verdict('booking.inventory-exhausted')).toMatchObject({
      kind: 'broken',
      message: 'a session was created anyway (id bk_1, status "incomplete")',
    });
    const http409 = await run('booking.sold-out', { soldOut: x(409, { code: 'conflict', content: 'Sold out.' }) });
    expect(http409.verdict('booking.inventory-exhausted')).toMatchObject({
      kind: 'broken',
      message: 'HTTP 409, expected 200',
      expected: 'HTTP 200, status error, error inventory_exhausted unrecoverable, continue_url, and no session',
    });
    const named = await run('booking.sold-out', { soldOut: x(200, { ...EXHAUSTED, id: 'bk_9' }) });
    expect(named.verdict('booking.inventory-exhausted')?.kind).toBe('held');
  });

  it('reports a refusal the config could mend as not-tested, unless it also says inventory_exhausted', async () => {
    const asks = {
      type: 'error',
      code: 'missing',
      path: '$.booker.loyalty_number',
      severity: 'recoverable',
      content: 'The booker loyalty number is required.',
    };
    const needs = await run('booking.sold-out', {
      soldOut: x(200, { ...EXHAUSTED, messages: [asks] }),
    });
    expect(needs.stopped).toMatch(/^not-tested: .*booker\.loyalty_number/);
    expect(needs.verdict('booking.inventory-exhausted')).toBeUndefined();
    const both = await run('booking.sold-out', {
      soldOut: x(200, { ...EXHAUSTED, messages: [asks, ...EXHAUSTED.messages] }),
    });
    expect(both.stopped).toBeUndefined();
    expect(both.verdict('booking.inventory-exhausted')?.kind).toBe('held');
  });

  it('needs the sold-out stays', async () => {
    const config = { ...CONFIG, fixtures: { booking: { property: PROPERTY, stays: STAYS } } };
    expect((await run('booking.sold-out', {}, config)).stopped).toBe(
      'not-tested: needs fixtures.booking.sold_out_stays in --config',
    );
  });
});

describe('what is reported, not judged', () => {
  it('holds an unknown session answered as a business error of any code, and fails an HTTP 404', async () => {
    expect((await run('booking.not-found-probe')).verdict('booking.not-found')).toMatchObject({
      kind: 'broken',
      message: 'HTTP 404, expected 200',
    });
    const envelope = await run('booking.not-found-probe', {
      unknown: x(200, { ...EXHAUSTED, messages: [{ type: 'error', code: 'not_found' }] }),
    });
    expect(envelope.verdict('booking.not-found')).toMatchObject({
      kind: 'held',
      actual: 'HTTP 200, error code "not_found"',
    });
  });

  it("reports the profile's payment handlers, or their absence", async () => {
    const profile = (handlers?: object) => ({
      profile: { document: { proto: handlers ? { payment_handlers: handlers } : {} }, exchange: x(200) },
    });
    const named = await run('booking.profile-handlers', {}, CONFIG, profile({ 'com.example.pay': [] }));
    expect(named.verdict('booking.profile-payment-handlers')).toMatchObject({
      kind: 'observed',
      message: 'the profile names payment handlers com.example.pay',
    });
    const none = await run('booking.profile-handlers', {}, CONFIG, profile());
    expect(none.verdict('booking.profile-payment-handlers')).toMatchObject({
      message:
        'the profile names no payment handlers; an open session must then name its own in proto.payment_handlers (booking.payment-handlers)',
    });
  });
});
