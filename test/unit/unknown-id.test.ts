import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { unknownIdScenario } from '../../suites/shared/unknown-id.js';
import { scripted, x } from './scripted-business.js';

// The read of an id the business never issued, against scripted answers: what is sent, and how
// each answer is judged or, where the spec shows no answer, reported.

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
  it('declares one check, titled by whether the spec shows the answer', async () => {
    const judged = await probe(x(200, notFound()));
    expect(judged.scenario.id).toBe('cart.not-found-probe');
    expect(judged.scenario.title).toBe('cart that does not exist');
    expect(judged.scenario.effect).toBe('read');
    expect(judged.scenario.checks).toEqual([
      { id: 'cart.not-found', title: 'an unknown cart gives the not_found error', requirements: ['CART-004'] },
    ]);
    const reported = await probe(x(404), { notShown: true, subject: 'checkout session' });
    expect(reported.scenario.checks[0].title).toBe('what an unknown checkout session gets (not shown)');
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
      tolerateTransportError: undefined,
    });
    // Where the answer is not shown, a transport failure is an answer to report, not an error of the run.
    const open = await probe(x(200, notFound()), { notShown: true });
    expect(open.calls[0].opts.tolerateTransportError).toBe(true);
  });

  it('holds for the not_found business error, with continue_url where the spec adds one', async () => {
    const held = await probe(x(200, notFound({ continue_url: 'https://shop.example/cart' })), { continueUrl: true });
    expect(held.verdict).toMatchObject({ kind: 'held' });
    expect(held.concluded).toEqual(['cart.not-found']);
    expect((await probe(x(200, notFound()))).verdict).toMatchObject({ kind: 'held' });
  });

  it('fails any other answer, naming every problem', async () => {
    const missingUrl = await probe(x(200, notFound()), { continueUrl: true });
    expect(missingUrl.verdict).toEqual({
      kind: 'broken',
      message: 'no continue_url',
      expected: 'HTTP 200, status error, error not_found unrecoverable, continue_url',
      actual: 'no continue_url',
    });
    const http404 = await probe(x(404, { code: 'not_found', content: 'no such cart' }));
    expect(http404.verdict).toEqual({
      kind: 'broken',
      message: 'HTTP 404, expected 200',
      expected: 'HTTP 200, status error, error not_found unrecoverable',
      actual: 'HTTP 404, expected 200; proto.status is absent, expected "error"; no message with code not_found',
    });
  });

  it('reports what an unknown id gets where the spec shows no answer', async () => {
    const observed = async (answer: Exchange) =>
      (await probe(answer, { notShown: true, checkId: 'checkout.not-found', subject: 'checkout session' })).verdict;
    expect(await observed(x(200, notFound()))).toMatchObject({
      kind: 'observed',
      message: 'an unknown checkout session answered HTTP 200 with code "not_found"',
    });
    // The code of an error message first; else the code of a transport error body.
    const both = notFound({ code: 'gone' });
    both.messages.unshift({ type: 'warning', code: 'stale', severity: 'recoverable', content: 'old' });
    expect(await observed(x(200, both))).toMatchObject({ message: expect.stringMatching(/with code "not_found"$/) });
    expect(await observed(x(404, { code: 'unknown_session', content: 'no such session' }))).toMatchObject({
      kind: 'observed',
      message: 'an unknown checkout session answered HTTP 404 with code "unknown_session"',
    });
    expect(await observed(x(404, 'Not Found'))).toMatchObject({
      message: 'an unknown checkout session answered HTTP 404',
    });
    const refused = { transportError: { message: 'ECONNRESET' } } as unknown as Exchange;
    const verdict = await observed(refused);
    expect(verdict).toMatchObject({ message: 'an unknown checkout session answered HTTP ECONNRESET' });
    expect(verdict?.exchanges).toHaveLength(1);
  });
});
