import type { Requirement } from './types.js';

const D1 = 'Document 1';

export const requirements: Requirement[] = [
  {
    id: 'ENV-001',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Response envelope`,
    statement:
      'Every successful response body carries the proto envelope object with a version; its registries, when present, have the types the envelope table gives: services and capabilities objects keyed by reverse-domain name whose values are arrays of entries, map_order an object (payment_handlers is judged with the sessions that carry one).',
  },
  {
    id: 'ENV-002',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Response envelope`,
    statement: 'The envelope version is written YYYY-MM-DD, or draft for an unreleased version.',
  },
  {
    id: 'ENV-003',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Response envelope`,
    statement:
      'An error response (a body of only the envelope, messages and continue_url, reporting an error) has proto.status error.',
  },
  {
    id: 'ENV-004',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Errors`,
    statement: 'A response with proto.status error carries a non-empty messages array.',
  },
  {
    id: 'ENV-005',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Shared value objects`,
    statement:
      'Message members are well-typed when present: type error, warning or info; severity recoverable or unrecoverable; code, content, path, content_type and presentation strings.',
  },
  {
    id: 'ENV-006',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §What the service does`,
    statement: 'Response bodies are JSON with content type application/json.',
  },
  {
    id: 'ENV-007',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Response envelope`,
    statement: 'proto.status, when present, is success or error.',
  },
  {
    id: 'ENV-008',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Errors`,
    statement: 'A transport error (HTTP 4xx or 5xx) carries a JSON body with code and content.',
  },
  {
    id: 'ENV-009',
    level: 'MUST',
    capability: 'envelope',
    source: `${D1} §Endpoints`,
    statement:
      'A successful answer carrying the operation\'s resource has the status the spec gives the operation: 201 for Create Cart and Create Checkout, 200 for every other ("Successful operations return HTTP 200 unless stated").',
  },
  {
    id: 'ENV-010',
    level: 'MUST',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Payment handler entry`,
    statement:
      'No payment handler applies to catalog, cart and order responses ("The registry is an empty object when no handler applies (catalog, cart, order)"): the envelope payment_handlers of such a response, when present (it is optional), is an empty object.',
  },
  {
    id: 'ENV-011',
    level: 'MAY',
    derived: true,
    capability: 'envelope',
    source: `${D1} §Shared value objects`,
    statement:
      "A Totals entry's type is one of subtotal, tax, fee, fulfillment and total; the list is not said to be closed (a discount entry is common), so a type outside it is reported, never failed.",
  },
];
