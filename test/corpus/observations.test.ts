import { describe, expect, it } from 'vitest';
import type { VariationName } from '../../src/reference/variations.js';
import { eachCase, runReference, scopeOf } from './harness.js';

/**
 * Where the spec leaves behaviour open, a check reports what it observed (info): the message is
 * the finding, so the corpus pins it, for the default business and for the variation that
 * changes what there is to observe.
 */
const OBSERVED: [check: string, variation: VariationName | undefined, message: RegExp][] = [
  ['cart.read-after-cancel', undefined, /^a read after cancel returns not_found$/],
  ['cart.read-after-cancel', 'cart-readable-after-cancel', /^a read after cancel returns the cart, still readable$/],
  ['catalog-search.total-count', undefined, /^total_count 30 matches the distinct products walked$/],
  [
    'catalog-search.total-count',
    'search-total-count-estimate',
    /^total_count 40, while 30 distinct products were walked/,
  ],
  ['catalog-search.total-count', 'search-pagination-minimal', /^no page states total_count$/],
  ['catalog-search.no-match', 'search-nearest-when-no-match', /^a nonsense query returned 3 products/],
  ['catalog-lookup.sku', undefined, /^SKU SKU-\d{3}-\d is not accepted as an identifier$/],
  ['order.other-platform', 'order-readable-by-any-platform', /^the business lets another platform read this order/],
  [
    'location-lookup.distance-applied',
    'location-geo-withheld',
    /^7 locations cannot be placed \(no geo as [^)]+\): LIS-001, LIS-003, POR-001, NYC-001, TYO-001, LIS-002, LIS-004$/,
  ],
  [
    'location-search.hours-filter',
    'location-hours-filter-at',
    /^a search with filters\.hours \{"open_at":"[^"]+"\} answered HTTP 400: .*filters\.hours\.at is required/,
  ],
];

describe('observations where the spec leaves room', () => {
  eachCase(OBSERVED)('%s with %s', (check, variation, message) => {
    it('says what it saw', async () => {
      const report = await runReference([], variation ? [variation] : [], scopeOf([check]));
      const c = report.checks.find((x) => x.id === check)!;
      expect(c.verdict).toBe('info');
      expect(c.message).toMatch(message);
    });
  });
});
