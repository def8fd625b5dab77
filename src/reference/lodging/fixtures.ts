import type { RunConfig } from '../../config/config.js';
import type { VariationName } from '../variations.js';
import { PROPERTY, SOLD_OUT } from './property.js';

type BookingFixtures = NonNullable<NonNullable<RunConfig['fixtures']>['booking']>;

/** Fixed dates, so a run's report reads the same every day. */
const STAY_DATES = { start_date: '2031-05-12', end_date: '2031-05-14' };

const stay = (id: string, room: string, plan: string, adults: number) => ({
  id,
  accommodation_type: { id: room },
  rate_plan: { id: plan },
  occupancy: { adults, total: adults },
  stay_dates: STAY_DATES,
});

/** The booking fixtures a run against the reference needs (fixtures.booking), for the variations on. */
export function bookingFixtures(variations: readonly VariationName[]): BookingFixtures {
  const on = new Set(variations);
  const phone = on.has('booking-requires-guest-phone');
  const stays = on.has('booking-rate-plans-per-room')
    ? [stay('stay-1', 'room-double', 'rate-saver', 2), stay('stay-2', 'room-single', 'rate-breakfast', 1)]
    : on.has('booking-multi-stay') || on.has('booking-multi-stay-get-reordered')
      ? [stay('stay-1', 'room-double', 'rate-flexible', 2), stay('stay-2', 'room-single', 'rate-flexible', 1)]
      : [stay('stay-1', 'room-double', 'rate-flexible', 2)];
  return {
    property: { id: PROPERTY.id },
    stays,
    sold_out_stays: [stay('stay-1', SOLD_OUT.accommodationType, SOLD_OUT.ratePlan, 2)],
    guests: [
      {
        id: 'guest-1',
        first_name: 'Ada',
        last_name: 'Tester',
        email: 'ada@proto-conformance.example',
        ...(phone ? { phone_number: '+353555010001' } : {}),
      },
      { id: 'guest-2', first_name: 'Grace', last_name: 'Tester', ...(phone ? { phone_number: '+353555010002' } : {}) },
    ],
    booker: {
      first_name: 'Ada',
      last_name: 'Tester',
      email: 'booker@proto-conformance.example',
      phone_number: '+353555010001',
    },
    // Without a purpose in the config, the checker sends one only when the business asks for it.
    ...(on.has('booking-no-travel-purpose') || on.has('booking-purpose-asked-at-complete')
      ? {}
      : { travel_purpose: 'leisure' }),
  };
}
