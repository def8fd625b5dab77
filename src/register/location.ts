import type { Requirement } from './types.js';

const D2 = 'Document 2';
const capability = 'common.location';

/** The Location resource (Document 2 §Location), judged the same way in search and lookup answers. */
export const requirements: Requirement[] = [
  {
    id: 'LOC-001',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement: 'Every location carries id and name, both strings (the Required column).',
  },
  {
    id: 'LOC-002',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement: 'A location that carries hours or exception_hours also carries timezone.',
  },
  {
    id: 'LOC-003',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement:
      'timezone, when present, is an IANA time zone identifier (a name such as Europe/Lisbon, not a UTC offset).',
  },
  {
    id: 'LOC-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Location`,
    statement:
      "A location's timezone never varies by the requester: the same location answers the same timezone with and without a context naming another place.",
  },
  {
    id: 'LOC-005',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement:
      "Every key of a location's amenities map matches the amenity identifier pattern: a reverse-domain name of at least two dot-separated segments.",
  },
  {
    id: 'LOC-006',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement: 'Every amenity carries description, a string.',
  },
  {
    id: 'LOC-007',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D2} §Resources and their fields`,
    statement:
      'The members of Geo are not shown: the checker reads decimal degrees as latitude/longitude, lat with lng or lon, or a GeoJSON Point, and reports a location it cannot place (no geo, or other members) as info, not as a failure.',
  },
  {
    id: 'LOC-008',
    level: 'MUST',
    capability,
    source: `${D2} §Location`,
    statement:
      "Regular hours are in the location's local frame: several entries for one day are a split shift, a day without an entry has no interval starting that day, an interval may carry into the next day, and omitted hours mean an unknown schedule.",
    untestable:
      'The members of daily hour and exception hour are not shown, so no entry can be read to judge its meaning.',
  },
  {
    id: 'LOC-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D2} §Location`,
    statement:
      'The optional members of a location are well-typed when present: address a Postal address of strings, amenities an object, hours and exception_hours arrays, timezone a string.',
  },
  {
    id: 'LOC-010',
    level: 'SHOULD',
    capability,
    source: `${D2} §Location`,
    statement: 'An amenity description is localised when possible and plays no part in identity or matching.',
    untestable:
      'What a localised label is, and which locale applies, is not shown; matching by key is judged by LSRCH-007.',
  },
];
