/** Booking sessions of the reference business (Document 3 §States and transitions, §Endpoints). */
import { isObject } from '../../dialect/dialect.js';
import {
  businessError,
  isReply,
  recoverable,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { billingAddressUnverified, keptInstruments, providerDeclined } from '../shared/payment.js';
import {
  BOOKING_SESSIONS,
  move,
  readiness,
  refuseCancel,
  refuseUpdate,
  startComplete,
  type InProgressAnswer,
} from '../shared/session.js';
import {
  ACCOMMODATION_TYPES,
  CITY_TAX,
  CURRENCY,
  PLANS_PER_ROOM,
  PROPERTY,
  RATE_PLANS,
  SOLD_OUT,
  TAX_RATE,
} from './property.js';
import type { BookingRecord, Json, LodgingStore, StayRecord } from './store.js';

/** How long a session lasts (shown as expires_at with booking-expires-at). */
const LIFETIME_MS = 30 * 60 * 1000;
/** How long an asynchronous completion takes (booking-async-completion). */
// Between the checker's first poll (250 ms) and its second (750 ms), with room for a loaded machine:
// the number of polls, which verdicts quote, must not depend on timing.
const ASYNC_COMPLETION_MS = 500;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /booking-sessions */
export function create(store: LodgingStore, req: HandlerRequest): Reply {
  const { faults } = req;
  const property = checkProperty(req.body.property, true);
  if (property) return property;
  const stays = parseStays(req.body.stays, req);
  if (isReply(stays)) return stays;
  // Members beyond property and stays (not shown) are read as an update reads them.
  const people = parsePeople(req.body);
  if (isReply(people)) return people;
  // booking-create-500: a create the business could serve fails inside it (sold-out stays still get their business
  // error).
  if (faults.has('booking-create-500') && !stays.some(soldOut))
    return transportError(500, 'internal_error', 'The property system did not answer.');
  if (stays.some(soldOut)) return exhausted(store, stays, people, req);
  const booking = newBooking(store, stays);
  apply(store, booking, stays, people, req);
  if (faults.has('booking-get-stale') || faults.has('booking-get-status-lags'))
    booking.asCreated = { ...booking, stays: booking.stays.map((s) => ({ ...s })) };
  store.bookings.set(booking.id, booking);
  const json = bookingJson(booking, req, []);
  if (faults.has('booking-create-no-totals')) delete json.totals;
  if (faults.has('booking-create-no-links')) delete json.links;
  // booking-create-in-progress: the hold placed with the property system is reported as a completion under way.
  if (faults.has('booking-create-in-progress')) json.status = 'complete_in_progress';
  return resource(json, faults.has('booking-create-200') ? 200 : 201);
}

/** GET /booking-sessions/{id} */
export function get(store: LodgingStore, req: HandlerRequest): Reply {
  const booking = find(store, req);
  if (!booking) return notFound(req);
  // booking-get-stale: Get answers the session as it was created, whatever happened since.
  const json = bookingJson(
    req.faults.has('booking-get-stale') && booking.asCreated ? booking.asCreated : booking,
    req,
    [],
  );
  if (req.faults.has('booking-get-without-guests')) delete json.guests;
  // booking-multi-stay-get-reordered: Get reads the stays back by id, last first, not in the order they were sent.
  if (req.variations.has('booking-multi-stay-get-reordered') && Array.isArray(json.stays))
    json.stays = [...json.stays].reverse();
  if (req.faults.has('booking-get-no-confirmation')) delete json.confirmation;
  // booking-get-status-lags: Get shows the people as they are, but the status (and its messages) as at create.
  if (req.faults.has('booking-get-status-lags') && booking.asCreated) {
    const then = bookingJson(booking.asCreated, req, []);
    Object.assign(json, { status: then.status, messages: then.messages });
  }
  // booking-get-record-key: the id is the store's bare record key, without the prefix the session was created with.
  if (req.faults.has('booking-get-record-key')) json.id = String(json.id).replace(/^bk-/, '');
  return resource(json, req.faults.has('booking-get-201') ? 201 : 200);
}

/** PUT /booking-sessions/{id}: a full replacement of stays, guests, booker and travel purpose. */
export function update(store: LodgingStore, req: HandlerRequest): Reply {
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const { faults } = req;
  if (booking.status === 'complete_in_progress' && faults.has('booking-in-progress-409')) {
    return transportError(
      409,
      'complete_in_progress',
      'Completion is in progress; update the session once it has finished.',
    );
  }
  // booking-in-progress-status-reset: the refusal shows the session as ready_for_complete, though completion goes on.
  const shown =
    booking.status === 'complete_in_progress' && faults.has('booking-in-progress-status-reset')
      ? { ...booking, status: 'ready_for_complete' as const }
      : booking;
  const refused = refuseUpdate(
    BOOKING_SESSIONS,
    booking,
    (extra) => bookingJson(shown, req, extra),
    inProgressAnswer(req),
  );
  // booking-in-progress-202: the refusal while complete_in_progress is right, but answered 202 Accepted.
  if (
    refused?.kind === 'resource' &&
    booking.status === 'complete_in_progress' &&
    faults.has('booking-in-progress-202')
  )
    return { ...refused, status: 202 };
  if (refused) return refused;
  if (booking.status === 'ready_for_complete' && faults.has('booking-update-ready-refused')) {
    return businessError(
      [unrecoverable('invalid_state', 'The session is ready for completion and can no longer be updated.')],
      { continue_url: roomsUrl(req) },
    );
  }
  // booking-update-during-completion: the update is applied, and the status left as it was.
  const inProgress = booking.status === 'complete_in_progress';
  const property = checkProperty(req.body.property, false);
  if (property) return property;
  const stays = parseStays(req.body.stays, req);
  if (isReply(stays)) return stays;
  const people = parsePeople(req.body);
  if (isReply(people)) return people;
  if (
    faults.has('booking-invalid-email-400') &&
    (people.guests ?? []).some((g) => g.email !== undefined && !isEmail(g.email))
  ) {
    return transportError(400, 'invalid_request', 'guests[].email must be an email address');
  }
  // The partial-update faults act on an update whose guest has no names or whose booker lacks a member.
  const namelessGuest = (people.guests ?? []).some((g) => !filled(g.first_name) || !filled(g.last_name));
  const partialBooker =
    people.booker !== undefined && ['first_name', 'last_name', 'email'].some((m) => !filled(people.booker?.[m]));
  if (faults.has('booking-partial-guest-400') && namelessGuest) {
    return transportError(400, 'invalid_request', 'guests[] need first_name and last_name');
  }
  if (faults.has('booking-partial-booker-400') && partialBooker) {
    return transportError(400, 'invalid_request', 'booker needs first_name, last_name and email');
  }
  const gone = stays.findIndex(soldOut);
  if (gone >= 0) {
    // Open in the spec: an update asking for a room that is gone leaves the session as it was.
    return resource(
      bookingJson(booking, req, [
        recoverable(
          'inventory_exhausted',
          `${describe(stays[gone])} is no longer available; the session was left as it was.`,
          `$.stays[${gone}]`,
        ),
      ]),
    );
  }
  // booking-update-drops-booker: a booker the session already holds is lost when an update sends it again.
  if (faults.has('booking-update-drops-booker') && booking.booker !== undefined) people.booker = undefined;
  // booking-payment-before-ready: the instruments an update carries guarantee the stay; their credentials are not kept.
  if (req.variations.has('booking-payment-before-ready') && !inProgress) {
    booking.instruments = keptInstruments(req.body);
  }
  const partial = namelessGuest || partialBooker;
  apply(store, booking, stays, people, req, !inProgress);
  const json = bookingJson(booking, req, []);
  // booking-partial-update-new-session: the answer names another session than the one updated.
  if (partial && faults.has('booking-partial-update-new-session')) json.id = store.newId('bk');
  // booking-partial-update-202: applied, but answered 202 Accepted as if still to happen.
  return resource(json, partial && faults.has('booking-partial-update-202') ? 202 : 200);
}

/** POST /booking-sessions/{id}/complete */
export function complete(store: LodgingStore, req: HandlerRequest): Reply {
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const render = (extra: ReplyMessage[]) => bookingJson(booking, req, extra);
  // idempotency-complete-not-stored: with no stored result, a retried complete runs again and confirms another booking.
  if (req.faults.has('idempotency-complete-not-stored') && booking.status === 'completed') {
    confirm(store, booking);
    return resource(render([]));
  }
  // Which fields complete needs is not shown: some are asked for only now, with the session left ready.
  const asks = booking.status === 'ready_for_complete' ? completeAsks(booking, req) : [];
  if (asks.length) return resource(render(asks));
  // booking-complete-pending-warning: the payment is still pending; the session stays ready_for_complete with only a
  // warning.
  if (req.faults.has('booking-complete-pending-warning')) {
    return resource(
      render([
        {
          type: 'warning',
          code: 'payment_pending',
          content: 'The payment is pending; the booking will be confirmed once it clears.',
        },
      ]),
    );
  }
  // booking-test-token-declined: the payment provider declines the config's test token; the session stays ready.
  if (req.variations.has('booking-test-token-declined')) {
    return resource(render([providerDeclined()]));
  }
  // booking-complete-declined-500: the payment provider declines, and the refusal comes back under HTTP 500.
  if (req.faults.has('booking-complete-declined-500')) {
    return resource(render([providerDeclined()]), 500);
  }
  const started = startComplete(BOOKING_SESSIONS, booking, req.body, render);
  if (isReply(started)) return started;
  // booking-complete-stays-ready: the payment is taken, but the session stays ready_for_complete and nothing says why.
  if (started === 'accepted' && req.variations.has('booking-async-completion')) {
    // The booking is confirmed a moment later; Get then shows it completed, with its confirmation.
    move(BOOKING_SESSIONS, booking, 'complete', 'complete_in_progress');
    booking.settleAt = Date.now() + ASYNC_COMPLETION_MS;
  } else if (started === 'accepted' && !req.faults.has('booking-complete-stays-ready')) {
    move(BOOKING_SESSIONS, booking, 'complete', 'completed');
    confirm(store, booking);
  }
  // booking-complete-202: answered 202 Accepted, even when the booking is already completed.
  return resource(render([]), req.faults.has('booking-complete-202') ? 202 : 200);
}

/** What Complete asks for beyond what made the session ready: recoverable missing errors. */
function completeAsks(booking: BookingRecord, req: HandlerRequest): ReplyMessage[] {
  const { variations, faults } = req;
  const out: ReplyMessage[] = [];
  if (variations.has('booking-complete-requires-booker-address') && !isObject(booking.booker?.address)) {
    out.push(recoverable('missing', "The booker's address is required to confirm the booking.", '$.booker.address'));
  }
  if (variations.has('booking-purpose-asked-at-complete') && !filled(booking.travelPurpose)) {
    out.push(recoverable('missing', 'State the purpose of travel to confirm the booking.', '$.travel_purpose'));
  }
  // booking-billing-address-unverified: the provider cannot verify the billing address the instrument carries.
  if (variations.has('booking-billing-address-unverified')) {
    out.push(billingAddressUnverified());
  }
  // booking-complete-ignores-billing-address: a billing address is asked for, whatever the instrument carries.
  if (faults.has('booking-complete-ignores-billing-address')) {
    out.push(recoverable('missing', 'A billing address is required.', '$.payment.instruments[0].billing_address'));
  }
  return out;
}

/** Confirms a booking whose payment was accepted. */
function confirm(store: LodgingStore, booking: BookingRecord): void {
  const first = booking.stays[0];
  booking.confirmation = {
    id: store.newId('cnf'),
    label: `${PROPERTY.name}, ${booking.stays.length > 1 ? `${booking.stays.length} stays` : first.type.title} from ${first.start}`,
    pincode: String(1000 + Math.floor(Math.random() * 9000)),
  };
}

/** POST /booking-sessions/{id}/cancel: the body is an empty object. */
export function cancel(store: LodgingStore, req: HandlerRequest): Reply {
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const refused = refuseCancel(BOOKING_SESSIONS, booking, (extra) => bookingJson(booking, req, extra));
  if (refused) return refused;
  // booking-completed-non-refundable: a confirmed stay is kept; the session comes back as it was.
  if (booking.status === 'completed' && req.variations.has('booking-completed-non-refundable')) {
    return resource(
      bookingJson(booking, req, [
        unrecoverable('non_refundable', 'This booking is confirmed at a non-refundable rate and cannot be canceled.'),
      ]),
    );
  }
  // booking-cancel-ignored: the cancel is answered with the session, which stays as it was.
  if (!req.faults.has('booking-cancel-ignored')) move(BOOKING_SESSIONS, booking, 'cancel', 'canceled');
  return resource(bookingJson(booking, req, []), req.faults.has('booking-cancel-202') ? 202 : 200);
}

/** The session, with an asynchronous completion finished once its time has come. */
function find(store: LodgingStore, req: HandlerRequest): BookingRecord | undefined {
  const booking = req.id === undefined ? undefined : store.bookings.get(req.id);
  if (booking?.settleAt !== undefined && booking.settleAt <= Date.now()) {
    booking.settleAt = undefined;
    move(BOOKING_SESSIONS, booking, 'settle', 'completed');
    confirm(store, booking);
  }
  return booking;
}

/** Where a platform sends the guest when no session can go on. */
const roomsUrl = (req: HandlerRequest) => `${req.base}/rooms`;

/** Unknown sessions: not shown by the spec; this business answers not_found, or a 404 (booking-unknown-session-404). */
const notFound = (req: HandlerRequest) =>
  req.variations.has('booking-unknown-session-404')
    ? transportError(404, 'not_found', `no booking session ${req.id ?? ''}`)
    : businessError([unrecoverable('not_found', `no booking session ${req.id ?? ''}`)], {
        continue_url: roomsUrl(req),
      });

function inProgressAnswer(req: HandlerRequest): InProgressAnswer {
  if (req.faults.has('booking-update-during-completion')) return 'applied';
  if (req.faults.has('booking-in-progress-silent')) return 'silent';
  if (req.faults.has('booking-in-progress-unrecoverable')) return 'unrecoverable';
  return req.faults.has('booking-in-progress-warning') ? 'warning' : 'error';
}

function newBooking(store: LodgingStore, stays: StayRecord[]): BookingRecord {
  return { id: store.newId('bk'), status: 'incomplete', stays, instruments: [], expiresAt: Date.now() + LIFETIME_MS };
}

const soldOut = (s: StayRecord) => s.type.id === SOLD_OUT.accommodationType && s.plan.id === SOLD_OUT.ratePlan;
const describe = (s: StayRecord) => `${s.type.title} at the ${s.plan.title} rate`;

/** Create with a room that is gone: no session (Document 3 §States and transitions), unless a fault leaks one. */
function exhausted(store: LodgingStore, stays: StayRecord[], people: People, req: HandlerRequest): Reply {
  const { faults } = req;
  const at = stays.findIndex(soldOut);
  const gone = describe(stays[at]);
  if (faults.has('booking-sold-out-409'))
    return transportError(409, 'inventory_exhausted', `${gone} is no longer available`);
  let leaked: BookingRecord | undefined;
  if (faults.has('booking-sold-out-creates-session')) {
    leaked = newBooking(store, stays);
    apply(store, leaked, stays, people, req);
    store.bookings.set(leaked.id, leaked);
  }
  // The error points at the stay that is gone, as an update's does.
  // booking-sold-out-other-code: the refusal names a code of its own instead.
  const message = {
    ...unrecoverable(
      faults.has('booking-sold-out-other-code') ? 'room_unavailable' : 'inventory_exhausted',
      `${gone} is no longer available; no booking session was created.`,
    ),
    path: `$.stays[${at}]`,
  };
  return businessError(
    [faults.has('booking-sold-out-recoverable') ? { ...message, severity: 'recoverable' } : message],
    {
      ...(faults.has('booking-sold-out-no-continue-url') ? {} : { continue_url: roomsUrl(req) }),
      ...(leaked ? { id: leaked.id } : {}),
    },
  );
}

/** `property` names this business's one property; on update it may be left out, as it cannot change. */
function checkProperty(value: unknown, required: boolean): Reply | undefined {
  if (value === undefined && !required) return undefined;
  if (!isObject(value) || typeof value.id !== 'string')
    return transportError(400, 'invalid_request', 'property is required: an object with an id');
  return value.id === PROPERTY.id
    ? undefined
    : transportError(400, 'invalid_request', `property ${value.id} is not a property of this business`);
}

/** Validates `stays`: each with id, accommodation_type.id, rate_plan.id, occupancy and stay_dates. */
function parseStays(value: unknown, req: HandlerRequest): StayRecord[] | Reply {
  const bad = (content: string) => transportError(400, 'invalid_request', content);
  if (!Array.isArray(value) || value.length === 0) return bad('stays is required: a non-empty array of stays');
  const stays: StayRecord[] = [];
  for (const [i, s] of value.entries()) {
    if (!isObject(s) || typeof s.id !== 'string') return bad(`stays[${i}].id is required: a string`);
    const type = ACCOMMODATION_TYPES.find((a) => isObject(s.accommodation_type) && a.id === s.accommodation_type.id);
    if (!type) return bad(`stays[${i}].accommodation_type.id names no accommodation type of ${PROPERTY.name}`);
    const plan = RATE_PLANS.find((p) => isObject(s.rate_plan) && p.id === s.rate_plan.id);
    const offered =
      plan && (!req.variations.has('booking-rate-plans-per-room') || PLANS_PER_ROOM[type.id].includes(plan.id));
    if (!plan || !offered) return bad(`stays[${i}].rate_plan.id names no rate plan offered with ${type.title}`);
    const occupancy = s.occupancy;
    const adults = isObject(occupancy) ? occupancy.adults : undefined;
    if (!isObject(occupancy) || typeof adults !== 'number' || !Number.isInteger(adults) || adults < 1) {
      return bad(`stays[${i}].occupancy.adults must be an integer of at least 1`);
    }
    const total = occupancy.total ?? adults;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < adults)
      return bad(`stays[${i}].occupancy.total must be an integer of at least adults`);
    if (adults > type.capacity.adults || total > type.capacity.total) {
      return bad(
        `stays[${i}].occupancy exceeds the capacity of ${type.title} (${type.capacity.adults} adults, ${type.capacity.total} in all)`,
      );
    }
    const dates = isObject(s.stay_dates) ? s.stay_dates : {};
    const [start, end] = [dateIn(dates.start_date, req), dateIn(dates.end_date, req)];
    const nights = nightsBetween(start, end);
    if (nights === undefined)
      return bad(`stays[${i}].stay_dates needs start_date and end_date (YYYY-MM-DD), the end after the start`);
    const assignments = s.guest_assignments;
    if (assignments !== undefined && (!Array.isArray(assignments) || !assignments.every(isObject))) {
      return bad(`stays[${i}].guest_assignments must be an array of objects`);
    }
    stays.push({
      id: s.id,
      type,
      plan,
      occupancy: { ...occupancy, adults },
      start: start as string,
      end: end as string,
      nights,
      ...(assignments ? { assignments: assignments as Json[] } : {}),
    });
  }
  return stays;
}

