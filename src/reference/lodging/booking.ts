/** Booking sessions of the reference business (Document 3 §States and transitions, §Endpoints). */
import { isObject } from '../../dialect/dialect.js';
import {
  businessError,
  isReply,
  recoverable,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { keptInstruments } from '../shared/payment.js';
import { BOOKING_SESSIONS, move, readiness, refuseCancel, refuseUpdate, startComplete } from '../shared/session.js';
import type { Missing, SessionOperation } from '../shared/session-hooks.js';
import type { GuestIds, LodgingHooks } from './hooks.js';
import {
  ACCOMMODATION_TYPES,
  CITY_TAX,
  CURRENCY,
  PROPERTY,
  RATE_PLANS,
  roomsUrl,
  SOLD_OUT,
  TAX_RATE,
} from './property.js';
import {
  filled,
  isEmail,
  type BookingRecord,
  type Json,
  type LodgingStore,
  type People,
  type StayRecord,
} from './store.js';

/** How long a session lasts (shown as expires_at by a variation). */
const LIFETIME_MS = 30 * 60 * 1000;
/** How long an asynchronous completion takes, at least. */
const ASYNC_COMPLETION_MS = 500;
/**
 * The read of the booking after the complete that finds it confirmed: the checker polls at 250 and
 * 750 ms, and the number of polls its verdicts quote must not depend on how loaded the machine is.
 */
const SETTLED_AT_READ = 2;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

type HandlerRequest = Request<LodgingHooks>;

/** POST /booking-sessions */
export function create(store: LodgingStore, req: HandlerRequest): Reply {
  const property = checkProperty(req.body.property, true, req);
  if (property) return property;
  const stays = parseStays(req.body.stays, req);
  if (isReply(stays)) return stays;
  // Members beyond property and stays (not shown) are read as an update reads them.
  const people = parsePeople(req.body);
  if (isReply(people)) return people;
  if (stays.some(soldOut)) return exhausted(store, stays, people, req);
  // A create is refused, if at all, once its stays are known to be available.
  const refusal = req.hooks.run('booking.create-refusal', undefined, { req });
  if (refusal) return refusal;
  const booking = newBooking(store, stays);
  apply(store, booking, stays, people, req, req.hooks.run('booking.ready-at-create', true));
  store.bookings.set(booking.id, booking);
  return answer(store, booking, req, 'create', bookingJson(booking, req, []), 201);
}

/** GET /booking-sessions/{id} */
export function get(store: LodgingStore, req: HandlerRequest): Reply {
  const booking = find(store, req);
  if (!booking) return notFound(req);
  return answer(store, booking, req, 'get', bookingJson(req.hooks.run('booking.read', booking), req, []));
}

/** PUT /booking-sessions/{id}: a full replacement of stays, guests, booker and travel purpose. */
export function update(store: LodgingStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const refusal = hooks.run('booking.update-refusal', undefined, { session: booking, req });
  if (refusal) return refusal;
  const refused = refuseUpdate(
    BOOKING_SESSIONS,
    booking,
    (extra) => bookingJson(booking, req, extra),
    hooks.run('booking.in-progress', 'error'),
  );
  if (refused)
    return booking.status === 'complete_in_progress' ? hooks.run('booking.in-progress-refusal', refused) : refused;
  // An update the in-progress hook let through is applied, and the status left as it was.
  const inProgress = booking.status === 'complete_in_progress';
  const property = checkProperty(req.body.property, false, req);
  if (property) return property;
  const stays = parseStays(req.body.stays, req);
  if (isReply(stays)) return stays;
  const people = parsePeople(req.body);
  if (isReply(people)) return people;
  const inputRefusal = hooks.run('booking.input-refusal', undefined, { req });
  if (inputRefusal) return inputRefusal;
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
  const written = hooks.run('booking.people', people, { booking });
  // Instruments an update carries are kept only without their credentials.
  if (hooks.run('booking.update-instruments', 'ignored') !== 'ignored' && !inProgress) {
    booking.instruments = keptInstruments(req.body);
  }
  apply(store, booking, hooks.run('booking.stays-written', stays, { booking }), written, req, !inProgress);
  return answer(store, booking, req, 'update', bookingJson(booking, req, []));
}

/** POST /booking-sessions/{id}/complete */
export function complete(store: LodgingStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const render = (extra: ReplyMessage[]) => bookingJson(booking, req, extra);
  if (hooks.run('booking.complete-again', false, { session: booking })) {
    confirm(store, booking);
    return resource(render([]));
  }
  // Which fields complete needs is not shown: some are asked for only now, with the session left ready.
  const asks =
    booking.status === 'ready_for_complete'
      ? hooks.run('booking.complete-asks', completeAsks(booking, req), { session: booking })
      : [];
  if (asks.length) return resource(render(asks));
  const refusal = hooks.run('booking.payment-refusal', undefined, { session: booking, render });
  if (refusal) return refusal;
  // A business that takes an incomplete session as ready (a fault) moves it there first.
  if (booking.status === 'incomplete' && !hooks.run('booking.complete-needs-ready', true, { session: booking }))
    move(BOOKING_SESSIONS, booking, 'update', 'ready_for_complete');
  const started = startComplete(BOOKING_SESSIONS, booking, req.body, render);
  if (isReply(started)) return started;
  if (started === 'accepted') {
    const completes = hooks.run('booking.completes', 'at-once');
    if (completes === 'later') {
      // The booking is confirmed a moment later; Get then shows it completed, with its confirmation.
      move(BOOKING_SESSIONS, booking, 'complete', 'complete_in_progress');
      booking.settling = { at: Date.now() + ASYNC_COMPLETION_MS, reads: 0 };
    } else if (completes === 'at-once') {
      move(BOOKING_SESSIONS, booking, 'complete', 'completed');
      confirm(store, booking);
    }
  }
  return answer(store, booking, req, 'complete', render([]));
}

/** What Complete asks for beyond what made the session ready: recoverable missing errors. */
function completeAsks(booking: BookingRecord, req: HandlerRequest): ReplyMessage[] {
  const path = '$.travel_purpose';
  const asked =
    req.hooks.run('booking.purpose-asked', 'before-ready') === 'at-complete' &&
    !req.hooks.run('booking.given', filled(booking.travelPurpose), { path });
  return asked ? [recoverable('missing', 'State the purpose of travel to confirm the booking.', path)] : [];
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
  const { hooks } = req;
  const booking = find(store, req);
  if (!booking) return notFound(req);
  const render = (extra: ReplyMessage[]) => bookingJson(booking, req, extra);
  const refused = refuseCancel(BOOKING_SESSIONS, booking, render);
  if (refused) return refused;
  const refusal = hooks.run('booking.cancel-refusal', undefined, { session: booking, render });
  if (refusal) return refusal;
  if (hooks.run('booking.cancel-applied', true)) move(BOOKING_SESSIONS, booking, 'cancel', 'canceled');
  return answer(store, booking, req, 'cancel', render([]));
}

/** The session as an operation that went through answers it (`json`: the session as shown). */
function answer(
  store: LodgingStore,
  booking: BookingRecord,
  req: HandlerRequest,
  op: SessionOperation,
  json: Json,
  status = 200,
): Reply {
  const answered = req.hooks.run('booking.answer', json, { op, session: booking, req, store });
  return resource(answered, req.hooks.run('booking.status', status, { op, session: booking, req }));
}

/** The session, with an asynchronous completion confirmed once its time and its read have come. */
function find(store: LodgingStore, req: HandlerRequest): BookingRecord | undefined {
  const booking = req.id === undefined ? undefined : store.bookings.get(req.id);
  const settling = booking?.settling;
  if (booking && settling && ++settling.reads >= SETTLED_AT_READ && settling.at <= Date.now()) {
    booking.settling = undefined;
    move(BOOKING_SESSIONS, booking, 'settle', 'completed');
    confirm(store, booking);
  }
  return booking;
}

/** Unknown sessions: not shown by the spec; this business answers not_found. */
const notFound = (req: HandlerRequest) =>
  req.hooks.run(
    'booking.not-found',
    businessError([unrecoverable('not_found', `no booking session ${req.id ?? ''}`)], {
      continue_url: roomsUrl(req.base),
    }),
    { req },
  );

function newBooking(store: LodgingStore, stays: StayRecord[]): BookingRecord {
  return { id: store.newId('bk'), status: 'incomplete', stays, instruments: [], expiresAt: Date.now() + LIFETIME_MS };
}

const soldOut = (s: StayRecord) => s.type.id === SOLD_OUT.accommodationType && s.plan.id === SOLD_OUT.ratePlan;
const describe = (s: StayRecord) => `${s.type.title} at the ${s.plan.title} rate`;

/** Create with a room that is gone: no session (Document 3 §States and transitions). */
function exhausted(store: LodgingStore, stays: StayRecord[], people: People, req: HandlerRequest): Reply {
  const at = stays.findIndex(soldOut);
  const what = `${describe(stays[at])} is no longer available`;
  // A session kept all the same is made of the stays asked for.
  const leaked = req.hooks.run('booking.unavailable-keeps-session', false) ? newBooking(store, stays) : undefined;
  if (leaked) {
    apply(store, leaked, stays, people, req);
    store.bookings.set(leaked.id, leaked);
  }
  // The error points at the stay that is gone, as an update's does.
  const message = {
    ...unrecoverable('inventory_exhausted', `${what}; no booking session was created.`),
    path: `$.stays[${at}]`,
  };
  return req.hooks.run(
    'booking.unavailable',
    businessError([message], { continue_url: roomsUrl(req.base), ...(leaked ? { id: leaked.id } : {}) }),
    { what, leftOut: [] },
  );
}

/** `property` names this business's one property; on update it may be left out, as it cannot change. */
function checkProperty(value: unknown, required: boolean, req: HandlerRequest): Reply | undefined {
  if (value === undefined && !required) return undefined;
  const id = isObject(value) ? req.hooks.run('booking.property-id', value.id) : undefined;
  if (typeof id !== 'string')
    return transportError(400, 'invalid_request', 'property is required: an object with an id');
  return id === PROPERTY.id
    ? undefined
    : transportError(400, 'invalid_request', `property ${id} is not a property of this business`);
}

/** Validates `stays`: each with id, accommodation_type.id, rate_plan.id, occupancy and stay_dates. */
function parseStays(value: unknown, req: HandlerRequest): StayRecord[] | Reply {
  const bad = (content: string) => transportError(400, 'invalid_request', content);
  if (!Array.isArray(value) || value.length === 0) return bad('stays is required: a non-empty array of stays');
  const stays: StayRecord[] = [];
  for (const [i, given] of value.entries()) {
    const s = req.hooks.run('booking.stay-in', given, { index: i });
    if (!isObject(s) || typeof s.id !== 'string') return bad(`stays[${i}].id is required: a string`);
    const type = ACCOMMODATION_TYPES.find((a) => isObject(s.accommodation_type) && a.id === s.accommodation_type.id);
    if (!type) return bad(`stays[${i}].accommodation_type.id names no accommodation type of ${PROPERTY.name}`);
    const plan = RATE_PLANS.find((p) => isObject(s.rate_plan) && p.id === s.rate_plan.id);
    const offered = plan && req.hooks.run('booking.offers-plan', true, { type, plan });
    if (!plan || !offered) return bad(`stays[${i}].rate_plan.id names no rate plan offered with ${type.title}`);
    const occupancy = req.hooks.run('booking.occupancy-in', s.occupancy);
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
    const [start, end] = [
      req.hooks.run('booking.date-in', dates.start_date),
      req.hooks.run('booking.date-in', dates.end_date),
    ];
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

/** Guests keep the ids the platform gave them, and the stays' assignments name them. */
const keptGuestIds: GuestIds = (guests, stays) => ({ guests, stays });

/** Writes a validated request into the session (full replacement) and recomputes its status. */
function apply(
  store: LodgingStore,
  booking: BookingRecord,
  stays: StayRecord[],
  people: People,
  req: HandlerRequest,
  recompute = true,
): void {
  const ids = req.hooks.run('booking.guest-ids', keptGuestIds)(people.guests, stays, () => store.newId('gst'));
  booking.stays = ids.stays;
  booking.guests = ids.guests;
  booking.booker = people.booker;
  booking.travelPurpose = people.travelPurpose;
  if (recompute) move(BOOKING_SESSIONS, booking, 'update', readiness(missing(booking, req).length));
}

/**
 * What the session still needs before it can be completed, as [path, what, code] triples: code
 * missing for an absent field, invalid for one present but not acceptable. This business
 * enforces guests' names, the booker's name and email, the purpose of travel and a primary guest
 * per stay (Document 3 §What the service does: "A business MAY enforce presence of fields").
 */
function missing(booking: BookingRecord, req: HandlerRequest): Missing[] {
  const { hooks } = req;
  const given = (path: string, value: unknown) => hooks.run('booking.given', filled(value), { path });
  /** A guest or a stay in a message path: by index. */
  const element = (list: 'guests' | 'stays', index: number, id: unknown) =>
    hooks.run('booking.element-path', `$.${list}[${index}]`, { list, index, id });
  const out: Missing[] = [];
  const guests = booking.guests ?? [];
  if (guests.length === 0) out.push(['$.guests', 'At least one guest is required.']);
  guests.forEach((guest, i) => {
    const at = element('guests', i, guest.id);
    const own: Missing[] = [];
    if (!given(`${at}.first_name`, guest.first_name)) own.push([`${at}.first_name`, 'Each guest needs a first name.']);
    if (!given(`${at}.last_name`, guest.last_name)) own.push([`${at}.last_name`, 'Each guest needs a last name.']);
    // Invalid guest information is a business outcome (Document 3 §Errors, 2): said here, not refused.
    if (guest.email !== undefined && !isEmail(guest.email))
      own.push([`${at}.email`, 'A guest email must be an email address.', 'invalid']);
    out.push(...hooks.run('booking.guest-missing', own, { guest, at }));
  });
  const booker = booking.booker ?? {};
  if (!given('$.booker.email', booker.email)) out.push(['$.booker.email', "The booker's email is required."]);
  if (!given('$.booker.first_name', booker.first_name))
    out.push(['$.booker.first_name', "The booker's first name is required."]);
  if (!given('$.booker.last_name', booker.last_name))
    out.push(['$.booker.last_name', "The booker's last name is required."]);
  const purposeAsked = hooks.run('booking.purpose-asked', 'before-ready') === 'before-ready';
  if (purposeAsked && !given('$.travel_purpose', booking.travelPurpose))
    out.push(['$.travel_purpose', 'State the purpose of travel.']);
  if (hooks.run('booking.update-instruments', 'ignored') === 'required' && booking.instruments.length === 0) {
    out.push(['$.payment.instruments', 'A payment instrument is required to guarantee the stay.']);
  }
  const ids = new Set(guests.map((g) => g.id));
  const ownPrimary = hooks.run('booking.primary-per-stay', false);
  const primaries: unknown[] = [];
  booking.stays.forEach((s, i) => {
    const path = `${element('stays', i, s.id)}.guest_assignments`;
    const primary = (s.assignments ?? []).find((a) => a.role === 'primary' && ids.has(a.guest_id))?.guest_id;
    const taken = ownPrimary && primaries.includes(primary);
    if (!s.assignments?.length) out.push([path, `Stay ${s.id} needs a primary guest, one of the guests.`]);
    else if (primary === undefined || taken)
      out.push([
        path,
        `Stay ${s.id} needs a primary guest${taken ? ' of its own' : ''}, one of the guests.`,
        'invalid',
      ]);
    else primaries.push(primary);
  });
  return hooks.run('booking.missing', out, { session: booking });
}

const stayAmount = (s: StayRecord) => s.type.nightly[s.plan.id] * s.nights;
const taxOn = (amount: number) => Math.round(amount * TAX_RATE);

function stayJson(s: StayRecord, req: HandlerRequest): Json {
  const subtotal = stayAmount(s);
  const date = (d: string) => req.hooks.run('booking.date-out', d);
  return req.hooks.run('booking.stay-json', {
    id: s.id,
    accommodation_type: { id: s.type.id, title: s.type.title, capacity: s.type.capacity },
    rate_plan: { id: s.plan.id, title: s.plan.title },
    occupancy: s.occupancy,
    stay_dates: { start_date: date(s.start), end_date: date(s.end) },
    ...(s.assignments ? { guest_assignments: s.assignments } : {}),
    totals: [
      { type: 'subtotal', amount: subtotal },
      { type: 'tax', amount: taxOn(subtotal) },
      { type: 'total', amount: subtotal + taxOn(subtotal) },
    ],
  });
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
  if (!c) return {};
  const confirmation = req.hooks.run(
    'booking.confirmation',
    { id: c.id, label: c.label, pincode: c.pincode },
    { confirmation: c },
  );
  return confirmation ? { confirmation } : {};
}

function bookingJson(booking: BookingRecord, req: HandlerRequest, extra: ReplyMessage[]): Json {
  const { hooks } = req;
  const missingMessages =
    booking.status === 'incomplete'
      ? hooks.run(
          'booking.missing-messages',
          missing(booking, req).map(([path, content, code]) =>
            hooks.run('booking.missing-message', recoverable(code ?? 'missing', content, path)),
          ),
        )
      : [];
  return hooks.run(
    'booking.json',
    {
      id: booking.id,
      status: hooks.run('booking.status-shown', booking.status, { status: booking.status }),
      property: { id: PROPERTY.id, name: PROPERTY.name, address: { ...PROPERTY.address } },
      stays: booking.stays.map((s) => stayJson(s, req)),
      ...(booking.guests ? { guests: booking.guests } : {}),
      ...(booking.booker ? { booker: booking.booker } : {}),
      ...(booking.travelPurpose !== undefined ? { travel_purpose: booking.travelPurpose } : {}),
      currency: CURRENCY,
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
    },
    { session: booking },
  );
}
