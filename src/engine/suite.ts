import type { Effect } from '../report/types.js';
import type { ScenarioContext } from './context.js';
import type { CheckSpec } from './check.js';
import type { ExchangeRule } from './rule.js';

export type { CheckSpec };

/** Only `scenario()` gives a scenario this mark, so no scenario skips the typing of its check IDs. */
declare const declared: unique symbol;

/** A scripted sequence of exchanges feeding one or more checks. It describes; the engine runs it. */
export interface Scenario {
  id: string;
  title: string;
  effect: Effect;
  /** It floods the business with a bounded burst of requests: run only under `--allow burst`. */
  burst?: true;
  checks: readonly CheckSpec[];
  run: (t: ScenarioContext<string>) => Promise<void>;
  readonly [declared]: true;
}

/** What a scenario declares: `C` is the IDs of its checks, and all its run may conclude. */
export interface ScenarioSpec<C extends string> {
  id: string;
  title: string;
  effect: Effect;
  burst?: true;
  checks: readonly CheckSpec<C>[];
  // A property, not a method, so a run typed for more checks than declared is refused too.
  run: (t: ScenarioContext<NoInfer<C>>) => Promise<void>;
}

/**
 * Declares a scenario. `C` is inferred from its checks' IDs, so its run concluding another check
 * is a compile error; where IDs are computed, their type is what TypeScript checks, and the
 * context refuses an undeclared one when it runs.
 */
export function scenario<C extends string>(spec: ScenarioSpec<C>): Scenario {
  // The mark is a type alone: the spec is the scenario.
  return spec as unknown as Scenario;
}

/** When a suite applies. */
export type Applicability =
  /** Only when its capability is advertised (or named by overrides). */
  | 'advertised'
  /** Only when the profile was read. */
  | 'profile'
  /** Always (cross-cutting rules). */
  | 'always';

export interface Suite {
  id: string;
  title: string;
  /** Dialect-free capability (`shopping.catalog.search`) or cross-cutting area (`profile`, `envelope`). */
  capability: string;
  appliesWhen: Applicability;
  /**
   * Capabilities whose operations its scenarios call or whose results they start from (an order
   * is placed through checkout; lookup finds its ids by search). A run narrowed to this suite's
   * capability keeps them (the corpus's scopes read this).
   */
  needs?: readonly string[];
  scenarios: Scenario[];
  /** Rules judged on every exchange of the run as it is recorded, and settled once all scenarios have run. */
  rules?: ExchangeRule[];
}
