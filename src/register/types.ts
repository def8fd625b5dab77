/** One normative statement of the spec, as data. IDs are never renumbered: retire instead. */
export type Level = 'MUST' | 'SHOULD' | 'MAY';

export interface Requirement {
  /** Stable ID, e.g. `LKUP-003`. */
  id: string;
  level: Level;
  /**
   * Dialect-free capability name: a wire capability without its prefix
   * (`shopping.catalog.search`), or a cross-cutting area (`profile`, `envelope`).
   */
  capability: string;
  /** `Document N §Heading`. */
  source: string;
  /** One sentence, in our words. */
  statement: string;
  /** True when the spec implies the rule without a keyword and the level is ours. */
  derived?: boolean;
  /** Why no check can test this over HTTP; a requirement with this carries no check. */
  untestable?: string;
  /**
   * Testable over HTTP, but no check judges it yet: why, and where its check would go. Reported as
   * not yet checked (`requirements`, `explain`, the README's coverage figures), never as covered.
   */
  unchecked?: string;
  /** Set when the ID is withdrawn; the ID is never reused. */
  retired?: string;
}
