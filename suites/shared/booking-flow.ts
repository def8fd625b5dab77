/**
 * The booking flow (Document 3), driven like the checkout flow by what the business says: create
 * with the property and stays of the config, then update with the people the config provides
 * (guests, booker, a primary guest per stay, the travel purpose when configured), filling the
 * paths its messages name, until the session is ready_for_complete or the business asks for
 * something the config does not have.
 */
import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { DEFAULT_ADDRESS } from './checkout-flow.js';
import {
  completeSession,
  createSession,
  driveToReady,
  fillAsks,
  instrumentFor,
  pointing,
  resourceOf,
  shows,
  supplied,
  type Completion,
  type CreateOutcome,
  type Json,
  type ReadyOutcome,
  type SessionKind,
} from './session-flow.js';

/** Booking sessions (Document 3 §Endpoints), for the shared session flow. */
export const BOOKING: SessionKind = {
  name: 'booking',
  get: 'booking.get',
  update: 'booking.update',
  complete: 'booking.complete',
  cancel: 'booking.cancel',
  // Document 3 §Resources and their fields.
  members: [
    'property',
    'stays',
    'guests',
    'booker',
    'travel_purpose',
    'currency',
    'payment',
    'signals',
    'accommodation_type',
    'rate_plan',
    'occupancy',
    'stay_dates',
    'guest_assignments',
    'email',
    'first_name',
    'last_name',
    'phone_number',
    'birthdate',
    'address',
    'instruments',
    'billing_address',
  ],
  refusedCreate: (refusal) =>
    `the business refused the stays (${refusal}); set fixtures.booking.stays in --config to stays it can offer`,
};

export const NEEDS_STAYS = 'fixtures.booking.property and fixtures.booking.stays in --config';

/** Test people, when the config names none. */
export const DEFAULT_GUESTS: Json[] = [
  { id: 'guest-1', first_name: 'Ada', last_name: 'Tester' },
  { id: 'guest-2', first_name: 'Grace', last_name: 'Tester' },
];
export const DEFAULT_BOOKER: Json = {
  first_name: 'Ada',
  last_name: 'Tester',
  email: 'booker@proto-conformance.example',
};
/**
 * The one travel purpose the spec shows. It is a statement about the trip, so it is sent unasked
 * only when the config names one, and otherwise only when the business asks for it.
 */
const SHOWN_PURPOSE = 'leisure';

/** The members the people of a booking live in: what an update sets and a later one must keep. */
export const PEOPLE = ['guests', 'booker', 'travel_purpose'] as const;

/** The booking fixtures of the config (none: an empty set). */
const fixturesOf = (t: ScenarioContext) => t.config.fixtures?.booking ?? {};

/** The create request of the config: its property with its stays, or with the sold-out ones. */
export function bookingRequest(
  t: ScenarioContext,
  which: 'stays' | 'sold_out_stays' = 'stays',
): { property: Json; stays: Json[] } {
  const b = fixturesOf(t);
  const property = t.need(b.property, NEEDS_STAYS);
  const stays =
    which === 'stays'
      ? t.need(b.stays, NEEDS_STAYS)
      : t.need(b.sold_out_stays, 'fixtures.booking.sold_out_stays in --config');
  return { property, stays };
}

const guestsOf = (t: ScenarioContext): Json[] => fixturesOf(t).guests ?? DEFAULT_GUESTS;

/** The guests an update carries: the session's own (their ids may be the business's), or else the config's. */
const guestsFor = (t: ScenarioContext, resource: Json): Json[] =>
  Array.isArray(resource.guests) && resource.guests.length > 0 ? resource.guests.filter(isObject) : guestsOf(t);

/**
 * A primary guest for the stay at `index` (the guests in turn, so several stays get several), then
 * as many accompanying guests as `seats` leaves room for: a business MAY enforce assignments
 * (Document 3 §What the service does), so what it names is there to supply.
 */
function assignmentsFor(guests: Json[], index: number, seats = 1): Json[] {
  const n = Math.min(guests.length, Math.max(seats, 1));
  return Array.from({ length: n }, (_, k) => ({
    guest_id: guests[(index + k) % guests.length].id,
    role: k === 0 ? 'primary' : 'accompanying',
  }));
}

