import { describe, expect, it } from 'vitest';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { idempotencySuites } from '../../suites/idempotency/suite.js';
import { type Concluded, scripted } from './scripted-business.js';

// The idempotency rules against a small keyed cart business held in memory: what each scenario
// sends, and how each departure from the rules is judged (the corpus proves the same over HTTP).

/** How this business departs from the idempotency rules, if it does. */
interface Habits {
  keyOptional?: boolean;
  replayProcessedAgain?: boolean;
  conflictAccepted?: boolean;
  bytesCompared?: boolean;
  keyScopedAcross?: boolean;
  /** The status of a conflict (409 by the rules). */
  conflictStatus?: number;
  /** A create answers without the id of what it made; a replay does. */
  createNamesNothing?: 'first' | 'replay';
}

interface Sent {
  op: string;
  id?: string;
  key?: string;
  body?: string;
  opts?: Record<string, unknown>;
}

/** A cart business keeping each key's request and answer; `habits` are where it departs from the rules. */
function cartBusiness(habits: Habits = {}) {
  const carts = new Map<string, { lines: unknown; status: string }>();
  const stored = new Map<string, { op: string; body?: string; answer: Pick<Exchange, 'status' | 'json'> }>();
  const sent: Sent[] = [];
  let made = 0;
  let keys = 0;
  const cart = (id: string) => ({ id, status: carts.get(id)?.status, line_items: carts.get(id)?.lines });
  const serve = (r: Sent): Pick<Exchange, 'status' | 'json'> => {
    const body = r.body === undefined ? {} : (JSON.parse(r.body) as { line_items?: unknown });
    if (r.op === 'cart.create') {
      const id = `cart_${++made}`;
      carts.set(id, { lines: body.line_items, status: 'active' });
      const unnamed = habits.createNamesNothing === (made === 1 ? 'first' : 'replay');
      return { status: 201, json: unnamed ? { status: 'active' } : cart(id) };
    }
    if (!r.id || !carts.has(r.id)) return { status: 404, json: { messages: [{ type: 'error', code: 'not_found' }] } };
    if (r.op === 'cart.update') carts.set(r.id, { lines: body.line_items, status: 'active' });
    if (r.op === 'cart.cancel') carts.set(r.id, { ...(carts.get(r.id) as { lines: unknown }), status: 'canceled' });
    return { status: 200, json: cart(r.id) };
  };
  const answer = (r: Sent): Pick<Exchange, 'status' | 'json'> => {
    if (r.op === 'cart.get') return serve(r);
    if (r.key === undefined)
      return habits.keyOptional ? serve(r) : { status: 400, json: { messages: [{ type: 'error', code: 'x' }] } };
    const earlier = stored.get(r.key);
    if (!earlier || habits.replayProcessedAgain) {
      const fresh = serve(r);
      stored.set(r.key, { op: r.op, body: r.body, answer: fresh });
      return fresh;
    }
    if (earlier.op !== r.op) return habits.keyScopedAcross ? { status: 409, json: {} } : serve(r);
    const same = habits.bytesCompared
      ? earlier.body === r.body
      : JSON.stringify(JSON.parse(earlier.body ?? '{}')) === JSON.stringify(JSON.parse(r.body ?? '{}'));
    if (same) return earlier.answer;
    const conflict = { status: habits.conflictStatus ?? 409, json: { messages: [{ type: 'error', code: 'c' }] } };
    return habits.conflictAccepted ? serve(r) : conflict;
  };
  const exchange = (r: Sent): Exchange => {
    sent.push(r);
    const got = answer(r);
    return {
      operation: r.op,
      requestHeaders: r.key === undefined ? {} : { 'Idempotency-Key': r.key },
      requestBody: r.body,
      ...got,
      responseBody: JSON.stringify(got.json),
    } as unknown as Exchange;
  };
  const { t, concluded, cleanups } = scripted(() => ({}) as Exchange, {
    config: { fixtures: { item_ids: ['sku-1'] } },
    more: {
      async call(op: string, opts: Record<string, unknown> = {}) {
        const input = opts.input as { lineItems?: unknown } | undefined;
        const omitted = (opts.omit as string[] | undefined)?.includes('idempotency-key');
        const headers = opts.headers as Record<string, string> | undefined;
        const key = op === 'cart.get' || omitted ? undefined : (headers?.['Idempotency-Key'] ?? `key-${++keys}`);
        // A cancel sends an empty JSON object (Document 1 §Checkout 5), as the recipe does.
        const body =
          op === 'cart.get'
            ? undefined
            : op === 'cart.cancel'
              ? '{}'
              : JSON.stringify({ line_items: input?.lineItems });
        return exchange({ op, id: opts.id as string | undefined, key, body, opts });
      },
      async resend(of: Exchange, rawBody?: string) {
        const id = sent.find((s) => s.key === of.requestHeaders['Idempotency-Key'])?.id;
        return exchange({
          op: of.operation,
          id,
          key: of.requestHeaders['Idempotency-Key'],
          body: rawBody ?? of.requestBody,
        });
      },
    },
  });
  return { t, concluded, cleanups, sent, carts };
}

