import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'shopping.cart';

export const requirements: Requirement[] = [
  {
    id: 'CART-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart`,
    statement: 'Create Cart answers HTTP 201.',
  },
  {
    id: 'CART-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart resource`,
    statement:
      'Every response carrying a cart has id, line_items, currency and totals, as the cart resource requires (Required column), each well-typed.',
  },
  {
    id: 'CART-003',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart`,
    statement: 'Get Cart returns the cart that was created: the same id and the same line items, in any order.',
  },
  {
    id: 'CART-004',
    level: 'MUST',
    capability,
    source: `${D1} §Cart`,
    statement: 'Update Cart replaces the line items in full: lines left out of the update are gone.',
  },
  {
    id: 'CART-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart`,
    statement: 'Cancel Cart with an empty JSON object answers HTTP 200 with the cart.',
  },
  {
    id: 'CART-006',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart`,
    statement:
      'Get of an unknown cart answers HTTP 200, proto.status error, an error not_found with severity unrecoverable, and continue_url.',
  },
  {
    id: 'CART-007',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Cart`,
    statement:
      'When every requested item is out of stock, create answers HTTP 200, proto.status error, an error out_of_stock with severity unrecoverable, and continue_url, and creates no cart.',
  },
  {
    id: 'CART-008',
    level: 'MAY',
    derived: true,
    capability,
    source: `${D1} §States and transitions`,
    statement:
      'The effect of cancel on later reads of a cart is not shown; the checker reports what a read after cancel returns.',
  },
];
