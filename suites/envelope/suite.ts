import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import { ENVELOPE_RULES } from '../../src/protocol/envelope.js';

/** How many offending exchanges a failing envelope check carries as evidence. */
const EVIDENCE_LIMIT = 3;

/** Applies every envelope rule to every service response the other suites received. */
export const envelopeSuite: Suite = {
  id: 'envelope',
  title: 'Response envelope of every response',
  capability: 'envelope',
  appliesWhen: 'always',
  afterAll: true,
  scenarios: [
    {
      id: 'envelope.every-response',
      title: 'Envelope rules over every service response of the run',
      effect: 'read',
      checks: ENVELOPE_RULES.map((r) => ({ id: r.checkId, title: r.title, requirements: [r.requirement] })),
      run: async (t) => checkEnvelopes(t),
    },
  ],
};

async function checkEnvelopes(t: ScenarioContext): Promise<void> {
  const responses = t.runExchanges.filter((x) => x.service !== undefined && x.status !== undefined);
  t.need(responses.length ? responses : undefined, 'at least one service response from the other suites');
  for (const rule of ENVELOPE_RULES) {
    const judged = responses.filter((x) => rule.applies(x, t.dialect));
    if (judged.length === 0) {
      t.notTested(rule.checkId, `none of the ${responses.length} responses was one of the ${rule.appliesTo}`);
      continue;
    }
    const offending = judged
      .map((x) => ({ x, problems: rule.problems(x, t.dialect) }))
      .filter((o) => o.problems.length > 0);
    if (offending.length === 0) {
      t.pass(rule.checkId, `held on ${judged.length} ${rule.appliesTo}`);
      continue;
    }
    const first = offending[0];
    t.fail(rule.checkId, {
      message: `${offending.length} of ${judged.length} ${rule.appliesTo} break it; first: ${first.x.method} ${first.x.url}: ${first.problems[0]}`,
      actual: offending.slice(0, EVIDENCE_LIMIT).map((o) => `#${o.x.seq} ${o.x.operation}: ${o.problems.join('; ')}`).join(' | '),
      exchanges: offending.slice(0, EVIDENCE_LIMIT).map((o) => o.x),
    });
  }
}
