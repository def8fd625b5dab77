/** The hook points of the lodging module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { Reply } from '../shared/replies.js';
import type { Missing, SessionHooks } from '../shared/session-hooks.js';
import type { LodgingFixtureHooks } from './fixtures.js';
import type { AccommodationType, RatePlan } from './property.js';
import type { BookingRecord, Confirmation, Json, LodgingStore, People, StayRecord } from './store.js';

/**
 * How an update's guests get their ids (a new one from `newId`), and the stays' guest assignments
 * with them.
 */
export type GuestIds = (
  guests: Json[] | undefined,
  stays: StayRecord[],
  newId: () => string,
) => { guests: Json[] | undefined; stays: StayRecord[] };

/** When the business asks for the purpose of travel: for the session to be ready, at Complete, or never. */
export type PurposeAsked = 'before-ready' | 'at-complete' | 'never';

/**
 * The hook points of booking sessions: the session service's (shared/session-hooks.ts) under
 * `booking.`, and booking's own.
 */
export type BookingHooks = SessionHooks<'booking', BookingRecord, LodgingStore> & {
  /** Whether a create may make the session ready_for_complete at once (false: it stays incomplete until an update). */
  'booking.ready-at-create': Hook<boolean>;
  /** The session Get answers, of the one asked for. */
  'booking.read': Hook<BookingRecord>;
  /** A stay date as written (YYYY-MM-DD). */
  'booking.date-out': Hook<string>;
  /** The property id as read from a request's property object. */
  'booking.property-id': Hook<unknown>;
  /** A stay's occupancy as read from a request. */
  'booking.occupancy-in': Hook<unknown>;
  /** A stay date as read from a request. */
  'booking.date-in': Hook<unknown>;
  /** A stay as answered. */
  'booking.stay-json': Hook<Json>;
  /** A completed booking's confirmation as answered (undefined: none). */
  'booking.confirmation': Hook<Json | undefined, { confirmation: Confirmation }>;
  /** The path naming a guest or a stay in a message. */
  'booking.element-path': Hook<string, { list: 'guests' | 'stays'; index: number; id: unknown }>;
  /** How an update's guests get their ids. */
  'booking.guest-ids': Hook<GuestIds>;
  /** Whether a rate plan is offered with an accommodation type. */
  'booking.offers-plan': Hook<boolean, { type: AccommodationType; plan: RatePlan }>;
  /** What the session still needs of one guest, named at `at`. */
  'booking.guest-missing': Hook<Missing[], { guest: Json; at: string }>;
  /** When the business asks for the purpose of travel. */
  'booking.purpose-asked': Hook<PurposeAsked>;
  /** Whether each stay needs a primary guest of its own. */
  'booking.primary-per-stay': Hook<boolean>;
  /** The refusal of a request without members the spec requires (undefined: the shared layer's). */
  'booking.missing-members': Hook<Reply | undefined, { absent: string[] }>;
  /** The guests, booker and travel purpose an update writes into the session. */
  'booking.people': Hook<People, { booking: BookingRecord }>;
  /** A stay of a create or update as the request gave it, before it is read (a default filled in, say). */
  'booking.stay-in': Hook<unknown, { index: number }>;
  /** The stays an update writes, the session's as they were beside them. */
  'booking.stays-written': Hook<StayRecord[], { booking: BookingRecord }>;
};

/** Every hook point of the lodging module. */
export type LodgingHooks = BookingHooks & LodgingFixtureHooks;
