import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'shopping.catalog.search';

export const requirements: Requirement[] = [
  {
    id: 'SRCH-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/search`,
    statement: 'Catalog search answers HTTP 200 with a products array (and well-typed pagination when present).',
  },
  {
    id: 'SRCH-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Catalog resources`,
    statement:
      'Every product carries id, title, description with plain text, price_range and variants (the Required column), each well-typed.',
  },
  {
    id: 'SRCH-003',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement: 'Without pagination.limit, catalog search returns at most 10 products.',
  },
  {
    id: 'SRCH-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement: 'Catalog search returns no more products than a given pagination.limit.',
  },
  {
    id: 'SRCH-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/search`,
    statement:
      'Walking the cursor pages of a search returns no product twice (the cursor is sent back as pagination.cursor; the spec does not name that member).',
  },
  {
    id: 'SRCH-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement:
      'has_next_page is false on the last page of a search, and a page saying true is followed by more products.',
    retired:
      'Too strict: no pagination member is required, so a last page may omit has_next_page. Replaced by SRCH-012.',
  },
  {
    id: 'SRCH-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement: 'When total_count is given, it equals the number of distinct products the pages hold.',
    retired:
      'The spec gives total_count a type, not an exactness; an estimate is permitted. Replaced by SRCH-013, an observation.',
  },
  {
    id: 'SRCH-008',
    level: 'MUST',
    capability,
    source: `${D1} §Catalog resources`,
    statement:
      'All supplied search filters combine with AND: no product returned falls outside the category filter or above price.max (categories are matched loosely, since the spec does not say how they match).',
  },
  {
    id: 'SRCH-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/search`,
    statement: 'A query that matches nothing answers HTTP 200 with an empty products array.',
    retired:
      'Too strict: the spec does not say what a search finding nothing returns; a business may return what it ranks nearest. Replaced by SRCH-014.',
  },
  {
    id: 'SRCH-010',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/search`,
    statement:
      'How the business reads a cursor back is not shown; the checker sends pagination.cursor and reports what it observes.',
  },
  {
    id: 'SRCH-011',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'Without pagination.limit, a page that is not the last holds 10 products: "Default page size, catalog search: 10 results" is read as full pages of 10 while more results remain.',
    retired:
      "Too strict: Document 1 states the default page size (and limit's default), not that every page but the last is full; a business may answer fewer while has_next_page is true. Replaced by SRCH-015, an observation.",
  },
  {
    id: 'SRCH-012',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement:
      'A page that says has_next_page true carries a cursor, and the page that cursor leads to holds products.',
  },
  {
    id: 'SRCH-013',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §Shared value objects`,
    statement:
      'total_count is not given an exactness; the checker reports how it compares with the distinct products walked.',
  },
  {
    id: 'SRCH-014',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §What the service does`,
    statement:
      "A search that finds nothing is a business outcome, not a transport error: HTTP 200 with a products array (what it holds is the business's ranking).",
  },
  {
    id: 'SRCH-015',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §Limits`,
    statement:
      'The default page size is 10 ("Default page size, catalog search: 10 results"), but a page followed by more need not be full: the checker reports a page of fewer than 10, asked for without pagination.limit, that more follow.',
  },
];