function nightsBetween(start: unknown, end: unknown): number | undefined {
  if (typeof start !== 'string' || typeof end !== 'string' || !DATE.test(start) || !DATE.test(end)) return undefined;
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  // Date.parse rolls 2031-02-30 over; a real date reads back the same.
  if (
    Number.isNaN(from) ||
    Number.isNaN(to) ||
    new Date(from).toISOString().slice(0, 10) !== start ||
    new Date(to).toISOString().slice(0, 10) !== end
  )
    return undefined;
  const nights = Math.round((to - from) / DAY_MS);
  return nights >= 1 ? nights : undefined;
}

/** Guests, booker and travel purpose of a request: all optional (Document 3 §Endpoints, 2), well-typed when given. */
interface People {
  guests?: Json[];
  booker?: Json;
  travelPurpose?: string;
}

function parsePeople(body: Json): People | Reply {
  const { guests, booker, travel_purpose: purpose } = body;
  if (
    guests !== undefined &&
    (!Array.isArray(guests) || !guests.every((g) => isObject(g) && typeof g.id === 'string'))
  ) {
    return transportError(400, 'invalid_request', 'guests must be an array of guests, each with an id');
  }
  if (booker !== undefined && !isObject(booker))
    return transportError(400, 'invalid_request', 'booker must be an object');
  if (purpose !== undefined && typeof purpose !== 'string')
    return transportError(400, 'invalid_request', 'travel_purpose must be a string');
  return {
    guests: guests as Json[] | undefined,
    booker: booker as Json | undefined,
    travelPurpose: purpose as string | undefined,
  };
}

