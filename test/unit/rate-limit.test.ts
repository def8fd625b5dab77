import { describe, expect, it } from 'vitest';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { BURST_REQUESTS, rateLimitScenario } from '../../suites/transport/rate-limit.js';
import { exchange, scripted } from './scripted-business.js';

// The rate-limit burst against a scripted business: when it stops, and how each refusal is judged.

const CHECK = 'transport.rate-limited-429';
const SERVED = { proto: { version: '2026-04-08', status: 'success' }, products: [] };
const refusal = (status: number, retryAfter?: string) =>
  exchange({
    status,
    json: { code: 'x', content: 'no' },
    ...(retryAfter ? { responseHeaders: { 'retry-after': retryAfter } } : {}),
  });

async function burst(answer: (n: number) => Exchange, capabilities = ['shopping.catalog.search']) {
  const s = scripted((_c, n) => answer(n), { target: { capabilities: new Set(capabilities) } });
  await rateLimitScenario.run(s.t as unknown as ScenarioContext<string>);
  return { verdict: s.concluded.get(CHECK), calls: s.calls };
}

describe('the rate-limit burst', () => {
  it('repeats one advertised read, and says so when the business never refuses it', async () => {
    const r = await burst(() => exchange({ json: SERVED }));
    expect(r.calls).toHaveLength(1 + BURST_REQUESTS);
    expect(new Set(r.calls.map((c) => c.op))).toEqual(new Set(['catalog.search']));
    // The same request each time, and a 429 left after the retries is the scenario's to judge.
    expect(new Set(r.calls.map((c) => JSON.stringify(c.opts)))).toHaveProperty('size', 1);
    expect(r.calls[0].opts.tolerateRateLimit).toBe(true);
    expect(r.verdict).toMatchObject({
      kind: 'observed',
      message: `catalog.search was served ${BURST_REQUESTS} times in waves of 10: no limit was reached, and a business need not limit`,
    });
  });

  it('prefers catalog search, then location search', async () => {
    const r = await burst(() => exchange({ json: SERVED }), ['common.location.search', 'shopping.catalog.lookup']);
    expect(r.calls[0].op).toBe('location.search');
    const none = await burst(() => exchange({ json: SERVED }), ['shopping.cart']);
    expect(none.verdict?.kind).toBe('not-applicable');
    expect(none.calls).toHaveLength(0);
  });

  it('passes a 429, final or retried, and stops at the wave that met it', async () => {
    const final = await burst((n) => (n === 5 ? refusal(429, '1') : exchange({ json: SERVED })));
    expect(final.verdict).toMatchObject({
      kind: 'held',
      message: expect.stringMatching(/limited with HTTP 429 after 10 requests/),
    });
    expect(final.calls).toHaveLength(11);
    const retried = await burst((n) =>
      exchange({ json: SERVED, ...(n === 14 ? { retried: [{ status: 429, startedAt: '', waitedMs: 1000 }] } : {}) }),
    );
    expect(retried.verdict?.kind).toBe('held');
    expect(retried.calls).toHaveLength(21);
  });

  it('fails any other 4xx, or a business error at 200, in the burst of what was served alone', async () => {
    const forbidden = await burst((n) => (n > 3 ? refusal(403, '1') : exchange({ json: SERVED })));
    expect(forbidden.verdict).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(
        /^catalog\.search, served alone, was refused in the burst otherwise than with 429: #\d+ HTTP 403 \(Retry-After 1\)/,
      ),
      expected: 'HTTP 429 for a request over the rate limit',
    });
    const business = {
      proto: { version: '2026-04-08', status: 'error' },
      messages: [{ type: 'error', code: 'too_many', content: 'slow down', severity: 'recoverable' }],
    };
    const atOk = await burst((n) => exchange({ json: n > 1 ? business : SERVED }));
    expect(atOk.verdict).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(/HTTP 200: a business error "too_many": "slow down"/),
    });
  });

  it('reports a 5xx, which is not a rate refusal, and judges nothing when the read is refused alone', async () => {
    const unavailable = await burst((n) => (n > 1 ? refusal(503, '2') : exchange({ json: SERVED })));
    expect(unavailable.verdict).toMatchObject({
      kind: 'observed',
      message: expect.stringMatching(/met no refusal for rate in 10 requests, only #\d+ HTTP 503 \(Retry-After 2\)/),
    });
    const alone = await burst(() => refusal(401));
    expect(alone.verdict).toMatchObject({
      kind: 'not-tested',
      message: 'the catalog.search the burst repeats was refused alone (HTTP 401)',
    });
    expect(alone.calls).toHaveLength(1);
  });
});
