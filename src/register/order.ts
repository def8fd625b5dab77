import type { Requirement } from './types.js';

const D1 = 'Document 1';
const capability = 'shopping.order';

export const requirements: Requirement[] = [
  {
    id: 'ORD-001',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Order resource`,
    statement:
      "Get Order answers HTTP 200 with id, checkout_id, permalink_url, line_items, fulfillment, currency and totals (the Required column); fulfillment's expectations and events, known members, are well-typed when present.",
  },
  {
    id: 'ORD-002',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Order resource`,
    statement: "An order's checkout_id is the id of the checkout session that placed it.",
  },
  {
    id: 'ORD-003',
    level: 'MUST',
    capability,
    source: `${D1} §Order resource`,
    statement: "An order's currency equals the currency of the checkout that placed it.",
  },
  {
    id: 'ORD-004',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Order`,
    statement:
      'Get of an unknown order answers HTTP 200, proto.status error, and an error not_found with severity unrecoverable.',
  },
  {
    id: 'ORD-005',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Order`,
    statement:
      "A caller the business does not let read an order gets HTTP 200, proto.status error, and an error unauthorized with severity unrecoverable; who may read it is the business's policy.",
  },
  {
    id: 'ORD-006',
    level: 'MUST',
    capability,
    source: `${D1} §Order`,
    statement: 'The platform checks messages before reading order data.',
    untestable: 'Binds the platform, not the business.',
  },
  {
    id: 'ORD-007',
    level: 'SHOULD',
    capability,
    source: `${D1} §Order`,
    statement: 'The platform sends buyers to permalink_url, the authoritative order experience.',
    untestable: 'Binds the platform, not the business; ORD-001 checks that permalink_url is there.',
  },
  {
    id: 'ORD-008',
    level: 'MUST',
    derived: true,
    capability,
    source: `${D1} §Order resource`,
    statement:
      "An order's attribution, when it carries one (it is optional), is a read-only snapshot from the originating checkout: every member it shares with the checkout's attribution (as the checkout answered it, else as the platform sent it) has the same value. Attribution's members are not shown, so members only one side carries are reported, not failed.",
  },
];