/** Writes a validated request into the session (full replacement) and recomputes its status. */
function apply(
  store: LodgingStore,
  booking: BookingRecord,
  stays: StayRecord[],
  people: People,
  req: HandlerRequest,
  recompute = true,
): void {
  const ids = new Map<string, string>();
  // booking-guest-ids-assigned: a guest the business has not seen gets an id of its own (assignments follow it);
  // booking-guest-ids-not-followed: the same, but the assignments are left naming the id sent.
  const renames =
    req.variations.has('booking-guest-ids-assigned') || req.variations.has('booking-guest-ids-not-followed');
  const guests = renames
    ? people.guests?.map((g) => {
        const id = String(g.id);
        if (id.startsWith('gst-')) return g;
        if (!ids.has(id)) ids.set(id, store.newId('gst'));
        return { ...g, id: ids.get(id) };
      })
    : people.guests;
  booking.stays =
    ids.size && req.variations.has('booking-guest-ids-assigned')
      ? stays.map((s) =>
          s.assignments
            ? {
                ...s,
                assignments: s.assignments.map((a) =>
                  ids.has(String(a.guest_id)) ? { ...a, guest_id: ids.get(String(a.guest_id)) } : a,
                ),
              }
            : s,
        )
      : stays;
  booking.guests = guests;
  booking.booker = people.booker;
  booking.travelPurpose = people.travelPurpose;
  if (recompute) move(BOOKING_SESSIONS, booking, 'update', readiness(missing(booking, req).length));
}

