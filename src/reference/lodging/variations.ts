import { isObject } from '../../dialect/dialect.js';
import { billingAddressUnverified } from '../shared/payment.js';
import { missingMembers, recoverable, resource, unrecoverable } from '../shared/replies.js';
import { sessionRecords } from '../shared/session-families.js';
import type { Missing } from '../shared/session-hooks.js';
import { recordsFor } from '../records.js';
import type { GuestIds, LodgingHooks } from './hooks.js';
import { stay } from './fixtures.js';
import { PLANS_PER_ROOM } from './property.js';
import { filled, type BookingRecord } from './store.js';

const { variation } = recordsFor<LodgingHooks>();
/** The session families' records, for booking sessions (src/reference/shared/session-families.ts). */
const bookingSessions = sessionRecords<'booking', BookingRecord>('booking', 'lodging.booking');
const capability = 'lodging.booking';

/** A guest or a stay in a message path, named by a filter on its id. */
const byId: LodgingHooks['booking.element-path'] = (_path, { list, id }) => `$.${list}[?(@.id=='${String(id)}')]`;

/**
 * The business gives each guest it has not seen an id of its own (gst-…); with `follow`, the
 * assignments that named the guest name its new id.
 */
const ownGuestIds =
  (follow: boolean): GuestIds =>
  (guests, stays, newId) => {
    const ids = new Map<string, string>();
    const renamed = guests?.map((g) => {
      const id = String(g.id);
      if (id.startsWith('gst-')) return g;
      if (!ids.has(id)) ids.set(id, newId());
      return { ...g, id: ids.get(id) };
    });
    const followed =
      follow && ids.size
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
    return { guests: renamed, stays: followed };
  };

