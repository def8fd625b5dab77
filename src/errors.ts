/** Bad flags, config or dialect: exit 2 with one line. */
export class UsageError extends Error {}

/** The target cannot be checked at all (profile unreachable, not a profile): exit 3 with one line. */
export class TargetUnusableError extends Error {}

/** The run was interrupted (a signal) or its deadline passed: no request is sent after it but clean-up. */
export class RunHalted extends Error {}

/** A regrade asked for an exchange its transcript does not hold: the checks that needed it are not-tested. */
export class NotInTranscript extends Error {}

/** A request the run was not allowed to send (one that completes, without --allow irreversible): never sent. */
export class NotConsented extends Error {}