const filled = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const isEmail = (v: unknown) => typeof v === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v);

/** A guest or a stay in a message path: by index, or (booking-missing-path-filter) by a filter on its id. */
const element = (list: 'guests' | 'stays', i: number, id: unknown, req: HandlerRequest) =>
  // booking-multi-stay-get-reordered lists stays in no fixed order, so it names them by id too.
  req.variations.has('booking-missing-path-filter') || req.variations.has('booking-multi-stay-get-reordered')
    ? `$.${list}[?(@.id=='${String(id)}')]`
    : // booking-path-filter-double-quoted: the same filter, its id in double quotes.
      req.variations.has('booking-path-filter-double-quoted')
      ? `$.${list}[?(@.id=="${String(id)}")]`
      : // booking-path-filter-spaced: the same filter written with spaces around ==.
        req.variations.has('booking-path-filter-spaced')
        ? `$.${list}[?(@.id == '${String(id)}')]`
        : `$.${list}[${i}]`;

/**
 * What the session still needs before it can be completed, as [path, what, code] triples: code
 * missing for an absent field, invalid for one present but not acceptable. This business
 * enforces guests' names, the booker's name and email, the purpose of travel and a primary guest
 * per stay (Document 3 §What the service does: "A business MAY enforce presence of fields").
 */
