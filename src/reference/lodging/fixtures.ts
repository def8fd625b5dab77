import type { RunConfig } from '../../config/config.js';
import type { Hook, Hooks } from '../shared/hooks.js';
import { PROPERTY, SOLD_OUT } from './property.js';

type BookingFixtures = NonNullable<NonNullable<RunConfig['fixtures']>['booking']>;
type Json = Record<string, unknown>;

/**
 * What the booking fixtures of a run against the business hold, where a variation needs more or
 * other (declared here, not in hooks.ts, which reads this file's neighbours' types).
 */
export interface LodgingFixtureHooks {
  /** The stays every session is created with. */
  'booking.fixture-stays': Hook<Json[]>;
  /** Whether the guests come with their phone numbers. */
  'booking.fixture-guest-phone': Hook<boolean>;
  /** The travel purpose the config gives (none: the checker sends one only when the business asks). */
  'booking.fixture-travel-purpose': Hook<string | undefined>;
}

/** Fixed dates, so a run's report reads the same every day. */
const STAY_DATES = { start_date: '2031-05-12', end_date: '2031-05-14' };

/** One stay of the property's, as the config lists it. */
export const stay = (id: string, room: string, plan: string, adults: number) => ({
  id,
  accommodation_type: { id: room },
  rate_plan: { id: plan },
  occupancy: { adults, total: adults },
  stay_dates: STAY_DATES,
});

/** The booking fixtures a run against the reference needs (fixtures.booking), through the variations' hooks. */
export function bookingFixtures(hooks: Hooks<LodgingFixtureHooks>): BookingFixtures {
  const phone = hooks.run('booking.fixture-guest-phone', false);
  const stays = hooks.run('booking.fixture-stays', [stay('stay-1', 'room-double', 'rate-flexible', 2)]);
  const purpose = hooks.run('booking.fixture-travel-purpose', 'leisure');
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
    ...(purpose === undefined ? {} : { travel_purpose: purpose }),
  };
}
