import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import {
  type Completion,
  type CreateOutcome,
  carriesResource,
  checkCancel,
  checkLeftOut,
  topLevel,
  completeSession,
  createSession,
  describeAsk,
  driveToReady,
  fillAsks,
  instrumentFor,
  judgeRefusedUpdate,
  pointing,
  refusedCompleteReason,
  type SessionKind,
  shows,
  supplied,
} from '../../suites/shared/session-flow.js';
import { ask, scripted, session, x } from './scripted-business.js';

// The session flow's readers and drivers against a scripted business: what each decides, and the
// words it reports them in (the corpus proves the same against the reference business over HTTP).

const KIND: SessionKind = {
  name: 'checkout',
  get: 'checkout.get',
  update: 'checkout.update',
  complete: 'checkout.complete',
  cancel: 'checkout.cancel',
  members: ['buyer', 'currency', 'line_items'],
  refusedCreate: (refusal) => `refused: ${refusal}`,
};

const whyOf = (o: CreateOutcome) => ('why' in o ? o.why : undefined);

describe('reading a session answer', () => {
  it('carries a resource only on a 2xx whose body has a string id, and more than an error echoing it', () => {
    const t = { dialect: PROTO_DIALECT } as unknown as ScenarioContext;
    expect(carriesResource(t, x(200, { id: 'a' }))).toBe(true);
    expect(carriesResource(t, x(201, { id: 'a' }))).toBe(true);
    expect(carriesResource(t, x(299, { id: 'a' }))).toBe(true);
    expect(carriesResource(t, x(300, { id: 'a' }))).toBe(false);
    expect(carriesResource(t, x(199, { id: 'a' }))).toBe(false);
    expect(carriesResource(t, x(undefined, { id: 'a' }))).toBe(false);
    expect(carriesResource(t, x(200, { id: 1 }))).toBe(false);
    expect(carriesResource(t, x(200, ['a']))).toBe(false);
    const error = {
      proto: { version: '2026-04-08', status: 'error' },
      messages: [{ type: 'error', code: 'not_found' }],
    };
    expect(carriesResource(t, x(200, { ...error, id: 'a' }))).toBe(false);
    expect(carriesResource(t, x(200, { ...error, id: 'a', status: 'complete_in_progress' }))).toBe(true);
  });

  it('points at fields only with recoverable errors that have a path', () => {
    const messages = [
      ask('$.buyer.email'),
      { type: 'warning', code: 'missing', path: '$.buyer.phone' },
      { type: 'error', code: 'missing' },
      ask('$.currency', 'missing', { severity: 'unrecoverable' }),
      ask('$.line_items', 'invalid', { severity: 'recoverable' }),
    ];
    expect(pointing(x(200, { messages })).map((m) => m.path)).toEqual(['$.buyer.email', '$.line_items']);
  });

  it('describes an ask with its code, and its content when it has one', () => {
    expect(describeAsk(ask('$.buyer.email', 'missing', { content: 'an email' }))).toBe(
      '$.buyer.email (missing: an email)',
    );
    expect(describeAsk(ask('$.buyer.email', 'missing', { content: 3 }))).toBe('$.buyer.email (missing)');
  });

  it('shows a path only where the resource holds a value', () => {
    expect(shows({ buyer: { email: 'a@b.c' } }, '$.buyer.email')).toBe(true);
    expect(shows({ buyer: {} }, '$.buyer.email')).toBe(false);
    expect(shows({ buyer: {} }, 'not a path')).toBe(false);
  });

  it('counts a value as supplied only when the request held something there', () => {
    const sent = (v: unknown) => x(200, {}, { buyer: { email: v } });
    expect(supplied(sent('a@b.c'), '$.buyer.email')).toBe(true);
    expect(supplied(sent(0), '$.buyer.email')).toBe(true);
    for (const empty of [undefined, null, '', [], {}]) expect(supplied(sent(empty), '$.buyer.email')).toBe(false);
    expect(supplied(sent('a@b.c'), 'not a path')).toBe(false);
    expect(supplied(x(200, {}, undefined), '$.buyer.email')).toBe(false);
  });

  it('fills the asks the source provides, leaving alone what the draft already holds and what is skipped', () => {
    const answer = x(200, { messages: [ask('$.buyer.email'), ask('$.currency'), ask('$.note'), ask('$.buyer.phone')] });
    const draft = { body: { currency: 'EUR', note: 'kept' } as Record<string, unknown> };
    const source = { buyer: { email: 'a@b.c', phone: '+1' }, currency: 'EUR' };
    expect(fillAsks(answer, draft, source)).toEqual(['$.buyer.email', '$.buyer.phone']);
    expect(draft.body).toEqual({ currency: 'EUR', note: 'kept', buyer: { email: 'a@b.c', phone: '+1' } });
    const skipping = { body: {} };
    expect(fillAsks(answer, skipping, source, (s) => s[0] === 'buyer')).toEqual(['$.currency']);
  });
});

