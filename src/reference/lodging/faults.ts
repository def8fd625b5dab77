import { fault } from '../switches.js';

const capability = 'lodging.booking';
/** Faults of the lodging service module (Document 3): booking sessions. */
export const LODGING_FAULTS = [
  fault({
    name: 'booking-create-200',
    capability,
    description: 'Create Booking Session answers 200 instead of 201.',
    breaks: ['BOOK-001', 'ENV-009'],
  }),
  fault({
    name: 'booking-create-500',
    capability,
    description: 'Create Booking Session of rooms that are available answers HTTP 500 with an error body: no session.',
    breaks: ['BOOK-001'],
  }),
  fault({
    name: 'booking-create-no-totals',
    capability,
    description: 'Create Booking Session returns the session without totals.',
    breaks: ['BOOK-001'],
  }),
  fault({
    name: 'booking-create-no-links',
    capability,
    description: 'Create Booking Session returns the session without links.',
    breaks: ['BOOK-001'],
  }),
  fault({
    name: 'booking-status-pending',
    capability,
    description: 'Incomplete sessions say status "pending", outside the five states.',
    breaks: ['BOOK-001', 'BOOK-009'],
  }),
  fault({
    name: 'booking-sold-out-409',
    capability,
    description: 'A create whose room is sold out answers HTTP 409 inventory_exhausted instead of a business error.',
    breaks: ['BOOK-002'],
  }),
  fault({
    name: 'booking-sold-out-creates-session',
    capability,
    description:
      'A create whose room is sold out answers inventory_exhausted, but a session is created anyway (its id in the answer).',
    breaks: ['BOOK-002', 'BOOK-009', 'ENV-009'],
  }),
  fault({
    name: 'booking-sold-out-other-code',
    capability,
    description:
      'A create whose room is sold out is refused as a business outcome, but with the code room_unavailable, not inventory_exhausted.',
    breaks: ['BOOK-002'],
  }),
  fault({
    name: 'booking-sold-out-no-continue-url',
    capability,
    description: 'The inventory_exhausted error carries no continue_url.',
    breaks: ['BOOK-002'],
  }),
  fault({
    name: 'booking-never-ready',
    capability,
    description: "The booker's email is never taken into account: the session stays incomplete asking for it.",
    breaks: ['BOOK-003'],
  }),
  fault({
    name: 'booking-guest-first-name-ignored',
    capability,
    description:
      "A guest's first name is never taken into account: the session stays incomplete asking for each guest's first_name, though every update sends it.",
    breaks: ['BOOK-003'],
  }),
  fault({
    name: 'booking-update-drops-booker',
    capability,
    description: 'An update that sends again the booker the session holds loses it.',
    breaks: ['BOOK-004'],
  }),
  fault({
    name: 'booking-partial-guest-400',
    capability,
    description: 'An update whose guest holds only an id (no names) is refused with HTTP 400.',
    breaks: ['BOOK-005'],
  }),
  fault({
    name: 'booking-partial-update-202',
    capability,
    description:
      'An update whose guest holds only an id, or whose booker lacks a name or email, is applied but answered HTTP 202 Accepted.',
    breaks: ['BOOK-005', 'ENV-009'],
  }),
  fault({
    name: 'booking-partial-update-new-session',
    capability,
    description:
      'An update whose guest holds only an id, or whose booker lacks a name or email, is applied, but the session it answers carries a new id: another session than the one updated.',
    breaks: ['BOOK-005'],
  }),
  fault({
    name: 'booking-partial-booker-400',
    capability,
    description: 'An update whose booker lacks a name or email is refused with HTTP 400.',
    breaks: ['BOOK-005'],
  }),
  fault({
    name: 'booking-create-in-progress',
    capability,
    description:
      'Create Booking Session reports the new session as complete_in_progress while the room hold it places with the property system is pending.',
    breaks: ['BOOK-001'],
  }),
  fault({
    name: 'booking-get-201',
    capability,
    description: 'Get Booking Session answers HTTP 201, as create does, with the session.',
    breaks: ['BOOK-010', 'ENV-009'],
  }),
  fault({
    name: 'booking-get-record-key',
    capability,
    description:
      "Get Booking Session answers the store's bare record key as id, without the bk- prefix the session was created with: another id than the session's.",
    breaks: ['BOOK-010'],
  }),
  fault({
    name: 'booking-complete-202',
    capability,
    description: 'Complete answers HTTP 202 Accepted, even with the booking completed and confirmed.',
    breaks: ['BOOK-006', 'ENV-009'],
  }),
  fault({
    name: 'booking-get-stale',
    capability,
    description: 'Get Booking Session answers the session as it was created, not as it is.',
    breaks: ['BOOK-010'],
  }),
  fault({
    name: 'booking-get-without-guests',
    capability,
    description: 'Get Booking Session leaves the guests out.',
    breaks: ['BOOK-010'],
  }),
  fault({
    name: 'booking-no-confirmation',
    capability,
    description: 'A completed booking carries no confirmation.',
    breaks: ['BOOK-006', 'BOOK-026'],
  }),
  fault({
    name: 'booking-pincode-number',
    capability,
    description: 'The confirmation pincode is a number, not a string.',
    breaks: ['BOOK-009', 'BOOK-012'],
  }),
  fault({
    name: 'booking-confirmation-numbers',
    capability,
    description: 'The confirmation carries no label, and its id and pincode are numbers, not strings.',
    breaks: ['BOOK-009', 'BOOK-012'],
  }),
  fault({
    name: 'booking-status-confirmed',
    capability,
    description: 'A completed booking says status "confirmed", outside the five states.',
    breaks: ['BOOK-006', 'BOOK-009'],
  }),
  fault({
    name: 'booking-cancelled-spelling',
    capability,
    description: 'Cancel answers status "cancelled" instead of canceled.',
    breaks: ['BOOK-007', 'BOOK-009'],
  }),
  fault({
    name: 'booking-update-during-completion',
    capability,
    description: 'An update while complete_in_progress is applied.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-in-progress-silent',
    capability,
    description: 'An update while complete_in_progress returns the session unchanged, with no message saying why.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-in-progress-warning',
    capability,
    description:
      'An update while complete_in_progress returns the session unchanged with a warning, not a recoverable error.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-in-progress-unrecoverable',
    capability,
    description:
      'An update while complete_in_progress returns the session unchanged with an unrecoverable error, though the completion goes on.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-in-progress-202',
    capability,
    description:
      'An update while complete_in_progress returns the session unchanged with a recoverable error, but answered HTTP 202.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-in-progress-409',
    capability,
    description: 'An update while complete_in_progress answers HTTP 409 instead of the session.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-dates-timestamps',
    capability,
    description:
      'Stay dates are written as full timestamps (2031-05-12T00:00:00Z), not YYYY-MM-DD; they are read back either way.',
    breaks: ['BOOK-013'],
  }),
  fault({
    name: 'booking-currency-not-iso',
    capability,
    description: 'currency is "euro", not an ISO 4217 code.',
    breaks: ['BOOK-014'],
  }),
  fault({
    name: 'booking-currency-four-letters',
    capability,
    description: 'currency is "EURO", four capitals: no ISO 4217 code.',
    breaks: ['BOOK-014'],
  }),
  fault({
    name: 'booking-birthdate-impossible',
    capability,
    description: 'The booker comes back with birthdate 1990-02-30, written YYYY-MM-DD but no calendar day.',
    breaks: ['BOOK-013'],
  }),
  fault({
    name: 'booking-booker-phone-number',
    capability,
    description: 'The booker comes back with phone_number as a number, not a string.',
    breaks: ['BOOK-009'],
  }),
  fault({
    name: 'booking-incomplete-silent',
    capability,
    description: 'Incomplete sessions carry no messages saying what is missing.',
    breaks: ['BOOK-015'],
  }),
  fault({
    name: 'booking-missing-without-path',
    capability,
    description: 'missing messages carry no path.',
    breaks: ['BOOK-016'],
  }),
  fault({
    name: 'booking-no-payment-handlers',
    capability,
    needs: ['profile-no-payment-handlers'],
    description:
      'Booking session responses carry no payment_handlers, and the profile names none either: no handler to pay with.',
    breaks: ['BOOK-011'],
  }),
  fault({
    name: 'booking-payment-handlers-not-array',
    capability,
    description:
      'The payment handler registry of booking responses maps the handler name to a lone entry, not an array.',
    breaks: ['BOOK-011'],
  }),
  fault({
    name: 'booking-cancel-202',
    capability,
    description: 'Cancel answers HTTP 202 with the canceled session, as if the cancel were still to happen.',
    breaks: ['BOOK-007', 'ENV-009'],
  }),
  fault({
    name: 'booking-cancel-ignored',
    capability,
    description: 'Cancel answers HTTP 200 with the session, which stays as it was: not canceled.',
    breaks: ['BOOK-007'],
  }),
  fault({
    name: 'booking-get-status-lags',
    capability,
    description:
      'Get Booking Session shows the people as they are, but the status (and its messages) the session had at create.',
    breaks: ['BOOK-010'],
  }),
  fault({
    name: 'booking-update-ready-refused',
    capability,
    description:
      'An update of a session that is ready_for_complete is refused with an unrecoverable error and no session.',
    breaks: ['BOOK-004'],
  }),
  fault({
    name: 'booking-sold-out-recoverable',
    capability,
    description: 'The inventory_exhausted error says severity recoverable, although no session was created.',
    breaks: ['BOOK-002'],
  }),
  fault({
    name: 'booking-in-progress-status-reset',
    capability,
    description:
      'An update while complete_in_progress is refused with a recoverable error, but the session it returns says ready_for_complete.',
    breaks: ['BOOK-008'],
  }),
  fault({
    name: 'booking-missing-path-relative',
    capability,
    description: 'missing messages carry a path without the root: guests[0].first_name, not $.guests[0].first_name.',
    breaks: ['BOOK-016'],
  }),
  fault({
    name: 'booking-missing-unrecoverable',
    capability,
    description: 'missing messages say severity unrecoverable, though the platform can supply the field.',
    breaks: ['BOOK-016'],
  }),
  fault({
    name: 'booking-complete-stays-ready',
    capability,
    description:
      'Complete takes the payment but answers the session still ready_for_complete, with no message saying why.',
    breaks: ['BOOK-006'],
  }),
  fault({
    name: 'booking-complete-ignores-billing-address',
    capability,
    description:
      'Complete always asks for a billing address (missing $.payment.instruments[0].billing_address), although the instrument carries one.',
    breaks: ['BOOK-006'],
  }),
  fault({
    name: 'booking-complete-pending-warning',
    capability,
    description:
      'Complete leaves the session ready_for_complete with only a payment_pending warning: neither completed nor complete_in_progress, and no error.',
    breaks: ['BOOK-006'],
  }),
  fault({
    name: 'booking-complete-declined-500',
    capability,
    description:
      'Complete refuses the payment with an unrecoverable payment_declined error, but under HTTP 500, not the HTTP 200 of a business outcome.',
    breaks: ['BOOK-006', 'ENV-008'],
  }),
  fault({
    name: 'booking-get-no-confirmation',
    capability,
    description: 'Get of a completed booking leaves the confirmation out.',
    breaks: ['BOOK-026'],
  }),
  fault({
    name: 'booking-invalid-email-400',
    capability,
    description:
      'An update with a guest email that is no email address is refused with HTTP 400, not answered as a business outcome.',
    breaks: ['BOOK-028'],
  }),
  fault({
    name: 'booking-cancel-endpoint-missing',
    capability: 'discovery',
    description: 'POST /booking-sessions/{id}/cancel is not routed: 404, although booking is advertised.',
    breaks: ['BOOK-007', 'DISC-001'],
  }),
] as const;
