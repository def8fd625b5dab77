import { describe, expect, it } from 'vitest';
import { CORPUS_FAULTS } from '../../src/corpus/index.js';
import type { FaultName } from '../../src/reference/faults.js';
import type { VariationName } from '../../src/reference/variations.js';
import {
  baseline,
  departures,
  runReference,
  scopeOf,
  troubles,
  unexplained,
  eachCase,
  expectedExit,
  wholeRun,
} from './harness.js';
import { pinnedClean, pinnedCorpus } from './pinned.js';

const pinned = pinnedCorpus('faults');

describe('the clean reference business', () => {
  it.each(wholeRun())(
    'passes over $name: nothing fails, warns, errors or is blocked, and the exit code is 0',
    async ({ scope }) => {
      const report = await runReference([], [], scope);
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const { actual, expected } = await pinnedClean(report, scope, () => runReference([], [], scope));
      expect(actual).toEqual(expected);
      expect(report.exitCode).toBe(0);
    },
  );
});

describe('the fault corpus', () => {
  it('pins no fault that is gone', () => {
    expect(pinned.stale(CORPUS_FAULTS.map((f) => f.name))).toEqual([]);
  });

  eachCase(CORPUS_FAULTS)('fault $name', (fault) => {
    it(`fails exactly ${fault.fails.join(', ')}, skips only what it pins, and changes nothing else`, async ({
      expect,
    }) => {
      const scope = scopeOf([...fault.fails, ...(fault.skips ?? [])], fault.capability);
      // A fault that needs a variation (auth faults need auth) is judged against a baseline with it on.
      const needs = (fault.needs ?? []) as VariationName[];
      const base = await baseline(needs, scope);
      const report = await runReference([fault.name as FaultName], needs, scope);
      expect(departures(fault, report, base, scope)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const { actual, expected } = await pinned.compare(fault.name, report, scope, () =>
        runReference([fault.name as FaultName], needs, scope),
      );
      expect(actual).toEqual(expected);
      const failed = [
        ...new Set(
          report.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn').flatMap((c) => c.requirements),
        ),
      ].sort();
      expect(failed).toEqual(scope ? failed : [...fault.breaks]);
      expect(report.exitCode).toBe(expectedExit(fault));
    });
  });
});
