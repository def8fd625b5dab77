import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'headers';

/** How a business answers requests the platform got wrong (Document 1 §Authentication, §Errors). */
export const requirements: Requirement[] = [
  {
    id: 'HDR-005',
    level: 'SHOULD',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'A request without Proto-Agent gets an HTTP 4xx. The header is required on every request and 400 covers "missing required parameters"; the spec does not say a business must refuse, so the level is SHOULD.',
  },
  {
    id: 'HDR-006',
    level: 'SHOULD',
    derived: true,
    capability,
    source: `${D1} §Authentication, §Errors`,
    statement:
      'A request whose Proto-Agent is not an RFC 8941 dictionary, or has no profile member, gets an HTTP 4xx. Derived as HDR-005.',
  },
  {
    id: 'AUTH-001',
    level: 'MUST',
    capability: 'auth',
    source: `${D1} §Errors`,
    statement:
      'An operation that needs authentication answers 401 to a request without the credential ("401 Authentication missing or invalid"). Which operations need it is the business\'s policy, so the config names them.',
  },
  {
    id: 'AUTH-002',
    level: 'MUST',
    capability: 'auth',
    source: `${D1} §Errors`,
    statement: 'An operation that needs authentication answers 401 to a request with an invalid credential.',
  },
  {
    id: 'AUTH-003',
    level: 'MUST',
    capability: 'auth',
    source: `${D1} §Errors`,
    statement:
      'A request with a credential that authenticates but is not permitted for the operation gets 403 ("Authenticated but not permitted"); the config names such a credential.',
  },
  {
    id: 'PLAT-001',
    level: 'MUST',
    capability: 'discovery',
    source: `${D1} §Errors`,
    statement:
      'A request refused because the platform profile its Proto-Agent names cannot be fetched gets 424 ("Platform profile URL valid but fetching it failed"); judged when the business is seen fetching platform profiles. Whether a business must refuse, rather than serve the request without the profile, is not shown: serving it is reported as info.',
  },
  {
    id: 'PLAT-002',
    level: 'MUST',
    capability: 'discovery',
    source: `${D1} §Errors`,
    statement:
      'A request refused because the platform profile its Proto-Agent names is no profile gets 422 ("Platform profile content malformed"); judged when the business is seen fetching platform profiles. Whether a business must refuse, rather than serve the request without the profile, is not shown: serving it is reported as info.',
  },
  {
    id: 'ERR-002',
    level: 'MUST',
    derived: true,
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'A request without a member the spec marks required (each left out in turn, and a member within one that the operation cannot work without, such as the property\'s id of a booking create, and what every stay is: `accommodation_type.id`, `stay_dates`) is refused: HTTP 400 ("missing required parameters"), or a business error whose error message refuses it, pointing at the member where it has a path (its code is the business\'s own: the spec names `missing` for "required field absent" among the codes that appear, and the complete registry is not shown); never served as if it were whole. A stay\'s `id`, `rate_plan.id` and `occupancy` are shown but "the required and optional status of every member beyond those shown: not shown" (Document 3 §Endpoints 1): a business may default or assign them, and what it did is reported.',
  },
  {
    id: 'ERR-001',
    level: 'MUST',
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'A request body that is not valid JSON gets HTTP 400 ("Malformed JSON") with a JSON body carrying code and content.',
  },
  {
    id: 'ERR-003',
    level: 'MUST',
    derived: true,
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'A business that limits the rate of requests answers one over its limit with HTTP 429 ("Rate limited"; Document 2 §Errors and Document 3 §Errors list it too), and 429 is the signal: its values and headers are not shown. Judged only with the operator\'s consent (--allow burst): a read served alone is sent again in a bounded burst, and a refusal of it there other than a 429 (a 4xx, or a business error at 200) fails; a 5xx, or no refusal at all, is reported.',
  },
  {
    id: 'ERR-004',
    level: 'MUST',
    derived: true,
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'HTTP 500 reports an unexpected server condition ("Unexpected server condition"; Document 2 §Errors and Document 3 §Errors list it too), never an outcome the spec gives another status.',
    untestable:
      'No request can make a conformant business fail unexpectedly; a 500 on a request the spec answers otherwise fails the check of that answer (ERR-001, LKUP-007, …), and its body is judged by ENV-008.',
  },
  {
    id: 'ERR-005',
    level: 'MUST',
    derived: true,
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'HTTP 503 reports temporary unavailability ("Temporary unavailability"; Document 3 §Errors lists it too).',
    untestable:
      'A run cannot make a business unavailable, nor tell a 503 that reports it from one that does not; a 503 that comes is judged as a transport error by ENV-008.',
  },
  {
    id: 'ERR-006',
    level: 'MUST',
    derived: true,
    capability: 'errors',
    source: `${D1} §Shared value objects`,
    statement:
      'A request line item without item.id ("item (object with id, required)") is refused, on Create Cart, Update Cart and Create Checkout alike, as ERR-002 says of every missing required member: HTTP 400, or a business error whose missing message points at it.',
  },
];
