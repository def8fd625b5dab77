/**
 * Where the register comes from, sentence by sentence: every normative sentence of the three
 * documents (a MUST, SHOULD, MAY, REQUIRED or RECOMMENDED; a table row whose Required cell says yes;
 * a stated status or code) names the register rows that hold it, or why none does. The completeness
 * gate (test/unit/completeness.test.ts) reads the documents and fails on a sentence left out here,
 * on an entry that finds no sentence, and on a register row no entry names.
 *
 * An entry finds its sentence by document, heading and a few of its words (`says`, backticks
 * ignored): enough to find it alone under that heading. A table row judged whole reads as its cells
 * joined with ` | ` (`kid | string | yes`). Entries may name sentences that are not normative (a
 * "not shown" a derived row stands on). To add a register row: add its ID to the entry of its
 * sentence, or add an entry.
 */
export interface SpecSentence {
  /** `Document N §Heading`: the heading the sentence sits under (a line holding only an endpoint heads too). */
  at: string;
  /** Words of the sentence, enough to find it alone under its heading. */
  says: string;
  /** The register rows that hold it. */
  ids?: string[];
  /** Why a normative sentence is in no register row. */
  excluded?: string;
}

/** A sentence the register rows `ids` hold. */
export const held = (at: string, says: string, ...ids: string[]): SpecSentence => ({ at, says, ids });
/** A normative sentence no register row holds, and why. */
export const excluded = (at: string, says: string, why: string): SpecSentence => ({ at, says, excluded: why });

const D1 = 'Document 1 §';
const D2 = 'Document 2 §';
const D3 = 'Document 3 §';