describe('creating a session', () => {
  it('starts from an empty body and registers a clean-up that cancels only an open session', async () => {
    const sent: unknown[] = [];
    for (const [status, cancels] of [
      ['incomplete', true],
      ['ready_for_complete', true],
      ['completed', false],
      ['canceled', false],
    ] as const) {
      const { t, calls, cleanups } = scripted(() => x(200, session(status)));
      const outcome = await createSession(
        t,
        KIND,
        async (members) => {
          sent.push(members);
          return x(201, session('incomplete'), members);
        },
        () => ({}),
      );
      expect(outcome.kind).toBe('session');
      expect(cleanups).toHaveLength(1);
      await cleanups[0]();
      expect(calls.map((c) => c.op)).toEqual(cancels ? ['checkout.get', 'checkout.cancel'] : ['checkout.get']);
      for (const c of calls) expect(c.opts).toMatchObject({ id: 'chk_1', tolerateTransportError: true });
    }
    expect(sent[0]).toEqual({});
  });

  it('supplies what the business asks for at most three times', async () => {
    const { t } = scripted(() => x(200));
    const bodies: unknown[] = [];
    const outcome = await createSession(
      t,
      KIND,
      async (members) => {
        bodies.push(members);
        return x(200, { messages: [ask(`$.buyer.f${bodies.length}`)] }, members);
      },
      () => ({ buyer: { f1: 'a', f2: 'b', f3: 'c', f4: 'd' } }),
    );
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toEqual({ buyer: { f1: 'a', f2: 'b' } });
    expect(outcome).toMatchObject({
      kind: 'needs',
      cause: 'config',
      why: 'checkout create needs $.buyer.f3 (missing), which the config does not supply: add it under requests."checkout.create" in --config',
    });
  });

  const refusedWith = async (answer: Exchange) => {
    const { t } = scripted(() => x(200));
    return createSession(
      t,
      KIND,
      async () => answer,
      () => ({}),
    );
  };

  it('calls a field said missing that the request carried broken', async () => {
    const sent = { line_items: [{ item: { id: 'sku-1' } }], currency: 'EUR' };
    expect(whyOf(await refusedWith(x(200, { messages: [ask('$.line_items'), ask('$.currency')] }, sent)))).toBe(
      'the business says $.line_items (missing); $.currency (missing) is missing, but the create request carried it',
    );
    expect(whyOf(await refusedWith(x(200, { messages: [ask('$.buyer'), ask('$.phone')] }, sent)))).toMatch(
      /^checkout create needs \$\.buyer \(missing\); \$\.phone \(missing\), which/,
    );
    expect(await refusedWith(x(200, { messages: [ask('$.line_items')] }, sent))).toMatchObject({
      kind: 'broken',
      why: 'the business says $.line_items (missing) is missing, but the create request carried it',
    });
    // Another code for a field that was sent is the business's answer to it, not an ignored field.
    expect(await refusedWith(x(200, { messages: [ask('$.line_items', 'invalid')] }, sent))).toMatchObject({
      kind: 'needs',
      cause: 'items',
      why: 'refused: invalid: no reason given',
    });
  });

  it('reads a 400 naming members the request lacked as for the config, and one naming none as the answer', async () => {
    const sent = { line_items: [] };
    expect(await refusedWith(x(400, { content: 'currency is required' }, sent))).toMatchObject({
      kind: 'needs',
      cause: 'config',
      why: 'checkout create answered HTTP 400 ("currency is required"), naming currency, which the request did not carry: add it under requests."checkout.create" in --config',
    });
    expect(whyOf(await refusedWith(x(400, { content: 'buyer and currency are required' }, sent)))).toMatch(
      /naming buyer, currency, which the request did not carry: add them under/,
    );
    expect(await refusedWith(x(400, { content: 'out of stock' }, sent))).toMatchObject({
      kind: 'needs',
      cause: 'items',
      why: 'refused: HTTP 400: "out of stock"',
    });
    const namesCurrency = { messages: [{ type: 'error', code: 'sold_out', content: 'currency is required' }] };
    expect(await refusedWith(x(200, namesCurrency, sent))).toMatchObject({ kind: 'needs', cause: 'items' });
    expect(await refusedWith(x(409, namesCurrency, sent))).toMatchObject({ kind: 'broken' });
    expect(
      await refusedWith(x(200, { messages: [{ type: 'error', code: 'sold_out', content: 'gone' }] }, sent)),
    ).toMatchObject({ kind: 'needs', cause: 'items', why: 'refused: sold_out: "gone"' });
  });

  it('calls any other answer without a session broken', async () => {
    expect(await refusedWith(x(201, { status: 'incomplete' }))).toMatchObject({
      kind: 'broken',
      why: 'create answered HTTP 201 without a session: {"status":"incomplete"}',
    });
    expect(await refusedWith(x(200, { messages: [{ type: 'warning', code: 'note' }] }))).toMatchObject({
      kind: 'broken',
    });
    const unreachable = { status: undefined, transportError: { message: 'ECONNREFUSED' } } as unknown as Exchange;
    expect(whyOf(await refusedWith(unreachable))).toBe('create answered HTTP ECONNREFUSED without a session');
  });
});

