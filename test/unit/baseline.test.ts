import { describe, expect, it } from 'vitest';
import { Baseline, baselineOf } from '../../src/report/baseline.js';
import type { CheckResult, Verdict } from '../../src/report/types.js';

const result = (id: string, verdict: Verdict, suite = 'cart') => ({ id, verdict, suite }) as CheckResult;

describe('a baseline', () => {
  it('accepts the failures it names, marks them, and notes the ones that now pass', () => {
    const b = new Baseline('b.json', [
      { check: 'a', reason: 'known a' },
      { check: 'b', reason: 'known b' },
      { check: 'c', reason: 'known c' },
    ]);
    expect(b.accepts(result('a', 'fail'))).toBe(true);
    expect(b.accepts(result('a', 'pass'))).toBe(false);
    expect(b.accepts(result('z', 'fail'))).toBe(false);
    // Asking changes nothing; applying marks, and keeps what passed.
    expect(b.stale).toEqual([]);
    expect(b.apply(result('a', 'fail')).baselined).toBe('known a');
    expect(b.apply(result('b', 'warn')).baselined).toBe('known b');
    expect(b.apply(result('c', 'pass')).baselined).toBeUndefined();
    expect(b.apply(result('z', 'fail')).baselined).toBeUndefined();
    expect(b.apply(result('a', 'not-tested')).baselined).toBeUndefined();
    expect(b.stale).toEqual(['c']);
  });

  it('is written from every failure of a run, the run entries left out', () => {
    const written = baselineOf(
      [result('a', 'fail'), result('b', 'pass'), result('c', 'error'), result('run.finished', 'error', 'run')],
      'why',
    );
    expect(written).toEqual({
      baselineVersion: 1,
      known: [
        { check: 'a', reason: 'why' },
        { check: 'c', reason: 'why' },
      ],
    });
  });
});