export const SENTENCES: readonly SpecSentence[] = [
  // Document 1: shared conventions and the shopping service.
  held(`${D1}What the service does`, 'Transport is HTTPS with TLS 1.3 as the minimum version.', 'TLS-001'),
  held(`${D1}What the service does`, 'Request and response bodies are JSON', 'ENV-006', 'PROF-011'),
  held(`${D1}What the service does`, 'The business profile is served at /.well-known/proto.', 'PROF-013'),
  held(`${D1}What the service does`, 'The REST endpoint for a service is the endpoint member', 'PROF-006'),
  held(
    `${D1}What the service does`,
    'A business implements every endpoint of each capability it advertises.',
    'DISC-001',
  ),
  held(`${D1}What the service does`, 'Two layers of outcome exist', 'SRCH-014', 'CHK-024'),
  held(`${D1}What the service does`, 'Platforms identify themselves on every request', 'HDR-001'),

  held(`${D1}Profile document`, 'proto | object | yes', 'PROF-013'),
  held(`${D1}Profile document`, 'Any signing keys a profile publishes MUST appear here', 'PROF-012'),
  held(`${D1}Service entry`, 'keyed by service identifier', 'PROF-002'),
  held(`${D1}Capability entry`, 'keyed by capability identifier', 'PROF-003'),
  held(`${D1}Payment handler entry`, 'keyed by reverse-domain handler name', 'PROF-004'),
  held(`${D1}Payment handler entry`, 'The registry is an empty object when no handler applies', 'ENV-010'),

  held(`${D1}Public JWK`, 'kid | string | yes', 'PROF-009'),
  held(`${D1}Public JWK`, 'it MUST be the key', 'PROF-014'),
  held(`${D1}Public JWK`, 'kty | string | yes', 'PROF-009'),
  held(`${D1}Public JWK`, 'crv | string | required when kty is EC or OKP', 'PROF-009'),
  held(`${D1}Public JWK`, 'x | string | required when kty is EC or OKP', 'PROF-009'),
  held(`${D1}Public JWK`, 'y | string | required when kty is EC', 'PROF-009'),
  held(`${D1}Public JWK`, 'When present for a well-known curve it MUST match', 'PROF-008'),
  held(`${D1}Public JWK`, 'private members d, p, q, dp, dq, qi, oth, k MUST NOT appear', 'PROF-007'),
  held(`${D1}Public JWK`, 'MUST tolerate unrecognised key types', 'PROF-010', 'SIG-001'),
  held(`${D1}Public JWK`, 'OKP keys are recommended', 'PROF-015'),

  held(`${D1}Response envelope`, 'version | string | yes', 'ENV-001'),
  held(`${D1}Response envelope`, 'Version identifier, format YYYY-MM-DD', 'ENV-002'),
  held(`${D1}Response envelope`, 'success or error.', 'ENV-007'),
  held(`${D1}Response envelope`, 'MUST be error in an error response.', 'ENV-003'),

  held(`${D1}Shared value objects`, 'type (error, warning, info), code (string)', 'ENV-005'),
  held(`${D1}Shared value objects`, 'plain (string, required when a description is given)', 'SRCH-002', 'ASK-003'),
  held(`${D1}Shared value objects`, 'Businesses SHOULD use them when verified inputs', 'CTX-001'),
  held(`${D1}Shared value objects`, 'Context SHOULD be non-identifying', 'CTX-004'),
  held(`${D1}Shared value objects`, 'Values MUST NOT be buyer-asserted claims', 'CTX-002'),
  held(`${D1}Shared value objects`, 'Every key MUST be a reverse-domain name.', 'CTX-003'),
  held(`${D1}Shared value objects`, 'limit (integer; default 10 for catalog search)', 'SRCH-003', 'SRCH-004'),
  held(
    `${D1}Shared value objects`,
    'cursor (string), has_next_page (boolean), total_count (integer)',
    'SRCH-012',
    'SRCH-013',
  ),
  held(`${D1}Shared value objects`, 'item (object with id, required)', 'ERR-006'),

  held(`${D1}Catalog resources`, 'id | string | yes', 'SRCH-002', 'LKUP-001'),
  held(`${D1}Catalog resources`, 'title | string | yes', 'SRCH-002', 'LKUP-001'),
  held(`${D1}Catalog resources`, 'description | Description | yes', 'SRCH-002', 'LKUP-001'),
  held(`${D1}Catalog resources`, 'price_range | Price range | yes', 'SRCH-002', 'LKUP-001'),
  held(`${D1}Catalog resources`, 'variants | array of Variant | yes', 'SRCH-002', 'LKUP-001'),
  held(`${D1}Catalog resources`, 'selected | array of Selected Option | product detail only', 'PROD-004'),
  held(`${D1}Catalog resources`, 'required when the product has configurable options', 'PROD-004'),
  held(`${D1}Catalog resources`, 'Option value signals', 'PROD-006'),
  held(`${D1}Catalog resources`, 'Search Filters: all supplied filters combine with AND.', 'SRCH-008'),

  held(`${D1}Cart resource`, 'proto | envelope | yes', 'CART-002'),
  held(`${D1}Cart resource`, 'id | string | yes', 'CART-002'),
  held(`${D1}Cart resource`, 'line_items | array of Line item (response) | yes', 'CART-002'),
  held(`${D1}Cart resource`, 'currency | string | yes', 'CART-002'),
  held(`${D1}Cart resource`, 'totals | Totals | yes', 'CART-002'),

  held(`${D1}Checkout resource`, 'Carries payment_handlers', 'CHK-004'),
  held(`${D1}Checkout resource`, 'incomplete, ready_for_complete, complete_in_progress', 'CHK-017'),
  held(`${D1}Checkout resource`, 'Typical: type error, code missing', 'CHK-015', 'CHK-016', 'CHK-010'),
  held(`${D1}Checkout resource`, 'Present once completed', 'CHK-023'),

  held(`${D1}Order resource`, 'proto | envelope | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'id | string | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'checkout_id | string | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'Originating checkout for reconciliation.', 'ORD-002'),
  held(`${D1}Order resource`, 'permalink_url | string | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'line_items | array of order line item | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'fulfillment | object | yes', 'ORD-001'),
  held(`${D1}Order resource`, 'currency | string | yes', 'ORD-001'),
  held(`${D1}Order resource`, "MUST equal the originating checkout's currency", 'ORD-003'),
  held(`${D1}Order resource`, 'totals | Totals | yes', 'ORD-001'),

  held(`${D1}States and transitions`, 'Returns 201 with the session', 'CHK-001', 'CHK-015', 'CHK-016'),
  held(`${D1}States and transitions`, 'HTTP 200 with error envelope', 'CHK-009'),
  held(`${D1}States and transitions`, 'Totals recomputed.', 'CHK-018'),
  held(`${D1}States and transitions`, 'Messages name what is missing.', 'CHK-005', 'CHK-015'),
  held(`${D1}States and transitions`, 'Response carries order', 'CHK-007'),
  held(`${D1}States and transitions`, 'The session is left unchanged and returned with a recoverable error', 'CHK-011'),
  held(`${D1}States and transitions`, 'The platform MUST NOT start a new Update', 'CHK-013'),
  held(`${D1}States and transitions`, 'the effect of cancel on later reads: not shown', 'CART-008'),

  held(`${D1}Endpoints`, 'Successful operations return HTTP 200 unless stated.', 'ENV-009'),

  held(`${D1}POST /catalog/search`, 'Response: proto (required), products', 'SRCH-001'),
  held(`${D1}POST /catalog/search`, 'Pagination is cursor based.', 'SRCH-005'),
  held(`${D1}POST /catalog/search`, 'The name of the request member that carries the cursor is not shown.', 'SRCH-010'),

  held(`${D1}POST /catalog/lookup`, 'ids | array of string | yes', 'ERR-002'),
  held(`${D1}POST /catalog/lookup`, 'ids MUST accept product identifiers', 'LKUP-002', 'LKUP-003', 'LKUP-008'),
  held(`${D1}POST /catalog/lookup`, 'Response: proto, products', 'LKUP-001'),
  held(`${D1}POST /catalog/lookup`, 'Variants carry inputs', 'LKUP-006'),
  held(`${D1}POST /catalog/lookup`, 'Unresolved identifiers yield an info message', 'LKUP-004'),
  held(`${D1}POST /catalog/lookup`, 'When none resolve, products is an empty array.', 'LKUP-005'),
  held(`${D1}POST /catalog/lookup`, 'The HTTP status stays 200.', 'LKUP-004'),

  held(`${D1}POST /catalog/product`, 'id | string | yes', 'ERR-002'),
  held(`${D1}POST /catalog/product`, 'Product or variant identifier.', 'PROD-003'),
  held(`${D1}POST /catalog/product`, 'carry available and exists relative to them', 'PROD-005', 'PROD-006'),
  held(`${D1}POST /catalog/product`, 'drops options from the end of the list first', 'PROD-007'),
  held(`${D1}POST /catalog/product`, 'Product response: proto, product', 'PROD-002'),
  held(`${D1}POST /catalog/product`, 'Returned variants match the selections.', 'PROD-008'),
  held(`${D1}POST /catalog/product`, 'When the identifier does not resolve', 'PROD-001', 'PROD-009'),

  held(`${D1}Cart`, 'Create Cart | POST | /carts | 201', 'CART-001', 'ENV-009'),
  held(`${D1}Cart`, 'Get Cart | GET | /carts/{id} | 200', 'CART-003', 'ENV-009'),
  held(`${D1}Cart`, 'Update Cart | PUT | /carts/{id} | 200', 'CART-004', 'ENV-009'),
  held(`${D1}Cart`, 'Cancel Cart | POST | /carts/{id}/cancel | 200', 'CART-005', 'ENV-009'),
  held(`${D1}Cart`, 'line_items (array of Line item, required)', 'ERR-002'),
  held(`${D1}Cart`, 'Update is a full replacement of the line items.', 'CART-004'),
  held(`${D1}Cart`, 'Cancel sends an empty JSON object.', 'CART-005'),
  held(`${D1}Cart`, 'Every success returns the Cart resource.', 'CART-002'),
  held(`${D1}Cart`, 'When all requested items are out of stock', 'CART-007'),
  held(`${D1}Cart`, 'Get of an unknown or expired cart', 'CART-006'),

  held(`${D1}Checkout`, 'Create Checkout | POST | /checkout-sessions | 201', 'CHK-001', 'ENV-009'),
  held(`${D1}Checkout`, 'Get Checkout | GET | /checkout-sessions/{id} | 200', 'ENV-009', 'CHK-019'),
  held(`${D1}Checkout`, 'Update Checkout | PUT | /checkout-sessions/{id} | 200', 'CHK-005', 'ENV-009'),
  held(`${D1}Checkout`, 'Complete Checkout | POST | /checkout-sessions/{id}/complete | 200', 'CHK-007', 'ENV-009'),
  held(`${D1}Checkout`, 'Cancel Checkout | POST | /checkout-sessions/{id}/cancel | 200', 'CHK-008', 'ENV-009'),
  held(`${D1}Checkout`, 'each with item.id and quantity', 'ERR-006', 'ERR-002'),
  held(`${D1}Checkout`, 'The platform MUST send the whole Checkout resource', 'CHK-012', 'CHK-021'),
  held(`${D1}Checkout`, 'All buyer fields are optional', 'CHK-022'),
  held(`${D1}Checkout`, 'Complete MAY return messages', 'CHK-014'),
  held(`${D1}Checkout`, 'returns the session with status canceled', 'CHK-008'),
  held(`${D1}Checkout`, 'When all items are unavailable at create', 'CHK-009'),

  held(`${D1}Order`, 'GET | /orders/{id} | 200', 'ORD-001'),
  held(`${D1}Order`, 'Failures are HTTP 200', 'ORD-004', 'ORD-005'),
  held(`${D1}Order`, 'The platform MUST check messages', 'ORD-006', 'ORD-007'),

  held(`${D1}Authentication`, 'Authentication is optional and set by each business', 'AUTH-001'),
  held(`${D1}Authentication`, 'Proto-Agent | yes, every request', 'HDR-001', 'HDR-005'),
  held(`${D1}Authentication`, 'which MUST point to the /.well-known/proto document', 'HDR-002', 'HDR-006'),
  held(`${D1}Authentication`, 'Request-Id | yes', 'HDR-003'),
  held(`${D1}Authentication`, 'Idempotency-Key | yes for cart and checkout operations', 'HDR-004', 'IDEM-005'),
  held(`${D1}Authentication`, 'Required when authenticating with message signatures.', 'SIG-009', 'SIG-012'),
  held(`${D1}Authentication`, 'Required with message signatures.', 'SIG-010', 'SIG-012'),
  held(
    `${D1}Authentication`,
    'required on requests that have a body when signatures are used',
    'SIG-011',
    'SIG-006',
    'SIG-012',
  ),
  held(`${D1}Authentication`, 'digest over the canonicalised body', 'SIG-002'),
  held(
    `${D1}Authentication`,
    'Message-signature rules: signed components include',
    'SIG-001',
    'SIG-008',
    'SIG-012',
    'SIG-013',
  ),
  held(`${D1}Authentication`, 'Response signing is recommended', 'SIG-003'),
  held(`${D1}Authentication`, 'Businesses SHOULD sign order responses.', 'SIG-004'),

  held(`${D1}Errors`, 'Transport errors (protocol-level problems', 'ENV-008'),
  held(`${D1}Errors`, '200 | Success; also every business outcome.', 'ENV-009'),
  held(`${D1}Errors`, '201 | Resource created', 'CART-001', 'CHK-001', 'ENV-009'),
  held(`${D1}Errors`, '400 | Malformed JSON', 'ERR-001', 'ERR-002', 'LKUP-007', 'IDEM-005', 'HDR-005', 'HDR-006'),
  held(
    `${D1}Errors`,
    '401 | Authentication missing or invalid.',
    'AUTH-001',
    'AUTH-002',
    'SIG-005',
    'SIG-006',
    'SIG-007',
  ),
  held(`${D1}Errors`, '403 | Authenticated but not permitted.', 'AUTH-003'),
  held(`${D1}Errors`, '409 | Conflict', 'IDEM-003'),
  held(`${D1}Errors`, '422 | Platform profile content malformed', 'PLAT-002'),
  held(`${D1}Errors`, '424 | Platform profile URL valid but fetching it failed', 'PLAT-001'),
  held(`${D1}Errors`, '429 | Rate limited.', 'ERR-003'),
  held(`${D1}Errors`, '500 | Unexpected server condition.', 'ERR-004'),
  held(`${D1}Errors`, '503 | Temporary unavailability.', 'ERR-005'),
  held(`${D1}Errors`, 'Business outcomes return HTTP 200 with the proto envelope and messages.', 'ENV-004'),
  held(`${D1}Errors`, 'Error response shape', 'ENV-003', 'ENV-004'),
  held(
    `${D1}Errors`,
    'Codes that appear: not_found',
    'CART-006',
    'CART-007',
    'CHK-009',
    'ORD-004',
    'ORD-005',
    'PROD-001',
    'LKUP-004',
    'CHK-016',
    'CHK-010',
    'LKUP-007',
  ),
  held(`${D1}Errors`, 'Message severity is recoverable or unrecoverable.', 'ENV-005'),
  held(`${D1}Errors`, 'Rule: a duplicate Idempotency-Key whose body differs', 'IDEM-003', 'IDEM-004'),

  held(`${D1}Limits`, 'Minimum version 1.3.', 'TLS-001'),
  held(
    `${D1}Limits`,
    'The server stores the key with the result for at least 24 hours',
    'IDEM-008',
    'IDEM-001',
    'IDEM-002',
    'IDEM-006',
    'IDEM-007',
  ),
  held(`${D1}Limits`, 'Operations that modify state SHOULD support idempotency.', 'IDEM-001', 'IDEM-009'),
  held(`${D1}Limits`, '10 results.', 'SRCH-003', 'SRCH-015'),
  held(`${D1}Limits`, 'Requests above the allowed size get HTTP 400', 'LKUP-007'),
  held(`${D1}Limits`, 'Rate limit values and headers (429 is the signal): not shown.', 'ERR-003'),
  held(`${D1}Limits`, 'expires_at timestamp (RFC 3339) is optional', 'CART-002'),

  held(`${D1}Versioning`, 'Versions are identified by a date string YYYY-MM-DD', 'PROF-001', 'ENV-002'),
  held(`${D1}Versioning`, 'The version appears in each service entry', 'PROF-005', 'ENV-001'),
  held(`${D1}Versioning`, 'responses echo the version', 'VER-001', 'VER-002'),
  held(`${D1}Versioning`, 'vocabularies in profiles are open', 'PROF-010'),
  held(`${D1}Versioning`, 'Rules for negotiating between platform and business versions', 'VER-003'),

  // Document 2: the common service.
  held(`${D2}What the service does`, 'a business implements the endpoint of each capability it advertises', 'DISC-001'),
  held(`${D2}What the service does`, 'Application outcomes return HTTP 200', 'ASK-002', 'LLKP-009'),

  held(`${D2}Location`, 'Location', 'LOC-009'),
  held(`${D2}Location`, 'id | string | yes', 'LOC-001'),
  held(`${D2}Location`, 'name | string | yes', 'LOC-001'),
  held(`${D2}Location`, 'The key alone defines identity and filter matching.', 'LOC-005', 'LSRCH-007'),
  held(`${D2}Location`, 'Regular weekly operating hours', 'LOC-008'),
  held(`${D2}Location`, 'timezone | string | required when hours or exception_hours is present', 'LOC-002'),
  held(`${D2}Location`, 'IANA time zone identifier owned by the business', 'LOC-003'),
  held(`${D2}Location`, "It never varies by the requester's time zone.", 'LOC-004'),
  held(`${D2}Location`, 'Lookup location: a Location plus inputs (required array)', 'LLKP-001', 'LLKP-004'),
  held(`${D2}Location`, 'Amenity: description (string, required)', 'LOC-006', 'LOC-010'),
  held(`${D2}Location`, 'a reverse-domain name with at least two dot-separated segments', 'LOC-005'),
  held(`${D2}Location`, 'they must not start or end with a hyphen', 'LOC-005'),
  held(`${D2}Location`, 'Filter by operating hours', 'LSRCH-009'),
  held(`${D2}Location`, 'contains every supplied identifier as an exact key', 'LSRCH-007', 'LLKP-016'),
  held(`${D2}Location`, 'can currently provide every referenced item there', 'LSRCH-008', 'LSRCH-016'),
  held(
    `${D2}Location`,
    'Location Distance: center (Geo, required',
    'LSRCH-002',
    'LSRCH-004',
    'LSRCH-012',
    'LSRCH-013',
    'LSRCH-014',
    'LSRCH-015',
  ),
  held(`${D2}Location`, 'A business unable to honour the value MUST reject the request', 'LSRCH-003'),
  held(`${D2}Location`, 'The envelope for these responses has version (required', 'ENV-001', 'ENV-002', 'ENV-007'),
  held(`${D2}Location`, 'Member lists of Geo', 'LOC-007', 'LOC-008', 'LSRCH-009'),

  held(`${D2}Ask`, 'Conversation: id (string, required', 'ASK-004', 'ASK-005', 'ASK-016'),
  held(`${D2}Ask`, 'Answer: a Description with plain required', 'ASK-001', 'ASK-003'),
  held(`${D2}Ask`, 'the business SHOULD put its global identifier in the link id', 'ASK-017', 'ASK-018'),

  held(`${D2}POST /locations/search`, 'Combined by AND with serves and every filter.', 'LSRCH-006'),
  held(`${D2}POST /locations/search`, 'the business supports cursor pagination', 'LSRCH-010', 'LSRCH-011'),
  held(`${D2}POST /locations/search`, 'Response (200): proto (required), locations', 'LSRCH-001'),

  held(`${D2}POST /locations/lookup`, 'ids | array of string | yes', 'ERR-002'),
  held(`${D2}POST /locations/lookup`, 'Canonical Location.id values MUST be supported', 'LLKP-002', 'LLKP-003'),
  held(`${D2}POST /locations/lookup`, 'Response (200): proto (required), locations', 'LLKP-001'),
  held(`${D2}POST /locations/lookup`, 'The array may hold fewer locations than identifiers', 'LLKP-006', 'LLKP-015'),
  held(`${D2}POST /locations/lookup`, 'one returned location carries all matching inputs entries', 'LLKP-005'),
  held(`${D2}POST /locations/lookup`, 'MAY add informational not_found messages', 'LLKP-006', 'LLKP-007'),
  held(
    `${D2}POST /locations/lookup`,
    'are evaluated only against operands the platform supplied',
    'LSRCH-005',
    'LSRCH-004',
  ),
  held(
    `${D2}POST /locations/lookup`,
    'every supplied filter predicate apply conjunctively',
    'LSRCH-006',
    'LLKP-013',
    'LLKP-014',
    'LLKP-016',
  ),
  held(`${D2}POST /locations/lookup`, 'Lookup always returns HTTP 200.', 'LLKP-009'),
  held(`${D2}POST /locations/lookup`, "exceeds the business's batch maximum", 'LLKP-009', 'LLKP-010', 'LLKP-011'),

  held(`${D2}POST /ask`, 'query | string | yes', 'ERR-002', 'ASK-013'),
  held(`${D2}POST /ask`, 'Present to continue a conversation', 'ASK-006'),
  held(`${D2}POST /ask`, 'A business SHOULD accept its own global identifiers', 'ASK-011', 'ASK-012'),
  held(`${D2}POST /ask`, 'Response (200): proto (required), answer', 'ASK-003', 'ASK-001'),
  held(`${D2}POST /ask`, 'The business validates request bodies against the ask schema.', 'ASK-013'),
  held(`${D2}POST /ask`, 'Every well-formed, authorised, within-limits request', 'ASK-001'),
  held(`${D2}POST /ask`, 'A question the business cannot address', 'ASK-002'),
  held(`${D2}POST /ask`, 'the business SHOULD retain its history', 'ASK-006'),
  held(`${D2}POST /ask`, 'An unresolved id starts a new conversation', 'ASK-007'),
  held(`${D2}POST /ask`, 'a regulated disclosure', 'ASK-008', 'ASK-009', 'ASK-010'),
  held(`${D2}POST /ask`, 'The Idempotency-Key header is optional on this service.', 'ASK-014'),
  held(`${D2}POST /ask`, 'A platform SHOULD include it', 'ASK-015', 'ASK-014'),
  held(`${D2}POST /ask`, 'without appending another turn', 'IDEM-001', 'IDEM-003', 'IDEM-008'),
  held(`${D2}POST /ask`, 'are required on every request', 'HDR-001', 'HDR-003', 'HDR-005'),

  held(`${D2}Errors`, 'Transport: 400', 'ERR-001', 'ERR-002', 'AUTH-001', 'AUTH-002', 'ERR-003', 'ERR-004'),
  held(`${D2}Errors`, 'Business outcomes: HTTP 200 with the envelope and messages.', 'ASK-002', 'LLKP-009'),
  held(`${D2}Errors`, 'Error responses have proto with status error', 'ENV-003', 'ENV-004'),
  held(`${D2}Errors`, 'Codes that appear here', 'LLKP-007', 'LLKP-008', 'LLKP-011', 'ASK-008'),

  held(`${D2}Limits`, 'an unsupported value is rejected, not clamped', 'LSRCH-003', 'LSRCH-012', 'LSRCH-015'),
  held(`${D2}Limits`, 'The business processes only its configured maximum', 'LLKP-010', 'LLKP-011'),
  held(`${D2}Limits`, 'The maximum number is not shown.', 'LLKP-012'),
  held(`${D2}Limits`, 'At least 24 hours.', 'IDEM-008'),
  held(`${D2}Limits`, 'Bounded by expires_at', 'ASK-016'),

  // Document 3: the lodging service.
  held(
    `${D3}What the service does`,
    'advertises the capability in its profile together with payment handlers',
    'BOOK-025',
  ),
  held(`${D3}What the service does`, 'Transport is HTTPS (TLS 1.3 minimum), JSON bodies.', 'TLS-001', 'ENV-006'),
  held(`${D3}What the service does`, 'Business outcomes return HTTP 200', 'BOOK-028', 'BOOK-029'),
  held(`${D3}What the service does`, 'A business MAY enforce presence of fields', 'BOOK-017', 'BOOK-015', 'BOOK-016'),

  held(`${D3}Resources and their fields`, 'Includes payment_handlers.', 'BOOK-011'),
  held(`${D3}Resources and their fields`, 'incomplete, ready_for_complete', 'BOOK-009'),
  held(`${D3}Resources and their fields`, 'responses add name and address', 'BOOK-009'),
  held(`${D3}Resources and their fields`, 'ISO 4217.', 'BOOK-014'),
  held(`${D3}Resources and their fields`, 'id, label, pincode (strings).', 'BOOK-012'),
  held(
    `${D3}Resources and their fields`,
    'MUST be set in the response of a completed booking.',
    'BOOK-026',
    'BOOK-006',
  ),
  held(`${D3}Resources and their fields`, 'start_date, end_date (dates, written YYYY-MM-DD)', 'BOOK-013'),
  held(`${D3}Resources and their fields`, 'Allowed values of travel_purpose and role', 'BOOK-022'),

  held(`${D3}States and transitions`, '201; totals and links returned.', 'BOOK-001'),
  held(`${D3}States and transitions`, 'message code inventory_exhausted', 'BOOK-002'),
  held(`${D3}States and transitions`, 'Guests, booker, travel purpose stored.', 'BOOK-003'),
  held(`${D3}States and transitions`, 'Response includes confirmation.', 'BOOK-006'),
  held(`${D3}States and transitions`, 'Status updated in the response.', 'BOOK-007', 'BOOK-027'),
  held(`${D3}States and transitions`, 'Current session returned with a recoverable error message.', 'BOOK-008'),
  held(`${D3}States and transitions`, 'The platform MUST NOT start a new Update', 'BOOK-019'),
  held(`${D3}States and transitions`, 'How a session enters complete_in_progress: not shown.', 'BOOK-021'),

  held(`${D3}Endpoints`, 'Create Booking Session | POST | /booking-sessions | 201', 'BOOK-001'),
  held(`${D3}Endpoints`, 'Get Booking Session | GET | /booking-sessions/{id} | 200', 'BOOK-010'),
  held(`${D3}Endpoints`, 'Update Booking Session | PUT | /booking-sessions/{id} | 200', 'BOOK-003'),
  held(`${D3}Endpoints`, 'Complete Booking Session | POST | /booking-sessions/{id}/complete | 200', 'BOOK-006'),
  held(`${D3}Endpoints`, 'Cancel Booking Session | POST | /booking-sessions/{id}/cancel | 200', 'BOOK-007'),
  held(`${D3}Endpoints`, 'All return the booking session resource.', 'BOOK-009'),
  held(`${D3}Endpoints`, 'Create request: property (object with id) and stays', 'ERR-002'),
  held(`${D3}Endpoints`, 'The required and optional status of every member beyond those shown', 'BOOK-022'),
  held(`${D3}Endpoints`, 'Update is a full replacement.', 'BOOK-004'),
  held(`${D3}Endpoints`, 'The platform sends the entire resource', 'BOOK-018'),
  held(`${D3}Endpoints`, 'All fields in guests, booker, travel_purpose', 'BOOK-005'),
  held(`${D3}Endpoints`, 'Response has status completed and confirmation.', 'BOOK-006', 'BOOK-026'),
  held(`${D3}Endpoints`, 'Get takes no body.', 'BOOK-010'),
  held(`${D3}Endpoints`, 'Cancel takes an empty JSON object.', 'BOOK-007'),
  held(`${D3}Endpoints`, 'Headers: as in Document 1', 'BOOK-020', 'IDEM-001', 'IDEM-003', 'IDEM-008'),

  held(
    `${D3}Errors`,
    'Transport status codes and their meanings follow Document 1',
    'ERR-001',
    'ERR-002',
    'AUTH-001',
    'AUTH-003',
    'IDEM-003',
    'PLAT-001',
    'PLAT-002',
    'ERR-003',
    'ERR-004',
    'ERR-005',
  ),
  held(`${D3}Errors`, 'for example invalid guest information', 'BOOK-028'),
  held(`${D3}Errors`, 'Code that appears: inventory_exhausted.', 'BOOK-002'),
  held(`${D3}Errors`, 'Other codes specific to lodging: not shown.', 'BOOK-029'),

  held(`${D3}Limits`, 'Idempotency-Key results are retained for at least 24 hours.', 'IDEM-008'),
  held(`${D3}Limits`, 'Session lifetime is signalled by expires_at', 'BOOK-024'),
];
