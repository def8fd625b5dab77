import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { OPERATIONS } from '../../src/protocol/operations.js';
import { startReferenceBusiness } from '../../src/reference/server.js';
import { troubles, unexplained } from './harness.js';

describe('a run with an empty config', () => {
  it('finds its own products and items, and leaves not-tested only what the config alone can give', async () => {
    const business = await startReferenceBusiness();
    try {
      const report = await check({ url: business.url, config: {}, allow: 'irreversible' });
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const answered = report.exchanges.filter((x) => x.status !== undefined && x.role !== 'cleanup').length;
      // Authentication is the business's policy: without the config saying what needs it, nothing is judged.
      const credentials = report.checks.filter((c) => /\.credential-/.test(c.id));
      // Three per operation: the reference serves every operation of the three documents.
      expect(credentials.length).toBe(3 * OPERATIONS.length);
      for (const c of credentials) expect([c.id, c.verdict, c.message]).toEqual([c.id, 'not-applicable', expect.stringMatching(/auth\.required_for/)]);
      const notTested = report.checks.filter((c) => c.verdict === 'not-tested').map((c) => `${c.id}: ${c.message}`);
      expect(notTested).toEqual([
        'cart.out-of-stock: needs fixtures.out_of_stock_item_ids in --config',
        'checkout.complete: needs payment.token in --config',
        'checkout.item-unavailable: needs fixtures.unavailable_item_ids in --config',
        'checkout.in-progress-unchanged: needs payment.in_progress_token in --config (a token that holds completion in progress)',
        'order.resource: needs payment.token in --config',
        'order.checkout-id: needs payment.token in --config',
        'order.currency: needs payment.token in --config',
        'order.other-platform: needs payment.token in --config',
        'idempotency.checkout.complete.missing-key: needs payment.token in --config',
        'idempotency.checkout.complete.replay: needs payment.token in --config',
        'idempotency.checkout.complete.replay-no-second-effect: needs payment.token in --config',
        // Only an order placed by the run is a real resource for Get Order; the unknown-id probe is the not-found rule's.
        `order.endpoints-exist: none of the run's ${answered} answered requests was one of the requests to shopping.order endpoints`,
        // Without a token nothing is completed: the signing advice has no response to judge.
        `signatures.complete-signed: none of the run's ${answered} answered requests was one of the complete checkout responses carrying the session, from a business publishing keys`,
        `signatures.order-signed: none of the run's ${answered} answered requests was one of the order responses carrying the order, from a business publishing keys`,
      ]);
      expect(report.exitCode).toBe(0);
    } finally {
      await business.close();
    }
  });
});
