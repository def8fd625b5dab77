import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { unknownIdScenario } from '../../suites/shared/unknown-id.js';
import { scripted, x } from './scripted-business.js';

// The read of an id the business never issued, against scripted answers: what is sent, and how
// each answer is judged: the not_found error where the spec gives the code, any business error for a session.

const notFound = (more: object = {}) => ({
  proto: { version: '2026-04-08', status: 'error' },
  messages: [{ type: 'error', code: 'not_found', severity: 'unrecoverable', content: 'no such thing' }],
  ...more,
});

type Options = Partial<Parameters<typeof unknownIdScenario>[0]>;

async function probe(answer: Exchange, options: Options = {}) {
  const s = unknownIdScenario({
    operation: 'cart.get',
    checkId: 'cart.not-found',
    requirement: 'CART-004',
    subject: 'cart',
    ...options,
  });
  const run = scripted(() => answer);
  await s.run(run.t);
  const id = options.checkId ?? 'cart.not-found';
  return { scenario: s, calls: run.calls, verdict: run.concluded.get(id), concluded: [...run.concluded.keys()] };
}

describe('the unknown-id read', () => {
  it('declares one check, titled by whether the spec gives the code', async () => {
    const judged = await probe(x(200, notFound()), { code: 'not_found' });
    expect(judged.scenario.id).toBe('cart.not-found-probe');
    expect(judged.scenario.title).toBe('cart that does not exist');
    expect(judged.scenario.effect).toBe('read');
    expect(judged.scenario.checks).toEqual([
      { id: 'cart.not-found', title: 'an unknown cart gives the not_found error', requirements: ['CART-004'] },
    ]);
    const session = await probe(x(404), { subject: 'checkout session' });
    expect(session.scenario.checks[0].title).toBe(
      'an unknown checkout session gives a business error, not an HTTP error',
    );
  });

  it('reads a product by an unknown id in the body, and anything else by an unknown id in the path', async () => {
    const product = await probe(x(200, notFound()), { operation: 'catalog.product' });
    expect(product.calls).toHaveLength(1);
    expect(product.calls[0].op).toBe('catalog.product');
    expect(product.calls[0].opts.input).toEqual({ id: expect.stringMatching(/^proto-conformance-unknown-/) });
    expect(product.calls[0].opts.notFoundProbe).toBe(true);
    expect(product.calls[0].opts.id).toBeUndefined();

    const cart = await probe(x(200, notFound()));
    expect(cart.calls[0].op).toBe('cart.get');
    expect(cart.calls[0].opts).toEqual({
      id: expect.stringMatching(/^proto-conformance-unknown-/),
      notFoundProbe: true,
    });
  });

  it('holds for the not_found business error, with continue_url where the spec adds one', async () => {
    const held = await probe(x(200, notFound({ continue_url: 'https://shop.example/cart' })), {
      code: 'not_found',
      continueUrl: true,
    });
    expect(held.verdict).toMatchObject({ kind: 'held' });
    expect(held.concluded).toEqual(['cart.not-found']);
    expect((await probe(x(200, notFound()), { code: 'not_found' })).verdict).toMatchObject({ kind: 'held' });
  });

  it('fails any other answer, naming every problem', async () => {
    const missingUrl = await probe(x(200, notFound()), { code: 'not_found', continueUrl: true });
    expect(missingUrl.verdict).toEqual({
      kind: 'broken',
      message: 'no continue_url',
      expected: 'HTTP 200, status error, error not_found unrecoverable, continue_url',
      actual: 'no continue_url',
    });
    const http404 = await probe(x(404, { code: 'not_found', content: 'no such cart' }), { code: 'not_found' });
    expect(http404.verdict).toEqual({
      kind: 'broken',
      message: 'HTTP 404, expected 200',
      expected: 'HTTP 200, status error, error not_found unrecoverable',
      actual: 'HTTP 404, expected 200; proto.status is absent, expected "error"; no message with code not_found',
    });
  });

  it('holds for a session any business error, saying its code, and fails an HTTP error', async () => {
    const session = (answer: Exchange) =>
      probe(answer, { checkId: 'checkout.not-found', subject: 'checkout session' }).then((p) => p.verdict);
    const gone = notFound();
    gone.messages[0] = { type: 'error', code: 'session_gone', severity: 'recoverable', content: 'no such session' };
    expect(await session(x(200, gone))).toMatchObject({
      kind: 'held',
      actual: 'HTTP 200, error code "session_gone"',
    });
    expect(await session(x(404, { code: 'not_found', content: 'no such session' }))).toEqual({
      kind: 'broken',
      message: 'HTTP 404, expected 200',
      expected: 'HTTP 200, status error, an error message (its code for a session is not shown)',
      actual: 'HTTP 404, expected 200; proto.status is absent, expected "error"; no error message',
    });
    const onlyWarning = notFound();
    onlyWarning.messages[0] = { type: 'warning', code: 'x', severity: 'recoverable', content: 'w' };
    expect((await session(x(200, onlyWarning)))?.message).toBe('no error message');
  });
});
