/**
 * The Location resource (Document 2 §Location) as rules over every search or lookup answer:
 * the response schema, the time zone of a schedule, and the amenities map.
 */
import { isObject } from '../../src/dialect/dialect.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import type { Exchange } from '../../src/report/exchange.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import { brief } from '../../src/protocol/messages.js';
import { operationsOf } from '../../src/protocol/operations.js';
import { checkPrefix } from './endpoints.js';
import { locationsOf, type Json } from './locations.js';

/** Document 2 §Location: the amenity identifier pattern, as given. */
const AMENITY_IDENTIFIER = /^[a-z](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9_])?)+$/;

/** The three rules for one location capability; `answer` is the requirement of its response shape. */
export function locationRules(capability: string, answer: string): ExchangeRule[] {
  const ops = new Map(operationsOf(capability).map((o) => [o.name, o]));
  const prefix = checkPrefix(capability);
  const applies = (x: Exchange, key: string) => ops.has(x.operation) && carriesResourceOf(x, key);
  const each = (x: Exchange, judge: (l: Json, at: string) => string[]) =>
    locationsOf(x.json).flatMap((l, i) => judge(l, `$.locations[${i}]`));
  return [
    {
      check: {
        id: `${prefix}.response`,
        title: 'every answer matches the response schema: a locations array of locations with id and name',
        requirements: [answer, 'LOC-001', 'LOC-009'],
      },
      appliesTo: `${capability} answers carrying locations`,
      applies: (x, r) => applies(x, r.dialect.envelopeKey),
      // The amenities map is the amenities rule's to judge, so one broken amenity fails one check.
      problems: (x, r) => r.validate(ops.get(x.operation)!.responseSchema, withoutAmenities(x.json)),
    },
    {
      check: {
        id: `${prefix}.timezone`,
        title: 'a location with hours or exception_hours carries timezone, an IANA time zone name',
        requirements: ['LOC-002', 'LOC-003'],
      },
      appliesTo: `${capability} answers carrying locations`,
      applies: (x, r) => applies(x, r.dialect.envelopeKey),
      problems: (x) => each(x, timezoneProblems),
    },
    {
      check: {
        id: `${prefix}.amenity-shape`,
        title: 'amenity keys are amenity identifiers, and each amenity has a description',
        requirements: ['LOC-005', 'LOC-006'],
      },
      appliesTo: `${capability} answers carrying locations`,
      applies: (x, r) => applies(x, r.dialect.envelopeKey),
      problems: (x) => each(x, amenityProblems),
    },
  ];
}

function withoutAmenities(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.locations)) return body;
  return {
    ...body,
    locations: body.locations.map((l) => (isObject(l) ? (({ amenities: _a, ...rest }) => rest)(l) : l)),
  };
}

function timezoneProblems(l: Json, at: string): string[] {
  const schedule = ['hours', 'exception_hours'].filter((k) => l[k] !== undefined);
  if (l.timezone === undefined) return schedule.length ? [`${at} has ${schedule.join(' and ')} but no timezone`] : [];
  if (typeof l.timezone !== 'string') return []; // a wrong type is the response rule's finding
  return isIanaZone(l.timezone) ? [] : [`${at}.timezone ${brief(l.timezone)} is not an IANA time zone identifier`];
}

/**
 * An IANA name (Area/Location, or a name such as UTC) that the run's time zone database knows:
 * an offset such as "+01:00" or a label such as "CET+1" is not one.
 */
export function isIanaZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  let known = ZONES.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    ZONES.set(zone, known);
  }
  return known;
}

/** What the time zone database said of each name asked about: a run asks of a few names, hundreds of times. */
const ZONES = new Map<string, boolean>();

function amenityProblems(l: Json, at: string): string[] {
  if (l.amenities === undefined) return [];
  if (!isObject(l.amenities))
    return [`${at}.amenities is ${brief(l.amenities)}, not an object keyed by amenity identifier`];
  return Object.entries(l.amenities).flatMap(([key, value]) => [
    ...(AMENITY_IDENTIFIER.test(key)
      ? []
      : [
          `${at}.amenities key ${JSON.stringify(key)} is not an amenity identifier (a reverse-domain name of two segments or more)`,
        ]),
    ...(isObject(value) && typeof value.description === 'string'
      ? []
      : [`${at}.amenities[${JSON.stringify(key)}] has no description string: ${brief(value, 80)}`]),
  ]);
}