/** The people a stay holds by its occupancy: total, or else adults, or else one. */
function seatsOf(stay: Json): number {
  const o = isObject(stay.occupancy) ? stay.occupancy : {};
  const n = typeof o.total === 'number' ? o.total : o.adults;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * The session's stays, each with the assignments it has, or else a primary guest of `guests`;
 * `force`: every stay with a primary guest and accompanying guests up to its occupancy, the
 * document a business's messages about assignments are filled from.
 */
function assignedStays(resource: Json, guests: Json[], force = false): Json[] | undefined {
  if (!Array.isArray(resource.stays)) return undefined;
  return resource.stays.map((s, i) => {
    if (!isObject(s)) return s;
    const has = Array.isArray(s.guest_assignments) && s.guest_assignments.length > 0;
    if (has && !force) return s;
    return { ...s, guest_assignments: assignmentsFor(guests, i, force ? seatsOf(s) : 1) };
  });
}

/**
 * The session as the platform sends it back on update, a full replacement that "includes every
 * previously set field it wants to keep" (Document 3 §Endpoints, 2): what the business showed,
 * with the property and each stay's members of the create request that it did not echo (which
 * members a response repeats is not shown). A stay is matched by its id, or by its place when the
 * business shows none.
 */
export function sentBack(t: ScenarioContext, resource: Json): Json {
  const b = fixturesOf(t);
  const created = b.stays ?? [];
  const stays = Array.isArray(resource.stays)
    ? resource.stays.map((s, i) => {
        if (!isObject(s)) return s;
        const mine = created.find((c) => c.id === s.id) ?? (s.id === undefined ? created[i] : undefined);
        return mine ? { ...mine, ...s } : s;
      })
    : created;
  const property = isObject(resource.property) ? { ...b.property, ...resource.property } : b.property;
  return { ...resource, ...(property ? { property } : {}), ...(stays.length ? { stays } : {}) };
}

/** What the config provides for paths a business may ask for, as one document shaped like the session. */
function provided(t: ScenarioContext, session: Exchange): Json {
  const b = fixturesOf(t);
  const resource = sentBack(t, resourceOf(t, session));
  const doc: Json = {
    guests: guestsOf(t),
    booker: b.booker ?? DEFAULT_BOOKER,
    travel_purpose: b.travel_purpose ?? SHOWN_PURPOSE,
    ...(Array.isArray(resource.stays) ? { stays: assignedStays(resource, guestsFor(t, resource), true) } : {}),
  };
  const token = t.config.payment?.token;
  if (token) doc.payment = { instruments: [instrument(t, session, token)] };
  return doc;
}

/**
 * A session as received, sent back (sentBack), with the people the config provides merged in:
 * guests (unless it has some), the booker, a primary guest for each stay without assignments, and
 * the configured travel purpose.
 */
export function withPeople(t: ScenarioContext, received: Json): Json {
  const b = fixturesOf(t);
  const resource = sentBack(t, received);
  const guests = guestsFor(t, resource);
  const stays = assignedStays(resource, guests);
  const purpose = resource.travel_purpose ?? b.travel_purpose;
  return {
    ...resource,
    guests,
    booker: { ...(isObject(resource.booker) ? resource.booker : {}), ...(b.booker ?? DEFAULT_BOOKER) },
    ...(stays ? { stays } : {}),
    ...(purpose !== undefined ? { travel_purpose: purpose } : {}),
  };
}

/**
 * Creates a booking session with the config's property and stays (or sold-out stays), registering
 * its cancel as clean-up; a create refused with messages naming fields the config has is tried
 * again with them.
 */
export function createBooking(t: ScenarioContext, which: 'stays' | 'sold_out_stays' = 'stays'): Promise<CreateOutcome> {
  const request = bookingRequest(t, which);
  return createSession(
    t,
    BOOKING,
    (members) => t.call('booking.create', { input: { ...request, members } }),
    (x) => provided(t, x),
  );
}

/** Updates a session until it is ready_for_complete: the people first, then what its messages ask for. */
export function driveBooking(t: ScenarioContext, created: Exchange): Promise<ReadyOutcome> {
  return driveToReady(
    t,
    BOOKING,
    created,
    (x) => firstSubmission(t, x),
    (x) => nextSubmission(t, x),
  );
}

function firstSubmission(t: ScenarioContext, session: Exchange): Json {
  const draft = { body: withPeople(t, resourceOf(t, session)) };
  fillAsks(session, draft, provided(t, session));
  return draft.body;
}

/** The next update after an incomplete answer, or undefined when there is nothing more to send. */
function nextSubmission(t: ScenarioContext, x: Exchange): Json | undefined {
  const resource = sentBack(t, resourceOf(t, x));
  const draft = { body: resource };
  let changed = fillAsks(x, draft, provided(t, x)).length > 0;
  // A field called missing that the session shows but the last update did not carry: sending it back shows whether it
  // counts.
  if (pointing(x).some((m) => m.code === 'missing' && shows(resource, m.path) && !supplied(x, m.path))) changed = true;
  return changed ? draft.body : undefined;
}

/** A payment instrument for the session's first handler, billed to the booker's address when the config has one. */
export function instrument(t: ScenarioContext, session: Exchange, token: string): Json {
  const address = fixturesOf(t).booker?.address;
  return instrumentFor(t, session, token, isObject(address) ? address : DEFAULT_ADDRESS);
}

/**
 * Completes a ready session, polling Get while it is complete_in_progress when `await` is set. A
 * complete that asks for session fields the config provides (which fields complete needs is not
 * shown) gets one update with them, then is sent again.
 */
export const completeBooking = (
  t: ScenarioContext,
  session: Exchange,
  token: string,
  opts: { await: boolean },
): Promise<Completion> =>
  completeSession(t, BOOKING, session, instrument(t, session, token), opts, (refused) => {
    const draft = { body: sentBack(t, resourceOf(t, refused)) };
    // The complete request's own payment is not the session's to update (signals the config never provides).
    const filled = fillAsks(refused, draft, provided(t, refused), (segments) => segments[0] === 'payment');
    return filled.length ? draft.body : undefined;
  });

/**
 * A session brought to ready_for_complete for scenarios that start there; booking.to-ready judges
 * each step, so here a step that does not work blocks (or, when the config lacks what the
 * business needs, is not-tested).
 */
export async function readyBooking(t: ScenarioContext): Promise<Exchange> {
  return (await readyDrive(t)).last;
}

/** As readyBooking, with every session answer of the drive, the create first. */
export async function readyDrive(t: ScenarioContext): Promise<ReadyOutcome> {
  const created = await createBooking(t);
  if (created.kind === 'needs') t.stopNotTested(created.why);
  if (created.kind === 'broken') t.stopBlocked('booking.create');
  const ready = await driveBooking(t, created.x);
  if (ready.kind === 'needs') t.stopNotTested(ready.why);
  if (ready.kind === 'broken') t.stopBlocked('booking.ready');
  return ready;
}
