import type { Requirement } from '../../src/register/types.js';

const D1 = 'Document 1';
const capability = 'shopping.checkout';

export const requirements: Requirement[] = [
  { id: 'CHK-001', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'Create Checkout with available items answers HTTP 201 with a session in status incomplete.' },
  { id: 'CHK-002', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'An incomplete session names what is missing: recoverable error messages with code missing, each with a path.' },
  { id: 'CHK-003', level: 'MUST', derived: true, capability, source: `${D1} §Checkout resource`,
    statement: 'A checkout session carries id, a status of the five states, line_items, currency and totals.' },
  { id: 'CHK-004', level: 'MUST', derived: true, capability, source: `${D1} §Checkout resource`,
    statement: 'Checkout responses carry proto.payment_handlers with the handlers usable for payment.' },
  { id: 'CHK-005', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'Full-replacement updates that supply the buyer, a fulfillment destination and an option selection bring the session to ready_for_complete.' },
  { id: 'CHK-006', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'Totals are recomputed on each update and agree with themselves: the total entry equals the sum of the other entries.' },
  { id: 'CHK-007', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'Completing a ready session with an accepted payment gives status completed and an order with id and permalink_url.' },
  { id: 'CHK-008', level: 'MUST', derived: true, capability, source: `${D1} §Checkout`,
    statement: 'Cancel of an incomplete or ready_for_complete session returns it with status canceled.' },
  { id: 'CHK-009', level: 'MUST', derived: true, capability, source: `${D1} §Checkout`,
    statement: 'When every item is unavailable at create, the answer is HTTP 200, proto.status error, an error item_unavailable with severity unrecoverable, and continue_url.' },
  { id: 'CHK-010', level: 'MUST', derived: true, capability, source: `${D1} §Checkout resource`,
    statement: 'A quantity_adjusted warning carries the path of the adjusted quantity.' },
  { id: 'CHK-011', level: 'MUST', derived: true, capability, source: `${D1} §States and transitions`,
    statement: 'An update while complete_in_progress returns the session unchanged with a recoverable error message.' },
  { id: 'CHK-012', level: 'MUST', capability, source: `${D1} §Checkout`,
    statement: 'The platform sends the whole checkout resource on update.',
    untestable: 'Binds the platform, not the business; the checker honours it by always sending the whole resource.' },
  { id: 'CHK-013', level: 'MUST', capability, source: `${D1} §States and transitions`,
    statement: 'The platform does not start a new update while the session is complete_in_progress.',
    untestable: 'Binds the platform, not the business; CHK-011 checks how the business answers one anyway.' },
  { id: 'CHK-014', level: 'MAY', capability, source: `${D1} §Checkout`,
    statement: 'Complete may return messages requiring buyer or address fields.',
    untestable: 'A permission, not an obligation: nothing a business does can break it.' },
];