describe('cancelling a session', () => {
  const created = x(201, session('incomplete'));
  const last = x(200, session('ready_for_complete'));

  it('reads the session back before and after when the drive changed its status, and fails a Get still open', async () => {
    const { t, calls, concluded } = scripted((c) => (c.op === 'checkout.cancel' ? x(200, session('canceled')) : last));
    await checkCancel(t, KIND, 'cancel', 'chk_1', { created, last });
    expect(calls.map((c) => c.op)).toEqual(['checkout.get', 'checkout.cancel', 'checkout.get']);
    expect(calls[0].opts).toMatchObject({ tolerateTransportError: true });
    expect(calls[2].opts).toMatchObject({ notFoundProbe: true, tolerateTransportError: true });
    const verdict = concluded.get('cancel');
    expect(verdict).toMatchObject({
      kind: 'broken',
      message: 'cancel answered canceled, but a Get right after it shows the session "ready_for_complete"',
      expected: 'HTTP 200, status canceled, and a Get after it showing the session canceled',
      actual: 'HTTP 200, status "canceled"; Get: HTTP 200, status "ready_for_complete"',
    });
    expect(verdict?.exchanges?.map((e) => e.operation)).toEqual(['checkout.cancel', 'checkout.get']);
  });

  it('holds when the Get after shows canceled, or no longer finds the session', async () => {
    const another = x(200, { ...session('incomplete'), id: 'chk_2' });
    for (const after of [x(200, session('canceled')), x(404, { messages: [] }), another]) {
      const { t, concluded } = scripted((c, n) =>
        c.op === 'checkout.cancel' ? x(200, session('canceled')) : n === 1 ? last : after,
      );
      await checkCancel(t, KIND, 'cancel', 'chk_1', { created, last });
      expect(concluded.get('cancel')?.kind).toBe('held');
      expect(concluded.get('cancel')?.exchanges).toBeUndefined();
    }
  });

  it('does not read back when the Get before did not follow the drive, or nothing changed', async () => {
    for (const readBack of [{ created, last: created }, { created, last }, undefined]) {
      const { t, calls, concluded } = scripted((c) =>
        c.op === 'checkout.cancel' ? x(200, session('canceled')) : x(200, session('incomplete')),
      );
      await checkCancel(t, KIND, 'cancel', 'chk_1', readBack);
      expect(calls.filter((c) => c.op === 'checkout.get').length).toBe(readBack && readBack.last === last ? 1 : 0);
      expect(concluded.get('cancel')).toMatchObject({ kind: 'held', expected: 'HTTP 200, status canceled' });
    }
  });

  it('fails a cancel answered otherwise than 200 canceled', async () => {
    const { t, calls, concluded } = scripted((c) =>
      c.op === 'checkout.cancel' ? x(200, session('incomplete')) : last,
    );
    await checkCancel(t, KIND, 'cancel', 'chk_1', { created, last });
    expect(calls.map((c) => c.op)).toEqual(['checkout.get', 'checkout.cancel']);
    expect(concluded.get('cancel')).toMatchObject({
      kind: 'broken',
      message: 'cancel answered HTTP 200 with status "incomplete"',
      actual: 'HTTP 200, status "incomplete"',
    });
  });
});

