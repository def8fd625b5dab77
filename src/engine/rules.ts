import type { Target } from '../discovery/target.js';
import type { Exchange } from '../report/exchange.js';
import { resourceIds } from '../protocol/resource-ids.js';
import { validatorFor } from '../schemas.js';
import type { ExchangeRule, RuleContext } from './rule.js';
import type { Settled } from './check.js';

/** How many offending exchanges a broken rule cites. */
const EVIDENCE_LIMIT = 3;

/** One exchange a rule applies to, and what is wrong with it (nothing when it holds). */
interface Judged {
  x: Exchange;
  problems: string[];
  /** The rule itself threw on this exchange: a defect of ours, never the business's. */
  defect?: string;
}

/**
 * Rules judged as the exchanges arrive: each answered, non-clean-up exchange once, by every rule
 * that applies to it, so the run's end only has to settle them. What a rule cites first follows
 * `order`, not arrival, so concurrent scenarios do not change a verdict's wording.
 */
export class RuleJudge {
  private readonly judged = new Map<ExchangeRule, Judged[]>();
  private answered = 0;
  /** For each optional rule: how many responses showed the business's choice, and whether one carried it. */
  private readonly choice = new Map<
    ExchangeRule,
    { of: NonNullable<ExchangeRule['optional']>; shown: number; carried: boolean }
  >();
  private readonly r: RuleContext;
  /** Identifiers the run read, gathered only when a rule is judged at the end. */
  private readonly idsRead = new Set<string>();
  private readonly gathers: boolean;

  constructor(
    rules: readonly ExchangeRule[],
    target: Target,
    private readonly order: (a: Exchange, b: Exchange) => number = (a, b) => a.seq - b.seq,
  ) {
    for (const rule of rules) {
      this.judged.set(rule, []);
      if (rule.optional) this.choice.set(rule, { of: rule.optional, shown: 0, carried: false });
    }
    this.r = {
      dialect: target.dialect,
      target,
      validate: (schema, body) => validatorFor(schema, target.dialect.envelopeKey)(body),
      idsRead: new Set(),
    };
    this.gathers = rules.some((rule) => rule.atEnd);
  }

  see(x: Exchange): void {
    // No whole answer to judge: no response, or one the client could not read (too large, too deep).
    if (x.role === 'cleanup' || x.status === undefined || x.transportError) return;
    this.answered += 1;
    if (this.gathers) for (const id of resourceIds(x.sentJson, x.json)) this.idsRead.add(id);
    for (const [rule, judged] of this.judged) {
      try {
        const choice = this.choice.get(rule);
        if (choice?.of.shownOn.applies(x, this.r)) choice.shown += 1;
        if (choice && x.service !== undefined && choice.of.carries(x)) choice.carried = true;
        // One judged at the end is judged in settle(), once every exchange is in.
        if (rule.applies(x, this.r)) judged.push({ x, problems: rule.atEnd ? [] : rule.problems(x, this.r) });
      } catch (err) {
        judged.push({ x, problems: [], defect: (err as Error)?.message ?? String(err) });
      }
    }
  }

  /** The rule's conclusion over every exchange seen. */
  settle(rule: ExchangeRule): Settled {
    const seen = this.judged.get(rule) ?? [];
    const judged = (rule.atEnd ? seen.map((j) => this.atEnd(rule, j)) : [...seen]).sort((a, b) => this.order(a.x, b.x));
    const defect = judged.find((j) => j.defect !== undefined);
    if (defect) {
      return {
        verdict: 'error',
        message: `harness defect judging #${defect.x.seq}: ${defect.defect}`,
        exchanges: [defect.x],
        durationMs: 0,
      };
    }
    const choice = this.choice.get(rule);
    if (judged.length === 0 && choice && choice.shown > 0 && !choice.carried) {
      return {
        verdict: 'not-applicable',
        message: `no service response carried ${choice.of.what}, and the run saw ${choice.shown} ${choice.of.shownOn.words(this.r)}`,
        exchanges: [],
        durationMs: 0,
      };
    }
    if (judged.length === 0) {
      return {
        verdict: 'not-tested',
        message: `none of the run's ${this.answered} answered requests was one of the ${rule.appliesTo}`,
        exchanges: [],
        durationMs: 0,
      };
    }
    const offending = judged.filter((j) => j.problems.length > 0);
    if (offending.length === 0) {
      const more = rule.coverage?.(
        judged.map((j) => j.x),
        this.r,
      );
      return {
        verdict: 'pass',
        message: `held on ${judged.length} ${rule.appliesTo}${more ? `; ${more}` : ''}`,
        exchanges: judged.slice(0, EVIDENCE_LIMIT).map((j) => j.x),
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

  private atEnd(rule: ExchangeRule, j: Judged): Judged {
    if (j.defect !== undefined) return j;
    try {
      return { x: j.x, problems: rule.problems(j.x, { ...this.r, idsRead: this.idsRead }) };
    } catch (err) {
      return { x: j.x, problems: [], defect: (err as Error)?.message ?? String(err) };
    }
  }
}
