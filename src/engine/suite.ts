import type { Effect } from '../report/types.js';
import type { ScenarioContext } from './context.js';
import type { CheckSpec } from './check.js';
import type { ExchangeRule } from './rule.js';

export type { CheckSpec };

/** A scripted sequence of exchanges feeding one or more checks. It describes; the engine runs it. */
export interface Scenario {
  id: string;
  title: string;
  effect: Effect;
  checks: readonly CheckSpec[];
  run(t: ScenarioContext): Promise<void>;
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
  scenarios: Scenario[];
  /** Rules judged over every exchange of the run, once all scenarios have run. */
  rules?: ExchangeRule[];
}
