/** What a run uses when no flag, variable or config says otherwise; help shows these. Loads nothing. */
export const RUN_DEFAULTS = {
  timeout: '10000',
  /** Generous for a business 400 ms away, finite for one that hangs. */
  deadline: String(10 * 60 * 1000),
  maxResponseBytes: String(5 * 1024 * 1024),
} as const;
