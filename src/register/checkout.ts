import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'shopping.checkout';

export const requirements: Requirement[] = [
  {
    id: 'CHK-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'Create Checkout with available items answers HTTP 201 with a session in status incomplete (or ready_for_complete, when the request already held all the business needs).',
  },
  {
    id: 'CHK-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'An incomplete session names what is missing: recoverable error messages with code missing, each with a path.',
    retired:
      'Too strict: the spec calls code missing "typical" (§Checkout resource). Replaced by CHK-015 (an incomplete session names what is missing) and CHK-016 (a missing message carries a path).',
  },
  {
    id: 'CHK-003',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout resource`,
    statement: 'A checkout session carries id, a status of the five states, line_items, currency and totals.',
    retired:
      'Too strict: the checkout table has no Required column, and nothing requires currency or totals. Replaced by CHK-017.',
  },
  {
    id: 'CHK-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout resource`,
    statement:
      'The envelope of a checkout "Carries payment_handlers with the handlers usable for payment" (a Notes column: a known member, not individually required): a registry it carries is a payment handler registry, and while the session is open a handler with an id is named there or, else, in the profile, since Complete names a handler_id. A response without its own registry is reported, not failed.',
  },
  {
    id: 'CHK-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      "Updates that supply what the session's messages ask for, and choose among the destinations and options it offers, bring the session to ready_for_complete; a field it still calls missing after an update carried it is a field it ignored.",
  },
  {
    id: 'CHK-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'Totals are recomputed on each update and agree with themselves: the total entry equals the sum of the other entries.',
    retired:
      'No such rule: the spec fixes no arithmetic between totals entries, and tax-inclusive totals break it. Replaced by CHK-018 (totals recomputed on update).',
  },
  {
    id: 'CHK-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'Completing a ready session with an accepted payment gives status completed, at once or after complete_in_progress (asynchronous completion is not shown, so Get is polled), and an order carrying its id, which reading the order needs. Its permalink_url is a known member ("`order` (`id`, `permalink_url`)"): the order resource itself requires one (ORD-001).',
  },
  {
    id: 'CHK-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout`,
    statement: 'Cancel of an incomplete or ready_for_complete session returns it with status canceled.',
  },
  {
    id: 'CHK-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout`,
    statement:
      'When every item is unavailable at create, the answer is HTTP 200, proto.status error, an error item_unavailable with severity unrecoverable, and continue_url, and no session is created.',
  },
  {
    id: 'CHK-010',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Errors`,
    statement: 'A quantity_adjusted message is a warning whose path points at the quantity of a line item.',
  },
  {
    id: 'CHK-011',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement: 'An update while complete_in_progress returns the session unchanged with a recoverable error message.',
  },
  {
    id: 'CHK-012',
    level: 'MUST',
    capability,
    source: `${D1} §Checkout`,
    statement: 'The platform sends the whole checkout resource on update.',
    untestable: 'Binds the platform, not the business; the checker honours it by always sending the whole resource.',
  },
  {
    id: 'CHK-013',
    level: 'MUST',
    capability,
    source: `${D1} §States and transitions`,
    statement: 'The platform does not start a new update while the session is complete_in_progress.',
    untestable: 'Binds the platform, not the business; CHK-011 checks how the business answers one anyway.',
  },
  {
    id: 'CHK-014',
    level: 'MAY',
    capability,
    source: `${D1} §Checkout`,
    statement: 'Complete may return messages requiring buyer or address fields.',
    untestable: 'A permission, not an obligation: nothing a business does can break it.',
  },
  {
    id: 'CHK-015',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      "A response carrying an incomplete session names what is missing in its messages (the code is the business's; missing is only typical).",
  },
  {
    id: 'CHK-016',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Errors`,
    statement:
      'A message with code missing carries the JSON path of the absent field in path, and, on a response carrying a session, when it states a severity, it is recoverable (the recoverable missing problems are those of a created session; a create refused without one may call its refusal unrecoverable).',
  },
  {
    id: 'CHK-017',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout resource`,
    statement:
      'Every checkout response carrying a session has an id, a status of the five states and line_items (a cancel\'s answer, which "returns the session with status canceled", an id and a status; a complete\'s answer, which "carries order", the same), and its other known members are well-typed when present.',
  },
  {
    id: 'CHK-018',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'An update that changes the quantity of a priced line returns totals recomputed for it, not the totals from before.',
  },
  {
    id: 'CHK-019',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout`,
    statement:
      'Get Checkout ("GET /checkout-sessions/{id} | 200"; "All return the Checkout resource") of a live session answers HTTP 200 with that session as it currently is: its id, the status and the lines the last update left it with.',
  },
  {
    id: 'CHK-020',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §Errors`,
    statement:
      'What Get Checkout answers for a session that does not exist is not shown (not_found is listed for cart, product and order only; a transport 404 is plausible too); the checker reports what it gets.',
    retired:
      'Too lax: Document 1 §What the service does 7 makes not found a business outcome, "HTTP 200 with the response envelope and a messages array", for every operation; only its code is not shown for a session. Replaced by CHK-024.',
  },
  {
    id: 'CHK-021',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout`,
    statement:
      '"Update is a full replacement" and the platform "includes every previously set field it wants to keep": an update leaving out a member an earlier update set (the buyer) is answered without it, not with the value of before. Another value the business holds itself is reported, since where it may take one from is not said.',
  },
  {
    id: 'CHK-022',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout`,
    statement:
      '"All buyer fields are optional so state can be built up across calls": an update carrying only some buyer fields is answered with the session (its messages may ask for the rest), not refused. A refusal naming the buyer member the business needs is reported: which buyer members a business needs is not shown.',
  },
  {
    id: 'CHK-023',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Checkout resource`,
    statement:
      '`order` is "Present once completed": every response carrying the session in status completed, Get and replays included, carries an order object with its id, which reading the order needs.',
  },
  {
    id: 'CHK-024',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §What the service does`,
    statement:
      'Not found is a business outcome ("business outcomes (including not found and validation problems) use HTTP 200 with the response envelope and a messages array"): Get Checkout of a session that does not exist answers HTTP 200 with status error and an error message, not a transport 404. Its code for a session is not shown, so any code serves, and the checker says which came.',
  },
  {
    id: 'CHK-025',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'The only transition to completed is Complete Checkout from ready_for_complete: complete of a session whose last answer was incomplete is not answered completed. Transitions into complete_in_progress are not shown, so such an answer is reported.',
  },
  {
    id: 'CHK-026',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement:
      "A payment instrument's handler_id is the \"id of a handler entry\": every instrument a checkout response shows names a handler of the response's payment_handlers, or of the profile's when the response has none.",
  },
];
