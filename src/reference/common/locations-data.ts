/**
 * The reference business's locations (Document 2 §Location): coffee shops in several time zones
 * and one hotel, with regular hours (a split shift, an interval past midnight), exceptions,
 * amenities, coordinates, aliases, the places each one serves and the items it stocks.
 */
import type { RunConfig } from '../../config/config.js';
import type { Point } from '../../protocol/geo.js';
import type { Hook, Hooks } from '../shared/hooks.js';

/** A daily hour and an exception hour: their members are not shown, so the reference picks these. */
export interface DailyHour {
  day: Weekday;
  open: string;
  close: string;
}
export interface ExceptionHour {
  date: string;
  closed?: boolean;
  open?: string;
  close?: string;
}
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface SeedLocation {
  id: string;
  name: string;
  address: Record<string, string>;
  geo: Point;
  amenities: string[];
  hours?: DailyHour[];
  exception_hours?: ExceptionHour[];
  timezone?: string;
  /** Secondary identifiers lookup resolves to this location. */
  aliases: string[];
  /** Where it delivers: within a radius of itself, or to named localities. */
  serves: { radius_m: number; localities: string[] };
  /** Catalog items it can currently provide (filters.items). */
  stock: string[];
}

/** A lookup batch: the most distinct identifiers one lookup processes, and which of them it processes over it. */
export interface LookupBatch {
  max: number;
  /** Whether the business states it (the run config names it; otherwise a checker finds it). */
  stated: boolean;
  /** The identifiers processed of a lookup over the maximum. */
  cut: (ids: string[], distinct: string[], max: number) => string[];
}

/** Ten distinct identifiers a lookup, stated; over them, the first ten distinct ones are processed. */
export const LOOKUP_BATCH: LookupBatch = {
  max: 10,
  stated: true,
  cut: (_ids, distinct, max) => distinct.slice(0, max),
};

/** The hook points of the locations that the run config's fixtures read too (the rest are in hooks.ts). */
export interface LocationDataHooks {
  /** A location's id, as the business writes it. */
  'location.id': Hook<string>;
  /** A Geo, as the business writes it. */
  'location.geo': Hook<Record<string, unknown>>;
  /** The lookup batch. */
  'location.batch': Hook<LookupBatch>;
  /** A distance.max the run config names as one the business cannot honour (none: the checker's own). */
  'location.unsupported-max': Hook<number | undefined>;
}

/** The largest distance.max honoured, in meters; a larger one is rejected. */
export const MAX_RADIUS = 100_000;

/** Every amenity the business knows, by identifier, with its buyer-facing label. */
export const AMENITIES: Record<string, string> = {
  'com.example.parking': 'Customer parking',
  'com.example.parking.ev': 'Electric vehicle charging bays',
  'com.example.wifi': 'Free Wi-Fi',
  'com.example.outdoor_seating': 'Outdoor seating',
  'com.example.step-free': 'Step-free access',
  'com.example.24h-lockers': 'Pick-up lockers, open around the clock',
};

const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const WEEKEND: Weekday[] = ['saturday', 'sunday'];
const every = (days: Weekday[], open: string, close: string): DailyHour[] => days.map((day) => ({ day, open, close }));
const lisbon = (street: string, postal: string, locality = 'Lisboa') => ({
  street_address: street,
  address_locality: locality,
  postal_code: postal,
  address_country: 'PT',
});