function missing(booking: BookingRecord, req: HandlerRequest): [string, string, string?][] {
  const { variations } = req;
  if (variations.has('booking-nothing-required')) return [];
  const out: [string, string, string?][] = [];
  const guests = booking.guests ?? [];
  if (guests.length === 0) out.push(['$.guests', 'At least one guest is required.']);
  guests.forEach((g, i) => {
    const at = element('guests', i, g.id, req);
    // booking-guest-first-name-ignored: a guest's first name is never taken into account.
    if (!filled(g.first_name) || req.faults.has('booking-guest-first-name-ignored'))
      out.push([`${at}.first_name`, 'Each guest needs a first name.']);
    if (!filled(g.last_name)) out.push([`${at}.last_name`, 'Each guest needs a last name.']);
    // Invalid guest information is a business outcome (Document 3 §Errors, 2): said here, not refused.
    if (g.email !== undefined && !isEmail(g.email))
      out.push([`${at}.email`, 'A guest email must be an email address.', 'invalid']);
    if (variations.has('booking-requires-guest-phone') && !filled(g.phone_number)) {
      out.push([`${at}.phone_number`, 'The property needs a phone number for each guest.']);
    }
  });
  const booker = booking.booker ?? {};
  // booking-never-ready: the booker's email is never taken into account.
  if (!filled(booker.email) || req.faults.has('booking-never-ready'))
    out.push(['$.booker.email', "The booker's email is required."]);
  if (!filled(booker.first_name)) out.push(['$.booker.first_name', "The booker's first name is required."]);
  if (!filled(booker.last_name)) out.push(['$.booker.last_name', "The booker's last name is required."]);
  // booking-purpose-asked-at-complete: the purpose of travel is asked for by Complete, not before.
  const purposeLater =
    variations.has('booking-no-travel-purpose') || variations.has('booking-purpose-asked-at-complete');
  if (!purposeLater && !filled(booking.travelPurpose)) out.push(['$.travel_purpose', 'State the purpose of travel.']);
  if (variations.has('booking-payment-before-ready') && booking.instruments.length === 0) {
    out.push(['$.payment.instruments', 'A payment instrument is required to guarantee the stay.']);
  }
  const ids = new Set(guests.map((g) => g.id));
  const primaries: unknown[] = [];
  booking.stays.forEach((s, i) => {
    const path = `${element('stays', i, s.id, req)}.guest_assignments`;
    const primary = (s.assignments ?? []).find((a) => a.role === 'primary' && ids.has(a.guest_id))?.guest_id;
    // booking-multi-stay: each room's primary guest stays in it, so no guest is primary twice.
    const taken =
      (variations.has('booking-multi-stay') || variations.has('booking-multi-stay-get-reordered')) &&
      primaries.includes(primary);
    if (!s.assignments?.length) out.push([path, `Stay ${s.id} needs a primary guest, one of the guests.`]);
    else if (primary === undefined || taken)
      out.push([
        path,
        `Stay ${s.id} needs a primary guest${taken ? ' of its own' : ''}, one of the guests.`,
        'invalid',
      ]);
    else primaries.push(primary);
  });
  return out;
}

