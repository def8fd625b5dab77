import { describe, expect, it } from 'vitest';
import type { OperationName } from '../../src/protocol/recipes.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { Held } from '../../suites/requests/held.js';
import type { Send } from '../../suites/requests/probe.js';
import { PROBES } from '../../suites/requests/probes.js';
import {
  concludeUnconfiguredSigning,
  judgeRequestSignatures,
  signatureCheckIds,
} from '../../suites/requests/signatures.js';
import { scripted, x, operation as op } from './scripted-business.js';

// The request probes' signed variants and the request each operation is probed with
// (suites/requests/), against answers scripted here.

/** The served control request, signed over three components. */
const control = {
  ...x(200, { id: 'cart-1' }),
  requestHeaders: {
    'Signature-Input': 'sig1=("@method" "@path" "content-digest");created=1;keyid="k1"',
    Signature: 'sig1=:AAAA:',
  },
} as Exchange;
const SIGNING = { config: { signing: { required_for: ['*'] } }, more: { signing: { kid: 'k1' } } };

describe('the request signature checks', () => {
  it('are one per broken part: no digest check for a request without a body', () => {
    expect(signatureCheckIds(op('cart.get'))).toEqual([
      'requests.cart.get.signature-tampered',
      'requests.cart.get.signature-unknown-keyid',
      'requests.cart.get.signature-absent',
      'requests.cart.get.signature-header-missing',
      'requests.cart.get.signature-input-missing',
      'requests.cart.get.signature-component-left-out',
      'requests.cart.get.signature-key-without-alg',
    ]);
    expect(signatureCheckIds(op('cart.update'))).toEqual([
      'requests.cart.update.signature-tampered',
      'requests.cart.update.signature-digest-wrong',
      'requests.cart.update.signature-unknown-keyid',
      'requests.cart.update.signature-absent',
      'requests.cart.update.signature-header-missing',
      'requests.cart.update.signature-input-missing',
      'requests.cart.update.signature-digest-missing',
      'requests.cart.update.signature-component-left-out',
      'requests.cart.update.signature-key-without-alg',
    ]);
  });

  it('are not-applicable without a signing key, or where the config does not say signatures are verified', () => {
    const keyless = scripted(() => control, { config: SIGNING.config });
    concludeUnconfiguredSigning(keyless.t, op('cart.get'));
    expect([...keyless.concluded.values()].map((c) => [c.kind, c.message])).toEqual(
      Array(7).fill(['not-applicable', 'the run has no signing key (--signing-key, or signing.key_file in --config)']),
    );
    const elsewhere = scripted(() => control, {
      config: { signing: { required_for: ['cart.update'] } },
      more: SIGNING.more,
    });
    concludeUnconfiguredSigning(elsewhere.t, op('cart.get'));
    expect([...elsewhere.concluded.values()].map((c) => c.message)).toEqual(
      Array(7).fill(
        'the config does not say the business verifies request signatures here (signing.required_for in --config)',
      ),
    );
    const configured = scripted(() => control, SIGNING);
    concludeUnconfiguredSigning(configured.t, op('cart.get'));
    expect(configured.concluded.size).toBe(0);
  });

  /** Runs the probes; a step is the request step replaced, or `-name` for one left out. */
  async function judge(name: string, answer: (step: string) => Exchange, setup: object = SIGNING, served = control) {
    const s = scripted(() => control, setup);
    concludeUnconfiguredSigning(s.t, op(name));
    const steps: string[] = [];
    const send: Send = async (extra) => {
      const step = [...(extra.replace ?? []).map((r) => r.name), ...(extra.omit ?? []).map((o) => `-${o}`)].join(',');
      steps.push(step);
      return answer(step);
    };
    await judgeRequestSignatures(s.t, op(name), served, send);
    return { s, steps, verdict: (k: string) => s.concluded.get(`requests.${name}.signature-${k}`) };
  }

  it('hold 401 for each broken signature, and 400 or 401 for a wrong Content-Digest', async () => {
    const r = await judge('cart.update', (step) => x(step === 'content-digest' ? 400 : 401, {}));
    expect(r.steps.slice(0, 3)).toEqual(['signature', 'content-digest', 'signature']);
    expect(r.verdict('tampered')).toMatchObject({
      kind: 'held',
      message: 'a request whose signature was altered answered HTTP 401',
      expected: 'HTTP 401',
      exchanges: [control, expect.anything()],
    });
    expect(r.verdict('digest-wrong')).toMatchObject({ kind: 'held', expected: 'HTTP 400 or 401' });
    expect(r.verdict('unknown-keyid')?.kind).toBe('held');
    expect((await judge('cart.update', () => x(401, {}))).verdict('digest-wrong')?.kind).toBe('held');
  });

  it('fail another answer, and name it', async () => {
    const r = await judge('cart.update', () => x(400, {}));
    expect(r.verdict('tampered')).toMatchObject({
      kind: 'broken',
      message: 'a request whose signature was altered answered HTTP 400',
    });
    expect(r.verdict('unknown-keyid')).toMatchObject({
      kind: 'broken',
      message: 'a request signed under a keyid the platform profile does not publish answered HTTP 400',
      actual: 'HTTP 400: {}',
    });
    const down = await judge('cart.get', () => ({ ...x(undefined), transportError: { message: 'EPIPE' } }) as Exchange);
    expect(down.steps.slice(0, 2)).toEqual(['signature', 'signature']);
    expect(down.verdict('tampered')).toMatchObject({
      kind: 'broken',
      message: 'a request whose signature was altered answered HTTP EPIPE',
    });
    expect((await judge('cart.update', () => x(403, {}))).verdict('digest-wrong')?.kind).toBe('broken');
  });

  it('hold 401 for a request lacking a part, and for each covered component left out in turn', async () => {
    const r = await judge('cart.update', () => x(401, {}));
    expect(r.steps.slice(3)).toEqual([
      '-signature',
      'signature',
      'signature',
      '-content-digest',
      'signature',
      'signature',
      'signature',
    ]);
    for (const k of ['absent', 'header-missing', 'input-missing', 'digest-missing', 'component-left-out'])
      expect(r.verdict(k)?.kind, k).toBe('held');
    expect(r.verdict('component-left-out')?.expected).toBe(
      'HTTP 401 for a signature leaving out any of @method, @path, content-digest',
    );
    // No body, no Content-Digest to leave out.
    const get = await judge('cart.get', () => x(401, {}));
    expect(get.steps.filter((s) => s === '-content-digest')).toEqual([]);
    expect(get.verdict('digest-missing')).toBeUndefined();
  });

  it('fail a request lacking a part that is served, naming each component left out', async () => {
    const r = await judge('cart.update', () => x(200, {}));
    expect(r.verdict('absent')).toMatchObject({
      kind: 'broken',
      message: 'a request carrying no signature answered HTTP 200',
      expected: 'HTTP 401',
    });
    expect(r.verdict('header-missing')?.message).toBe(
      'a request carrying Signature-Input without Signature answered HTTP 200',
    );
    expect(r.verdict('input-missing')?.message).toBe(
      'a request carrying Signature without Signature-Input answered HTTP 200',
    );
    expect(r.verdict('digest-missing')?.message).toBe(
      'a signed request with a body and no Content-Digest answered HTTP 200',
    );
    expect(r.verdict('component-left-out')).toMatchObject({
      kind: 'broken',
      message:
        'a signature leaving out @method answered HTTP 200; a signature leaving out @path answered HTTP 200; a signature leaving out content-digest answered HTTP 200',
    });
    expect(r.verdict('component-left-out')?.exchanges).toHaveLength(4);
    // A 400 is no 401: the business must say authentication failed.
    expect((await judge('cart.update', () => x(400, {}))).verdict('absent')?.kind).toBe('broken');
  });

  it('cannot leave a component out of a served request that names none', async () => {
    const unsigned = { ...control, requestHeaders: {} } as Exchange;
    const r = await judge('cart.update', () => x(401, {}), SIGNING, unsigned);
    expect(r.verdict('component-left-out')).toMatchObject({
      kind: 'not-tested',
      message: 'the served request names no covered components',
    });
  });

  it('send nothing where they were concluded not-applicable', async () => {
    const r = await judge('cart.update', () => x(401, {}), { config: {} });
    expect(r.steps).toEqual([]);
  });
});

