import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { OPERATIONS } from '../../src/protocol/operations.js';
import { startReferenceBusiness } from '../../src/reference/server.js';
import { CORPUS_CONCURRENCY, troubles, unexplained } from './harness.js';

describe('a run with an empty config', () => {
  it('finds its own products and items, and leaves not-tested only what the config alone can give', async () => {
    const business = await startReferenceBusiness();
    try {
      const report = await check({ url: business.url, config: {}, allow: 'irreversible', ...CORPUS_CONCURRENCY });
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const answered = report.exchanges.filter((x) => x.status !== undefined && x.role !== 'cleanup').length;
      // Authentication is the business's policy: without the config saying what needs it, nothing is judged.
      const credentials = report.checks.filter((c) => /\.credential-/.test(c.id));
      // Three per operation: the reference serves every operation of the three documents.
      expect(credentials.length).toBe(3 * OPERATIONS.length);
      for (const c of credentials)
        expect([c.id, c.verdict, c.message]).toEqual([
          c.id,
          'not-applicable',
          expect.stringMatching(/auth\.required_for/),
        ]);
      const notTested = report.checks.filter((c) => c.verdict === 'not-tested').map((c) => `${c.id}: ${c.message}`);
      expect(notTested).toEqual([
        // The burst is sent only with the operator's consent.
        'transport.rate-limited-429: needs --allow burst',
        'cart.out-of-stock: needs fixtures.out_of_stock_item_ids in --config',
        'checkout.complete-from-incomplete: needs payment.token in --config',
        'checkout.complete: needs payment.token in --config',
        'checkout.item-unavailable: needs fixtures.unavailable_item_ids in --config',
        'checkout.in-progress-unchanged: needs payment.in_progress_token in --config (a token that holds completion in progress)',
        'order.resource: needs payment.token in --config',
        'order.checkout-id: needs payment.token in --config',
        'order.currency: needs payment.token in --config',
        'order.attribution: needs payment.token in --config',
        'order.other-platform: needs payment.token in --config',
        // Distance needs a center and a radius in the business's own Geo shape: members not shown.
        'location-search.within-radius: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-search.amenities-filter: needs fixtures.locations.amenities in --config',
        'location-search.and: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-search.and-serves: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-search.and-items: needs fixtures.locations.amenities in --config',
        'location-search.unsupported-max: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-search.absurd-max: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-search.hours-filter: needs fixtures.locations.hours_filter in --config (the members of filters.hours are not shown)',
        'location-search.and-hours: needs fixtures.locations.hours_filter in --config (the members of filters.hours are not shown)',
        'location-lookup.aliases: needs fixtures.locations.aliases in --config',
        'location-lookup.distance-applied: needs fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config',
        'location-lookup.serves-applied: needs fixtures.locations.serves in --config',
        'location-lookup.amenities-applied: needs fixtures.locations.amenities in --config',
        'ask.grounding-ids: needs fixtures.ask.grounding_ids (or fixtures.product_ids) in --config',
        // No property can be found without the config: booking needs its fixtures.
        'booking.create: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.ready: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.get: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.update-kept: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.cancel: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.cancel-from-ready: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.update-leaves-out: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.partial-update: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.invalid-guest-200: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.inventory-exhausted: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'booking.complete-from-incomplete: needs payment.token in --config',
        'booking.complete: needs payment.token in --config',
        'booking.confirmation-members: needs payment.token in --config',
        'booking.cancel-completed: needs payment.token in --config',
        'booking.in-progress-unchanged: needs payment.in_progress_token in --config (a token that holds completion in progress)',
        'idempotency.checkout.complete.missing-key: needs payment.token in --config',
        'idempotency.checkout.complete.replay: needs payment.token in --config',
        'idempotency.checkout.complete.replay-no-second-effect: needs payment.token in --config',
        'idempotency.checkout.complete.conflict-409: needs payment.token in --config',
        'idempotency.booking.create.missing-key: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.create.replay: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.create.replay-no-second-effect: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.create.conflict-409: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.create.json-equal-body: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.create.key-scope: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.update.missing-key: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.update.replay: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.update.conflict-409: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.update.conflict-unchanged: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.complete.missing-key: needs payment.token in --config',
        'idempotency.booking.complete.replay: needs payment.token in --config',
        'idempotency.booking.complete.replay-no-second-effect: needs payment.token in --config',
        'idempotency.booking.complete.conflict-409: needs payment.token in --config',
        'idempotency.booking.cancel.missing-key: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.cancel.replay: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'idempotency.booking.cancel.conflict-409: needs fixtures.booking.property and fixtures.booking.stays in --config',
        // One run cannot judge key retention: it needs the kept keys of a run a day before.
        'idempotency.retained: needs --replay-from FILE: the keys a run with --keep-keys FILE kept, sent again 24 hours or more later',
        'requests.booking.create.agent-missing: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.agent-malformed: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.malformed-json: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.missing-member: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.platform-profile-unreachable: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.platform-profile-malformed: needs fixtures.booking.property and fixtures.booking.stays in --config',
        'requests.booking.create.platform-profile-unknown-key: needs fixtures.booking.property and fixtures.booking.stays in --config',
        // Without a token no session is completed.
        `checkout.completed-order: none of the run's ${answered} answered requests was one of the checkout responses carrying a completed session`,
        `checkout.instrument-handler: none of the run's ${answered} answered requests was one of the checkout responses carrying a session whose payment shows instruments`,
        // Only an order placed by the run is a real resource for Get Order; the unknown-id probe is the not-found
        // rule's.
        `order.endpoints-exist: none of the run's ${answered} answered requests was one of the requests to shopping.order endpoints`,
        // Nothing booked, so the booking rules have no session to judge.
        `booking.endpoints-exist: none of the run's ${answered} answered requests was one of the requests to lodging.booking endpoints`,
        `booking.resource: none of the run's ${answered} answered requests was one of the booking responses carrying a session`,
        `booking.payment-handlers: none of the run's ${answered} answered requests was one of the booking responses carrying a session`,
        `booking.completed-confirmation: none of the run's ${answered} answered requests was one of the booking responses carrying a completed session`,
        `booking.incomplete-names-missing: none of the run's ${answered} answered requests was one of the booking update responses carrying an incomplete session`,
        `booking.instrument-handler: none of the run's ${answered} answered requests was one of the booking responses carrying a session whose payment shows instruments`,
        `booking.assigned-guests: none of the run's ${answered} answered requests was one of the booking responses carrying a session that lists its guests by id`,
        `booking.stay-ids: none of the run's ${answered} answered requests was one of the booking create and update responses carrying a session, for a request that supplied stay ids`,
        `booking.missing-messages: none of the run's ${answered} answered requests was one of the booking responses with a message of code missing`,
        `booking.dates: none of the run's ${answered} answered requests was one of the booking responses carrying a session with dates`,
        `booking.currency: none of the run's ${answered} answered requests was one of the booking responses carrying a session with a currency`,
        // Without a token nothing is completed; the requests probes' complete on an open session is judged by the
        // signing advice, but no order is placed.
        `signatures.order-signed: none of the run's ${answered} answered requests was one of the order responses carrying the order`,
      ]);
      expect(report.exitCode).toBe(0);
    } finally {
      await business.close();
    }
  });
});
