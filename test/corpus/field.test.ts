import { describe, expect, it } from 'vitest';
import { CORPUS_FAULTS } from '../../src/corpus/index.js';
import type { FaultName } from '../../src/reference/faults.js';
import type { FieldConditions } from '../../src/reference/shared/transport.js';
import type { VariationName } from '../../src/reference/variations.js';
import { baseline, departures, runReference, verdictText } from './harness.js';

/**
 * The field in the lab: the business some milliseconds away, unevenly, and limiting its rate
 * (429 with Retry-After beyond 40 requests a second, which a run meets within a second). None of
 * it changes what the business answers, so none of it may change a verdict: a check never fails
 * for meeting a rate limit.
 */
const FIELD: FieldConditions = { latencyMs: 2, jitterMs: 6, rateLimit: 40 };

/** A sample of the fault corpus from four capabilities, each caught within its own capability. */
const SAMPLE = ['cart-update-merges', 'checkout-create-200', 'location-search-endpoint-405', 'booking-create-200'].map(
  (name) => CORPUS_FAULTS.find((f) => f.name === name)!,
);

describe('the corpus under latency, jitter and a rate limit', () => {
  it('gives the clean business the same verdicts, word for word, as in the lab', async () => {
    const [lab, field] = [await runReference(), await runReference([], [], undefined, FIELD)];
    // The limit was met, and waited out.
    expect(field.exchanges.filter((x) => x.retried?.length).length).toBeGreaterThan(0);
    expect(verdictText(field)).toEqual(verdictText(lab));
  }, 180_000);

  it('has a sample of faults from four capabilities', () => {
    expect(new Set(SAMPLE.map((f) => f?.capability)).size).toBe(4);
  });

  it.each(SAMPLE)(
    'catches fault $name exactly as in the lab',
    async (fault) => {
      // Its capability alone: the whole run is the clean case's.
      const scope = { capabilities: [fault.capability] };
      const base = await baseline([] as VariationName[], scope);
      const report = await runReference([fault.name as FaultName], [], scope, FIELD);
      expect(departures(fault, report, base, scope)).toEqual([]);
    },
    120_000,
  );
});
