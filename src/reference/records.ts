/** The fault and variation records of the reference business, and their makers. */
import type { Plugs } from './shared/hooks.js';

/**
 * Named faults of the reference business. Each breaks one behaviour the way a real
 * implementation might, and names the requirements it breaks. Which checks a run against it must
 * fail is the corpus's knowledge (src/corpus/), not the business's.
 */
export interface Fault<H = object> {
  name: string;
  /** Area the fault breaks: a dialect-free capability or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  /** The register IDs a run against the business with this fault must fail (or warn on). */
  breaks: readonly string[];
  /** Variations the fault needs on to have something to break (an auth fault needs auth); switched on with it. */
  needs?: readonly string[];
  /** What it does: a function at each hook point where it acts (src/reference/shared/hooks.ts). */
  plug?: Plugs<H>;
}

/**
 * Named variations of the reference business: each makes a choice the spec permits that differs
 * from the reference's default. A run against the business with any of them on must fail, warn
 * and error on nothing. `permitted_by` cites the sentence (or the "not shown") that allows the
 * choice; the description says what a naive checker would get wrong.
 */
export interface Variation<H = object> {
  name: string;
  /** Area the variation touches: a dialect-free capability, or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  permitted_by: string;
  /** Variations that cannot be on together with this one. */
  conflicts?: string[];
  /**
   * Faults this variation leaves nothing to break, or changes what they break (no keys to leak,
   * no has_next_page to misstate): the pair is refused, and the composition test skips it.
   */
  hides?: string[];
  /** What it does: a function at each hook point where it acts (src/reference/shared/hooks.ts). */
  plug?: Plugs<H>;
}

/**
 * The record makers of a module, typed by the hook points its records may plug into: a plug at a
 * hook the module does not have, or of the wrong shape, does not compile.
 */
export function recordsFor<H>() {
  return {
    fault: <N extends string>(f: Fault<H> & { name: N }) => f,
    variation: <N extends string>(v: Variation<H> & { name: N }) => v,
  };
}

/** Records that plug into no hook (they act through the business's setup, or a switch a handler reads). */
export const { fault, variation } = recordsFor<object>();
