import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'idempotency';

/** Document 1 §Limits and §Errors; Documents 2 and 3 repeat them for their operations. */
export const requirements: Requirement[] = [
  {
    id: 'IDEM-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'A duplicate Idempotency-Key with a matching body returns the stored result: the same HTTP status and the same body. Bodies are compared as JSON values, since a stored result written out again with other whitespace or member order is the same JSON (RFC 8259). On ask (Document 2 §POST /ask) the stored result comes back without another turn appended to the conversation.',
  },
  {
    id: 'IDEM-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'A replayed request has no second effect: a replayed create returns the resource the first one made, and a replayed complete the order the first one placed.',
  },
  {
    id: 'IDEM-003',
    level: 'MUST',
    capability,
    source: `${D1} §Errors`,
    statement:
      'A duplicate Idempotency-Key whose body differs from the original (a changed quantity, another question on ask, another payment instrument on complete) returns HTTP 409.',
  },
  {
    id: 'IDEM-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Errors`,
    statement:
      'A request refused with 409 for a reused key changes nothing: the resource reads back as the original request left it. A conflict that takes effect is no refusal.',
  },
  {
    id: 'IDEM-005',
    level: 'SHOULD',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'A state-changing cart or checkout request sent without an Idempotency-Key gets HTTP 400. The header is required ("yes for cart and checkout operations") and 400 covers "missing required parameters"; the spec does not say a header is such a parameter, so the level is SHOULD.',
  },
  {
    id: 'IDEM-006',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'Whether a body equal as JSON but different in bytes (whitespace, member order) "matches" is not shown; the checker reports what a replay of that kind gets.',
  },
  {
    id: 'IDEM-007',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'The scope of a key across operations is not shown; the checker reports what the same key gets on another operation of the same resource.',
  },
  {
    id: 'IDEM-008',
    level: 'MUST',
    capability,
    source: `${D1} §Limits`,
    statement:
      'The server stores the key with the result for at least 24 hours (Document 2 §Limits repeats it for ask). A run lasts minutes, so it is judged across two: one with --keep-keys keeps its keyed create, update and complete requests as sent, and one with --replay-from, 24 hours or more later, sends each again under its key and expects the stored result (the same status, resource id and body); a 409 or a new resource means the key was forgotten. Ask, where the key is optional, is not replayed. Without a store old enough the check is not-tested.',
  },
  {
    id: 'IDEM-009',
    level: 'SHOULD',
    capability,
    source: `${D1} §Limits`,
    statement:
      "Operations that modify state SHOULD support idempotency. A cancel, which has no further effect when repeated, is judged by this sentence: its replay returning the stored result (the same status and body as JSON) is advised, and a business that keeps no result for it gets a warning, never the MUST of IDEM-001. So is the 409 for its key with another body (the spec fixes a cancel's body as the empty object, so a 400 refusing another body says nothing of the key).",
  },
];
