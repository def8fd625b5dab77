import type { Requirement } from './types.js';

const D3 = 'Document 3';
const capability = 'lodging.booking';
const platformOnly = (what: string) => `Binds the platform, not the business; ${what}`;

/**
 * The lodging service's own requirements. What Document 3 restates of Document 1 (TLS, JSON
 * bodies, the envelope and messages, headers, transport status codes, Idempotency-Key rules)
 * "appl[ies] here unchanged": those are the Document 1 requirements, judged on the lodging
 * operations by the transport, envelope, requests, idempotency, signatures and versions suites.
 */
export const requirements: Requirement[] = [
  {
    id: 'BOOK-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'Create Booking Session with an available room answers HTTP 201 with a session in status incomplete (or ready_for_complete, for a business that enforces no field), carrying totals and links.',
  },
  {
    id: 'BOOK-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'When the selected room is no longer available, create answers HTTP 200, proto.status error, an error inventory_exhausted with severity unrecoverable, and continue_url, and no session is created.',
  },
  {
    id: 'BOOK-003',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      "Updates that supply the guests, booker, travel purpose and guest assignments the session's messages ask for bring it to ready_for_complete; a field it still calls missing after an update carried it is a field it ignored.",
  },
  {
    id: 'BOOK-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Endpoints`,
    statement:
      'Update is a full replacement: guests, booker, travel_purpose and guest assignments set by an earlier update and sent again are kept, and one left out (the booker) is not kept: the platform "includes every previously set field it wants to keep". Another value the business holds itself is reported, since where it may take one from is not said.',
  },
  {
    id: 'BOOK-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Endpoints`,
    statement:
      'All fields of guests, booker, travel_purpose and guest assignments are optional, so an update carrying only some of them is answered with the session (its messages may ask for the rest), not refused.',
  },
  {
    id: 'BOOK-006',
    level: 'MUST',
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'Completing a ready session with an accepted payment gives status completed (at once, or after complete_in_progress, since how a session enters it is not shown), and the response of a completed booking carries a confirmation object. Which fields complete needs is not shown: a complete refused with messages saying why (fields the config lacks, a payment not accepted) is not-tested, unless it calls missing a field the request carried.',
  },
  {
    id: 'BOOK-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement: 'Cancel Booking Session with an empty JSON object answers HTTP 200 with the session in status canceled.',
  },
  {
    id: 'BOOK-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'An update while complete_in_progress answers the current session unchanged, still complete_in_progress, with a recoverable error message.',
  },
  {
    id: 'BOOK-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'Every response carrying a booking session has an id, a status of the five states, a property with an id and one or more stays (a cancel\'s answer, of which the text says only "Status updated in the response", an id and a status; a complete\'s answer, which "has status completed and confirmation", the same), and its other known members are well-typed when present (expires_at an RFC 3339 timestamp).',
  },
  {
    id: 'BOOK-010',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Endpoints`,
    statement:
      'Get Booking Session returns the session as it currently is: its status and the people the last update left it with.',
  },
  {
    id: 'BOOK-011',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'The envelope of a booking session "Includes payment_handlers" (a Notes column: a known member, not individually required): a registry it carries is a payment handler registry, and while the session is open a handler with an id is named there or, else, in the profile ("advertises the capability in its profile together with payment handlers"), since Complete names a handler_id; a response without its own registry is reported.',
  },
  {
    id: 'BOOK-012',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'The confirmation members id, label and pincode are strings when present; each is a known member, so one that is absent is reported, not failed.',
  },
  {
    id: 'BOOK-013',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'Dates (stay_dates.start_date and end_date, booker.birthdate) are written YYYY-MM-DD and name a calendar day.',
  },
  {
    id: 'BOOK-014',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement: 'currency, when present, is an ISO 4217 alphabetic code: three upper-case letters.',
  },
  {
    id: 'BOOK-015',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §What the service does`,
    statement:
      'An update answered with the session still incomplete states in its messages what the business expects (the business "states such expectations through messages"); a create answers incomplete whatever the business enforces, so one that enforces nothing may say nothing there.',
  },
  {
    id: 'BOOK-016',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §What the service does`,
    statement:
      'A message of code missing (Document 1 §Errors: "required field absent, with path") carries the JSON path of the absent field; on a response carrying a session (an expectation the platform is to meet) it is recoverable when it states a severity. An error response that made no session may call its refusal unrecoverable: Document 3 does not say.',
  },
  {
    id: 'BOOK-017',
    level: 'MAY',
    capability,
    source: `${D3} §What the service does`,
    statement:
      'A business may enforce presence of fields in guests, booker, guest_assignments or addresses such as a billing address.',
    untestable:
      'A permission, not an obligation: nothing a business does can break it; BOOK-015 checks that it says what it enforces.',
  },
  {
    id: 'BOOK-018',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Endpoints`,
    statement:
      'The platform sends the entire booking session on update, including every previously set field it wants to keep.',
    untestable: platformOnly('the checker always sends the session as last received, with its changes.'),
  },
  {
    id: 'BOOK-019',
    level: 'MUST',
    capability,
    source: `${D3} §States and transitions`,
    statement: 'The platform does not start a new update while the session is complete_in_progress.',
    untestable: platformOnly('BOOK-008 checks how the business answers one anyway.'),
  },
  {
    id: 'BOOK-020',
    level: 'MUST',
    capability,
    source: `${D3} §Endpoints`,
    statement: 'Idempotency-Key, Request-Id and Proto-Agent are sent on every lodging request, Get included.',
    untestable: platformOnly(
      'the operations table marks every booking operation as needing a key, and the checker sends all three.',
    ),
  },
  {
    id: 'BOOK-021',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'How a session enters complete_in_progress is not shown; the checker uses a payment token the config names for it.',
    untestable: 'Not shown: without payment.in_progress_token in the config, BOOK-008 is not-tested.',
  },
  {
    id: 'BOOK-022',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'Values of travel_purpose and role beyond leisure, primary and accompanying, and which fields are mandatory on create or complete, are not shown; any string is accepted.',
    untestable: "Not shown: nothing to hold a business to. The checker sends what the business's messages ask for.",
  },
  {
    id: 'BOOK-023',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §Errors`,
    statement:
      'What Get Booking Session answers for a session that does not exist is not shown (not_found, or a transport 404, are both plausible); the checker reports what it gets.',
    retired:
      'Too lax: Document 1 §What the service does 7, whose error layers "apply here unchanged" (Document 3), makes not found a business outcome at HTTP 200 with the envelope and messages; only its code is not shown for lodging. Replaced by BOOK-029.',
  },
  {
    id: 'BOOK-024',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §Limits`,
    statement: 'Session lifetime is signalled by expires_at; its duration is not shown.',
    untestable:
      'Not shown: no duration to compare; BOOK-009 checks that expires_at is an RFC 3339 timestamp when present.',
  },
  {
    id: 'BOOK-025',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §What the service does`,
    statement:
      "The business advertises the capability in its profile together with payment handlers; Document 1 §Response envelope makes a profile's payment_handlers optional, and a booking's own responses may name them instead (BOOK-011 needs one or the other), so the checker reports whether the profile names them.",
  },
  {
    id: 'BOOK-026',
    level: 'MUST',
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'confirmation "MUST be set in the response of a completed booking": every response carrying the session in status completed, Get and replays included, carries a confirmation object.',
  },
  {
    id: 'BOOK-027',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'Cancel Booking Session moves "(a session)" to canceled with no condition, but whether a business may refuse to cancel a completed booking (a non-refundable stay) is not said; the checker reports what a cancel of a completed booking answers.',
  },
  {
    id: 'BOOK-028',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Errors`,
    statement:
      'Business outcomes "(for example invalid guest information) return HTTP 200 with the envelope and messages": an update carrying a guest email that is no email address is answered HTTP 200 with the envelope, not refused with a transport error.',
  },
  {
    id: 'BOOK-029',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §What the service does`,
    statement:
      'Not found is a business outcome ("Business outcomes return HTTP 200 with the envelope and `messages`"; Document 1 §What the service does 7, which applies here unchanged): Get Booking Session of a session that does not exist answers HTTP 200 with status error and an error message, not a transport 404. "Other codes specific to lodging: not shown", so any code serves, and the checker says which came.',
  },
  {
    id: 'BOOK-030',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §States and transitions`,
    statement:
      'The only transition to completed is Complete Booking Session from ready_for_complete: complete of a session whose last answer was incomplete is not answered completed. Transitions into complete_in_progress are not shown, so such an answer is reported.',
  },
  {
    id: 'BOOK-031',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      "A guest assignment's guest_id \"refers to a guests element\": in a response that lists guests with ids, every assignment of its stays names one of them, unless the response's own messages call the assignments out (an assignment answered invalid is the platform's, shown as sent).",
  },
  {
    id: 'BOOK-032',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      'A Stay\'s id is the "Stay identifier supplied by the platform": where a create or update supplied stay ids, every stay id its answer shows is one of them (a business may assign its own only where none was supplied, BOOK-004 aside).',
  },
  {
    id: 'BOOK-033',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D3} §Resources and their fields`,
    statement:
      "A payment instrument's handler_id names a handler entry (Document 1 §Shared value objects: \"id of a handler entry\"): every instrument a booking response shows names a handler of the response's payment_handlers, or of the profile's when the response has none.",
  },
];
