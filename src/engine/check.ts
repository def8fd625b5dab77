import type { Exchange } from '../report/exchange.js';
import type { Verdict } from '../report/types.js';

/** A check: one conclusion about one or more requirements. `Id` narrows its ID for a scenario's typed context. */
export interface CheckSpec<Id extends string = string> {
  /** Globally unique and stable, e.g. `catalog-lookup.variant-ids`. */
  id: Id;
  title: string;
  /** Requirement IDs this check concludes on. */
  requirements: string[];
}

/** What a check came to, before the level turns `broken` into fail, warn or info. */
export interface Settled {
  verdict: Verdict | 'broken';
  message: string;
  expected?: string;
  actual?: string;
  /** The exchanges judged. */
  exchanges: Exchange[];
  /** The scenario's requests up to the judged ones, for a reproduction script. */
  chain?: Exchange[];
  durationMs: number;
  /** For a not-tested check: the checks whose failure would explain it (it is then blocked by that one). */
  waitsOn?: readonly string[];
}