describe('an update leaving a member out', () => {
  const shown = x(200, session('incomplete', { buyer: { email: 'a@b.c' } }));
  const body = { line_items: [], buyer: { email: 'a@b.c' } };

  it('is not tested when the session shows nothing to leave out', async () => {
    for (const empty of [undefined, null, '', [], {}]) {
      const { t, calls, concluded } = scripted(() => x(200));
      await checkLeftOut(
        t,
        KIND,
        'replace',
        x(200, session('incomplete', { buyer: empty })),
        [topLevel('buyer')],
        body,
      );
      expect(calls).toHaveLength(0);
      expect(concluded.get('replace')?.message).toBe(
        'the session does not show the buyer an update set, so there is none to leave out',
      );
    }
  });

  it('sends the session without the member, and judges what the answer shows', async () => {
    const lines = x(200, session('incomplete', { line_items: [{ id: 'l1' }] }));
    const merged = scripted(() => x(200, session('incomplete', { line_items: [{ id: 'l1' }] })));
    await checkLeftOut(merged.t, KIND, 'replace', lines, [topLevel('line_items')], { line_items: [{ id: 'l1' }] });
    expect(merged.concluded.get('replace')?.kind).toBe('broken');
    const cases: [unknown, string][] = [
      [undefined, 'held'],
      [{}, 'held'],
      [{ email: 'a@b.c' }, 'broken'],
      [{ email: 'other@b.c' }, 'observed'],
    ];
    for (const [after, kind] of cases) {
      const { t, calls, concluded } = scripted(() => x(200, session('incomplete', { buyer: after })));
      await checkLeftOut(t, KIND, 'replace', shown, [topLevel('buyer')], body);
      expect(calls[0]).toMatchObject({ op: 'checkout.update', opts: { id: 'chk_1' } });
      expect(calls[0].opts.input?.resource).toEqual({ line_items: [] });
      expect(concluded.get('replace')?.kind).toBe(kind);
    }
    const { t, concluded } = scripted(() => x(200, session('incomplete', { buyer: { email: 'a@b.c' } })));
    await checkLeftOut(t, KIND, 'replace', shown, [topLevel('buyer')], body);
    expect(concluded.get('replace')).toMatchObject({
      message:
        'an update leaving out buyer was answered with the buyer set earlier: the update was merged, not a replacement',
      expected: 'no buyer: the update left it out',
      actual: 'buyer {"email":"a@b.c"}',
    });
    const other = scripted(() => x(200, session('incomplete', { buyer: { email: 'other@b.c' } })));
    await checkLeftOut(other.t, KIND, 'replace', shown, [topLevel('buyer')], body);
    expect(other.concluded.get('replace')?.exchanges).toHaveLength(2);
    expect(other.concluded.get('replace')?.message).toBe(
      'an update leaving out buyer was answered with another buyer ({"email":"other@b.c"}), one the business holds itself',
    );
  });

  it('is not tested when the config puts the member back, or the business refuses the update', async () => {
    const { t, concluded } = scripted(() => x(200, session('incomplete'), { buyer: {} }));
    await checkLeftOut(t, KIND, 'replace', shown, [topLevel('buyer')], body);
    expect(concluded.get('replace')).toMatchObject({
      kind: 'not-tested',
      message: 'requests."checkout.update" in --config puts buyer into every update',
    });
    expect(concluded.get('replace')?.exchanges).toHaveLength(1);
    const refused = scripted(() => x(400, { content: 'buyer is required' }));
    await checkLeftOut(refused.t, KIND, 'replace', shown, [topLevel('buyer')], body);
    expect(refused.concluded.get('replace')?.message).toBe(
      'the business refused the update without buyer (HTTP 400: "buyer is required"), so nothing of it was kept',
    );
  });
});

