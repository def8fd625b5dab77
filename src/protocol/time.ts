/**
 * RFC 3339 §5.6 date-time: full-date "T" full-time, where time-offset is Z or ±hh:mm. Its note
 * lets a space stand for the T, and §5.6 makes T and Z case-insensitive; a leap second (60) is
 * allowed.
 */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** Whether a value is an RFC 3339 date-time. */
export const isRfc3339DateTime = (value: unknown): boolean => typeof value === 'string' && DATE_TIME.test(value);
