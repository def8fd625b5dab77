import type { Target } from '../discovery/target.js';
import type { Exchange } from '../report/exchange.js';
import { validatorFor } from '../schemas.js';
import type { ExchangeRule, RuleContext } from './rule.js';
import type { Settled } from './check.js';

/** How many offending exchanges a broken rule cites. */
const EVIDENCE_LIMIT = 3;

/** Judges one rule over the run's log: every answered, non-clean-up exchange it applies to. */
export function judgeRule(rule: ExchangeRule, log: readonly Exchange[], target: Target): Settled {
  const r: RuleContext = {
    dialect: target.dialect,
    target,
    validate: (schema, body) => validatorFor(schema, target.dialect.envelopeKey)(body),
  };
  const answered = log.filter((x) => x.role !== 'cleanup' && x.status !== undefined);
  const judged = answered.filter((x) => rule.applies(x, r));
  if (judged.length === 0) {
    return {
      verdict: 'not-tested',
      message: `none of the run's ${answered.length} answered requests was one of the ${rule.appliesTo}`,
      exchanges: [],
      durationMs: 0,
    };
  }
  const offending = judged.map((x) => ({ x, problems: rule.problems(x, r) })).filter((o) => o.problems.length > 0);
  if (offending.length === 0) {
    const more = rule.coverage?.(judged, r);
    return {
      verdict: 'pass',
      message: `held on ${judged.length} ${rule.appliesTo}${more ? `; ${more}` : ''}`,
      exchanges: judged.slice(0, EVIDENCE_LIMIT),
      durationMs: 0,
    };
  }
  const cited = offending.slice(0, EVIDENCE_LIMIT);
  const first = cited[0];
  return {
    verdict: 'broken',
    message: `${offending.length} of ${judged.length} ${rule.appliesTo} break it; first: #${first.x.seq} ${first.x.method} ${first.x.url}: ${first.problems[0]}`,
    expected: rule.check.title,
    actual: cited.map((o) => `#${o.x.seq} ${o.x.operation}: ${o.problems.join('; ')}`).join(' | '),
    exchanges: cited.map((o) => o.x),
    durationMs: 0,
  };
}