describe('an update leaving several members out, one at a time', () => {
  const both = { buyer: { email: 'a@b.c' }, travel_purpose: 'leisure' };
  const shown = x(200, session('incomplete', both));
  const members = [topLevel('buyer'), topLevel('travel_purpose')];

  it('calls a member shown with more beside it (consent: null) kept: a merge', async () => {
    const { t, concluded } = scripted(() =>
      x(200, session('incomplete', { buyer: { email: 'a@b.c', consent: null } })),
    );
    await checkLeftOut(t, KIND, 'replace', shown, [topLevel('buyer')], { ...both });
    expect(concluded.get('replace')?.kind).toBe('broken');
  });

  it('leaves out each in turn, sending the others, and fails for the one kept', async () => {
    const { t, calls, concluded } = scripted((call) => {
      const sent = (call.opts.input?.resource ?? {}) as Record<string, unknown>;
      // Keeps the purpose when it is left out; drops the buyer when it is.
      return x(200, session('incomplete', { ...sent, travel_purpose: 'leisure' }));
    });
    await checkLeftOut(t, KIND, 'replace', shown, members, { ...both });
    expect(calls.map((c) => c.opts.input?.resource)).toEqual([{ travel_purpose: 'leisure' }, { buyer: both.buyer }]);
    expect(concluded.get('replace')).toMatchObject({
      kind: 'broken',
      message:
        'an update leaving out travel_purpose was answered with the travel_purpose set earlier: the update was merged, not a replacement',
      expected: 'no buyer, travel_purpose: each update left its member out',
      actual: 'buyer absent; travel_purpose "leisure"',
    });
    expect(concluded.get('replace')?.exchanges).toHaveLength(4);
  });

  it('is judged on the members shown, and not tested only when none is', async () => {
    const onlyBuyer = x(200, session('incomplete', { buyer: { email: 'a@b.c' } }));
    const { t, concluded } = scripted(() => x(200, session('incomplete')));
    await checkLeftOut(t, KIND, 'replace', onlyBuyer, members, { ...both });
    expect(concluded.get('replace')?.kind).toBe('held');
    const none = scripted(() => x(200, session('incomplete')));
    await checkLeftOut(none.t, KIND, 'replace', x(200, session('incomplete')), members, {});
    expect(none.concluded.get('replace')).toMatchObject({
      kind: 'not-tested',
      message:
        'the session does not show the buyer an update set, so there is none to leave out; the session does not show the travel_purpose an update set, so there is none to leave out',
    });
  });
});

describe('driving a session to ready_for_complete', () => {
  it('is ready at create, or after the update that made it ready', async () => {
    const { t, calls } = scripted(() => x(200));
    expect(
      await driveToReady(
        t,
        KIND,
        x(201, session('ready_for_complete')),
        () => ({}),
        () => ({}),
      ),
    ).toMatchObject({
      kind: 'ready',
      why: 'ready at create',
    });
    expect(calls).toHaveLength(0);
    const two = scripted((_c, n) => x(200, session(n === 2 ? 'ready_for_complete' : 'incomplete')));
    const outcome = await driveToReady(
      two.t,
      KIND,
      x(201, session('incomplete')),
      () => ({ a: 1 }),
      () => ({ a: 2 }),
    );
    expect(outcome).toMatchObject({ kind: 'ready', why: 'ready after 2 updates' });
    expect(outcome.sessions).toHaveLength(3);
  });

  it('gives up after six rounds, saying what the business still asks for', async () => {
    const { t, calls } = scripted(() => x(200, session('incomplete', { messages: [ask('$.buyer.email')] })));
    const outcome = await driveToReady(
      t,
      KIND,
      x(201, session('incomplete')),
      () => ({}),
      () => ({}),
    );
    expect(calls).toHaveLength(6);
    expect(outcome).toMatchObject({
      kind: 'needs',
      why: 'the session stays incomplete asking for $.buyer.email (missing), which the config does not supply: add it to fixtures or under requests."checkout.update" in --config',
    });
  });

  it('tells a stall it caused from one it cannot mend', async () => {
    const stall = async (json: object, sent: Record<string, unknown> = {}) => {
      const { t } = scripted(() => x(200, session('incomplete', json)));
      return driveToReady(
        t,
        KIND,
        x(201, session('incomplete')),
        () => sent,
        () => undefined,
      );
    };
    expect(await stall({ messages: [ask('$.buyer.email')] }, { buyer: { email: 'a@b.c' } })).toMatchObject({
      kind: 'broken',
      why: 'still incomplete: the business says $.buyer.email (missing) is missing, but the last update carried it',
    });
    expect((await stall({ messages: [ask('$.buyer.email', 'invalid')] }, { buyer: { email: 'a' } })).kind).toBe(
      'needs',
    );
    expect((await stall({ messages: [{ type: 'info', code: 'hold' }] })).why).toMatch(
      /^the session stays incomplete saying \[\{"type":"info","code":"hold"\}\], which/,
    );
    expect((await stall({})).why).toMatch(/^the session stays incomplete naming nothing it needs, which/);
  });

  it('reads a refused update: a 400 is for the config, anything else broken', () => {
    expect(judgeRefusedUpdate(KIND, x(400, { content: 'currency is required' }, {}), []).why).toBe(
      'checkout update answered HTTP 400 ("currency is required"), naming currency; add what the business needs under requests."checkout.update" in --config',
    );
    expect(judgeRefusedUpdate(KIND, x(400, { content: 'buyer and currency' }, {}), []).why).toMatch(
      /\), naming buyer, currency; add/,
    );
    expect(judgeRefusedUpdate(KIND, x(400, { content: 'no' }, {}), []).why).toBe(
      'checkout update answered HTTP 400 ("no"); add what the business needs under requests."checkout.update" in --config',
    );
    const gone = judgeRefusedUpdate(KIND, x(404, { code: 'not_found' }), []);
    expect(gone).toMatchObject({
      kind: 'broken',
      why: 'update answered HTTP 404 without the session: {"code":"not_found"}',
    });
  });
});