function displayedStatus(booking: BookingRecord, req: HandlerRequest): string {
  if (booking.status === 'incomplete' && req.faults.has('booking-status-pending')) return 'pending';
  if (booking.status === 'canceled' && req.faults.has('booking-cancelled-spelling')) return 'cancelled';
  if (booking.status === 'completed' && req.faults.has('booking-status-confirmed')) return 'confirmed';
  return booking.status;
}

/** A date as written; booking-dates-timestamps writes it as a full timestamp. */
const dateOut = (d: string, req: HandlerRequest) => (req.faults.has('booking-dates-timestamps') ? `${d}T00:00:00Z` : d);
/** A date as read: under booking-dates-timestamps the business reads back what it writes. */
const dateIn = (d: unknown, req: HandlerRequest) =>
  req.faults.has('booking-dates-timestamps') && typeof d === 'string' ? d.replace(/T00:00:00Z$/, '') : d;

const stayAmount = (s: StayRecord) => s.type.nightly[s.plan.id] * s.nights;
const taxOn = (amount: number) => Math.round(amount * TAX_RATE);

function stayJson(s: StayRecord, req: HandlerRequest): Json {
  const subtotal = stayAmount(s);
  // booking-stays-echo-without-ids: the platform's own stay id is not repeated either.
  return {
    ...(req.variations.has('booking-stays-echo-without-ids') ? {} : { id: s.id }),
    accommodation_type: { id: s.type.id, title: s.type.title, capacity: s.type.capacity },
    rate_plan: { id: s.plan.id, title: s.plan.title },
    // booking-stays-echo-minimal: occupancy and dates are the platform's to keep; responses leave them out.
    ...(req.variations.has('booking-stays-echo-minimal') || req.variations.has('booking-stays-echo-without-ids')
      ? {}
      : {
          occupancy: s.occupancy,
          stay_dates: { start_date: dateOut(s.start, req), end_date: dateOut(s.end, req) },
        }),
    ...(s.assignments ? { guest_assignments: s.assignments } : {}),
    totals: [
      { type: 'subtotal', amount: subtotal },
      { type: 'tax', amount: taxOn(subtotal) },
      { type: 'total', amount: subtotal + taxOn(subtotal) },
    ],
  };
}

