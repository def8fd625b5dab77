import { describe, expect, it } from 'vitest';

// Loaded inside a test, not as this file is imported: a suite module that throws as it loads (an
// operation its declarations name but the table lacks) fails this test instead of every file's import.
describe('the suites', () => {
  it('load, each under its own id', async () => {
    const { suites } = await import('../../suites/index.js');
    expect(suites.length).toBeGreaterThan(10);
    expect(new Set(suites.map((s) => s.id)).size).toBe(suites.length);
  });
});