export const LOCATIONS: readonly SeedLocation[] = [
  {
    id: 'LIS-001',
    name: 'Proto Coffee Baixa',
    address: lisbon('Rua Augusta 120', '1100-053'),
    geo: { latitude: 38.7107, longitude: -9.1366 },
    amenities: ['com.example.parking', 'com.example.wifi', 'com.example.step-free'],
    hours: [...every(WEEKDAYS, '07:30', '19:00'), ...every(WEEKEND, '09:00', '18:00')],
    exception_hours: [
      { date: '2025-12-25', closed: true },
      { date: '2025-12-24', open: '08:00', close: '14:00' },
    ],
    timezone: 'Europe/Lisbon',
    aliases: ['store-1001', 'baixa'],
    serves: { radius_m: 3000, localities: ['Lisboa'] },
    stock: ['var-013-1', 'var-010-1', 'var-002-1'],
  },
  {
    id: 'LIS-002',
    name: 'Proto Coffee Belém',
    address: lisbon('Rua de Belém 84', '1300-085'),
    geo: { latitude: 38.6979, longitude: -9.2063 },
    amenities: ['com.example.wifi', 'com.example.outdoor_seating'],
    hours: every([...WEEKDAYS, ...WEEKEND], '08:00', '20:00'),
    timezone: 'Europe/Lisbon',
    aliases: ['store-1002'],
    serves: { radius_m: 3000, localities: ['Lisboa'] },
    stock: ['var-013-1'],
  },
  {
    id: 'LIS-003',
    name: 'Proto Coffee Parque das Nações',
    address: lisbon('Alameda dos Oceanos 1', '1990-223'),
    geo: { latitude: 38.7633, longitude: -9.095 },
    // EV bays but no customer parking: a filter on com.example.parking must not match it.
    amenities: ['com.example.parking.ev', 'com.example.wifi'],
    hours: every([...WEEKDAYS, ...WEEKEND], '08:00', '21:00'),
    timezone: 'Europe/Lisbon',
    aliases: ['store-1003'],
    serves: { radius_m: 4000, localities: ['Lisboa', 'Loures'] },
    stock: ['var-010-1'],
  },
  {
    id: 'LIS-004',
    name: 'Proto Coffee Alfama',
    address: lisbon('Rua dos Remédios 2', '1100-441'),
    geo: { latitude: 38.7118, longitude: -9.13 },
    amenities: ['com.example.wifi'],
    // A split shift: closed over lunch.
    hours: [
      ...every([...WEEKDAYS, 'saturday'], '08:00', '12:30'),
      ...every([...WEEKDAYS, 'saturday'], '14:00', '19:00'),
    ],
    timezone: 'Europe/Lisbon',
    aliases: ['alfama'],
    serves: { radius_m: 2000, localities: ['Lisboa'] },
    stock: ['var-013-1', 'var-010-1'],
  },
  {
    id: 'SIN-001',
    name: 'Proto Coffee Sintra',
    address: lisbon('Rua Consiglieri Pedroso 5', '2710-550', 'Sintra'),
    geo: { latitude: 38.8029, longitude: -9.3817 },
    amenities: ['com.example.parking', 'com.example.wifi'],
    hours: every([...WEEKDAYS, ...WEEKEND], '09:00', '19:00'),
    timezone: 'Europe/Lisbon',
    aliases: ['store-2001'],
    serves: { radius_m: 10_000, localities: ['Sintra'] },
    stock: ['var-013-1'],
  },
  {
    id: 'POR-001',
    name: 'Proto Coffee Ribeira',
    address: {
      street_address: 'Cais da Ribeira 20',
      address_locality: 'Porto',
      postal_code: '4050-509',
      address_country: 'PT',
    },
    geo: { latitude: 41.1408, longitude: -8.611 },
    amenities: ['com.example.wifi', 'com.example.24h-lockers'],
    hours: every([...WEEKDAYS, ...WEEKEND], '08:00', '20:00'),
    timezone: 'Europe/Lisbon',
    aliases: ['store-3001'],
    serves: { radius_m: 5000, localities: ['Porto'] },
    stock: ['var-013-1'],
  },
  {
    id: 'MAD-001',
    name: 'Proto Coffee Sol',
    address: {
      street_address: 'Puerta del Sol 7',
      address_locality: 'Madrid',
      postal_code: '28013',
      address_country: 'ES',
    },
    geo: { latitude: 40.4169, longitude: -3.7035 },
    amenities: ['com.example.parking', 'com.example.wifi'],
    hours: [...every(WEEKDAYS, '08:00', '21:00'), ...every(WEEKEND, '10:00', '21:00')],
    exception_hours: [{ date: '2026-01-06', closed: true }],
    timezone: 'Europe/Madrid',
    aliases: ['store-4001'],
    serves: { radius_m: 5000, localities: ['Madrid'] },
    stock: ['var-010-1'],
  },
  {
    id: 'NYC-001',
    name: 'Proto Coffee SoHo',
    address: {
      street_address: '110 Prince St',
      address_locality: 'New York',
      address_region: 'NY',
      postal_code: '10012',
      address_country: 'US',
    },
    geo: { latitude: 40.7233, longitude: -74.003 },
    amenities: ['com.example.wifi', 'com.example.step-free'],
    // Late on Friday and Saturday: an interval past midnight, carrying into the next day. No Sunday entry.
    hours: [
      ...every(['monday', 'tuesday', 'wednesday', 'thursday'], '07:00', '22:00'),
      ...every(['friday', 'saturday'], '18:00', '02:00'),
    ],
    timezone: 'America/New_York',
    aliases: ['store-5001', 'soho'],
    serves: { radius_m: 3000, localities: ['New York'] },
    stock: [],
  },
  {
    id: 'TYO-001',
    name: 'Proto Coffee Shibuya',
    address: {
      street_address: '1-2-3 Jinnan',
      address_locality: 'Tokyo',
      postal_code: '150-0041',
      address_country: 'JP',
    },
    geo: { latitude: 35.6595, longitude: 139.7005 },
    amenities: ['com.example.wifi'],
    // A split shift every day.
    hours: [
      ...every([...WEEKDAYS, ...WEEKEND], '11:00', '14:00'),
      ...every([...WEEKDAYS, ...WEEKEND], '17:00', '22:00'),
    ],
    timezone: 'Asia/Tokyo',
    aliases: ['store-6001'],
    serves: { radius_m: 2000, localities: ['Tokyo'] },
    stock: [],
  },
  {
    id: 'SYD-001',
    name: 'Proto Coffee Circular Quay',
    address: {
      street_address: '2 Circular Quay',
      address_locality: 'Sydney',
      address_region: 'NSW',
      postal_code: '2000',
      address_country: 'AU',
    },
    geo: { latitude: -33.861, longitude: 151.21 },
    amenities: ['com.example.outdoor_seating'],
    hours: every([...WEEKDAYS, ...WEEKEND], '06:30', '16:00'),
    exception_hours: [{ date: '2026-01-26', closed: true }],
    timezone: 'Australia/Sydney',
    aliases: ['store-7001'],
    serves: { radius_m: 2000, localities: ['Sydney'] },
    stock: ['var-002-1'],
  },
  {
    // A hotel: no regular hours are published, so it states no schedule and no time zone.
    id: 'LIS-101',
    name: 'Proto Rooms Chiado',
    address: lisbon('Rua Garrett 40', '1200-204'),
    geo: { latitude: 38.7104, longitude: -9.142 },
    amenities: ['com.example.parking', 'com.example.wifi'],
    aliases: ['rooms-chiado'],
    serves: { radius_m: 0, localities: [] },
    stock: [],
  },
];

