export const EXIT = {
  /** No MUST failed. */
  ok: 0,
  /** A MUST failed (with --strict, a SHOULD too). */
  failed: 1,
  /** Usage or config error. */
  usage: 2,
  /** Target unusable. */
  unusable: 3,
  /** A defect of proto-conformance itself. */
  internal: 4,
} as const;
