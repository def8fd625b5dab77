import type { Dialect } from '../dialect/dialect.js';
import type { Target } from '../discovery/target.js';
import type { Exchange } from '../report/exchange.js';
import type { CheckSpec } from './check.js';
import type { Effect } from '../report/types.js';

/** What a rule may consult besides the exchange: no client, so a rule never sends anything. */
export interface RuleContext {
  dialect: Dialect;
  target: Target;
  /** Problems of a body against a schema in schemas/, in the target's dialect. */
  validate(schema: string, body: unknown): string[];
  /**
   * Every identifier of an addressable resource the run read (src/protocol/resource-ids.ts): given
   * to a rule judged at the run's end (`atEnd`), empty for the others.
   */
  idsRead: ReadonlySet<string>;
}

/**
 * A rule over every exchange: beside scenarios, the second kind of thing a suite declares. The
 * engine judges it on every exchange of the run's log that it applies to (clean-up excluded);
 * it passes when all of them hold, and is not-tested when the run saw none.
 */
export interface ExchangeRule {
  check: CheckSpec;
  /** The exchanges it judges, in words, for the message of a run that saw none. */
  appliesTo: string;
  applies(x: Exchange, r: RuleContext): boolean;
  /** What is wrong with one exchange it applies to; empty when it holds. */
  problems(x: Exchange, r: RuleContext): string[];
  /**
   * The side-effect class of the requests it judges, when they come from other suites' scenarios
   * (a completed checkout is irreversible): with that class not allowed, seeing none is said so.
   */
  effect?: Effect;
  /**
   * The capabilities whose responses it judges, when it belongs to no capability's suite: a business
   * advertising none of them has nothing it applies to (not-applicable, not not-tested).
   */
  capabilities?: readonly string[];
  /**
   * What it judges is the business's option (a response signature): when the run saw the responses
   * on which leaving it out shows as a choice (`shownOn`) and no service response carried it, there
   * is nothing to judge (not-applicable); without those responses the run lacked them (not-tested).
   */
  optional?: {
    carries(x: Exchange): boolean;
    /** Finishes "no service response carried …" (what, and that it is optional). */
    what: string;
    shownOn: { applies(x: Exchange, r: RuleContext): boolean; words(r: RuleContext): string };
  };
  /**
   * Judged once the run is over, with `idsRead` holding every identifier the run read: what it
   * judges on one exchange hangs on the others, and so must not hang on the order they came in.
   */
  atEnd?: true;
  /** Said when it held, after "held on N …" (e.g. what the run never exercised). */
  coverage?(judged: Exchange[], r: RuleContext): string | undefined;
}
