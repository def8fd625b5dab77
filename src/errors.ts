/** Bad flags, config or dialect: exit 2 with one line. */
export class UsageError extends Error {}

/** The target cannot be checked at all (profile unreachable, not a profile): exit 3 with one line. */
export class TargetUnusableError extends Error {}
