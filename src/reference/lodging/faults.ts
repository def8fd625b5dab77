import { fault } from '../switches.js';

const capability = 'lodging.booking';
/** What a session that never gets created, or never gets driven to ready, leaves unjudged. */
const AFTER_CREATE = ['booking.ready', 'booking.get', 'booking.update-kept'];
const AFTER_READY = [
  'booking.get', 'booking.update-kept', 'booking.complete', 'booking.confirmation-members', 'booking.in-progress-unchanged',
  'booking.cancel-completed', 'booking.completed-confirmation',
  'idempotency.booking.complete.missing-key', 'idempotency.booking.complete.replay', 'idempotency.booking.complete.replay-no-second-effect',
];

/** What a booking that never completes leaves unjudged. */
const COMPLETED = [
  'booking.confirmation-members', 'booking.cancel-completed', 'booking.completed-confirmation', 'idempotency.booking.complete.replay-no-second-effect',
];

/** Faults of the lodging service module (Document 3): booking sessions. */
export const LODGING_FAULTS = [
  fault({ name: 'booking-create-200', capability, description: 'Create Booking Session answers 200 instead of 201.', fails: ['booking.create', 'envelope.success-status'], skips: AFTER_CREATE }),
  fault({ name: 'booking-create-500', capability, description: 'Create Booking Session of rooms that are available answers HTTP 500 with an error body: no session.', fails: ['booking.create'], skips: [
    ...AFTER_CREATE, 'booking.cancel', 'booking.partial-update', 'booking.invalid-guest-200', 'booking.complete', 'booking.confirmation-members',
    'booking.cancel-completed', 'booking.in-progress-unchanged', 'booking.resource', 'booking.payment-handlers', 'booking.completed-confirmation',
    'booking.incomplete-names-missing', 'booking.missing-messages', 'booking.dates', 'booking.currency', 'idempotency.booking.*',
    'requests.booking.create.agent-missing', 'requests.booking.create.agent-malformed', 'requests.booking.create.malformed-json', 'requests.booking.create.missing-member',
  ] }),
  fault({ name: 'booking-create-no-totals', capability, description: 'Create Booking Session returns the session without totals.', fails: ['booking.create'], skips: AFTER_CREATE }),
  fault({ name: 'booking-create-no-links', capability, description: 'Create Booking Session returns the session without links.', fails: ['booking.create'], skips: AFTER_CREATE }),
  fault({ name: 'booking-status-pending', capability, description: 'Incomplete sessions say status "pending", outside the five states.', fails: ['booking.create', 'booking.resource'], skips: [...AFTER_CREATE, 'booking.cancel', 'booking.partial-update', 'booking.invalid-guest-200', 'booking.incomplete-names-missing'] }),
  fault({ name: 'booking-sold-out-409', capability, description: 'A create whose room is sold out answers HTTP 409 inventory_exhausted instead of a business error.', fails: ['booking.inventory-exhausted'] }),
  fault({ name: 'booking-sold-out-creates-session', capability, description: 'A create whose room is sold out answers inventory_exhausted, but a session is created anyway (its id in the answer).', fails: ['booking.inventory-exhausted', 'booking.resource', 'envelope.success-status'] }),
  fault({ name: 'booking-sold-out-other-code', capability, description: 'A create whose room is sold out is refused as a business outcome, but with the code room_unavailable, not inventory_exhausted.', fails: ['booking.inventory-exhausted'] }),
  fault({ name: 'booking-sold-out-no-continue-url', capability, description: 'The inventory_exhausted error carries no continue_url.', fails: ['booking.inventory-exhausted'] }),
  fault({ name: 'booking-never-ready', capability, description: 'The booker\'s email is never taken into account: the session stays incomplete asking for it.', fails: ['booking.ready'], skips: AFTER_READY }),
  fault({ name: 'booking-guest-first-name-ignored', capability, description: 'A guest\'s first name is never taken into account: the session stays incomplete asking for each guest\'s first_name, though every update sends it.', fails: ['booking.ready'], skips: AFTER_READY }),
  fault({ name: 'booking-update-drops-booker', capability, description: 'An update that sends again the booker the session holds loses it.', fails: ['booking.update-kept'] }),
  fault({ name: 'booking-partial-guest-400', capability, description: 'An update whose guest holds only an id (no names) is refused with HTTP 400.', fails: ['booking.partial-update'] }),
  fault({ name: 'booking-partial-update-202', capability, description: 'An update whose guest holds only an id, or whose booker lacks a name or email, is applied but answered HTTP 202 Accepted.', fails: ['booking.partial-update', 'envelope.success-status'] }),
  fault({ name: 'booking-partial-update-new-session', capability, description: 'An update whose guest holds only an id, or whose booker lacks a name or email, is applied, but the session it answers carries a new id: another session than the one updated.', fails: ['booking.partial-update'] }),
  fault({ name: 'booking-partial-booker-400', capability, description: 'An update whose booker lacks a name or email is refused with HTTP 400.', fails: ['booking.partial-update'] }),
  fault({ name: 'booking-create-in-progress', capability, description: 'Create Booking Session reports the new session as complete_in_progress while the room hold it places with the property system is pending.', fails: ['booking.create'], skips: [...AFTER_CREATE, 'booking.cancel', 'booking.partial-update', 'booking.invalid-guest-200', 'booking.incomplete-names-missing'] }),
  fault({ name: 'booking-get-201', capability, description: 'Get Booking Session answers HTTP 201, as create does, with the session.', fails: ['booking.get', 'envelope.success-status'] }),
  fault({ name: 'booking-get-record-key', capability, description: 'Get Booking Session answers the store\'s bare record key as id, without the bk- prefix the session was created with: another id than the session\'s.', fails: ['booking.get'] }),
  fault({ name: 'booking-complete-202', capability, description: 'Complete answers HTTP 202 Accepted, even with the booking completed and confirmed.', fails: ['booking.complete', 'envelope.success-status'] }),
  fault({ name: 'booking-get-stale', capability, description: 'Get Booking Session answers the session as it was created, not as it is.', fails: ['booking.get'] }),
  fault({ name: 'booking-get-without-guests', capability, description: 'Get Booking Session leaves the guests out.', fails: ['booking.get'] }),
  fault({ name: 'booking-no-confirmation', capability, description: 'A completed booking carries no confirmation.', fails: ['booking.complete', 'booking.completed-confirmation'], skips: ['booking.confirmation-members', 'idempotency.booking.complete.replay-no-second-effect'] }),
  fault({ name: 'booking-pincode-number', capability, description: 'The confirmation pincode is a number, not a string.', fails: ['booking.confirmation-members', 'booking.resource'] }),
  fault({ name: 'booking-confirmation-numbers', capability, description: 'The confirmation carries no label, and its id and pincode are numbers, not strings.', fails: ['booking.confirmation-members', 'booking.resource'], skips: ['idempotency.booking.complete.replay-no-second-effect'] }),
  fault({ name: 'booking-status-confirmed', capability, description: 'A completed booking says status "confirmed", outside the five states.', fails: ['booking.complete', 'booking.resource'], skips: ['booking.cancel-completed', 'booking.completed-confirmation'] }),
  fault({ name: 'booking-cancelled-spelling', capability, description: 'Cancel answers status "cancelled" instead of canceled.', fails: ['booking.cancel', 'booking.resource'] }),
  fault({ name: 'booking-update-during-completion', capability, description: 'An update while complete_in_progress is applied.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-in-progress-silent', capability, description: 'An update while complete_in_progress returns the session unchanged, with no message saying why.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-in-progress-warning', capability, description: 'An update while complete_in_progress returns the session unchanged with a warning, not a recoverable error.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-in-progress-unrecoverable', capability, description: 'An update while complete_in_progress returns the session unchanged with an unrecoverable error, though the completion goes on.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-in-progress-202', capability, description: 'An update while complete_in_progress returns the session unchanged with a recoverable error, but answered HTTP 202.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-in-progress-409', capability, description: 'An update while complete_in_progress answers HTTP 409 instead of the session.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-dates-timestamps', capability, description: 'Stay dates are written as full timestamps (2031-05-12T00:00:00Z), not YYYY-MM-DD; they are read back either way.', fails: ['booking.dates'] }),
  fault({ name: 'booking-currency-not-iso', capability, description: 'currency is "euro", not an ISO 4217 code.', fails: ['booking.currency'] }),
  fault({ name: 'booking-currency-four-letters', capability, description: 'currency is "EURO", four capitals: no ISO 4217 code.', fails: ['booking.currency'] }),
  fault({ name: 'booking-birthdate-impossible', capability, description: 'The booker comes back with birthdate 1990-02-30, written YYYY-MM-DD but no calendar day.', fails: ['booking.dates'] }),
  fault({ name: 'booking-booker-phone-number', capability, description: 'The booker comes back with phone_number as a number, not a string.', fails: ['booking.resource'] }),
  fault({ name: 'booking-incomplete-silent', capability, description: 'Incomplete sessions carry no messages saying what is missing.', fails: ['booking.incomplete-names-missing'], skips: ['booking.missing-messages'] }),
  fault({ name: 'booking-missing-without-path', capability, description: 'missing messages carry no path.', fails: ['booking.missing-messages'] }),
  fault({ name: 'booking-no-payment-handlers', capability, needs: ['profile-no-payment-handlers'], description: 'Booking session responses carry no payment_handlers, and the profile names none either: no handler to pay with.', fails: ['booking.payment-handlers'] }),
  fault({ name: 'booking-payment-handlers-not-array', capability, description: 'The payment handler registry of booking responses maps the handler name to a lone entry, not an array.', fails: ['booking.payment-handlers'] }),
  fault({ name: 'booking-cancel-202', capability, description: 'Cancel answers HTTP 202 with the canceled session, as if the cancel were still to happen.', fails: ['booking.cancel', 'envelope.success-status'] }),
  fault({ name: 'booking-cancel-ignored', capability, description: 'Cancel answers HTTP 200 with the session, which stays as it was: not canceled.', fails: ['booking.cancel'] }),
  fault({ name: 'booking-get-status-lags', capability, description: 'Get Booking Session shows the people as they are, but the status (and its messages) the session had at create.', fails: ['booking.get'] }),
  fault({ name: 'booking-update-ready-refused', capability, description: 'An update of a session that is ready_for_complete is refused with an unrecoverable error and no session.', fails: ['booking.update-kept'] }),
  fault({ name: 'booking-sold-out-recoverable', capability, description: 'The inventory_exhausted error says severity recoverable, although no session was created.', fails: ['booking.inventory-exhausted'] }),
  fault({ name: 'booking-in-progress-status-reset', capability, description: 'An update while complete_in_progress is refused with a recoverable error, but the session it returns says ready_for_complete.', fails: ['booking.in-progress-unchanged'] }),
  fault({ name: 'booking-missing-path-relative', capability, description: 'missing messages carry a path without the root: guests[0].first_name, not $.guests[0].first_name.', fails: ['booking.missing-messages'] }),
  fault({ name: 'booking-missing-unrecoverable', capability, description: 'missing messages say severity unrecoverable, though the platform can supply the field.', fails: ['booking.missing-messages'] }),
  fault({ name: 'booking-complete-stays-ready', capability, description: 'Complete takes the payment but answers the session still ready_for_complete, with no message saying why.', fails: ['booking.complete'], skips: COMPLETED }),
  fault({ name: 'booking-complete-ignores-billing-address', capability, description: 'Complete always asks for a billing address (missing $.payment.instruments[0].billing_address), although the instrument carries one.', fails: ['booking.complete'], skips: [...COMPLETED, 'booking.in-progress-unchanged'] }),
  fault({ name: 'booking-complete-pending-warning', capability, description: 'Complete leaves the session ready_for_complete with only a payment_pending warning: neither completed nor complete_in_progress, and no error.', fails: ['booking.complete'], skips: [...COMPLETED, 'booking.in-progress-unchanged'] }),
  fault({ name: 'booking-complete-declined-500', capability, description: 'Complete refuses the payment with an unrecoverable payment_declined error, but under HTTP 500, not the HTTP 200 of a business outcome.', fails: ['booking.complete', 'envelope.transport-error-body'], skips: [...COMPLETED, 'idempotency.booking.complete.missing-key', 'idempotency.booking.complete.replay', 'booking.in-progress-unchanged'] }),
  fault({ name: 'booking-get-no-confirmation', capability, description: 'Get of a completed booking leaves the confirmation out.', fails: ['booking.completed-confirmation'] }),
  fault({ name: 'booking-invalid-email-400', capability, description: 'An update with a guest email that is no email address is refused with HTTP 400, not answered as a business outcome.', fails: ['booking.invalid-guest-200'] }),
  fault({ name: 'booking-cancel-endpoint-missing', capability: 'discovery', description: 'POST /booking-sessions/{id}/cancel is not routed: 404, although booking is advertised.', fails: ['booking.cancel', 'booking.endpoints-exist'], skips: ['idempotency.booking.cancel.missing-key', 'idempotency.booking.cancel.replay', 'requests.booking.cancel.agent-missing', 'requests.booking.cancel.agent-malformed', 'requests.booking.cancel.malformed-json'] }),
] as const;
