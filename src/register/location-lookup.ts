import type { Requirement } from './types.js';

const D2 = 'Document 2';
const capability = 'common.location.lookup';

export const requirements: Requirement[] = [
  {
    id: 'LLKP-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'Location lookup answers with the envelope and a locations array of lookup locations, each carrying inputs: an array of objects with id.',
  },
  {
    id: 'LLKP-002',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement: 'Canonical Location.id values are supported: each resolves to the location with that id.',
  },
  {
    id: 'LLKP-003',
    level: 'MAY',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement: 'Secondary or alias identifiers may be supported: an alias resolves to its location.',
  },
  {
    id: 'LLKP-004',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement:
      'Each inputs entry preserves one request identifier exactly as supplied, and every identifier that resolved to a returned location is named in its inputs.',
  },
  {
    id: 'LLKP-005',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'Several identifiers resolving to the same location give one returned location carrying all of their inputs.',
  },
  {
    id: 'LLKP-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'Unknown identifiers give fewer or no locations: none is returned for them, and an answer where none resolves holds an empty locations array.',
  },
  {
    id: 'LLKP-007',
    level: 'MAY',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement: 'Unknown identifiers may add not_found messages.',
  },
  {
    id: 'LLKP-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Errors`,
    statement: 'A not_found message of a lookup is informational: type info.',
  },
  {
    id: 'LLKP-009',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement: 'Lookup always returns HTTP 200: for unknown identifiers and for batches above the maximum alike.',
  },
  {
    id: 'LLKP-010',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'A lookup above the batch maximum processes the first maximum-number of distinct identifiers in request order, and no others.',
  },
  {
    id: 'LLKP-011',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement: 'A lookup above the batch maximum adds an informational message with code batch_limit_applied.',
  },
  {
    id: 'LLKP-012',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Limits`,
    statement:
      'The batch maximum is not shown: the checker takes fixtures.locations.lookup_batch_max, or finds the largest batch answered without batch_limit_applied.',
  },
  {
    id: 'LLKP-013',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'distance applies after identifier resolution: a lookup with distance returns exactly the requested locations that lie within the radius, aliases included.',
  },
  {
    id: 'LLKP-014',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'serves applies after identifier resolution: a lookup with serves returns exactly the requested locations that a search with the same serves returns.',
  },
  {
    id: 'LLKP-015',
    level: 'MAY',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'One identifier may resolve to several locations, so the answer may hold more locations than identifiers.',
    untestable: 'A permission, not an outcome: the checks accept it, and nothing requires a business to show it.',
  },
  {
    id: 'LLKP-016',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'filters apply to lookup as to search ("fewer … or filtered out"; every supplied filter predicate applies conjunctively): a lookup with filters.amenities returns exactly the requested locations whose amenities map holds every supplied identifier as an exact key (the key alone defines filter matching, §Location), and a lookup with filters.items naming an item the business never issued, alone or beside items it stocks, returns none of them (LSRCH-008).',
  },
];