/** Localities the context of a request may name, placed: what the context faults derive a center from. */
export const LOCALITIES: Record<string, Point> = {
  US: { latitude: 40.7128, longitude: -74.006 },
  PT: { latitude: 38.7223, longitude: -9.1393 },
  ES: { latitude: 40.4168, longitude: -3.7038 },
  JP: { latitude: 35.6762, longitude: 139.6503 },
  AU: { latitude: -33.8688, longitude: 151.2093 },
};

/** Time zones by country, for the fault that renders schedules in the requester's zone. */
export const COUNTRY_TIMEZONES: Record<string, string> = {
  US: 'America/New_York',
  PT: 'Europe/Lisbon',
  ES: 'Europe/Madrid',
  JP: 'Asia/Tokyo',
  AU: 'Australia/Sydney',
};

/** The `fixtures.locations` a run against the reference needs: ids, places and batch as the business writes them. */
export function locationFixtures(hooks: Hooks<LocationDataHooks>): NonNullable<RunConfig['fixtures']>['locations'] {
  const id = (seed: string) => hooks.run('location.id', seed);
  const geo = (latitude: number, longitude: number) => hooks.run('location.geo', { latitude, longitude });
  const batch = hooks.run('location.batch', LOOKUP_BATCH);
  const unsupportedMax = hooks.run('location.unsupported-max', undefined);
  return {
    ids: ['LIS-001', 'LIS-003', 'POR-001', 'NYC-001', 'TYO-001'].map(id),
    aliases: { 'store-1002': id('LIS-002'), alfama: id('LIS-004') },
    query: 'coffee',
    center: geo(38.7139, -9.1394),
    max_meters: 10_000,
    amenities: ['com.example.parking', 'com.example.wifi'],
    serves: { point: geo(38.7223, -9.1393) },
    items: ['var-013-1'],
    // No context: the checker's own (a New York one) is sent, and the context faults act on it.
    hours_filter: { open_at: '2025-01-06T13:00:00Z' },
    ...(unsupportedMax !== undefined ? { unsupported_max: unsupportedMax } : {}),
    ...(batch.stated ? { lookup_batch_max: batch.max } : {}),
  };
}