/** The scenario of one operation, as a function of the context. */
function scenarioOf(operation: string): (t: ScenarioContext<string>) => Promise<void> {
  const scenario = idempotencySuites.flatMap((s) => s.scenarios).find((s) => s.id === `idempotency.${operation}`);
  if (!scenario) throw new Error(`no idempotency scenario for ${operation}`);
  return scenario.run as (t: ScenarioContext<string>) => Promise<void>;
}

async function run(operation: string, habits?: Habits) {
  const business = cartBusiness(habits);
  await scenarioOf(operation)(business.t);
  const verdicts = Object.fromEntries(
    [...business.concluded].map(([id, c]: [string, Concluded]) => [id.replace(`idempotency.${operation}.`, ''), c]),
  );
  return { ...business, verdicts };
}

const kinds = (verdicts: Record<string, Concluded>) =>
  Object.fromEntries(Object.entries(verdicts).map(([id, c]) => [id, c.kind]));

describe('idempotency of a create', () => {
  it('holds every rule for a business that keeps them, and observes what is not shown', async () => {
    const { verdicts, sent, cleanups } = await run('cart.create');
    expect(kinds(verdicts)).toEqual({
      'missing-key': 'held',
      replay: 'held',
      'replay-no-second-effect': 'held',
      'conflict-409': 'held',
      'json-equal-body': 'observed',
      'key-scope': 'observed',
    });
    expect(verdicts['json-equal-body'].message).toBe(
      'the same key with the body indented gets the stored result: bodies are compared as JSON',
    );
    expect(verdicts['key-scope'].message).toBe(
      "the create's key on cart.cancel gets HTTP 200: a key is scoped per operation",
    );
    // Without a key first, then the keyed create, its replay, the conflict, the indented body and the cancel.
    expect(sent.map((s) => [s.op, s.key !== undefined])).toEqual([
      ['cart.create', false],
      ['cart.create', true],
      ['cart.create', true],
      ['cart.create', true],
      ['cart.create', true],
      ['cart.cancel', true],
    ]);
    expect(sent[3].body).toBe(JSON.stringify({ line_items: [{ item: { id: 'sku-1' }, quantity: 2 }] }));
    expect(sent[4].body).toBe(JSON.stringify(JSON.parse(sent[1].body as string), null, 2));
    expect(verdicts['json-equal-body'].exchanges).toHaveLength(2);
    expect(verdicts['key-scope'].exchanges).toHaveLength(1);
    expect(sent[5].opts).toMatchObject({ id: 'cart_1', tolerateTransportError: true });
    // The one cart the create made is cancelled once at the end (the replay names it again).
    expect(cleanups).toHaveLength(1);
    const before = sent.length;
    await cleanups[0]();
    expect(sent.slice(before).map((s) => [s.op, s.id, s.opts?.tolerateTransportError])).toEqual([
      ['cart.cancel', 'cart_1', true],
    ]);
  });

  it('fails a key left out, a replay processed again, a conflict accepted', async () => {
    const bare = await run('cart.create', { keyOptional: true });
    expect(bare.verdicts['missing-key']).toMatchObject({
      kind: 'broken',
      message: 'a request without Idempotency-Key answered HTTP 201',
      expected: 'HTTP 400',
      actual: expect.stringMatching(/^HTTP 201: \{"id":"cart_1",/),
    });
    expect(bare.verdicts['missing-key'].exchanges).toHaveLength(1);
    expect(bare.cleanups).toHaveLength(2);
    const again = await run('cart.create', { replayProcessedAgain: true });
    expect(again.verdicts.replay).toMatchObject({
      kind: 'broken',
      message: 'the replay got another JSON body than the first answer',
      expected: "the stored result: HTTP 201 and the first answer's body",
      actual: expect.stringMatching(/^HTTP 201: \{"id":"cart_2",/),
    });
    expect(again.verdicts.replay.exchanges).toHaveLength(2);
    expect(again.verdicts['replay-no-second-effect'].exchanges).toHaveLength(2);
    expect(again.verdicts['replay-no-second-effect']).toMatchObject({
      kind: 'broken',
      message: 'the replay made cart_2, the first request cart_1',
      expected: 'the replay names cart_1',
      actual: 'it names cart_2',
    });
    const accepted = await run('cart.create', { conflictAccepted: true });
    expect(accepted.verdicts['conflict-409']).toMatchObject({
      kind: 'broken',
      message: 'a changed body under the same key answered HTTP 201',
      expected: 'HTTP 409',
      actual: expect.stringMatching(/^HTTP 201: \{"id":"cart_2",/),
    });
    expect(accepted.verdicts['conflict-409'].exchanges).toHaveLength(2);
  });

  it('observes bodies compared as bytes, and keys scoped across operations', async () => {
    const bytes = await run('cart.create', { bytesCompared: true });
    expect(bytes.verdicts['json-equal-body'].message).toBe(
      'the same key with the body indented gets HTTP 409: bodies are compared as bytes',
    );
    const fresh = await run('cart.create', { bytesCompared: true, conflictAccepted: true });
    expect(fresh.verdicts['json-equal-body'].message).toBe(
      'the same key with the body indented gets a new resource (cart_3): the key is not compared at all',
    );
    const other = await run('cart.create', { bytesCompared: true, conflictStatus: 422 });
    expect(other.verdicts['json-equal-body'].message).toBe('the same key with the body indented gets HTTP 422');
    const across = await run('cart.create', { keyScopedAcross: true });
    expect(across.verdicts['key-scope'].message).toBe(
      "the create's key on cart.cancel gets HTTP 409: a key is scoped across operations",
    );
  });
});

describe('a create that names nothing it made', () => {
  it('cannot compare what a replay made, nor cancel with the same key', async () => {
    const first = await run('cart.create', { createNamesNothing: 'first' });
    expect(first.verdicts['replay-no-second-effect']).toMatchObject({
      kind: 'not-tested',
      message: 'the first answer names nothing made to compare',
    });
    expect(first.verdicts['replay-no-second-effect'].exchanges).toHaveLength(2);
    expect(first.verdicts['key-scope']).toMatchObject({ kind: 'not-tested', message: 'nothing was made to cancel' });
    const replay = await run('cart.create', { createNamesNothing: 'replay', replayProcessedAgain: true });
    expect(replay.verdicts['replay-no-second-effect'].message).toBe('the replay names nothing made to compare');
  });
});

describe('idempotency of an update and a cancel', () => {
  it('reads the cart back around a conflict, and fails one that changed it', async () => {
    const kept = await run('cart.update');
    expect(kinds(kept.verdicts)).toEqual({
      'missing-key': 'held',
      replay: 'held',
      'conflict-409': 'held',
      'conflict-unchanged': 'held',
    });
    expect(kept.sent.map((s) => s.op)).toEqual([
      'cart.create',
      'cart.create',
      'cart.update',
      'cart.update',
      'cart.update',
      'cart.get',
      'cart.update',
      'cart.get',
    ]);
    const changed = await run('cart.update', { conflictAccepted: true });
    expect(changed.verdicts['conflict-unchanged']).toMatchObject({
      kind: 'broken',
      message: 'the resource changed after a conflicting request',
    });
    expect(changed.verdicts['conflict-unchanged']).toMatchObject({
      expected: 'HTTP 200, lines [{"item":"sku-1","quantity":2}]',
      actual: 'HTTP 200, lines [{"item":"sku-1","quantity":3}]',
    });
    expect(changed.verdicts['conflict-unchanged'].exchanges?.map((x) => x.operation)).toEqual([
      'cart.update',
      'cart.get',
      'cart.get',
    ]);
    expect(changed.verdicts['conflict-unchanged'].actual).toMatch(
      /^HTTP 200, lines \[\{"item":"sku-1","quantity":3\}\]$/,
    );
  });

  it('asks a cancel for its replay and a conflict, a warning where idempotency is advised', async () => {
    const { verdicts, sent } = await run('cart.cancel');
    expect(kinds(verdicts)).toEqual({ 'missing-key': 'held', replay: 'held', 'conflict-409': 'held' });
    expect(sent.at(-1)).toMatchObject({ op: 'cart.cancel', body: '{"signals":{}}' });
    const accepted = await run('cart.cancel', { conflictAccepted: true });
    expect(accepted.verdicts['conflict-409']).toMatchObject({
      kind: 'broken',
      message: 'a changed body under the same key answered HTTP 200',
      expected: 'HTTP 409',
    });
    // The spec fixes a cancel's body: a 400 for another body says nothing of the key.
    const refused = await run('cart.cancel', { conflictStatus: 400 });
    expect(refused.verdicts['conflict-409']).toMatchObject({
      kind: 'not-tested',
      message: expect.stringMatching(/^the other body was refused itself \(HTTP 400\)/),
    });
    expect(refused.verdicts['conflict-409'].exchanges).toHaveLength(2);
    // Elsewhere a 400 is no 409.
    const update = await run('cart.update', { conflictStatus: 400 });
    expect(update.verdicts['conflict-409'].kind).toBe('broken');
  });

  it('cites the SHOULD for a cancel conflict and the MUST for a complete one', () => {
    const checks = idempotencySuites.flatMap((s) => s.scenarios.flatMap((sc) => sc.checks));
    const cited = (id: string) => checks.find((c) => c.id === id)?.requirements;
    expect(cited('idempotency.cart.cancel.conflict-409')).toEqual(['IDEM-009']);
    expect(cited('idempotency.booking.cancel.conflict-409')).toEqual(['IDEM-009']);
    expect(cited('idempotency.checkout.complete.conflict-409')).toEqual(['IDEM-003']);
    expect(cited('idempotency.booking.complete.conflict-409')).toEqual(['IDEM-003']);
    expect(cited('idempotency.checkout.complete.conflict-unchanged')).toBeUndefined();
  });

  it('stops when the keyed request itself is refused, judging the bare one only if it was served', async () => {
    const { t, concluded } = cartBusiness();
    const refusing = { ...t, call: async () => ({ status: 500, json: {}, requestHeaders: {} }) as unknown as Exchange };
    await expect(scenarioOf('cart.create')(refusing as unknown as ScenarioContext<string>)).rejects.toThrow(
      'not-tested: the request with a key answered HTTP 500: {}; its own suite judges it',
    );
    expect(concluded.size).toBe(0);
  });
});
