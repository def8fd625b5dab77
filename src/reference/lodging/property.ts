/**
 * The one property the reference business lets rooms at (Document 3 §Resources and their fields):
 * its accommodation types with their capacity, its rate plans and nightly prices, and the one
 * combination that is sold out.
 */
export const CURRENCY = 'EUR';

export const PROPERTY = {
  id: 'prop-harbour-house',
  name: 'Harbour House',
  address: {
    street_address: '4 Quay Street',
    address_locality: 'Galway',
    address_region: 'Connacht',
    address_country: 'IE',
    postal_code: 'H91 X2F8',
  },
} as const;

export interface RatePlan {
  id: string;
  title: string;
}

export interface AccommodationType {
  id: string;
  title: string;
  capacity: {
    adults: number;
    children: number;
    total: number;
    child_age_ranges: { ages: { min: number; max: number }; limit: number }[];
  };
  /** Nightly price per rate plan, in the currency's smallest unit. */
  nightly: Record<string, number>;
}

export const RATE_PLANS: readonly RatePlan[] = [
  { id: 'rate-flexible', title: 'Flexible, free cancellation' },
  { id: 'rate-saver', title: 'Saver, non-refundable' },
  { id: 'rate-breakfast', title: 'Bed and breakfast' },
];

export const ACCOMMODATION_TYPES: readonly AccommodationType[] = [
  {
    id: 'room-double',
    title: 'Double room, harbour view',
    capacity: { adults: 2, children: 1, total: 3, child_age_ranges: [{ ages: { min: 0, max: 11 }, limit: 1 }] },
    nightly: { 'rate-flexible': 14000, 'rate-saver': 11900, 'rate-breakfast': 16000 },
  },
  {
    id: 'room-single',
    title: 'Single room',
    capacity: { adults: 1, children: 0, total: 1, child_age_ranges: [] },
    nightly: { 'rate-flexible': 9000, 'rate-saver': 7600, 'rate-breakfast': 10200 },
  },
  {
    id: 'room-suite',
    title: 'Family suite',
    capacity: { adults: 4, children: 2, total: 5, child_age_ranges: [{ ages: { min: 0, max: 15 }, limit: 2 }] },
    nightly: { 'rate-flexible': 26000, 'rate-saver': 22100, 'rate-breakfast': 29500 },
  },
];

/** The combination that is no longer available, whatever the dates: create answers inventory_exhausted. */
export const SOLD_OUT = { accommodationType: 'room-suite', ratePlan: 'rate-saver' } as const;

/**
 * With booking-rate-plans-per-room, rate plans are offered per accommodation type: the breakfast
 * plan only with the single room, the saver only with the double and the suite.
 */
export const PLANS_PER_ROOM: Record<string, readonly string[]> = {
  'room-double': ['rate-flexible', 'rate-saver'],
  'room-single': ['rate-flexible', 'rate-breakfast'],
  'room-suite': ['rate-flexible', 'rate-saver'],
};

/** Tax on the room price, and the city tax per adult and night (a fee with display_text). */
export const TAX_RATE = 0.1;
export const CITY_TAX = 250;

/** Where a platform sends the guest when no session can go on. */
export const roomsUrl = (base: string) => `${base}/rooms`;
