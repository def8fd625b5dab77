import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'shopping.catalog.lookup';

export const requirements: Requirement[] = [
  {
    id: 'LKUP-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement: 'Catalog lookup answers HTTP 200 with a products array of valid products.',
  },
  {
    id: 'LKUP-002',
    level: 'MUST',
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement: 'Lookup accepts product identifiers in ids.',
  },
  {
    id: 'LKUP-003',
    level: 'MUST',
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement: 'Lookup accepts variant identifiers in ids.',
  },
  {
    id: 'LKUP-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement:
      'Each unresolved identifier yields an info message with code not_found whose content is the identifier, and HTTP 200.',
  },
  {
    id: 'LKUP-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement: 'When no identifier resolves, products is an empty array.',
  },
  {
    id: 'LKUP-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement:
      'Returned variants carry inputs recording which request identifiers resolved to them, product ids and variant ids alike.',
  },
  {
    id: 'PROD-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement:
      'An unresolved product identifier gives HTTP 200 with proto.status error and an error message not_found, severity unrecoverable.',
  },
  {
    id: 'LKUP-007',
    level: 'MUST',
    capability,
    source: `${D1} §Limits`,
    statement:
      'A lookup batch above the allowed size gets HTTP 400 with code request_too_large, never a server error, timeout or reset.',
  },
  {
    id: 'PROD-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'Product detail resolves a product identifier to HTTP 200 with one product.',
  },
  {
    id: 'PROD-003',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'Product detail resolves a variant identifier to the product holding that variant.',
  },
  {
    id: 'PROD-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Catalog resources`,
    statement:
      'Product detail of a configurable product (an option with two values or more) carries selected, the effective selections anchoring the featured variant.',
  },
  {
    id: 'PROD-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'When selections are sent, every option value in the response carries available and exists booleans.',
  },
  {
    id: 'PROD-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Catalog resources`,
    statement:
      'available and exists are relative to the selections: they agree with the variants the business itself returns for those selections (a value it shows a variant for exists; one it relaxes away does not).',
  },
  {
    id: 'PROD-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'When no variant matches all selections, the business drops options from the end of preferences first.',
  },
  {
    id: 'PROD-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'The variants a product detail returns match the selections sent.',
  },
  {
    id: 'LKUP-008',
    level: 'MAY',
    capability,
    source: `${D1} §POST /catalog/lookup`,
    statement: 'Lookup may accept secondary identifiers such as a SKU.',
  },
  {
    id: 'PROD-009',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §POST /catalog/product`,
    statement: 'A client given not_found for a product identifier does not retry the same identifier.',
    untestable: 'Binds the platform, not the business; the checker asks for an unknown identifier once.',
  },
  {
    id: 'PROD-010',
    level: 'MUST',
    capability,
    source: `${D1} §POST /catalog/product`,
    statement:
      'Product detail filters (Search Filters) narrow the returned variants: every variant a product detail with filters returns satisfies them.',
  },
];
