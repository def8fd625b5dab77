/** Bad flags, config or dialect: exit 2 with one line. */
export class UsageError extends Error {}

import type { Exchange } from './report/exchange.js';

/** The target cannot be checked at all (profile unreachable, not a profile): exit 3 with one line. */
export class TargetUnusableError extends Error {
  /** The business's own answer that made it so (a 404, a body with no proto): reached, yet no profile served. */
  constructor(
    message: string,
    readonly answered?: Exchange,
  ) {
    super(message);
  }
}

/** The run was interrupted (a signal) or its deadline passed: no request is sent after it but clean-up. */
export class RunHalted extends Error {}

/** A regrade asked for an exchange its transcript does not hold: the checks that needed it are not-tested. */
export class NotInTranscript extends Error {}

/** A request the run was not allowed to send (one that completes, without --allow irreversible): never sent. */
export class NotConsented extends Error {}