describe('the request each operation is probed with', () => {
  const probe = (name: OperationName, held?: Held, config: object = {}) => {
    const s = scripted(() => x(200, { products: [] }), { config });
    return (PROBES[name] as (t: unknown, held?: Held) => Promise<unknown> | unknown)(s.t, held);
  };
  const held = (json: object): Held => ({ id: 'held-1', x: x(201, json), items: ['var-1'] });

  it('acts on the resource held, or else an id the business never issued', async () => {
    for (const name of [
      'cart.get',
      'cart.cancel',
      'checkout.get',
      'checkout.cancel',
      'booking.get',
      'booking.cancel',
    ] as const) {
      expect(await probe(name, held({})), name).toEqual({ id: 'held-1' });
      expect((await probe(name)) as { id: string }, name).toEqual({ id: expect.stringMatching(/./) });
      expect(((await probe(name)) as { id: string }).id).not.toBe('held-1');
    }
  });

  it('updates a held cart with its own items, and an unknown one with an item nobody sells', async () => {
    expect(await probe('cart.update', held({}))).toEqual({
      id: 'held-1',
      input: { lineItems: [{ item: { id: 'var-1' }, quantity: 1 }] },
    });
    const unknown = (await probe('cart.update')) as { input: { lineItems: { item: { id: string } }[] } };
    expect(unknown.input.lineItems).toEqual([{ item: { id: expect.any(String) }, quantity: 1 }]);
    expect(unknown.input.lineItems[0].item.id).not.toBe('var-1');
  });

  it('updates a held checkout with the session as received and the buyer the config provides', async () => {
    const session = { id: 'held-1', status: 'incomplete', line_items: [{ id: 'li-1' }] };
    const buyer = { email: 'buyer@example.com' };
    const r = (await probe('checkout.update', held(session), { fixtures: { buyer } })) as {
      input: { resource: Record<string, unknown>; changes: object };
    };
    expect(r.input.resource).toMatchObject({ line_items: [{ id: 'li-1' }], buyer: { email: 'buyer@example.com' } });
    expect(r.input.changes).toEqual({});
    const unknown = (await probe('checkout.update')) as { input: { resource: { line_items: unknown[] } } };
    expect(unknown.input.resource.line_items).toHaveLength(1);
  });

  it('completes with a payment no business can take', async () => {
    for (const name of ['checkout.complete', 'booking.complete'] as const) {
      const r = (await probe(name, held({}))) as { id: string; input: { instrument: Record<string, string> } };
      expect(r.id).toBe('held-1');
      expect(r.input.instrument).toMatchObject({ id: 'instrument-1', type: 'card', handler_id: expect.any(String) });
    }
  });

  it('updates a held booking with its people, and an unknown one with no stays', async () => {
    const unknown = (await probe('booking.update')) as { input: { resource: object } };
    expect(unknown.input.resource).toEqual({ stays: [] });
    const config = { fixtures: { booking: { guests: [{ given_name: 'Ada', family_name: 'L' }] } } };
    const r = (await probe('booking.update', held({ id: 'held-1', stays: [] }), config)) as {
      id: string;
      input: { resource: Record<string, unknown> };
    };
    expect(r.id).toBe('held-1');
    expect(r.input.resource).toHaveProperty('guests');
  });
});
