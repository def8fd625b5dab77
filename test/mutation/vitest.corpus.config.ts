import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';

/**
 * The order test files run in: a mutant is killed by the first test that fails, so the cheap,
 * narrow tests go first and the whole-run ones last.
 */
const ORDER = [
  'test/unit/',
  'test/corpus/faults.test.ts',
  'test/corpus/observations.test.ts',
  'test/corpus/pairs.test.ts',
  'test/corpus/variations.test.ts',
  'test/corpus/config-cases.test.ts',
  'test/corpus/bare-config.test.ts',
];
const rank = (file: string) => {
  const at = ORDER.findIndex((prefix) => file.includes(prefix));
  return at < 0 ? ORDER.length : at;
};
class CheapestFirst {
  async shard(files: TestSpecification[]) {
    return files;
  }
  async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => rank(a.moduleId) - rank(b.moduleId) || a.moduleId.localeCompare(b.moduleId));
  }
}

/** The in-process corpus alone: the test suite the mutation run kills mutants with. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    // The in-process corpus, the unit tests of the protocol primitives and of what the checks build on
    // (refusals, session rules; the request probes: a malformed body, members left out, the resource
    // held, credentials, platform profiles, signatures, the request probed, one scenario whole; the
    // session flows, the TLS probe and the rate-limit burst, the ids the run read, the idempotency
    // rules, the unknown-id read, the order read back, the signature rules of a business that signs
    // nothing, the ask suite's notes, the ask, booking, checkout, catalog lookup and location lookup
    // scenarios against a scripted business), and the pinned suite declarations (ids, titles,
    // effects, requirements).
    include: [
      'test/corpus/**/*.test.ts',
      'test/unit/suites-load.test.ts',
      'test/unit/protocol.test.ts',
      'test/unit/requests.test.ts',
      'test/unit/request-probes.test.ts',
      'test/unit/request-credentials.test.ts',
      'test/unit/request-signatures.test.ts',
      'test/unit/request-scenario.test.ts',
      'test/unit/catalog-lookup.test.ts',
      'test/unit/location-lookup.test.ts',
      'test/unit/signatures.test.ts',
      'test/unit/signature-rules.test.ts',
      'test/unit/ask-notes.test.ts',
      'test/unit/ask.test.ts',
      'test/unit/refusal.test.ts',
      'test/unit/session-rules.test.ts',
      'test/unit/session-flow.test.ts',
      'test/unit/checkout-flow.test.ts',
      'test/unit/booking-flow.test.ts',
      'test/unit/transport.test.ts',
      'test/unit/rate-limit.test.ts',
      'test/unit/resource-ids.test.ts',
      'test/unit/idempotency.test.ts',
      'test/unit/unknown-id.test.ts',
      'test/unit/order.test.ts',
      'test/unit/booking.test.ts',
      'test/unit/checkout.test.ts',
      'test/unit/declarations.test.ts',
    ],
    // The corpus under latency and a rate limit proves the client waits, not what a check says: seconds a mutant.
    exclude: ['test/corpus/field.test.ts'],
    testTimeout: 60_000,
    // One case at a time, each narrowed to what its fault or variation touches (test/corpus/harness.ts).
    env: { PROTO_CORPUS_MODE: 'mutation' },
    // Stryker switches mutants at run time: the modules need not be loaded afresh for each one.
    isolate: false,
    sequence: { sequencer: CheapestFirst },
  },
});