/** Room prices with tax on top, and the city tax per adult and night as a fee. */
function totals(booking: BookingRecord): Json[] {
  const subtotal = booking.stays.reduce((sum, s) => sum + stayAmount(s), 0);
  const tax = booking.stays.reduce((sum, s) => sum + taxOn(stayAmount(s)), 0);
  const fee = booking.stays.reduce((sum, s) => sum + CITY_TAX * s.occupancy.adults * s.nights, 0);
  return [
    { type: 'subtotal', amount: subtotal },
    { type: 'tax', amount: tax },
    { type: 'fee', amount: fee, display_text: 'City tax' },
    { type: 'total', amount: subtotal + tax + fee },
  ];
}

function confirmationJson(booking: BookingRecord, req: HandlerRequest): Json {
  const c = booking.confirmation;
  if (!c || req.faults.has('booking-no-confirmation')) return {};
  const pincode = req.faults.has('booking-pincode-number') ? Number(c.pincode) : c.pincode;
  // booking-confirmation-numbers: no label, and the id and pincode as numbers.
  if (req.faults.has('booking-confirmation-numbers'))
    return { confirmation: { id: Number(String(c.id).replace(/\D/g, '').slice(0, 9)), pincode: Number(c.pincode) } };
  return {
    confirmation: {
      id: c.id,
      label: c.label,
      ...(req.variations.has('booking-confirmation-without-pincode') ? {} : { pincode }),
    },
  };
}

