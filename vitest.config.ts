import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Vitest leaves a core free by default (one worker on two cores); the corpus runs client and
    // business in one process, so a second worker nearly halves the suite's time.
    maxWorkers: 2,
  },
});
