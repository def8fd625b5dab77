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

export interface BookingRecord extends SessionCore {
  id: string;
  stays: StayRecord[];
  guests?: Json[];
  booker?: Json;
  travelPurpose?: string;
  confirmation?: { id: string; label: string; pincode: string };
  /** When the session lapses (shown only with booking-expires-at). */
  expiresAt: number;
  /** When a completion under way (booking-async-completion) is confirmed. */
  settleAt?: number;
  /** The session as it was created, for the booking-get-stale fault. */
  asCreated?: BookingRecord;
}

export interface LodgingStore {
  bookings: Map<string, BookingRecord>;
  newId(prefix: 'bk' | 'cnf' | 'gst'): string;
}

export function createLodgingStore(): LodgingStore {
  return { bookings: new Map(), newId: (prefix) => `${prefix}-${randomUUID()}` };
}
