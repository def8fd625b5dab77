/**
 * Thrown by a scenario's stop calls (`t.stopNotTested`, `t.stopBlocked`) and caught only by the
 * engine: every check not yet concluded gets this verdict and message.
 */
export class Stop extends Error {
  constructor(
    readonly verdict: 'not-tested' | 'blocked',
    message: string,
  ) {
    super(message);
  }
}

/** Thrown inside a scenario: the harness could not evaluate (network, timeout); remaining checks are errors. */
export class HarnessError extends Error {}
