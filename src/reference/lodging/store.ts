/**
 * The in-memory state of the lodging module: booking sessions. One store is made per module, so
 * two reference businesses in one process never share bookings.
 */
import { randomUUID } from 'node:crypto';
import type { SessionCore } from '../shared/session.js';
import type { AccommodationType, RatePlan } from './property.js';

export type Json = Record<string, unknown>;

/** One stay of a booking, validated. */
export interface StayRecord {
  /** The stay identifier the platform supplied. */
  id: string;
  type: AccommodationType;
  plan: RatePlan;
  occupancy: Json & { adults: number };
  /** YYYY-MM-DD. */
  start: string;
  end: string;
  nights: number;
  assignments?: Json[];
}

/** What a completed booking is confirmed with. */
export interface Confirmation {
  id: string;
  label: string;
  pincode: string;
}

export interface BookingRecord extends SessionCore {
  id: string;
  stays: StayRecord[];
  guests?: Json[];
  booker?: Json;
  travelPurpose?: string;
  confirmation?: Confirmation;
  /** When the session lapses (shown only with booking-expires-at). */
  expiresAt: number;
  /** A completion under way (an asynchronous one): when it may be confirmed, and the reads of the booking since. */
  settling?: { at: number; reads: number };
}

/** Guests, booker and travel purpose of a request: all optional (Document 3 §Endpoints, 2), well-typed when given. */
export interface People {
  guests?: Json[];
  booker?: Json;
  travelPurpose?: string;
}

/** Whether a member holds a non-blank string. */
export const filled = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
/** Whether a value reads as an email address. */
export const isEmail = (v: unknown) => typeof v === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v);

export interface LodgingStore {
  bookings: Map<string, BookingRecord>;
  newId(prefix: 'bk' | 'cnf' | 'gst'): string;
}

export function createLodgingStore(): LodgingStore {
  return { bookings: new Map(), newId: (prefix) => `${prefix}-${randomUUID()}` };
}
