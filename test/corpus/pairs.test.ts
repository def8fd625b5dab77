import { describe, expect, it } from 'vitest';
import { CORPUS_FAULTS } from '../../src/corpus/index.js';
import type { FaultName } from '../../src/reference/faults.js';
import { clash, type VariationName } from '../../src/reference/variations.js';
import { baseline, departures, runReference, scopeOf, eachCase, expectedExit } from './harness.js';
import { pinnedCorpus } from './pinned.js';

const pinned = pinnedCorpus('pairs');
const caseName = (fault: string, variation: string) => `fault ${fault} with variation ${variation}`;

/** Fault and variation pairs in the same area, where a naive composition would most likely hide the fault. */
const PAIRS: [FaultName, VariationName][] = [
  ['checkout-totals-stale', 'checkout-tax-inclusive'],
  ['checkout-never-ready', 'checkout-no-auto-selection'],
  ['checkout-never-ready', 'checkout-option-preselected'],
  ['checkout-complete-no-order', 'checkout-async-completion'],
  ['checkout-missing-without-path', 'checkout-several-groups'],
  ['checkout-update-during-completion', 'checkout-async-completion'],
  // Each line also says item_unavailable, recoverably: the refusal's own code must still be item_unavailable.
  ['checkout-unavailable-out-of-stock', 'checkout-unavailable-per-line'],
  ['order-checkout-id-wrong', 'ids-need-escaping'],
  // The order shares its checkout's id: its own currency must not be taken for the checkout's.
  ['order-currency-differs', 'order-id-is-checkout-id'],
  // The checkout states two currencies: an order in a third must still be caught.
  ['order-currency-differs', 'checkout-currency-from-destination'],
  ['order-foreign-read-403', 'auth-api-key'],
  ['search-filters-or', 'search-hierarchical-categories'],
  ['search-cursor-repeats', 'search-pagination-minimal'],
  ['product-signals-ignore-selection', 'search-available-variants-only'],
  // Search hides the out-of-stock 9 / Blue: the value tried first has an out-of-stock variant, whose availability must
  // still count.
  ['product-signals-exists-inverted', 'search-available-variants-only'],
  ['jwk-alg-curve-mismatch', 'profile-keys-without-alg'],
  ['lookup-batch-413', 'lookup-batch-max-5'],
  ['cart-get-empty', 'cart-lines-reordered'],
  ['cart-update-merges', 'ids-need-escaping'],
  ['envelope-status-vocabulary', 'content-type-charset'],
  ['profile-no-endpoint', 'endpoint-other-origin'],
  ['idempotency-replay-status-200', 'idempotency-replay-reserialised'],
  ['idempotency-mismatch-accepted', 'idempotency-compares-json'],
  // An indented body is a replay here: its wrong status must be told from a new resource.
  ['idempotency-replay-status-200', 'idempotency-compares-json'],
  ['idempotency-not-stored', 'idempotency-key-per-operation'],
  ['response-digest-raw-bytes', 'responses-signed-everywhere'],
  // The body comes gzip-coded: the digest over the bytes as sent, not their canonical form, must still be told.
  ['response-digest-raw-bytes', 'responses-gzip'],
  ['response-signature-tampered', 'responses-signed-ed25519'],
  ['capability-version-echo-differs', 'capability-versions-differ'],
  // Each layer states its own version: the unadvertised one must still be told from all three.
  ['envelope-version-not-advertised', 'versions-by-layer'],
  ['auth-missing-credential-accepted', 'endpoint-other-origin'],
  ['platform-profile-unknown-key-rejected', 'auth-bearer'],
  // Serving without the profile is permitted; a refusal with another status is still caught.
  ['platform-profile-fetch-failure-500', 'platform-profiles-best-effort'],
  ['request-digest-unchecked', 'signatures-digest-refused-400'],
  ['tls-1-2-accepted', 'endpoint-other-origin'],
  ['required-members-defaulted', 'required-members-as-messages'],
  ['mtls-unchecked', 'endpoint-other-origin'],
  // Common service: a discovered batch maximum, a re-ranked search, small pages, ids that need escaping.
  ['location-lookup-batch-keeps-last', 'location-lookup-batch-max-4'],
  ['location-filters-or', 'location-search-reranked-by-context'],
  ['location-search-cursor-repeats', 'location-search-small-pages'],
  ['location-lookup-duplicates-not-merged', 'location-ids-url-special'],
  ['ask-unknown-conversation-silent', 'ask-unknown-conversation-warning'],
  ['ask-expires-at-not-rfc3339', 'ask-answer-markdown'],
  ['ask-grounding-ids-not-found', 'ask-answer-links'],
  // Permitted choices a checker once failed: none may hide the fault beside it.
  ['ask-unknown-conversation-silent', 'ask-extra-message'],
  ['ask-conversation-forgotten', 'ask-conversation-id-per-turn'],
  // A message on every answer: the new-conversation note must still be told from it.
  ['ask-conversation-forgotten', 'ask-extra-message'],
  ['ask-query-coerced', 'ask-schema-errors-422'],
  // A note on every answer that starts a conversation: the silence on an unknown id must still be told from it.
  ['ask-unknown-conversation-silent', 'ask-conversation-start-noted'],
  // The continuation note shares the unknown-id note's code: the forgotten history's note must be read by its text.
  ['ask-conversation-forgotten', 'ask-conversation-notes-one-code'],
  // An info note presented as a disclosure on every answer: the allergen disclosure as info must still be caught.
  ['ask-disclosure-as-info', 'ask-notice-as-disclosure'],
  ['ask-disclosure-as-info', 'ask-allergen-review-noted'],
  // A not_found about reviews on a grounded answer: the ids' own not_found must still be caught.
  ['ask-grounding-ids-not-found', 'ask-reviews-not-found'],
  ['location-lookup-serves-ignored', 'location-search-needs-query'],
  ['location-max-clamped', 'location-distance-rejected-by-status'],
  ['location-search-cursor-skips', 'location-search-pagination-minimal'],
  ['location-lookup-filters-ignored', 'location-lookup-alias-several'],
  // One id a request: the batch keeping the last id shows k1 unprocessed, not k2 processed.
  ['location-lookup-batch-keeps-last', 'location-lookup-batch-max-1'],
  // Two ids a request: the merge still sends an id with its alias, whose inputs must name both.
  ['location-lookup-inputs-first-only', 'location-lookup-batch-max-2'],
  // Nothing can be placed: a location no identifier asked for must still fail the radius check, not be observed away.
  ['location-lookup-distance-search', 'location-geo-withheld'],
  // Locations abroad listed without amenities: a location no identifier asked for must still fail the filter check.
  ['location-lookup-filters-search', 'location-lookup-abroad-no-amenities'],
  // An unsupported radius clamped: with nothing placed, every location is still due past half the Earth's
  // circumference;
  // under a radius short of it, the locations within it are.
  ['location-max-clamped', 'location-geo-withheld'],
  ['location-max-clamped', 'location-radius-400km'],
  // Locations abroad listed without geo and amenities: what can be seen still breaks the radius and the filters.
  ['location-search-distance-ignored', 'location-search-abroad-brief'],
  ['location-amenities-any', 'location-search-abroad-brief'],
  ['location-filters-or', 'location-search-abroad-brief'],
  // Lodging: a session ready at create, several stays.
  ['booking-get-stale', 'booking-nothing-required'],
  ['booking-sold-out-creates-session', 'booking-nothing-required'],
  ['booking-update-drops-booker', 'booking-multi-stay'],
  ['idempotency-mismatch-accepted', 'booking-multi-stay'],
  // A complete asked again for what the update made for it supplied; stays shown without their dates; guest ids the
  // business gives.
  ['booking-complete-ignores-billing-address', 'booking-purpose-asked-at-complete'],
  ['booking-update-drops-booker', 'booking-stays-echo-minimal'],
  ['booking-partial-booker-400', 'booking-stays-echo-minimal'],
  ['booking-get-stale', 'booking-guest-ids-assigned'],
  ['booking-no-confirmation', 'booking-async-completion'],
  // Guests named by a filter on their id: the names the update carried must still be found at those paths.
  ['booking-guest-first-name-ignored', 'booking-missing-path-filter'],
  ['booking-guest-first-name-ignored', 'booking-path-filter-double-quoted'],
  ['booking-guest-first-name-ignored', 'booking-path-filter-spaced'],
  // Paths in normalized form: a line index past the lines, and a name asked for again, must still be told.
  ['checkout-quantity-adjusted-one-based', 'checkout-paths-normalized'],
  ['booking-guest-first-name-ignored', 'booking-paths-normalized'],
  // Inputs on every variant: each product's must still be told from the next product's.
  ['lookup-inputs-wrong-product', 'lookup-inputs-on-every-variant'],
  // A query that only ranks widens every search alike: a combined search finding nothing must still be told.
  ['location-combined-finds-nothing', 'location-search-query-ranks-only'],
];

describe('faults and variations compose', () => {
  it('every sampled pair is one the corpora allow together', () => {
    expect(PAIRS.map(([f, v]) => clash(f, v)).filter(Boolean)).toEqual([]);
  });

  it('pins no pair that is gone', () => {
    expect(pinned.stale(PAIRS.map(([f, v]) => caseName(f, v)))).toEqual([]);
  });

  eachCase(PAIRS)('fault %s with variation %s', (fault, variation) => {
    it('is still caught exactly, and changes nothing else', async ({ expect }) => {
      const record = CORPUS_FAULTS.find((f) => f.name === fault)!;
      const scope = scopeOf([...record.fails, ...(record.skips ?? [])], record.capability);
      const on = [...((record.needs ?? []) as VariationName[]), variation];
      const base = await baseline(on, scope);
      const report = await runReference([fault], on, scope);
      expect(departures(record, report, base, scope)).toEqual([]);
      const { actual, expected } = await pinned.compare(caseName(fault, variation), report, scope, () =>
        runReference([fault], on, scope),
      );
      expect(actual).toEqual(expected);
      expect(report.exitCode).toBe(expectedExit(record));
    });
  });
});
