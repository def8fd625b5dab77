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
      'A request without a member the spec marks required is refused: HTTP 400 ("missing required parameters"), or a business error whose missing message points at the member (the spec also names code missing for "required field absent"); never served as if it were whole.',
  },
  {
    id: 'ERR-001',
    level: 'MUST',
    capability: 'errors',
    source: `${D1} §Errors`,
    statement:
      'A request body that is not valid JSON gets HTTP 400 ("Malformed JSON") with a JSON body carrying code and content.',
  },
];
