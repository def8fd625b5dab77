import { describe, expect, it } from 'vitest';
import { compatible, VARIATIONS, type VariationName } from '../../src/reference/variations.js';
import { runReference, variationScope, troubles, unexplained, eachCase, wholeRun } from './harness.js';
import { pinnedCorpus } from './pinned.js';

const pinned = pinnedCorpus('variations');

const names = VARIATIONS.map((v) => v.name as VariationName);
const areaOf = (name: string) => VARIATIONS.find((v) => v.name === name)!.capability;

describe('the variation corpus', () => {
  it('pins no variation that is gone', () => {
    expect(pinned.stale(names)).toEqual([]);
  });

  eachCase(names)('variation %s', (variation) => {
    it('fails, warns, errors and blocks on nothing', async ({ expect }) => {
      const area = areaOf(variation);
      const scope = variationScope(area);
      const report = await runReference([], [variation], scope);
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const { actual, expected } = await pinned.compare(variation, report, scope, () =>
        runReference([], [variation], scope),
      );
      expect(actual).toEqual(expected);
      expect(report.exitCode).toBe(0);
    });
  });

  it.each(wholeRun())(
    'with every compatible variation on at once, over $name, fails, warns, errors and blocks on nothing',
    async ({ scope }) => {
      const kept = compatible(names);
      // Each one left out conflicts with one kept before it, and only that keeps it out.
      for (const left of names.filter((n) => !kept.includes(n))) {
        const conflicts = (VARIATIONS.find((v) => v.name === left) as { conflicts?: string[] }).conflicts ?? [];
        expect(
          conflicts.filter((c) => kept.includes(c as VariationName)),
          left,
        ).not.toEqual([]);
      }
      const report = await runReference([], kept, scope);
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
    },
  );
});