/**
 * A message for what the session still needs: code missing for an absent field (or "required",
 * with booking-missing-code-required), invalid for one that is not acceptable; faults take its
 * path away, make it relative, or make it unrecoverable.
 */
function missingMessage(path: string, content: string, code: string | undefined, req: HandlerRequest): ReplyMessage {
  const { faults, variations } = req;
  const shownPath = faults.has('booking-missing-without-path')
    ? undefined
    : faults.has('booking-missing-path-relative')
      ? path.replace(/^\$\./, '')
      : path;
  const message = recoverable(
    code ?? (variations.has('booking-missing-code-required') ? 'required' : 'missing'),
    content,
    shownPath,
  );
  return faults.has('booking-missing-unrecoverable') && message.code === 'missing'
    ? { ...message, severity: 'unrecoverable' }
    : message;
}

/** The booker as the session shows it; its faults write a member wrong. */
function bookerJson(booker: Json, { faults }: HandlerRequest): Json {
  return {
    ...booker,
    // booking-birthdate-impossible: a birthdate no calendar has.
    ...(faults.has('booking-birthdate-impossible') ? { birthdate: '1990-02-30' } : {}),
    // booking-booker-phone-number: the phone number as a number, not a string.
    ...(faults.has('booking-booker-phone-number') ? { phone_number: 33612345678 } : {}),
  };
}

function bookingJson(booking: BookingRecord, req: HandlerRequest, extra: ReplyMessage[]): Json {
  const { faults, variations } = req;
  const missingMessages =
    booking.status === 'incomplete' && !faults.has('booking-incomplete-silent')
      ? missing(booking, req).map(([path, content, code]) => missingMessage(path, content, code, req))
      : [];
  return {
    id: booking.id,
    status: displayedStatus(booking, req),
    property: { id: PROPERTY.id, name: PROPERTY.name, address: { ...PROPERTY.address } },
    stays: booking.stays.map((s) => stayJson(s, req)),
    ...(booking.guests ? { guests: booking.guests } : {}),
    ...(booking.booker ? { booker: bookerJson(booking.booker, req) } : {}),
    ...(booking.travelPurpose !== undefined ? { travel_purpose: booking.travelPurpose } : {}),
    currency: faults.has('booking-currency-not-iso')
      ? 'euro'
      : faults.has('booking-currency-four-letters')
        ? 'EURO'
        : CURRENCY,
    totals: totals(booking),
    links: [
      { type: 'privacy_policy', url: `${req.base}/privacy` },
      { type: 'terms_of_service', url: `${req.base}/terms` },
      { type: 'cancellation_policy', url: `${req.base}/cancellation` },
    ],
    payment: { instruments: booking.instruments },
    ...confirmationJson(booking, req),
    messages: [...missingMessages, ...extra],
    continue_url: `${req.base}/bookings/${encodeURIComponent(booking.id)}`,
    ...(variations.has('booking-expires-at') ? { expires_at: new Date(booking.expiresAt).toISOString() } : {}),
  };
}