describe('paying for a session', () => {
  const handlers = (id: string) => ({ 'com.example.pay': [{ id, version: '1' }] });
  const withHandlers = (own: unknown) => x(200, { ...session('ready_for_complete'), proto: { payment_handlers: own } });

  it("takes the session's first handler, or the profile's when the session names none", () => {
    const profile = { document: { proto: { payment_handlers: handlers('from-profile') } } };
    const { t } = scripted(() => x(200), { target: { profile } });
    expect(instrumentFor(t, withHandlers(handlers('own')), 'tok', {})).toMatchObject({ handler_id: 'own' });
    expect(instrumentFor(t, withHandlers({}), 'tok', {})).toMatchObject({ handler_id: 'from-profile' });
    expect(instrumentFor(t, withHandlers(undefined), 'tok', {})).toMatchObject({
      handler_id: 'from-profile',
      credential: { type: 'token', token: 'tok' },
    });
    const odd = withHandlers({ 'com.example.pay': 'not a list', 'com.example.other': [3, { id: 'second' }] });
    expect(instrumentFor(t, odd, 'tok', {})).toMatchObject({ handler_id: 'second' });
    const none = scripted(() => x(200));
    expect(instrumentFor(none.t, withHandlers({}), 'tok', {}).handler_id).toBeUndefined();
  });

  afterEach(() => vi.useRealTimers());

  it('supplies what a complete asks for, then completes again once ready', async () => {
    const asked = x(200, session('ready_for_complete', { messages: [ask('$.buyer.email')] }));
    const script = (updated: Exchange) =>
      scripted((c, n) => (c.op === 'checkout.update' ? updated : n === 1 ? asked : x(200, session('completed'))));
    const ready = script(x(200, session('ready_for_complete')));
    const done = await completeSession(
      ready.t,
      KIND,
      x(200, session('ready_for_complete')),
      {},
      { await: false },
      () => ({
        buyer: { email: 'a@b.c' },
      }),
    );
    expect(ready.calls.map((c) => c.op)).toEqual(['checkout.complete', 'checkout.update', 'checkout.complete']);
    expect(done.refused?.json).toBe(asked.json);
    expect(statusOfFinal(done)).toBe('completed');
    // Still incomplete after the update: no second complete.
    const still = script(x(200, session('incomplete')));
    const once = await completeSession(
      still.t,
      KIND,
      x(200, session('ready_for_complete')),
      {},
      { await: false },
      () => ({}),
    );
    expect(still.calls.map((c) => c.op)).toEqual(['checkout.complete', 'checkout.update']);
    expect(once.refused).toBeUndefined();
    // Nothing asked for, or nothing to supply: no update.
    const plain = scripted(() => x(200, session('completed', { messages: [ask('$.buyer.email')] })));
    await completeSession(plain.t, KIND, x(200, session('ready_for_complete')), {}, { await: false }, () => ({}));
    expect(plain.calls).toHaveLength(1);
    const none = scripted(() => asked);
    await completeSession(none.t, KIND, x(200, session('ready_for_complete')), {}, { await: false }, () => undefined);
    expect(none.calls).toHaveLength(1);
  });

  it('polls Get while completion is in progress, with growing pauses, until the wait is over', async () => {
    vi.useFakeTimers();
    const { t, calls } = scripted(() => x(200, session('complete_in_progress')));
    const done = completeSession(t, KIND, x(200, session('ready_for_complete')), {}, { await: true });
    const gets = () => calls.filter((c) => c.op === 'checkout.get').length;
    for (const [pause, expected] of [
      [249, 0],
      [1, 1],
      [500, 2],
      [1000, 3],
      [2000, 4],
      [1999, 4],
      [1, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(pause);
      expect(gets()).toBe(expected);
    }
    await vi.advanceTimersByTimeAsync(20_000);
    const result = await done;
    // 250 + 500 + 1000 + 2000 ms, then 2000 ms a poll until 15 s have passed.
    expect(result.polls).toHaveLength(10);
    const quick = scripted(() => x(200, session('complete_in_progress')));
    expect(
      (await completeSession(quick.t, KIND, x(200, session('ready_for_complete')), {}, { await: false })).polls,
    ).toHaveLength(0);
  });

  const completion = (final: Exchange, supplies: Exchange[] = []): Completion => ({
    complete: final,
    supplied: supplies,
    polls: [],
    final,
  });

  it('explains a refused complete when the business says why, and leaves the rest to the check', () => {
    const reason = (final: Exchange, supplies?: Exchange[]) => refusedCompleteReason(KIND, completion(final, supplies));
    expect(reason(x(400, { content: 'currency is required' }, {}))).toBe(
      'checkout complete answered HTTP 400 ("currency is required"), naming currency; the business may need members beyond payment and signals: add them under requests."checkout.complete" in --config',
    );
    expect(reason(x(400, { content: 'buyer and currency' }, {}))).toMatch(/\), naming buyer, currency; the/);
    const two = [ask('$.buyer.email'), ask('$.buyer.phone', 'invalid', { content: 'digits' })];
    expect(reason(x(200, session('ready_for_complete', { messages: two }), {}))).toMatch(
      /^checkout complete asks for \$\.buyer\.email \(missing\); \$\.buyer\.phone \(invalid: digits\), which/,
    );
    const errors = [
      { type: 'error', code: 'declined', content: 'no' },
      { type: 'error', code: 'expired' },
    ];
    expect(reason(x(200, session('ready_for_complete', { messages: errors })))).toMatch(
      /^checkout complete was refused: declined \("no"\); expired \(no reason given\); if payment/,
    );
    expect(reason(x(400, { content: 'declined' }, {}))).toMatch(
      /^checkout complete answered HTTP 400 \("declined"\); the/,
    );
    expect(reason(x(200, session('completed', { messages: [ask('$.buyer.email')] })))).toBeUndefined();
    expect(reason(x(409, { messages: [ask('$.buyer.email')] }))).toBeUndefined();
    expect(reason(x(200, session('ready_for_complete', { messages: [{ type: 'info', code: 'x' }] })))).toBeUndefined();
    const asks = x(200, session('ready_for_complete', { messages: [ask('$.buyer.email')] }), {});
    expect(reason(asks)).toBe(
      'checkout complete asks for $.buyer.email (missing), which the config does not supply (or does not satisfy): add it to fixtures or payment in --config',
    );
    // The update made for it carried the field: the business ignores it, for the check to fail.
    expect(reason(asks, [x(200, session('ready_for_complete'), { buyer: { email: 'a@b.c' } })])).toBeUndefined();
    const declined = x(
      200,
      session('ready_for_complete', { messages: [{ type: 'error', code: 'declined', content: 'no' }] }),
    );
    expect(reason(declined)).toBe(
      'checkout complete was refused: declined ("no"); if payment.token in --config should be accepted, the business says why it was not',
    );
  });
});

const statusOfFinal = (done: Completion) => (done.final.json as { status?: string }).status;
