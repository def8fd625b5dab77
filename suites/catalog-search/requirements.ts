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
];
