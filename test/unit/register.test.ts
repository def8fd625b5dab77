import { describe, expect, it } from 'vitest';
import { CORPUS_FAULTS, expectedRequirements } from '../../src/corpus/index.js';
import { allRequirements, findRequirement } from '../../src/register/index.js';
import { suites } from '../../suites/index.js';

const checks = suites.flatMap((s) => [
  ...s.scenarios.flatMap((sc) => sc.checks),
  ...(s.rules ?? []).map((r) => r.check),
]);
const cited = new Set(checks.flatMap((c) => c.requirements));
const expected = new Set(CORPUS_FAULTS.flatMap(expectedRequirements));
const failedByAFault = new Set(CORPUS_FAULTS.flatMap((f) => f.fails));

describe('the requirement register', () => {
  const all = allRequirements();

  it('has unique, well-formed records', () => {
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (const r of all) {
      expect(r.id).toMatch(/^[A-Z]+-\d{3}$/);
      expect(['MUST', 'SHOULD', 'MAY']).toContain(r.level);
      expect(r.source).toMatch(/^Document [123] §\S/);
      expect(r.statement).toMatch(/^\S.{10,}\.$/);
      expect(r.capability.length).toBeGreaterThan(0);
    }
  });

  it('has a check for every testable requirement, and none for an untestable one', () => {
    const testable = all.filter((r) => !r.untestable && !r.retired && !r.unchecked).map((r) => r.id);
    expect(testable.filter((id) => !cited.has(id))).toEqual([]);
    expect(all.filter((r) => r.untestable && cited.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('marks a requirement not yet checked only while no check cites it, and says why', () => {
    // A check that arrives makes the mark a lie: drop it then.
    expect(all.filter((r) => r.unchecked && cited.has(r.id)).map((r) => r.id)).toEqual([]);
    expect(all.filter((r) => r.unchecked && r.untestable).map((r) => r.id)).toEqual([]);
    for (const r of all.filter((x) => x.unchecked)) expect(r.unchecked, r.id).toMatch(/\S.{20,}/);
  });

  it('is cited only by IDs it holds, none of them retired', () => {
    expect([...cited].filter((id) => !findRequirement(id))).toEqual([]);
    expect([...cited].filter((id) => findRequirement(id)?.retired)).toEqual([]);
  });

  it('says why each retired requirement was withdrawn, and what replaced it', () => {
    for (const r of all.filter((x) => x.retired)) expect(r.retired, r.id).toMatch(/\S.{20,}/);
  });

  it('has unique check IDs across all suites', () => {
    const ids = checks.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('the fault corpus against the checks', () => {
  it('proves every check that can fail: each is failed by at least one fault', () => {
    // A check whose requirements are all MAY can only be info: nothing to fail.
    const canFail = checks.filter((c) => c.requirements.some((id) => findRequirement(id)?.level !== 'MAY'));
    expect(canFail.filter((c) => !failedByAFault.has(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('names only checks that exist', () => {
    const ids = new Set(checks.map((c) => c.id));
    expect([...failedByAFault].filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('the fault corpus against the register', () => {
  it('proves every checked MUST and SHOULD can fail: each is expected by at least one fault', () => {
    // A broken MAY, or an observation where the spec says "not shown", is info: it never fails.
    const canFail = [...cited].filter((id) => findRequirement(id)?.level !== 'MAY');
    expect(canFail.filter((id) => !expected.has(id)).sort()).toEqual([]);
  });

  it('expects only requirements that a check cites', () => {
    expect([...expected].filter((id) => !cited.has(id)).sort()).toEqual([]);
  });

  it('has each fault name the requirements it breaks: exactly those its failing checks cite', () => {
    const wrong = CORPUS_FAULTS.filter((f) => [...f.breaks].join() !== expectedRequirements(f).join());
    expect(
      wrong.map(
        (f) => `${f.name}: breaks ${f.breaks.join(', ')}; its checks cite ${expectedRequirements(f).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it('breaks only requirements of the register', () => {
    expect(
      CORPUS_FAULTS.flatMap((f) => f.breaks.filter((id) => !findRequirement(id)).map((id) => `${f.name}: ${id}`)),
    ).toEqual([]);
  });
});