/** Variations of the lodging service module (Document 3): booking sessions. */
export const LODGING_VARIATIONS = [
  variation({
    name: 'booking-requires-guest-phone',
    capability,
    description:
      'The session is not ready without a phone number for each guest, which its missing messages name ($.guests[0].phone_number). A checker with a fixed recipe never reaches ready.',
    permitted_by:
      'Document 3 §What the service does: "A business MAY enforce presence of fields in `guests`, … and states such expectations through `messages`."',
    plug: {
      'booking.fixture-guest-phone': () => true,
      'booking.guest-missing': (missing, { guest, at }) =>
        filled(guest.phone_number)
          ? missing
          : [...missing, [`${at}.phone_number`, 'The property needs a phone number for each guest.']],
    },
  }),
  variation({
    name: 'booking-completed-non-refundable',
    capability,
    description:
      'Cancel of a completed booking is refused: the session comes back completed with an unrecoverable error non_refundable. A checker that requires a completed booking to cancel fails it.',
    permitted_by:
      'Document 3 §States and transitions: "(a session) | Cancel Booking Session | | canceled | Status updated in the response." names no condition; whether a business may refuse to cancel a confirmed stay under its `cancellation_policy` link (a non-refundable rate) is not shown, so booking.cancel-completed only reports what it answers.',
    // A confirmed stay is kept; the session comes back as it was.
    plug: {
      'booking.cancel-refusal': (refusal, { session, render }) =>
        refusal ??
        (session.status === 'completed'
          ? resource(
              render([
                unrecoverable(
                  'non_refundable',
                  'This booking is confirmed at a non-refundable rate and cannot be canceled.',
                ),
              ]),
            )
          : undefined),
    },
  }),
  variation({
    name: 'booking-multi-stay',
    capability,
    description:
      'The run books two stays, and each stay needs a primary guest of its own. A checker that assigns guests to the first stay only, or one guest to every stay, never reaches ready.',
    permitted_by:
      'Document 3 §Resources and their fields: stays "One or more stays (multi-stay bookings allowed)"; §What the service does: "A business MAY enforce presence of fields in … `guest_assignments` … and states such expectations through `messages`."',
    plug: {
      // A second stay, unless another variation made several already.
      'booking.fixture-stays': (stays) =>
        stays.length > 1
          ? stays
          : [stay('stay-1', 'room-double', 'rate-flexible', 2), stay('stay-2', 'room-single', 'rate-flexible', 1)],
      'booking.primary-per-stay': () => true,
    },
  }),
  variation({
    name: 'booking-multi-stay-get-reordered',
    capability,
    description:
      'The run books two stays, each needing a primary guest of its own, and Get lists the stays last first (as its store reads them back), while create and update list them as sent; message paths name stays by id. A checker that compares stays, or their guest assignments, by position between answers sees a change where there is none.',
    permitted_by:
      'Document 3 §Resources and their fields: stays "One or more stays (multi-stay bookings allowed)"; the order in which a response lists them is not shown.',
    // Get reads the stays back by id, last first; as stays come in no fixed order, message paths name
    // them by id.
    plug: {
      // A second stay, unless another variation made several already.
      'booking.fixture-stays': (stays) =>
        stays.length > 1
          ? stays
          : [stay('stay-1', 'room-double', 'rate-flexible', 2), stay('stay-2', 'room-single', 'rate-flexible', 1)],
      'booking.primary-per-stay': () => true,
      'booking.element-path': byId,
      'booking.answer': (json, { op }) =>
        op === 'get' && Array.isArray(json.stays) ? { ...json, stays: [...json.stays].reverse() } : json,
    },
  }),
  variation({
    name: 'booking-get-guests-reordered',
    capability,
    description:
      'Get lists the guests last first (as its store reads them back), while create and update list them as sent. A checker that compares guests by position between answers sees a change where there is none.',
    permitted_by:
      'Document 3 §Resources and their fields: guests "array | Elements: `id`, `first_name`, …"; the order in which a response lists them is not shown.',
    plug: {
      'booking.answer': (json, { op }) =>
        op === 'get' && Array.isArray(json.guests) ? { ...json, guests: [...json.guests].reverse() } : json,
    },
  }),
  bookingSessions.completeAnswerMinimal(
    {
      name: 'booking-complete-answer-minimal',
      description:
        "Complete answers only the session's id, its status completed, the confirmation and continue_url, without property, stays or the rest. A checker that holds a complete's answer to the whole resource fails it.",
      permitted_by:
        'Document 3 §Endpoints 3: "Complete request: `payment` (object with `instruments`) and `signals`. Response has `status` `completed` and `confirmation`."; §Resources and their fields has no Required column, and a completed session has no further use for property or stays.',
    },
    'confirmation',
  ),
  bookingSessions.notFoundEchoesId({
    name: 'booking-not-found-echoes-id',
    description:
      'The not_found error for an unknown booking session also echoes the id asked for, as a top-level id. A checker that takes any answer with an id for a session fails it.',
    permitted_by:
      'Document 3 §Errors: business outcomes "return HTTP 200 with the envelope and `messages`"; Document 1 §Errors gives the error response shape, and no sentence excludes further members.',
  }),
  bookingSessions.cancelAnswerMinimal({
    name: 'booking-cancel-answer-minimal',
    description:
      "Cancel answers only the session's id, its status canceled and continue_url, without property, stays or the rest. A checker that holds a cancel's answer to the whole resource fails it.",
    permitted_by:
      'Document 3 §States and transitions: "| (a session) | Cancel Booking Session | | canceled | Status updated in the response. |"; §Resources and their fields has no Required column, and a canceled session has no further use for property or stays.',
  }),
  variation({
    name: 'booking-rate-plans-per-room',
    capability,
    description:
      'Rate plans are offered per accommodation type, and the run books two stays under different rate plans. A checker that assumes one rate plan for a whole booking fails it.',
    permitted_by:
      'Document 3 §Resources and their fields: Stay "rate_plan | object | `id`", one per stay; the document says nothing of which rate plans go with which accommodation type.',
    plug: {
      'booking.fixture-stays': () => [
        stay('stay-1', 'room-double', 'rate-saver', 2),
        stay('stay-2', 'room-single', 'rate-breakfast', 1),
      ],
      'booking.offers-plan': (offered, { type, plan }) => offered && PLANS_PER_ROOM[type.id].includes(plan.id),
    },
  }),
  variation({
    name: 'booking-stay-defaults',
    capability,
    description:
      "A stay asked for without an id, a rate plan or an occupancy is booked all the same: the business assigns the stay's id (stay-N), takes the room's first rate plan and books one adult. A checker that requires every member the create request is shown with fails it.",
    permitted_by:
      'Document 3 §Endpoints 1: "The required and optional status of every member beyond those shown: not shown."; §Resources: "which fields are mandatory on create or complete: not shown."',
    plug: {
      'booking.stay-in': (stay, { index }) => {
        if (!isObject(stay)) return stay;
        const room = isObject(stay.accommodation_type) ? String(stay.accommodation_type.id) : '';
        return {
          ...stay,
          id: stay.id ?? `stay-${index + 1}`,
          rate_plan: { id: PLANS_PER_ROOM[room]?.[0], ...(isObject(stay.rate_plan) ? stay.rate_plan : {}) },
          occupancy: stay.occupancy ?? { adults: 1, total: 1 },
        };
      },
    },
  }),
  variation({
    name: 'booking-every-adult-assigned',
    capability,
    description:
      'Every adult of a stay must be assigned: a stay for two adults with one assignment is incomplete, and the message names the missing assignment, $.stays[0].guest_assignments[1]. A checker that only ever assigns a primary guest never reaches ready_for_complete.',
    permitted_by:
      'Document 3 §What the service does: "A business MAY enforce presence of fields in `guests`, `booker`, `guest_assignments` … and states such expectations through `messages`"; §Resources: `role` "`primary`, `accompanying` appear".',
    plug: {
      'booking.missing': (out, { session }) => [
        ...out,
        ...session.stays.flatMap((s, i): Missing[] => {
          const assigned = s.assignments?.length ?? 0;
          return assigned > 0 && assigned < s.occupancy.adults
            ? [[`$.stays[${i}].guest_assignments[${assigned}]`, `Stay ${s.id} needs each of its adults assigned.`]]
            : [];
        }),
      ],
    },
  }),
  variation({
    name: 'booking-nothing-required',
    capability,
    description:
      'The business enforces no field: a session is ready_for_complete at create. A checker that requires incomplete at create, or an update before complete, fails it.',
    permitted_by:
      'Document 3 §What the service does: "A business MAY enforce presence of fields"; §Resources and their fields: "which fields are mandatory on create or complete: not shown."',
    // No session is ever incomplete: nothing is left to name, to leave unnamed, or to misspell.
    hides: [
      'booking-never-ready',
      'booking-incomplete-silent',
      'booking-missing-without-path',
      'booking-status-pending',
    ],
    plug: { 'booking.missing': () => [] },
  }),
  variation({
    name: 'booking-enforces-nothing-incomplete-at-create',
    capability,
    description:
      'The business enforces no field, yet judges readiness only on update: create answers the session incomplete with no messages, and the first update makes it ready_for_complete. A checker that requires every incomplete session to state an expectation fails the create.',
    permitted_by:
      'Document 3 §States and transitions: "| (none) | Create Booking Session | room available | incomplete | 201; totals and links returned. |" and "| incomplete | Update Booking Session | business has what it needs | ready_for_complete |"; §What the service does: "A business MAY enforce presence of fields … and states such expectations through `messages`": one that enforces nothing has none to state.',
    // No update leaves a session incomplete: nothing is left to name, to leave unnamed, or to misspell.
    hides: ['booking-never-ready', 'booking-incomplete-silent', 'booking-missing-without-path'],
    plug: { 'booking.missing': () => [], 'booking.ready-at-create': () => false },
  }),
  variation({
    name: 'booking-confirmation-without-pincode',
    capability,
    description:
      'A confirmation carries id and label but no pincode. A checker that requires all three members fails it.',
    permitted_by:
      'Document 3 §Resources and their fields: confirmation "`id`, `label`, `pincode` (strings)": known members, none individually required.',
    hides: ['booking-pincode-number'],
    plug: {
      'booking.confirmation': (confirmation) => {
        if (!confirmation) return confirmation;
        const { pincode: _pincode, ...rest } = confirmation;
        return rest;
      },
    },
  }),
  variation({
    name: 'booking-expires-at',
    capability,
    description:
      'Sessions carry expires_at, an RFC 3339 timestamp. A checker that reads every date-like member as a YYYY-MM-DD date fails it.',
    permitted_by: 'Document 3 §Limits: "Session lifetime is signalled by `expires_at`; its duration is not shown."',
    plug: {
      'booking.json': (json, { session }) => ({ ...json, expires_at: new Date(session.expiresAt).toISOString() }),
    },
  }),
  variation({
    name: 'booking-no-travel-purpose',
    capability,
    description:
      'The business has no use for travel_purpose and never asks for it; the run config names none. A checker that needs one to go on fails or stops.',
    permitted_by:
      'Document 3 §Resources and their fields: "Allowed values of `travel_purpose` … and which fields are mandatory on create or complete: not shown."',
    plug: { 'booking.fixture-travel-purpose': () => undefined, 'booking.purpose-asked': () => 'never' },
  }),
  // Met by the requests suite's control Get of a session it just made (requests.booking.get), still incomplete:
  // a check judging every incomplete answer fails this variation.
  bookingSessions.getWithoutMessages({
    name: 'booking-get-without-messages',
    description:
      'Get Booking Session answers the session without a messages member, even while it is incomplete: what the business expects was stated on create and update. A checker that requires every incomplete session to state its expectations fails the Get.',
    permitted_by:
      'Document 3 §What the service does: the business "states such expectations through `messages`", which says nothing of repeating them on Get; §Resources and their fields lists messages in a table with no Required column.',
  }),
  bookingSessions.handlersInProfileOnly({
    name: 'booking-handlers-in-profile-only',
    description:
      'Booking session responses carry no payment_handlers; the profile advertises the handlers. A checker that requires them in every session envelope fails it.',
    permitted_by:
      'Document 3 §Resources and their fields: proto "Includes `payment_handlers`.", a Notes column (known members, not individually required); §What the service does: "The business advertises the capability in its profile together with payment handlers."',
    // Without handlers in the profile too, there is none to pay with.
    conflicts: ['profile-no-payment-handlers'],
    hides: ['booking-no-payment-handlers', 'booking-payment-handlers-not-array'],
  }),
  variation({
    name: 'booking-complete-requires-booker-address',
    capability,
    description:
      'Complete of a session whose booker has no address answers the session, still ready_for_complete, with a recoverable missing error at $.booker.address; the run config has no address. A checker must report what it cannot supply, not fail the complete.',
    permitted_by:
      'Document 3 §What the service does: "A business MAY enforce presence of fields in … `booker` … or addresses such as a billing address, and states such expectations through `messages`."; §Resources and their fields: "which fields are mandatory on create or complete: not shown."',
    // Asked first, before anything else Complete asks for.
    plug: {
      'booking.complete-asks': (asks, { session }) =>
        isObject(session.booker?.address)
          ? asks
          : [
              recoverable('missing', "The booker's address is required to confirm the booking.", '$.booker.address'),
              ...asks,
            ],
    },
  }),
  variation({
    name: 'booking-billing-address-unverified',
    capability,
    description:
      'Complete answers the session, still ready_for_complete, with a recoverable invalid error at $.payment.instruments[0].billing_address: the payment provider could not verify the billing address the instrument carries. The payment is not accepted; a checker must report the refusal as a reason not to test, not fail the complete.',
    permitted_by:
      'Document 3 §States and transitions: "| ready_for_complete | Complete Booking Session | payment accepted | completed | Response includes `confirmation`. |"; §What the service does: "A business MAY enforce presence of fields in … `booker` … or addresses such as a billing address, and states such expectations through `messages`."',
    // Said with what else Complete asks for, so ahead of a declined token (booking-test-token-declined).
    plug: {
      'booking.complete-asks': (asks) => [...asks, billingAddressUnverified()],
    },
  }),
  bookingSessions.tokenDeclined({
    name: 'booking-test-token-declined',
    description:
      "Complete answers HTTP 200 with the session still ready_for_complete and an unrecoverable payment_declined error pointing at no field: the provider declines the config's token. The payment is not accepted, so nothing completes; a checker must report the refusal as a reason not to test, not fail the complete.",
    permitted_by:
      'Document 3 §States and transitions: "| ready_for_complete | Complete Booking Session | payment accepted | completed | Response includes `confirmation`. |"',
  }),
  variation({
    name: 'booking-purpose-asked-at-complete',
    capability,
    description:
      'A session is ready without a travel purpose, but Complete asks for one (recoverable missing, $.travel_purpose) and the run config names none. A checker that sends payment only once fails the complete; one that supplies what complete asks for and completes again passes.',
    permitted_by:
      'Document 3 §Resources and their fields: "which fields are mandatory on create or complete: not shown."; §What the service does: the business "states such expectations through `messages`."',
    plug: { 'booking.fixture-travel-purpose': () => undefined, 'booking.purpose-asked': () => 'at-complete' },
  }),
  variation({
    name: 'booking-stays-echo-minimal',
    capability,
    description:
      'Responses show each stay without its occupancy and stay_dates; an update, a full replacement, must still carry them. A checker that sends back only what it was shown gets HTTP 400 and never reaches ready.',
    permitted_by:
      'Document 3 §Endpoints: Update "includes every previously set field it wants to keep"; the Stay table has no Required column, and which members a response repeats is not shown.',
    // No dates are shown, so none can be misspelled.
    hides: ['booking-dates-timestamps'],
    plug: {
      'booking.stay-json': ({ occupancy: _occupancy, stay_dates: _dates, ...stay }) => stay,
    },
  }),
  variation({
    name: 'booking-stays-echo-without-ids',
    capability,
    description:
      'Responses show each stay without its id, occupancy and stay_dates: the platform supplied them and keeps them. An update, a full replacement, must still carry them, each stay matched by its place. A checker that sends back only what it was shown gets HTTP 400 and never reaches ready.',
    permitted_by:
      'Document 3 §Resources and their fields: Stay id "Stay identifier supplied by the platform."; §Endpoints: Update "includes every previously set field it wants to keep"; the Stay table has no Required column, and which members a response repeats is not shown.',
    // No dates are shown, so none can be misspelled.
    hides: ['booking-dates-timestamps'],
    plug: {
      'booking.stay-json': ({ id: _id, occupancy: _occupancy, stay_dates: _dates, ...stay }) => stay,
    },
  }),
  bookingSessions.pathsNormalized({
    name: 'booking-paths-normalized',
    description:
      "Message paths are RFC 9535 normalized paths: $['booker']['email'], $['guests'][0]['first_name']. A checker that reads only the dotted form cannot tell what a booking asks for.",
    permitted_by:
      'Document 3 §Resources and their fields: messages "array of Message"; Document 1 §Shared value objects: Message `path` "(string, JSON path of the field concerned, e.g. `$.buyer.email`)".',
  }),
  bookingSessions.missingCodeRequired({
    name: 'booking-missing-code-required',
    description:
      'An incomplete session names what is missing with code "required" and a path, not "missing". A checker that requires code missing fails it.',
    permitted_by:
      'Document 3 §Errors: "Other codes specific to lodging: not shown"; Document 1 §Errors: "The complete error code registry: not shown."',
    // Only code missing says a field is absent: a field asked for again under another code may be a value the business
    // rejects.
    hides: [
      'booking-missing-without-path',
      'booking-missing-path-relative',
      'booking-missing-unrecoverable',
      'booking-never-ready',
    ],
  }),
  variation({
    name: 'booking-missing-path-filter',
    capability,
    description:
      "Messages name a guest or a stay by a filter on its id: $.guests[?(@.id=='guest-1')].first_name, $.stays[?(@.id=='stay-1')].guest_assignments. A checker that only reads indexes fails them or cannot fill them.",
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".',
    plug: { 'booking.element-path': byId },
  }),
  variation({
    name: 'booking-path-filter-double-quoted',
    capability,
    description:
      'Messages name a guest or a stay by a filter on its id in double quotes: $.guests[?(@.id=="guest-1")].first_name. A checker that only reads single-quoted filters cannot find what they name.',
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".',
    conflicts: ['booking-missing-path-filter'],
    // A path already by filter (booking-multi-stay-get-reordered's) stays as it is.
    plug: {
      'booking.element-path': (path, { list, index, id }) =>
        path === `$.${list}[${index}]` ? `$.${list}[?(@.id=="${String(id)}")]` : path,
    },
  }),
  variation({
    name: 'booking-path-filter-spaced',
    capability,
    description:
      "Messages name a guest or a stay by a filter on its id written with spaces around ==: $.guests[?(@.id == 'guest-1')].first_name. A checker that reads only unspaced filters cannot find what they name.",
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".',
    conflicts: ['booking-missing-path-filter', 'booking-path-filter-double-quoted'],
    // A path already by filter (booking-multi-stay-get-reordered's) stays as it is.
    plug: {
      'booking.element-path': (path, { list, index, id }) =>
        path === `$.${list}[${index}]` ? `$.${list}[?(@.id == '${String(id)}')]` : path,
    },
  }),
  variation({
    name: 'booking-guest-ids-assigned',
    capability,
    description:
      'The business gives each guest it has not seen an id of its own (gst-…) and rewrites the assignments that named it. A checker that assigns guests by the ids it first sent, or compares ids across the change, fails it.',
    permitted_by:
      'Document 3 §Resources and their fields: guests "Elements: `id`, …"; unlike a stay\'s id ("supplied by the platform"), who gives a guest its id is not said.',
    plug: { 'booking.guest-ids': () => ownGuestIds(true) },
  }),
  variation({
    name: 'booking-guest-ids-not-followed',
    capability,
    description:
      "The business gives each guest it has not seen an id of its own (gst-…) but leaves the assignments as sent: one naming the id the platform first sent is answered invalid at $.stays[0].guest_assignments. A checker that does not assign the primary guest anew, by the session's own guest ids, never reaches ready.",
    permitted_by:
      'Document 3 §Resources and their fields: guests "Elements: `id`, …", who gives a guest its id is not said; §What the service does: "A business MAY enforce presence of fields in … `guest_assignments` … and states such expectations through `messages`."',
    // Both give guests ids of their own; only one of them can say what becomes of the assignments.
    conflicts: ['booking-guest-ids-assigned'],
    plug: { 'booking.guest-ids': () => ownGuestIds(false) },
  }),
  bookingSessions.paymentBeforeReady({
    name: 'booking-payment-before-ready',
    description:
      'A session is not ready until an update carries a payment instrument to guarantee the stay (missing $.payment.instruments); the instrument is kept without its credential. A checker that sends payment only with Complete never reaches ready.',
    permitted_by:
      'Document 3 §What the service does: "A platform opens a booking session … progressively supplies guests, booker and payment, and completes the booking"; §Resources and their fields: payment "Payment data (instruments) as in checkout", "which fields are mandatory on create or complete: not shown."',
  }),
  variation({
    name: 'booking-missing-member-unrecoverable',
    capability,
    description:
      'A create without property or stays is answered HTTP 200 with an error response whose missing messages say severity unrecoverable: no session exists to recover. A checker that holds every missing message to recoverable fails it.',
    permitted_by:
      'Document 1 §Errors: "`missing` (required field absent, with `path`)", "Message `severity` is `recoverable` or `unrecoverable`"; the recoverable missing problems of Document 1 are those of a checkout session, and Document 3 says nothing of a refused create\'s severity.',
    plug: {
      'booking.missing-members': (refusal, { absent }) => refusal ?? missingMembers(absent, 'unrecoverable'),
    },
  }),
  bookingSessions.asyncCompletion({
    name: 'booking-async-completion',
    description:
      'Complete answers complete_in_progress; a Get a moment later shows the booking completed, with its confirmation. A checker that requires completed and the confirmation in the complete response fails it.',
    permitted_by:
      'Document 3 §States and transitions: "How a session enters `complete_in_progress`: not shown."; §Resources and their fields: confirmation "MUST be set in the response of a completed booking", here the Get.',
    // Completion is the variation's own: an accepted payment never leaves the session ready.
    hides: ['booking-complete-stays-ready'],
  }),
] as const;
