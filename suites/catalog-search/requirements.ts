import type { Requirement } from '../../src/register/types.js';

const D1 = 'Document 1';
const capability = 'shopping.catalog.search';

export const requirements: Requirement[] = [
  { id: 'SRCH-001', level: 'MUST', derived: true, capability, source: `${D1} §POST /catalog/search`,
    statement: 'Catalog search answers HTTP 200 with a products array (and well-typed pagination when present).' },
  { id: 'SRCH-002', level: 'MUST', derived: true, capability, source: `${D1} §Catalog resources`,
    statement: 'Every product carries id, title, description with plain text, price_range and at least one variant.' },
  { id: 'SRCH-003', level: 'MUST', derived: true, capability, source: `${D1} §Limits`,
    statement: 'Without pagination.limit, catalog search returns at most 10 products.' },
  { id: 'SRCH-004', level: 'MUST', derived: true, capability, source: `${D1} §Shared value objects`,
    statement: 'Catalog search returns no more products than a given pagination.limit.' },
  { id: 'SRCH-005', level: 'MUST', derived: true, capability, source: `${D1} §POST /catalog/search`,
    statement: 'Walking the cursor pages of a search returns no product twice (the cursor is sent back as pagination.cursor; the spec does not name that member).' },
  { id: 'SRCH-006', level: 'MUST', derived: true, capability, source: `${D1} §Shared value objects`,
    statement: 'has_next_page is false on the last page of a search, and a page saying true is followed by more products.' },
  { id: 'SRCH-007', level: 'MUST', derived: true, capability, source: `${D1} §Shared value objects`,
    statement: 'When total_count is given, it equals the number of distinct products the pages hold.' },
  { id: 'SRCH-008', level: 'MUST', capability, source: `${D1} §Catalog resources`,
    statement: 'All supplied search filters combine with AND: every product returned satisfies every filter (categories, price.max).' },
  { id: 'SRCH-009', level: 'MUST', derived: true, capability, source: `${D1} §POST /catalog/search`,
    statement: 'A query that matches nothing answers HTTP 200 with an empty products array.' },
  { id: 'SRCH-010', level: 'MAY', derived: true, capability, source: `${D1} §POST /catalog/search`,
    statement: 'How the business reads a cursor back is not shown; the checker sends pagination.cursor and reports what it observes.' },
];
