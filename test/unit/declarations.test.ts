import { describe, expect, it } from 'vitest';
import { suites } from '../../suites/index.js';

/**
 * What every suite declares, pinned: suite, scenario and check ids, titles, side-effect classes,
 * the requirements each check concludes on, and what each rule judges. These are the tool's
 * contract with its reports and with CI history; a change to any of them is reviewed here
 * (`npx vitest run test/unit/declarations.test.ts -u`), not slipped in.
 */
describe('suite declarations', () => {
  it('are what the reports and the register promise', () => {
    const declared = suites.map((s) => ({
      suite: `${s.id} | ${s.title} | ${s.capability} | ${s.appliesWhen}`,
      scenarios: s.scenarios.map((sc) => ({
        scenario: `${sc.id} | ${sc.title} | ${sc.effect}`,
        checks: sc.checks.map((c) => `${c.id} | ${c.title} | ${c.requirements.join(' ')}`),
      })),
      rules: (s.rules ?? []).map(
        (r) =>
          `${r.check.id} | ${r.check.title} | ${r.check.requirements.join(' ')} | ${r.appliesTo}${r.effect ? ` | ${r.effect}` : ''}`,
      ),
    }));
    expect(declared).toMatchSnapshot();
  });
});
