import { isObject } from '../../dialect/dialect.js';
import type { LayerHooks } from '../shared/layer-hooks.js';
import { providerDeclined } from '../shared/payment.js';
import { unrouted } from '../shared/plugs.js';
import { businessError, resource, transportError, unrecoverable } from '../shared/replies.js';
import { sessionRecords } from '../shared/session-families.js';
import { recordsFor } from '../records.js';
import type { LodgingHooks } from './hooks.js';
import { PROPERTY, roomsUrl } from './property.js';
import { filled, isEmail, type BookingRecord, type Json } from './store.js';

// A missing route is the shared layer's hook point.
const { fault } = recordsFor<LodgingHooks & Pick<LayerHooks, 'route.refusal'>>();
/** The session families' records, for booking sessions (src/reference/shared/session-families.ts). */
const bookingSessions = sessionRecords<'booking', BookingRecord>('booking', 'lodging.booking');
const capability = 'lodging.booking';

/** The guests an update carries (an array, when given: the request is read before any fault acts). */
const guestsOf = (body: Json) => (Array.isArray(body.guests) ? (body.guests as Json[]) : []);
/** An update whose guest has no names, for the partial-update faults. */
const namelessGuest = (body: Json) => guestsOf(body).some((g) => !filled(g.first_name) || !filled(g.last_name));
/** An update whose booker lacks a name or email, for the partial-update faults. */
const partialBooker = (body: Json) =>
  isObject(body.booker) && ['first_name', 'last_name', 'email'].some((m) => !filled((body.booker as Json)[m]));
const partialUpdate = (body: Json) => namelessGuest(body) || partialBooker(body);

/** The session's JSON without one member. */
const without = (json: Json, member: string) => {
  const { [member]: _left, ...rest } = json;
  return rest;
};

