import type { Requirement } from './types.js';

const D2 = 'Document 2';
const capability = 'common.location.search';

export const requirements: Requirement[] = [
  {
    id: 'LSRCH-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/search`,
    statement:
      'Location search answers HTTP 200 with the envelope and a locations array (pagination well-typed when present).',
  },
  {
    id: 'LSRCH-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'Under distance (max: "inclusive radius in meters", combined by AND), every location returned lies within max meters of center, by great-circle distance (within a 0.6% tolerance for the Earth\'s shape).',
  },
  {
    id: 'LSRCH-003',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'A distance.max the business cannot honour is rejected with an error (an HTTP 4xx or a business error: how is not shown), never clamped or replaced by another radius; a business that honours a huge radius answers every location, and a negative one is rejected or finds nothing.',
  },
  {
    id: 'LSRCH-004',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'The business never derives a distance center from context, signals, IP address or serves: without distance, nothing is filtered by distance, and a distance sent without center (beside serves) leaves out nothing the same search without distance returns; the same of a lookup, whose operands are "never derived" either (Document 2 §POST /locations/lookup).',
  },
  {
    id: 'LSRCH-005',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'distance, serves and filters.items are evaluated only against operands the platform supplied: neither a context naming a place nor signals (a buyer IP address) filter anything (no implicit serviceability or availability check), in search without a query and in lookup; signals also with a query. With a query, a context may weigh in its relevance (Document 1 §Shared value objects: Context "for localisation and relevance"): which of the query\'s matches come back with one is reported, not judged, but a location the query does not find without it is one the context added, and fails.',
  },
  {
    id: 'LSRCH-006',
    level: 'MUST',
    capability,
    source: `${D2} §POST /locations/lookup`,
    statement:
      'distance, serves and every supplied filter predicate apply conjunctively: a combined search returns exactly the locations every one of them alone returns, none that one of them leaves out and none that all of them keep left out.',
  },
  {
    id: 'LSRCH-007',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'Under filters.amenities, every location returned has each supplied identifier as an exact key of its amenities map, and, the key alone defining filter matching, a location the same search returns without the filter whose map holds every identifier is returned with it.',
  },
  {
    id: 'LSRCH-008',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      "Under filters.items, a location matches only when the business can currently provide every referenced item there. What a location can provide is the business's own data, so a run judges what can be seen: an item the business never issued is provided nowhere, so no location is returned for it, alone or beside an item it does provide (every item, not any).",
  },
  {
    id: 'LSRCH-009',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'The members of the filters.hours object are not shown: the checker sends fixtures.locations.hours_filter and reports what comes back as info.',
  },
  {
    id: 'LSRCH-010',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/search`,
    statement:
      'Walking the cursor pages of a search returns no location twice (the cursor is sent back as pagination.cursor, the shared contract of Document 1).',
  },
  {
    id: 'LSRCH-011',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/search`,
    statement:
      'Walking the cursor pages of a search loses no location: small pages hold, together, the locations one large page walk holds.',
  },
  {
    id: 'LSRCH-012',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement: 'distance.max is an inclusive radius: a location exactly max meters from center matches.',
    untestable:
      "A distance computed by the checker differs from the business's by up to the tolerance of LSRCH-002, so a location on the boundary cannot be told from one just beyond it; LSRCH-015 reports the one case that can be seen, a radius of 0 around a location's own point.",
  },
  {
    id: 'LSRCH-013',
    level: 'MUST',
    capability,
    source: `${D2} §Resources and their fields`,
    statement: 'The platform supplies distance.center whenever it sends distance.',
    untestable: 'Binds the platform, not the business; the checker always sends the center of fixtures.locations.',
  },
  {
    id: 'LSRCH-014',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'A distance without max ("max (number, required)") is refused (an HTTP 4xx or a business error: how is not shown), never served as a search without distance or with a radius of its own.',
  },
  {
    id: 'LSRCH-015',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      "max is an inclusive radius (LSRCH-012): the checker centres a distance of max 0 on a location's own point, as the search returned it, and reports whether that location comes back; a business may hold its point to more digits than it returns, and may reject a radius of 0 as one it cannot honour.",
  },
  {
    id: 'LSRCH-016',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'Under filters.items a location matches only when the business can currently provide every item there (LSRCH-008): the checker names an item the business never issued, which no location can provide, and reports any location returned (a refusal, or none, is what it expects).',
    retired:
      'Too weak: a location returned for an item the business never issued breaks the MUST of LSRCH-008, which now judges it; replaced by LSRCH-008.',
  },
  {
    id: 'LSRCH-017',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §POST /locations/search`,
    statement:
      "Under the shared pagination contract (Document 1 §Shared value objects: Pagination request limit), no page of a search holds more locations than the pagination.limit it was asked for; fewer is the business's choice (the maximum page size is not shown).",
  },
  {
    id: 'LSRCH-018',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'A distance without center ("center (Geo, required; the platform MUST supply it and the business MUST NOT derive it …)") is refused (an HTTP 4xx or a business error: how is not shown; Document 2 §Errors names 400 for a missing required parameter), never served, with a center of the business\'s own or without distance; in search and in lookup, which takes a Location Distance too.',
  },
  {
    id: 'LSRCH-019',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'filters.hours, whatever its members (not shown), is a filter combined by AND with the others (Location Filter: "all supplied members combine with AND"): a search with filters.hours and filters.amenities returns exactly the locations both filters alone return.',
  },
];
