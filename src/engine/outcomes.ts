/** Thrown inside a scenario: the remaining checks are blocked by the named check. */
export class Blocked extends Error {
  constructor(readonly checkId: string) {
    super(`blocked by ${checkId}`);
  }
}

/** Thrown inside a scenario: the run lacks config or permission; the remaining checks are not-tested. */
export class NotTested extends Error {}

/** Thrown inside a scenario: the harness could not evaluate (network, timeout); remaining checks are errors. */
export class HarnessError extends Error {}