/** booking-get-stale: each session as it was created. */
const asCreated = new WeakMap<BookingRecord, BookingRecord>();
/** booking-get-status-lags: the status and messages each session was created with. */
const createdStatus = new WeakMap<BookingRecord, Json>();
/** Faults of the lodging service module (Document 3): booking sessions. */
export const LODGING_FAULTS = [
  bookingSessions.createStatus(
    {
      name: 'booking-create-200',
      description: 'Create Booking Session answers 200 instead of 201.',
      breaks: ['BOOK-001', 'ENV-009'],
    },
    200,
  ),
  bookingSessions.createFails(
    {
      name: 'booking-create-500',
      description:
        'Create Booking Session of rooms that are available answers HTTP 500 with an error body: no session.',
      breaks: ['BOOK-001'],
    },
    'The property system did not answer.',
  ),
  fault({
    name: 'booking-property-id-defaulted',
    capability: 'lodging.booking',
    description:
      "A create whose property object has no id books the business's one property all the same, instead of refusing it.",
    breaks: ['ERR-002'],
    // A business with one property assumes it.
    plug: { 'booking.property-id': (id) => id ?? PROPERTY.id },
  }),
  fault({
    name: 'booking-create-no-totals',
    capability,
    description: 'Create Booking Session returns the session without totals.',
    breaks: ['BOOK-001'],
    plug: {
      'booking.answer': (json, { op }) => (op === 'create' ? without(json, 'totals') : json),
    },
  }),
  fault({
    name: 'booking-create-no-links',
    capability,
    description: 'Create Booking Session returns the session without links.',
    breaks: ['BOOK-001'],
    plug: {
      'booking.answer': (json, { op }) => (op === 'create' ? without(json, 'links') : json),
    },
  }),
  bookingSessions.statusShown(
    {
      name: 'booking-status-pending',
      description: 'Incomplete sessions say status "pending", outside the five states.',
      breaks: ['BOOK-001', 'BOOK-009'],
    },
    'incomplete',
    'pending',
  ),
  fault({
    name: 'booking-sold-out-409',
    capability,
    description: 'A create whose room is sold out answers HTTP 409 inventory_exhausted instead of a business error.',
    breaks: ['BOOK-002'],
    plug: { 'booking.unavailable': (_reply, { what }) => transportError(409, 'inventory_exhausted', what) },
  }),
  bookingSessions.unavailableKeepsSession({
    name: 'booking-sold-out-creates-session',
    description:
      'A create whose room is sold out answers inventory_exhausted, but a session is created anyway (its id in the answer, which a read of it finds).',
    breaks: ['BOOK-002'],
  }),
  bookingSessions.unavailableCode(
    {
      name: 'booking-sold-out-other-code',
      description:
        'A create whose room is sold out is refused as a business outcome, but with the code room_unavailable, not inventory_exhausted.',
      breaks: ['BOOK-002'],
    },
    'room_unavailable',
  ),
  bookingSessions.unavailable400({
    name: 'booking-sold-out-400',
    description:
      'A create for a stay that is no longer available is refused with HTTP 400 (code invalid_request, content naming the room that is gone), not the inventory_exhausted business error.',
    breaks: ['BOOK-002'],
  }),
  bookingSessions.unavailableNoContinueUrl({
    name: 'booking-sold-out-no-continue-url',
    description: 'The inventory_exhausted error carries no continue_url.',
    breaks: ['BOOK-002'],
  }),
  bookingSessions.neverGiven(
    {
      name: 'booking-never-ready',
      description: "The booker's email is never taken into account: the session stays incomplete asking for it.",
      breaks: ['BOOK-003'],
    },
    (path) => path === '$.booker.email',
  ),
  bookingSessions.neverGiven(
    {
      name: 'booking-guest-first-name-ignored',
      description:
        "A guest's first name is never taken into account: the session stays incomplete asking for each guest's first_name, though every update sends it.",
      breaks: ['BOOK-003'],
    },
    (path) => path.startsWith('$.guests') && path.endsWith('.first_name'),
  ),
  fault({
    name: 'booking-update-drops-booker',
    capability,
    description: 'An update that sends again the booker the session holds loses it.',
    breaks: ['BOOK-004'],
    plug: {
      'booking.people': (people, { booking }) =>
        booking.booker !== undefined ? { ...people, booker: undefined } : people,
    },
  }),
  fault({
    name: 'booking-partial-guest-400',
    capability,
    description: 'An update whose guest holds only an id (no names) is refused with HTTP 400.',
    breaks: ['BOOK-005'],
    plug: {
      'booking.input-refusal': (refusal, { req }) =>
        refusal ??
        (namelessGuest(req.body)
          ? transportError(400, 'invalid_request', 'guests[] need first_name and last_name')
          : undefined),
    },
  }),
  fault({
    name: 'booking-partial-update-202',
    capability,
    description:
      'An update whose guest holds only an id, or whose booker lacks a name or email, is applied but answered HTTP 202 Accepted.',
    breaks: ['BOOK-005', 'ENV-009'],
    plug: {
      'booking.status': (status, { op, req }) => (op === 'update' && partialUpdate(req.body) ? 202 : status),
    },
  }),
  fault({
    name: 'booking-partial-update-new-session',
    capability,
    description:
      'An update whose guest holds only an id, or whose booker lacks a name or email, is applied, but the session it answers carries a new id: another session than the one updated.',
    breaks: ['BOOK-005'],
    plug: {
      'booking.answer': (json, { op, req, store }) =>
        op === 'update' && partialUpdate(req.body) ? { ...json, id: store.newId('bk') } : json,
    },
  }),
  fault({
    name: 'booking-partial-booker-400',
    capability,
    description: 'An update whose booker lacks a name or email is refused with HTTP 400.',
    breaks: ['BOOK-005'],
    plug: {
      'booking.input-refusal': (refusal, { req }) =>
        refusal ??
        (partialBooker(req.body)
          ? transportError(400, 'invalid_request', 'booker needs first_name, last_name and email')
          : undefined),
    },
  }),
  bookingSessions.createStatusWord(
    {
      name: 'booking-create-in-progress',
      description:
        'Create Booking Session reports the new session as complete_in_progress while the room hold it places with the property system is pending.',
      breaks: ['BOOK-001'],
    },
    'complete_in_progress',
  ),
  fault({
    name: 'booking-get-201',
    capability,
    description: 'Get Booking Session answers HTTP 201, as create does, with the session.',
    breaks: ['BOOK-010', 'ENV-009'],
    plug: { 'booking.status': (status, { op }) => (op === 'get' ? 201 : status) },
  }),
  fault({
    name: 'booking-get-record-key',
    capability,
    description:
      "Get Booking Session answers the store's bare record key as id, without the bk- prefix the session was created with: another id than the session's.",
    breaks: ['BOOK-010'],
    plug: {
      'booking.answer': (json, { op }) => (op === 'get' ? { ...json, id: String(json.id).replace(/^bk-/, '') } : json),
    },
  }),
  fault({
    name: 'booking-complete-202',
    capability,
    description: 'Complete answers HTTP 202 Accepted, even with the booking completed and confirmed.',
    breaks: ['BOOK-006', 'ENV-009'],
    plug: { 'booking.status': (status, { op }) => (op === 'complete' ? 202 : status) },
  }),
  fault({
    name: 'booking-get-stale',
    capability,
    description: 'Get Booking Session answers the session as it was created, not as it is.',
    breaks: ['BOOK-010'],
    // The session is kept as its create answered it, and Get reads that.
    plug: {
      'booking.answer': (json, { op, session }) => {
        if (op === 'create') asCreated.set(session, { ...session, stays: session.stays.map((s) => ({ ...s })) });
        return json;
      },
      'booking.read': (booking) => asCreated.get(booking) ?? booking,
    },
  }),
  fault({
    name: 'booking-get-without-guests',
    capability,
    description: 'Get Booking Session leaves the guests out.',
    breaks: ['BOOK-010'],
    plug: {
      'booking.answer': (json, { op }) => (op === 'get' ? without(json, 'guests') : json),
    },
  }),
  fault({
    name: 'booking-no-confirmation',
    capability,
    description: 'A completed booking carries no confirmation.',
    breaks: ['BOOK-006', 'BOOK-026'],
    plug: { 'booking.confirmation': () => undefined },
  }),
  fault({
    name: 'booking-pincode-number',
    capability,
    description: 'The confirmation pincode is a number, not a string.',
    breaks: ['BOOK-009', 'BOOK-012'],
    plug: {
      'booking.confirmation': (confirmation) =>
        confirmation && 'pincode' in confirmation
          ? { ...confirmation, pincode: Number(confirmation.pincode) }
          : confirmation,
    },
  }),
  fault({
    name: 'booking-confirmation-numbers',
    capability,
    description: 'The confirmation carries no label, and its id and pincode are numbers, not strings.',
    breaks: ['BOOK-009', 'BOOK-012'],
    plug: {
      'booking.confirmation': (json, { confirmation: c }) =>
        json && { id: Number(String(c.id).replace(/\D/g, '').slice(0, 9)), pincode: Number(c.pincode) },
    },
  }),
  bookingSessions.statusShown(
    {
      name: 'booking-status-confirmed',
      description: 'A completed booking says status "confirmed", outside the five states.',
      breaks: ['BOOK-006', 'BOOK-009'],
    },
    'completed',
    'confirmed',
  ),
  bookingSessions.statusShown(
    {
      name: 'booking-cancelled-spelling',
      description: 'Cancel answers status "cancelled" instead of canceled.',
      breaks: ['BOOK-007', 'BOOK-009'],
    },
    'canceled',
    'cancelled',
  ),
  bookingSessions.inProgress(
    {
      name: 'booking-update-during-completion',
      description: 'An update while complete_in_progress is applied.',
      breaks: ['BOOK-008'],
    },
    'applied',
  ),
  bookingSessions.inProgress(
    {
      name: 'booking-in-progress-silent',
      description: 'An update while complete_in_progress returns the session unchanged, with no message saying why.',
      breaks: ['BOOK-008'],
    },
    'silent',
  ),
  bookingSessions.inProgress(
    {
      name: 'booking-in-progress-warning',
      description:
        'An update while complete_in_progress returns the session unchanged with a warning, not a recoverable error.',
      breaks: ['BOOK-008'],
    },
    'warning',
  ),
  bookingSessions.inProgress(
    {
      name: 'booking-in-progress-unrecoverable',
      description:
        'An update while complete_in_progress returns the session unchanged with an unrecoverable error, though the completion goes on.',
      breaks: ['BOOK-008'],
    },
    'unrecoverable',
  ),
  bookingSessions.inProgressStatus(
    {
      name: 'booking-in-progress-202',
      description:
        'An update while complete_in_progress returns the session unchanged with a recoverable error, but answered HTTP 202.',
      breaks: ['BOOK-008'],
    },
    202,
  ),
  fault({
    name: 'booking-in-progress-409',
    capability,
    description: 'An update while complete_in_progress answers HTTP 409 instead of the session.',
    breaks: ['BOOK-008'],
    plug: {
      'booking.update-refusal': (refusal, { session }) =>
        session.status === 'complete_in_progress'
          ? transportError(
              409,
              'complete_in_progress',
              'Completion is in progress; update the session once it has finished.',
            )
          : refusal,
    },
  }),
  fault({
    name: 'booking-dates-timestamps',
    capability,
    description:
      'Stay dates are written as full timestamps (2031-05-12T00:00:00Z), not YYYY-MM-DD; they are read back either way.',
    breaks: ['BOOK-013'],
    // Dates are written as timestamps, and read back either way.
    plug: {
      'booking.date-out': (date) => `${date}T00:00:00Z`,
      'booking.date-in': (date) => (typeof date === 'string' ? date.replace(/T00:00:00Z$/, '') : date),
    },
  }),
  fault({
    name: 'booking-currency-not-iso',
    capability,
    description: 'currency is "euro", not an ISO 4217 code.',
    breaks: ['BOOK-014'],
    plug: { 'booking.json': (json) => ({ ...json, currency: 'euro' }) },
  }),
  fault({
    name: 'booking-currency-four-letters',
    capability,
    description: 'currency is "EURO", four capitals: no ISO 4217 code.',
    breaks: ['BOOK-014'],
    plug: { 'booking.json': (json) => ({ ...json, currency: 'EURO' }) },
  }),
  fault({
    name: 'booking-birthdate-impossible',
    capability,
    description: 'The booker comes back with birthdate 1990-02-30, written YYYY-MM-DD but no calendar day.',
    breaks: ['BOOK-013'],
    plug: {
      'booking.json': (json) =>
        json.booker ? { ...json, booker: { ...(json.booker as Json), birthdate: '1990-02-30' } } : json,
    },
  }),
  fault({
    name: 'booking-booker-phone-number',
    capability,
    description: 'The booker comes back with phone_number as a number, not a string.',
    breaks: ['BOOK-009'],
    plug: {
      'booking.json': (json) =>
        json.booker ? { ...json, booker: { ...(json.booker as Json), phone_number: 33612345678 } } : json,
    },
  }),
  bookingSessions.incompleteSilent({
    name: 'booking-incomplete-silent',
    description: 'Incomplete sessions carry no messages saying what is missing.',
    breaks: ['BOOK-015'],
  }),
  bookingSessions.missingWithoutPath({
    name: 'booking-missing-without-path',
    description: 'missing messages carry no path.',
    breaks: ['BOOK-016'],
  }),
  bookingSessions.noPaymentHandlers({
    name: 'booking-no-payment-handlers',
    needs: ['profile-no-payment-handlers'],
    description:
      'Booking session responses carry no payment_handlers, and the profile names none either: no handler to pay with.',
    breaks: ['BOOK-011', 'BOOK-033'],
  }),
  fault({
    name: 'booking-payment-handlers-not-array',
    capability,
    description:
      'The payment handler registry of booking responses maps the handler name to a lone entry, not an array.',
    breaks: ['BOOK-011'],
    // Each handler name maps to its first entry alone.
    plug: {
      'booking.payment-handlers': (registry) =>
        registry &&
        Object.fromEntries(Object.entries(registry).map(([name, entries]) => [name, (entries as Json[])[0]])),
    },
  }),
  bookingSessions.cancelStatus(
    {
      name: 'booking-cancel-202',
      description: 'Cancel answers HTTP 202 with the canceled session, as if the cancel were still to happen.',
      breaks: ['BOOK-007', 'ENV-009'],
    },
    202,
  ),
  fault({
    name: 'booking-update-merges-booker',
    capability,
    description:
      'An update that leaves out the booker keeps the one the session had: updates are merged into the session, not a full replacement.',
    breaks: ['BOOK-004'],
    plug: { 'booking.people': (people, { booking }) => ({ ...people, booker: people.booker ?? booking.booker }) },
  }),
  fault({
    name: 'booking-update-merges-travel-purpose',
    capability,
    description: 'An update that leaves out travel_purpose keeps the one the session had: merged, not replaced.',
    breaks: ['BOOK-004'],
    plug: {
      'booking.people': (people, { booking }) => ({
        ...people,
        travelPurpose: people.travelPurpose ?? booking.travelPurpose,
      }),
    },
  }),
  fault({
    name: 'booking-update-merges-guests',
    capability,
    description: 'An update that leaves out guests keeps the ones the session had: merged, not replaced.',
    breaks: ['BOOK-004'],
    plug: { 'booking.people': (people, { booking }) => ({ ...people, guests: people.guests ?? booking.guests }) },
  }),
  fault({
    name: 'booking-update-merges-assignments',
    capability,
    description:
      "An update whose stays leave out guest_assignments keeps each stay's earlier assignments: merged, not replaced.",
    breaks: ['BOOK-004'],
    plug: {
      'booking.stays-written': (stays, { booking }) =>
        stays.map((s) =>
          s.assignments ? s : { ...s, assignments: booking.stays.find((o) => o.id === s.id)?.assignments },
        ),
    },
  }),
  bookingSessions.completesIncomplete({
    name: 'booking-completes-incomplete',
    description:
      'Complete of a session still incomplete (no guests, no booker) takes the payment and confirms: completed without ever being ready_for_complete.',
    breaks: ['BOOK-030'],
  }),
  bookingSessions.incompleteDeadEnd(
    {
      name: 'booking-incomplete-dead-end-message',
      description:
        'An update that leaves the session incomplete answers, instead of what is missing, one unrecoverable error naming no field ("This booking cannot be confirmed.").',
      breaks: ['BOOK-015'],
    },
    'update',
    'This booking cannot be confirmed.',
  ),
  fault({
    name: 'booking-assignment-guest-unknown',
    capability,
    description:
      'Guest assignments are shown under the business\'s internal guest numbers (guest_id "internal-1"), which name no guest the response lists.',
    breaks: ['BOOK-031'],
    plug: {
      'booking.stay-json': (stay) =>
        Array.isArray(stay.guest_assignments)
          ? {
              ...stay,
              guest_assignments: (stay.guest_assignments as Json[]).map((a, i) => ({
                ...a,
                guest_id: `internal-${i + 1}`,
              })),
            }
          : stay,
    },
  }),
  fault({
    name: 'booking-stay-ids-renamed',
    capability,
    description: 'Stays are shown under ids of the business\'s own ("S-" and the id the platform supplied).',
    breaks: ['BOOK-004', 'BOOK-032'],
    plug: { 'booking.stay-json': (stay) => ({ ...stay, id: `S-${String(stay.id)}` }) },
  }),
  bookingSessions.instrumentHandlerUnknown({
    name: 'booking-instrument-handler-unknown',
    description: 'Payment instruments are shown with handler_id "card", which names no handler entry.',
    breaks: ['BOOK-033'],
  }),
  bookingSessions.cancelNotKept({
    name: 'booking-cancel-not-kept',
    description:
      'Cancel Booking Session answers HTTP 200 with the session in status canceled, but the session stays as it was: a Get right after it shows it open.',
    breaks: ['BOOK-007'],
  }),
  fault({
    name: 'booking-cancel-ignored',
    capability,
    description: 'Cancel answers HTTP 200 with the session, which stays as it was: not canceled.',
    breaks: ['BOOK-007'],
    plug: { 'booking.cancel-applied': () => false },
  }),
  fault({
    name: 'booking-get-status-lags',
    capability,
    description:
      'Get Booking Session shows the people as they are, but the status (and its messages) the session had at create.',
    breaks: ['BOOK-010'],
    // The status and messages of the create's answer are kept, and Get shows them.
    plug: {
      'booking.answer': (json, { op, session }) => {
        if (op === 'create') createdStatus.set(session, { status: json.status, messages: json.messages });
        const then = op === 'get' ? createdStatus.get(session) : undefined;
        return then ? { ...json, ...then } : json;
      },
    },
  }),
  fault({
    name: 'booking-update-ready-refused',
    capability,
    description:
      'An update of a session that is ready_for_complete is refused with an unrecoverable error and no session.',
    breaks: ['BOOK-004'],
    plug: {
      'booking.update-refusal': (refusal, { session, req }) =>
        session.status === 'ready_for_complete'
          ? businessError(
              [unrecoverable('invalid_state', 'The session is ready for completion and can no longer be updated.')],
              { continue_url: roomsUrl(req.base) },
            )
          : refusal,
    },
  }),
  fault({
    name: 'booking-sold-out-recoverable',
    capability,
    description: 'The inventory_exhausted error says severity recoverable, although no session was created.',
    breaks: ['BOOK-002'],
    plug: {
      'booking.unavailable': (reply) =>
        reply.kind === 'business-error'
          ? { ...reply, messages: reply.messages.map((m) => ({ ...m, severity: 'recoverable' as const })) }
          : reply,
    },
  }),
  bookingSessions.inProgressShowsReady({
    name: 'booking-in-progress-status-reset',
    description:
      'An update while complete_in_progress is refused with a recoverable error, but the session it returns says ready_for_complete.',
    breaks: ['BOOK-008'],
  }),
  bookingSessions.missingPathRelative({
    name: 'booking-missing-path-relative',
    description: 'missing messages carry a path without the root: guests[0].first_name, not $.guests[0].first_name.',
    breaks: ['BOOK-016'],
  }),
  bookingSessions.missingUnrecoverable({
    name: 'booking-missing-unrecoverable',
    description: 'missing messages say severity unrecoverable, though the platform can supply the field.',
    breaks: ['BOOK-016'],
  }),
  fault({
    name: 'booking-complete-stays-ready',
    capability,
    description:
      'Complete takes the payment but answers the session still ready_for_complete, with no message saying why.',
    breaks: ['BOOK-006'],
    // The payment is taken, but nothing moves; an asynchronous completion still completes.
    plug: {
      'booking.completes': (completes) => (completes === 'at-once' ? 'never' : completes),
    },
  }),
  bookingSessions.completeAsksBillingAddress({
    name: 'booking-complete-ignores-billing-address',
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
    plug: {
      'booking.payment-refusal': (_refusal, { render }) =>
        resource(
          render([
            {
              type: 'warning',
              code: 'payment_pending',
              content: 'The payment is pending; the booking will be confirmed once it clears.',
            },
          ]),
        ),
    },
  }),
  fault({
    name: 'booking-complete-declined-500',
    capability,
    description:
      'Complete refuses the payment with an unrecoverable payment_declined error, but under HTTP 500, not the HTTP 200 of a business outcome.',
    breaks: ['BOOK-006', 'ENV-008'],
    plug: {
      'booking.payment-refusal': (refusal, { render }) => refusal ?? resource(render([providerDeclined()]), 500),
    },
  }),
  bookingSessions.unknownSession404({
    name: 'booking-unknown-session-404',
    description:
      'Reading an unknown booking session answers HTTP 404 with code and content, not the business outcome at HTTP 200.',
    breaks: ['BOOK-029'],
  }),
  bookingSessions.getLeavesOutMade(
    {
      name: 'booking-get-no-confirmation',
      description: 'Get of a completed booking leaves the confirmation out.',
      breaks: ['BOOK-026'],
    },
    'confirmation',
  ),
  fault({
    name: 'booking-invalid-email-400',
    capability,
    description:
      'An update with a guest email that is no email address is refused with HTTP 400, not answered as a business outcome.',
    breaks: ['BOOK-028'],
    plug: {
      'booking.input-refusal': (refusal, { req }) =>
        refusal ??
        (guestsOf(req.body).some((g) => g.email !== undefined && !isEmail(g.email))
          ? transportError(400, 'invalid_request', 'guests[].email must be an email address')
          : undefined),
    },
  }),
  fault({
    name: 'booking-cancel-endpoint-missing',
    capability: 'discovery',
    description: 'POST /booking-sessions/{id}/cancel is not routed: 404, although booking is advertised.',
    breaks: ['BOOK-007', 'DISC-001'],
    plug: unrouted('booking.cancel', 404, 'not_found'),
  }),
] as const;
