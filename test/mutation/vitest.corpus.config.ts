import { defineConfig } from 'vitest/config';

/** The in-process corpus alone: the test suite the mutation run kills mutants with. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/corpus/**/*.test.ts'],
    testTimeout: 60_000,
    // One case at a time, each narrowed to what its fault or variation touches (test/corpus/harness.ts).
    env: { PROTO_CORPUS_MODE: 'mutation' },
    // Stryker switches mutants at run time: the modules need not be loaded afresh for each one.
    isolate: false,
  },
});
