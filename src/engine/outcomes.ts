/**
 * Thrown by a scenario's stop calls (`t.stopNotTested`, `t.stopBlocked`) and caught only by the
 * engine: every check not yet concluded gets this verdict and message.
 */
export class Stop extends Error {
  /**
   * `waitsOn`: checks whose failure explains a not-tested stop (a fixture the run could not find
   * because the step that finds it broke): when one of them failed, the check is blocked by it.
   */
  constructor(
    readonly verdict: 'not-tested' | 'blocked',
    message: string,
    readonly waitsOn: readonly string[] = [],
  ) {
    super(message);
  }
}

/** Thrown inside a scenario: the harness could not evaluate (network, timeout); remaining checks are errors. */
export class HarnessError extends Error {}
