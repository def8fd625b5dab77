import type { Point } from '../../protocol/geo.js';
import { distanceMeters } from '../../protocol/geo.js';
import type { Hook } from '../shared/hooks.js';
import type { LayerHooks } from '../shared/layer-hooks.js';
import { unrouted } from '../shared/plugs.js';
import {
  businessError,
  recoverable,
  resource,
  transportError,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { recordsFor } from '../records.js';
import type { CommonHooks, LookupEntry, Stage, Unhonoured } from './hooks.js';
import { AMENITIES, COUNTRY_TIMEZONES, LOCALITIES, LOCATIONS } from './locations-data.js';

// Some ask records act in the shared layer: its routing, header checks and idempotency store.
const { fault } = recordsFor<CommonHooks & LayerHooks>();

type Json = Record<string, unknown>;

/** A refusal at one stage of a location request; a reply given before it stands. */
function refuseAt<S extends Stage['at']>(
  at: S,
  refuse: (stage: Extract<Stage, { at: S }>) => Reply | undefined,
): Hook<Reply | undefined, Stage> {
  return (reply, stage) => reply ?? (stage.at === at ? refuse(stage as Extract<Stage, { at: S }>) : undefined);
}

/** The radius the faulty businesses put in place of the one sent, or derive from context. */
const DEFAULT_RADIUS = 5_000;
const CONTEXT_RADIUS = 50_000;
/** Under location-context-promoted: the location added to every answer to a request with a context. */
const FEATURED = LOCATIONS.find((l) => l.id === 'LIS-101')!;

/** The clamping faults: a distance.max beyond the supported radius is clamped to it. */
const clamped: Hook<Unhonoured, { center: Point; max: number; supported: number; tooFar: boolean }> = (
  outcome,
  { center, max, supported, tooFar },
) => (tooFar ? { distance: { center, max: supported }, clampedFrom: max } : outcome);

/** The batch faults: a lookup above the batch maximum is refused. */
const batchRefused = refuseAt('batch', ({ max }) =>
  transportError(400, 'request_too_large', `at most ${max} ids per lookup`),
);

/** The messages of a code, as warnings. */
const asWarning = (messages: ReplyMessage[], code: string): ReplyMessage[] =>
  messages.map((m) => (m.code === code ? { ...m, type: 'warning' } : m));

/** Under location-serves-by-country: the country of the known locality nearest a point. */
function countryOf(point: Point): string {
  const [country] = Object.entries(LOCALITIES).sort(
    ([, a], [, b]) => distanceMeters(point, a) - distanceMeters(point, b),
  )[0];
  return country;
}

/** The zone's offset from UTC now in hours (1 for "+01:00"): what location-timezone-offset-hours sends. */
function offsetHours(zone: string): number {
  const [sign, hh, mm] = /^([+-])(\d\d):(\d\d)$/.exec(utcOffset(zone))!.slice(1);
  return (sign === '-' ? -1 : 1) * (Number(hh) + Number(mm) / 60);
}

/** The zone's offset from UTC now, as "+01:00": what location-timezone-offset sends instead of the name. */
function utcOffset(zone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/** Faults of the common service module (Document 2): locations and ask. */
export const COMMON_FAULTS = [
  // Locations
  fault({
    name: 'location-search-endpoint-405',
    capability: 'common.location.search',
    description: 'POST /locations/search answers 405: the route only takes GET.',
    breaks: ['DISC-001', 'LSRCH-001'],
    plug: {
      'location.refusal': refuseAt('route', ({ op }) =>
        op === 'search'
          ? transportError(405, 'method_not_allowed', 'POST /locations/search: method_not_allowed')
          : undefined,
      ),
    },
  }),
  fault({
    name: 'location-lookup-endpoint-missing',
    capability: 'common.location.lookup',
    description: 'POST /locations/lookup is not routed: 404, although lookup is advertised.',
    breaks: ['DISC-001', 'LLKP-002', 'LLKP-006', 'LLKP-009', 'LLKP-010', 'LLKP-011', 'LLKP-012', 'LSRCH-005'],
    plug: {
      'location.refusal': refuseAt('route', ({ op }) =>
        op === 'lookup' ? transportError(404, 'not_found', 'POST /locations/lookup: not_found') : undefined,
      ),
    },
  }),
  fault({
    name: 'location-search-distance-required',
    capability: 'common.location.search',
    description: 'A search without distance is refused with 400 "distance is required", although distance is optional.',
    breaks: ['LSRCH-001'],
    plug: {
      'location.refusal': refuseAt('request', ({ op, body }) =>
        op === 'search' && body.distance === undefined
          ? transportError(400, 'invalid_request', 'distance is required')
          : undefined,
      ),
    },
  }),
  fault({
    name: 'location-missing-name',
    capability: 'common.location.search',
    description: 'Locations are sent without name.',
    breaks: ['LLKP-001', 'LOC-001', 'LOC-009', 'LSRCH-001'],
    plug: { 'location.json': ({ name: _, ...json }) => json },
  }),
  fault({
    name: 'location-hours-without-timezone',
    capability: 'common.location.search',
    description: 'Locations with hours and exception_hours carry no timezone.',
    breaks: ['LOC-002', 'LOC-003'],
    plug: { 'location.json': ({ timezone: _, ...json }) => json },
  }),
  fault({
    name: 'location-timezone-offset',
    capability: 'common.location.search',
    description: 'timezone is a UTC offset such as "+00:00", not an IANA name.',
    breaks: ['LOC-002', 'LOC-003'],
    plug: { 'location.timezone': (zone) => zone && utcOffset(zone) },
  }),
  fault({
    name: 'location-timezone-follows-context',
    capability: 'common.location.search',
    description: "Schedules are given in the time zone of the context's country: timezone changes with the requester.",
    breaks: ['LOC-004'],
    plug: {
      'location.timezone': (zone, { criteria: { contextCountry } }) =>
        zone && contextCountry && COUNTRY_TIMEZONES[contextCountry] ? COUNTRY_TIMEZONES[contextCountry] : zone,
    },
  }),
  fault({
    name: 'location-amenity-no-description',
    capability: 'common.location.search',
    description: 'Amenities are sent as empty objects, without description.',
    breaks: ['LOC-005', 'LOC-006'],
    plug: {
      'location.amenities': (amenities) => Object.fromEntries(Object.keys(amenities).map((key) => [key, {}])),
    },
  }),
  fault({
    name: 'location-amenity-key-single-segment',
    capability: 'common.location.search',
    description: 'Locations with amenities also list "terrace", a key of one segment, not an amenity identifier.',
    breaks: ['LOC-005', 'LOC-006'],
    plug: { 'location.amenities': (amenities) => ({ ...amenities, terrace: { description: 'Terrace' } }) },
  }),
  fault({
    name: 'location-search-distance-ignored',
    capability: 'common.location.search',
    description: 'Search never reads distance: no radius is applied, and none is judged.',
    breaks: ['LOC-007', 'LSRCH-002', 'LSRCH-003', 'LSRCH-006', 'LSRCH-014', 'LSRCH-018'],
    // The member is never read, so never judged either.
    plug: {
      'location.read': (read, { op }) => (op === 'search' ? (body) => read({ ...body, distance: undefined }) : read),
    },
  }),
  fault({
    name: 'location-max-optional',
    capability: 'common.location.search',
    description:
      'Search reads a distance without max as no distance: it answers every location the query finds instead of refusing the request.',
    breaks: ['LSRCH-014'],
    plug: {
      'location.read': (read, { op }) =>
        op !== 'search'
          ? read
          : (body) => {
              const d = body.distance;
              const noMax = typeof d === 'object' && d !== null && (d as Json).max === undefined;
              return read(noMax ? { ...body, distance: undefined } : body);
            },
    },
  }),
  fault({
    name: 'location-center-from-serves',
    capability: 'common.location.search',
    description: 'A distance without center is served around serves.point, derived as its center, instead of refused.',
    breaks: ['LSRCH-004', 'LSRCH-018'],
    plug: {
      'location.read': (read) => (body) => {
        const d = body.distance;
        const point = typeof body.serves === 'object' && body.serves !== null ? (body.serves as Json).point : undefined;
        const centerless = typeof d === 'object' && d !== null && (d as Json).center === undefined;
        return read(
          centerless && point !== undefined ? { ...body, distance: { ...(d as Json), center: point } } : body,
        );
      },
    },
  }),
  fault({
    name: 'location-items-unknown-ignored',
    capability: 'common.location.search',
    description:
      'filters.items leaves out items no location stocks, as if never asked for: an item the business never issued matches every location.',
    breaks: ['LLKP-016', 'LSRCH-008'],
    plug: {
      'location.read': (read) => (body) => {
        const got = read(body);
        if ('reply' in got || !got.criteria.items) return got;
        const known = got.criteria.items.filter((i) => LOCATIONS.some((l) => l.stock.includes(i)));
        return { criteria: { ...got.criteria, items: known.length ? known : undefined } };
      },
    },
  }),
  fault({
    name: 'location-lookup-items-ignored',
    capability: 'common.location.lookup',
    description: 'Lookup ignores filters.items: every requested location comes back, whatever items it names.',
    breaks: ['LLKP-016'],
    plug: {
      'location.read': (read, { op }) =>
        op === 'lookup'
          ? (body) => {
              const got = read(body);
              return 'reply' in got ? got : { criteria: { ...got.criteria, items: undefined } };
            }
          : read,
    },
  }),
  fault({
    name: 'location-items-any',
    capability: 'common.location.search',
    description: 'filters.items matches a location that can provide any one of the items, not every one.',
    breaks: ['LLKP-016', 'LSRCH-008'],
    plug: {
      'location.match': (match, { criteria: { items } }) =>
        items ? { ...match, tests: { ...match.tests, items: (l) => items.some((i) => l.stock.includes(i)) } } : match,
    },
  }),
  fault({
    name: 'location-hours-or',
    capability: 'common.location.search',
    description:
      'filters.hours is combined with OR with the other predicates: a location open at the instant matches whatever else was asked.',
    breaks: ['LSRCH-019'],
    plug: {
      'location.match': (match) => {
        const { hours, ...rest } = match.tests;
        if (!hours || Object.keys(rest).length === 0) return match;
        const others = Object.values(rest);
        return {
          tests: { hours: (l) => hours(l) || match.combine(others.map((test) => test(l))) },
          combine: match.combine,
        };
      },
    },
  }),
  fault({
    name: 'location-max-clamped',
    capability: 'common.location.search',
    description: 'A distance.max above the 100 km the business supports is clamped to 100 km instead of rejected.',
    breaks: ['LSRCH-003'],
    plug: { 'location.unhonoured': clamped },
  }),
  fault({
    name: 'location-negative-max-default',
    capability: 'common.location.search',
    description: 'A distance.max of zero or below is replaced with a 5 km radius instead of rejected.',
    breaks: ['LSRCH-003'],
    plug: {
      'location.unhonoured': (outcome, { center, max }) =>
        max <= 0 ? { distance: { center, max: DEFAULT_RADIUS } } : outcome,
    },
  }),
  fault({
    name: 'location-distance-from-context',
    capability: 'common.location.search',
    description:
      "Without distance, a 50 km radius around the context's country is applied: distance derived from context.",
    breaks: ['LSRCH-004', 'LSRCH-005'],
    plug: {
      'location.read': (read) => (body) => {
        const got = read(body);
        if ('reply' in got || body.distance !== undefined) return got;
        const center = got.criteria.contextCountry ? LOCALITIES[got.criteria.contextCountry] : undefined;
        return center ? { criteria: { ...got.criteria, distance: { center, max: CONTEXT_RADIUS } } } : got;
      },
    },
  }),
  fault({
    name: 'location-distance-from-context-without-query',
    capability: 'common.location.search',
    description:
      "A search with neither distance nor query gets a 50 km radius around the context's country; with a query, the context is left alone.",
    breaks: ['LSRCH-004', 'LSRCH-005'],
    plug: {
      'location.read': (read, { op }) =>
        op !== 'search'
          ? read
          : (body) => {
              const got = read(body);
              const asked = typeof body.query === 'string' && body.query.trim() !== '';
              if ('reply' in got || body.distance !== undefined || asked) return got;
              const center = got.criteria.contextCountry ? LOCALITIES[got.criteria.contextCountry] : undefined;
              return center ? { criteria: { ...got.criteria, distance: { center, max: CONTEXT_RADIUS } } } : got;
            },
    },
  }),
  fault({
    name: 'location-distance-from-signals',
    capability: 'common.location.search',
    description:
      "Without distance, a 50 km radius around where the buyer's IP address in signals places the buyer (every address is placed in the US): distance derived from signals.",
    breaks: ['LSRCH-004', 'LSRCH-005'],
    plug: {
      'location.read': (read) => (body) => {
        const got = read(body);
        const signals = typeof body.signals === 'object' && body.signals !== null ? (body.signals as Json) : {};
        const ip = Object.keys(signals).some((key) => key.endsWith('.buyer_ip'));
        if ('reply' in got || body.distance !== undefined || !ip) return got;
        return { criteria: { ...got.criteria, distance: { center: LOCALITIES.US, max: CONTEXT_RADIUS } } };
      },
    },
  }),
  fault({
    name: 'location-serves-from-context',
    capability: 'common.location.search',
    description:
      "Without serves, only locations in the context's country are offered: an implicit serviceability check.",
    breaks: ['LSRCH-004', 'LSRCH-005'],
    // Without serves, the location must be in the context's country: an implicit serviceability check.
    plug: {
      'location.match': (match, { criteria: { serves, contextCountry } }) =>
        !serves && contextCountry
          ? { ...match, tests: { ...match.tests, context: (l) => l.address.address_country === contextCountry } }
          : match,
    },
  }),
  fault({
    name: 'location-filters-or',
    capability: 'common.location.search',
    description: 'distance, serves and filters combine with OR: a location meeting any one of them matches.',
    breaks: ['LSRCH-006', 'LSRCH-019'],
    plug: { 'location.match': (match) => ({ ...match, combine: (results) => results.some(Boolean) }) },
  }),
  fault({
    name: 'location-combined-finds-nothing',
    capability: 'common.location.search',
    description:
      'A request combining two predicates or more (distance, serves, filters) matches no location: nothing it returns breaks the AND, and nothing is returned.',
    breaks: ['LSRCH-006', 'LSRCH-019'],
    plug: {
      'location.match': (match) => ({
        ...match,
        combine: (results) => (results.length > 1 ? false : match.combine(results)),
      }),
    },
  }),
  fault({
    name: 'location-amenity-prefix',
    capability: 'common.location.search',
    description: 'filters.amenities matches a key by prefix: com.example.parking matches com.example.parking.ev.',
    breaks: ['LLKP-016', 'LSRCH-006', 'LSRCH-007', 'LSRCH-019'],
    plug: {
      'location.match': (match, { criteria: { amenities } }) =>
        amenities
          ? {
              ...match,
              tests: {
                ...match.tests,
                amenities: (l) => amenities.every((key) => l.amenities.some((a) => a.startsWith(key))),
              },
            }
          : match,
    },
  }),
  fault({
    name: 'location-amenities-any',
    capability: 'common.location.search',
    description: 'filters.amenities matches a location holding any one of the identifiers, not all.',
    breaks: ['LLKP-016', 'LSRCH-006', 'LSRCH-007', 'LSRCH-019'],
    plug: {
      'location.match': (match, { criteria: { amenities } }) =>
        amenities
          ? {
              ...match,
              tests: { ...match.tests, amenities: (l) => amenities.some((key) => l.amenities.includes(key)) },
            }
          : match,
    },
  }),
  fault({
    name: 'location-search-cursor-repeats',
    capability: 'common.location.search',
    description:
      'The next-page cursor points one location back: each page repeats the last location of the one before.',
    breaks: ['LSRCH-010'],
    plug: {
      'location.paging': (paging) => ({
        ...paging,
        next: (offset, listed) => paging.next(offset, listed) - (listed > 1 ? 1 : 0),
      }),
    },
  }),
  fault({
    name: 'location-search-cursor-skips',
    capability: 'common.location.search',
    description: 'The next-page cursor points one location ahead: a location between pages is never returned.',
    breaks: ['LSRCH-011'],
    plug: { 'location.paging': (paging) => ({ ...paging, next: (offset, listed) => paging.next(offset, listed) + 1 }) },
  }),
  fault({
    name: 'location-search-limit-ignored',
    capability: 'common.location.search',
    description: 'pagination.limit is ignored: every page holds up to 10 locations, the default, whatever the limit.',
    breaks: ['LSRCH-017'],
    plug: { 'location.limit': (_limit, { fallback, size }) => Math.min(fallback, size) },
  }),
  fault({
    name: 'location-lookup-implicit-availability',
    capability: 'common.location.lookup',
    description:
      'Without filters.items, lookup leaves out locations that can currently provide no item: an implicit availability check.',
    breaks: ['LLKP-002', 'LLKP-009'],
    plug: {
      'location.lookup-filter': (filter) => (found, criteria) =>
        filter(found, criteria).filter(({ location }) => location.stock.length > 0),
    },
  }),
  fault({
    name: 'location-lookup-inputs-normalised',
    capability: 'common.location.lookup',
    description: 'inputs name the identifier lower-cased, not exactly as supplied.',
    breaks: ['LLKP-004', 'LLKP-005'],
    plug: {
      'location.inputs': (inputs) => inputs.map((input) => ({ id: (input as { id: string }).id.toLowerCase() })),
    },
  }),
  fault({
    name: 'location-lookup-inputs-canonical',
    capability: 'common.location.lookup',
    description: "inputs name the location's canonical id, whatever identifier was supplied.",
    breaks: ['LLKP-004', 'LLKP-005'],
    plug: { 'location.inputs': (inputs, { own }) => inputs.map(() => ({ id: own })) },
  }),
  fault({
    name: 'location-lookup-duplicates-not-merged',
    capability: 'common.location.lookup',
    description:
      'Each identifier gets its own copy of the location: an id and its alias, or an id sent twice, give two locations.',
    breaks: ['LLKP-005'],
    // Every identifier as sent, repeats too, gets a copy of its location of its own.
    plug: {
      'location.merge':
        (_merge, { sent }) =>
        (processed, resolved) => {
          const found = new Map<string, LookupEntry>();
          sent
            .filter((id) => processed.includes(id))
            .forEach((id, i) => {
              for (const location of resolved.get(id) ?? [])
                found.set(`${location.id}#${i}`, { location, inputs: [id] });
            });
          return found;
        },
    },
  }),
  fault({
    name: 'location-lookup-merge-drops',
    capability: 'common.location.lookup',
    description:
      'A location that more than one identifier of the request resolves to (an id and its alias, an id sent twice) is left out of the answer, with no message.',
    breaks: ['LLKP-005'],
    plug: {
      'location.merge': (merge) => (processed, resolved) => {
        const found = merge(processed, resolved);
        for (const [key, entry] of found) if (entry.inputs.length > 1) found.delete(key);
        return found;
      },
    },
  }),
  fault({
    name: 'location-lookup-copies-named-all',
    capability: 'common.location.lookup',
    description:
      'A location that more than one identifier resolves to comes back twice, each copy naming every one of them in inputs.',
    breaks: ['LLKP-005'],
    plug: {
      'location.merge': (merge) => (processed, resolved) => {
        const found = merge(processed, resolved);
        for (const [key, entry] of [...found]) if (entry.inputs.length > 1) found.set(`${key}#copy`, entry);
        return found;
      },
    },
  }),
  fault({
    name: 'location-lookup-inputs-first-only',
    capability: 'common.location.lookup',
    description: 'A location several identifiers resolve to carries only the first of them in inputs.',
    breaks: ['LLKP-005'],
    plug: { 'location.inputs': (inputs) => inputs.slice(0, 1) },
  }),
  fault({
    name: 'location-lookup-unknown-fallback',
    capability: 'common.location.lookup',
    description: 'An identifier that does not resolve is matched loosely: the first location comes back for it.',
    breaks: ['LLKP-006', 'LLKP-009'],
    // A fuzzy match that always finds something: the first location.
    plug: {
      'location.aliases': (aliases) => (id, criteria) =>
        LOCATIONS.some((l) => l.aliases.includes(id)) ? aliases(id, criteria) : [LOCATIONS[0]],
    },
  }),
  fault({
    name: 'location-lookup-unknown-404',
    capability: 'common.location.lookup',
    description: 'A lookup with an identifier that does not resolve answers HTTP 404.',
    breaks: ['LLKP-006', 'LLKP-009', 'LLKP-010', 'LLKP-011', 'LLKP-012'],
    plug: {
      'location.refusal': refuseAt('unknown', ({ unknown }) =>
        transportError(404, 'not_found', `unknown location ids: ${unknown.join(', ')}`),
      ),
    },
  }),
  fault({
    name: 'location-lookup-not-found-warning',
    capability: 'common.location.lookup',
    description: 'Unknown identifiers get not_found messages of type warning, not info.',
    breaks: ['LLKP-007', 'LLKP-008'],
    plug: { 'location.lookup-messages': (messages) => asWarning(messages, 'not_found') },
  }),
  fault({
    name: 'location-lookup-batch-400',
    capability: 'common.location.lookup',
    description: 'A lookup above the batch maximum is refused with 400 request_too_large, as catalog lookup does.',
    breaks: ['LLKP-009', 'LLKP-010', 'LLKP-011', 'LLKP-012'],
    plug: { 'location.refusal': batchRefused },
  }),
  fault({
    name: 'location-lookup-batch-keeps-last',
    capability: 'common.location.lookup',
    description: 'Above the batch maximum, the last maximum distinct identifiers are processed, not the first.',
    breaks: ['LLKP-009', 'LLKP-010', 'LLKP-012'],
    plug: { 'location.batch': (batch) => ({ ...batch, cut: (_ids, distinct, max) => distinct.slice(-max) }) },
  }),
  fault({
    name: 'location-lookup-batch-counts-duplicates',
    capability: 'common.location.lookup',
    description:
      'Above the batch maximum, the first maximum identifiers as sent are processed, duplicates counted, not the first maximum distinct ones.',
    breaks: ['LLKP-009', 'LLKP-010', 'LLKP-012'],
    plug: {
      'location.batch': (batch) => ({ ...batch, cut: (ids, _distinct, max) => [...new Set(ids.slice(0, max))] }),
    },
  }),
  fault({
    name: 'location-lookup-batch-no-message',
    capability: 'common.location.lookup',
    description:
      'Above the batch maximum, the first maximum distinct identifiers are processed, but no batch_limit_applied message says so.',
    breaks: ['LLKP-011'],
    plug: {
      'location.lookup-messages': (messages) => messages.filter((m) => m.code !== 'batch_limit_applied'),
    },
  }),
  fault({
    name: 'location-lookup-distance-ignored',
    capability: 'common.location.lookup',
    description: 'Lookup never applies distance: every resolved location comes back, however far.',
    breaks: ['LLKP-013', 'LOC-007'],
    plug: {
      'location.lookup-filter': (filter) => (found, criteria) => filter(found, { ...criteria, distance: undefined }),
    },
  }),
  fault({
    name: 'location-lookup-distance-before-resolution',
    capability: 'common.location.lookup',
    description: 'With distance, lookup filters before resolving identifiers: aliases are dropped.',
    breaks: ['LLKP-013', 'LOC-007'],
    // With a distance, only ids that are locations' own get through.
    plug: { 'location.aliases': (aliases) => (id, criteria) => (criteria.distance ? [] : aliases(id, criteria)) },
  }),
  fault({
    name: 'location-lookup-filters-ignored',
    capability: 'common.location.lookup',
    description: 'Lookup never applies filters: every resolved location comes back, whatever amenities it has.',
    breaks: ['LLKP-016'],
    plug: {
      'location.lookup-filter': (filter) => (found, criteria) =>
        filter(found, { ...criteria, amenities: undefined, items: undefined, openAt: undefined }),
    },
  }),
  fault({
    name: 'location-lookup-filters-400',
    capability: 'common.location.lookup',
    description: 'A lookup carrying filters is refused with 400, although filters is a lookup request member.',
    breaks: ['LLKP-016'],
    plug: {
      'location.refusal': refuseAt('request', ({ op, body }) =>
        op === 'lookup' && body.filters !== undefined
          ? transportError(400, 'invalid_request', 'filters are not supported by lookup')
          : undefined,
      ),
    },
  }),
  fault({
    name: 'location-amenities-matched-by-label',
    capability: 'common.location.search',
    description:
      "filters.amenities is matched against the amenities' descriptions, not their keys: no location matches.",
    breaks: ['LLKP-016', 'LSRCH-007'],
    plug: {
      'location.match': (match, { criteria: { amenities } }) =>
        amenities
          ? {
              ...match,
              tests: {
                ...match.tests,
                amenities: (l) => amenities.every((key) => l.amenities.some((a) => AMENITIES[a] === key)),
              },
            }
          : match,
    },
  }),
  fault({
    name: 'location-serves-by-country',
    capability: 'common.location.search',
    description:
      'serves is answered from a country-wide delivery table: a point is placed in its country and every location there is said to serve it; with serves, that table answers alone and distance is not applied.',
    breaks: ['LSRCH-006'],
    // A point is placed in the country of the nearest known locality, and every location there serves it.
    plug: {
      'location.match': (match, { criteria: { serves } }) => {
        if (!serves) return match;
        const { distance: _, ...tests } = match.tests;
        const country = serves.point && countryOf(serves.point);
        return {
          ...match,
          tests: { ...tests, serves: country ? (l) => l.address.address_country === country : match.tests.serves },
        };
      },
    },
  }),
  fault({
    name: 'location-context-promoted',
    capability: 'common.location.search',
    description:
      'A context turns on promoted results: the featured location, Proto Rooms Chiado, is added to every search and lookup carrying a context, whether it matches or not.',
    breaks: ['LSRCH-004', 'LSRCH-005'],
    plug: { 'location.added': (added, { body }) => (body.context !== undefined ? [...added, FEATURED] : added) },
  }),
  fault({
    name: 'location-filters-first-only',
    capability: 'common.location.search',
    description: 'filters is read as one filter: when it holds amenities, items is ignored.',
    breaks: ['LSRCH-006'],
    plug: {
      'location.read': (read) => (body) => {
        const got = read(body);
        return 'criteria' in got && got.criteria.amenities && got.criteria.items
          ? { criteria: { ...got.criteria, items: undefined } }
          : got;
      },
    },
  }),
  fault({
    name: 'location-lookup-filters-search',
    capability: 'common.location.lookup',
    description:
      'A lookup carrying filters is answered as a search: every location matching the filters comes back, whether an identifier asked for it or not.',
    breaks: ['LLKP-016'],
    // Every location is a candidate, requested or not.
    plug: {
      'location.added': (added, { op, body }) =>
        op === 'lookup' && body.filters !== undefined ? [...added, ...LOCATIONS] : added,
    },
  }),
  fault({
    name: 'location-lookup-inputs-shifted',
    capability: 'common.location.lookup',
    description:
      'Each location carries the inputs of the next one in the answer: every identifier is named, by the wrong location.',
    breaks: ['LLKP-004'],
    plug: {
      'location.inputs': (_inputs, { entries, index }) =>
        entries[(index + 1) % entries.length].inputs.map((id) => ({ id })),
    },
  }),
  fault({
    name: 'location-lookup-inputs-add-canonical',
    capability: 'common.location.lookup',
    description:
      "Beside the identifiers supplied, inputs also name the location's canonical id, whether it was sent or not.",
    breaks: ['LLKP-004'],
    plug: { 'location.inputs': (inputs, { own }) => [...inputs, { id: own }] },
  }),
  fault({
    name: 'location-lookup-batch-limit-warning',
    capability: 'common.location.lookup',
    description: 'batch_limit_applied is a message of type warning, not info.',
    breaks: ['LLKP-011'],
    plug: { 'location.lookup-messages': (messages) => asWarning(messages, 'batch_limit_applied') },
  }),
  fault({
    name: 'location-lookup-batch-400-unstated',
    capability: 'common.location.lookup',
    needs: ['location-lookup-batch-max-4'],
    description:
      'With its maximum of 4 unstated, a lookup above it is refused with 400 request_too_large: the maximum cannot be found, and a lookup of more ids is refused.',
    breaks: ['LLKP-002', 'LLKP-009', 'LSRCH-005'],
    plug: { 'location.refusal': batchRefused },
  }),
  fault({
    name: 'location-lookup-distance-search',
    capability: 'common.location.lookup',
    description:
      'A lookup carrying distance is answered as a search: every location within the radius comes back, whether an identifier asked for it or not.',
    breaks: ['LLKP-013', 'LOC-007'],
    plug: {
      'location.added': (added, { op, body }) =>
        op === 'lookup' && body.distance !== undefined ? [...added, ...LOCATIONS] : added,
    },
  }),
  fault({
    name: 'location-lookup-serves-before-resolution',
    capability: 'common.location.lookup',
    description: 'With serves, lookup filters before resolving identifiers: aliases are dropped.',
    breaks: ['LLKP-014'],
    plug: { 'location.aliases': (aliases) => (id, criteria) => (criteria.serves ? [] : aliases(id, criteria)) },
  }),
  fault({
    name: 'location-lookup-criteria-500',
    capability: 'common.location.lookup',
    description: 'A lookup carrying distance, serves or filters crashes with HTTP 500.',
    breaks: ['LLKP-013', 'LLKP-014', 'LLKP-016', 'LOC-007', 'LSRCH-018'],
    plug: {
      'location.refusal': refuseAt('request', ({ op, body }) =>
        op === 'lookup' && (body.distance !== undefined || body.serves !== undefined || body.filters !== undefined)
          ? transportError(500, 'internal_error', 'lookup criteria: internal error')
          : undefined,
      ),
    },
  }),
  fault({
    name: 'location-lookup-serves-ignored',
    capability: 'common.location.lookup',
    description: 'Lookup never applies serves: every resolved location comes back, serving the target or not.',
    breaks: ['LLKP-014'],
    plug: {
      'location.lookup-filter': (filter) => (found, criteria) => filter(found, { ...criteria, serves: undefined }),
    },
  }),
  fault({
    name: 'location-max-500',
    capability: 'common.location.search',
    description:
      'A distance.max the business cannot honour (beyond its 100 km, or zero and below) crashes the search: HTTP 500, not a rejection.',
    breaks: ['LSRCH-003'],
    plug: {
      'location.unhonoured': (_outcome, { max }) => ({
        reply: transportError(500, 'internal_error', `distance.max ${max}: internal error`),
      }),
    },
  }),
  fault({
    name: 'location-max-dropped',
    capability: 'common.location.search',
    description:
      "A distance.max beyond the radius the business supports is dropped: the search answers as if no distance were sent. Only a radius short of half the Earth's circumference (fixtures.locations.unsupported_max) shows it.",
    breaks: ['LSRCH-003'],
    needs: ['location-radius-400km'],
    plug: { 'location.unhonoured': (outcome, { tooFar }) => (tooFar ? {} : outcome) },
  }),
  fault({
    name: 'location-search-cursor-forgets-query',
    capability: 'common.location.search',
    description:
      'The next-page cursor holds an offset alone: the pages it leads to list every location, whatever the query, so small pages bring in a location the query does not match.',
    breaks: ['LSRCH-011'],
    // Past the first page, every location the criteria match, whatever the query.
    plug: { 'location.matches': (matches, { offset, fits }) => (offset > 0 ? LOCATIONS.filter(fits) : matches) },
  }),
  fault({
    name: 'location-timezone-dropped-with-context',
    capability: 'common.location.search',
    description:
      'To a request whose context names a country, locations are sent without timezone: the zone is left to the requester.',
    breaks: ['LOC-002', 'LOC-003', 'LOC-004'],
    plug: { 'location.timezone': (zone, { criteria }) => (criteria.contextCountry ? undefined : zone) },
  }),
  fault({
    name: 'location-timezone-only-with-context',
    capability: 'common.location.search',
    description:
      'Locations carry timezone only for a request whose context names a country: without one, schedules come without their zone.',
    breaks: ['LOC-002', 'LOC-003', 'LOC-004'],
    plug: { 'location.timezone': (zone, { criteria }) => (criteria.contextCountry ? zone : undefined) },
  }),
  fault({
    name: 'location-timezone-misspelled',
    capability: 'common.location.search',
    description:
      'The Lisbon locations say timezone "Europe/Lisboa": shaped like an IANA name, but no zone the database knows.',
    breaks: ['LOC-002', 'LOC-003'],
    plug: { 'location.timezone': (zone) => zone?.replace('Lisbon', 'Lisboa') },
  }),
  fault({
    name: 'location-timezone-offset-hours',
    capability: 'common.location.search',
    description: 'timezone is the offset from UTC in hours, a number (0, 1, -5), not a string.',
    breaks: ['LLKP-001', 'LOC-001', 'LOC-009', 'LSRCH-001'],
    plug: {
      'location.json': (json) =>
        typeof json.timezone === 'string' ? { ...json, timezone: offsetHours(json.timezone) } : json,
    },
  }),
  fault({
    name: 'location-amenities-list',
    capability: 'common.location.search',
    description: 'amenities is an array of amenity identifiers, not a map of them to Amenity objects.',
    breaks: ['LOC-005', 'LOC-006'],
    plug: {
      'location.json': (json) => (json.amenities ? { ...json, amenities: Object.keys(json.amenities as Json) } : json),
    },
  }),
  fault({
    name: 'location-amenity-keys-malformed',
    capability: 'common.location.search',
    description:
      'Locations with amenities also list keys typed by hand: "Com.example.terrace" (a capital) and "com.example.baby changing" (a space).',
    breaks: ['LOC-005', 'LOC-006'],
    plug: {
      'location.amenities': (amenities) => ({
        ...amenities,
        'Com.example.terrace': { description: 'Terrace' },
        'com.example.baby changing': { description: 'Baby changing' },
      }),
    },
  }),
  fault({
    name: 'location-search-locations-map',
    capability: 'common.location.search',
    description: 'Search answers carry locations as an object keyed by location id, not an array.',
    breaks: ['LOC-001', 'LOC-009', 'LSRCH-001'],
    plug: {
      'location.search-json': (json) => ({
        ...json,
        locations: Object.fromEntries((json.locations as Json[]).map((l) => [l.id, l])),
      }),
    },
  }),
  fault({
    name: 'location-search-id-null',
    capability: 'common.location.search',
    description:
      'Search lists every location with id null: its listing query does not select the id (lookup gives it).',
    breaks: ['LOC-001', 'LOC-009', 'LSRCH-001'],
    plug: { 'location.json': (json, { op }) => (op === 'search' ? { ...json, id: null } : json) },
  }),
  fault({
    name: 'location-search-null-entries',
    capability: 'common.location.search',
    description: 'Search sends null in place of each location with exception_hours: its serialiser fails on them.',
    breaks: ['LOC-001', 'LOC-009', 'LSRCH-001'],
    plug: {
      'location.search-json': (json, { page }) => ({
        ...json,
        locations: (json.locations as unknown[]).map((l, i) => (page[i].exception_hours ? null : l)),
      }),
    },
  }),
  fault({
    name: 'location-search-201',
    capability: 'common.location.search',
    description: "Search answers HTTP 201 Created, not 200: the route shares the create handler's status.",
    breaks: ['ENV-009', 'LSRCH-001'],
    plug: { 'location.status': (status, { op }) => (op === 'search' ? 201 : status) },
  }),
  fault({
    name: 'location-search-cursor-number',
    capability: 'common.location.search',
    description: 'The next-page cursor is the offset itself, a number (2), not a string.',
    breaks: ['LOC-001', 'LOC-009', 'LSRCH-001'],
    // The cursor is the offset itself, which the business reads back.
    plug: {
      'location.paging': (paging) => ({
        ...paging,
        encode: (offset) => offset,
        decode: (sent) => (typeof sent === 'number' ? sent : paging.decode(sent)),
      }),
    },
  }),
  fault({
    name: 'location-max-empty',
    capability: 'common.location.search',
    description:
      'A distance.max beyond the 100 km the business supports finds no location: an empty locations array, no message, not a rejection.',
    breaks: ['LSRCH-003'],
    plug: {
      'location.unhonoured': (outcome, { tooFar }) => (tooFar ? { reply: resource({ locations: [] }) } : outcome),
    },
  }),
  fault({
    name: 'location-max-clamped-noted',
    capability: 'common.location.search',
    description:
      'A distance.max beyond the 100 km the business supports is clamped to 100 km, and an error message says so beside the locations: clamped, not rejected.',
    breaks: ['LSRCH-003'],
    plug: {
      'location.unhonoured': clamped,
      'location.search-json': (json, { criteria: { clampedFrom, distance } }) =>
        clampedFrom === undefined
          ? json
          : {
              ...json,
              messages: [
                recoverable(
                  'distance_clamped',
                  `distance.max ${clampedFrom} is beyond the supported radius; ${distance?.max} m was applied.`,
                  '$.distance.max',
                ),
              ],
            },
    },
  }),
  fault({
    name: 'location-max-rejected-no-message',
    capability: 'common.location.search',
    description: 'A distance.max the business cannot honour is refused with status error and no message saying why.',
    breaks: ['ENV-004'],
    plug: {
      'location.distance-rejection': (reply) => (reply.kind === 'business-error' ? businessError([]) : reply),
    },
  }),
  fault({
    name: 'location-max-error-under-500',
    capability: 'common.location.search',
    description:
      'A distance.max the business cannot honour gets its invalid_distance business error under HTTP 500, not 200: a server failure, not a rejection.',
    breaks: ['ENV-008', 'LSRCH-003', 'LSRCH-014', 'LSRCH-018'],
    plug: {
      'location.distance-rejection': (reply) => (reply.kind === 'business-error' ? { ...reply, status: 500 } : reply),
    },
  }),
  fault({
    name: 'location-lookup-inputs-positional',
    capability: 'common.location.lookup',
    description:
      'inputs hold one entry per identifier sent, in request order: the identifier where it resolved to this location, null elsewhere.',
    breaks: ['LLKP-001', 'LOC-001', 'LOC-009'],
    plug: {
      'location.inputs': (_inputs, { entries, index, sent }) =>
        sent.map((id) => (entries[index].inputs.includes(id) ? { id } : null)),
    },
  }),
  fault({
    name: 'location-lookup-inputs-identifier',
    capability: 'common.location.lookup',
    description: 'inputs entries name the identifier under `identifier`, not `id`.',
    breaks: ['LLKP-001', 'LLKP-004', 'LLKP-005', 'LOC-001', 'LOC-009'],
    plug: { 'location.inputs': (inputs) => inputs.map((input) => ({ identifier: (input as Json).id })) },
  }),
  // Ask
  fault({
    name: 'ask-endpoint-missing',
    capability: 'common.ask',
    description: 'POST /ask is not routed: 404, although ask is advertised.',
    breaks: ['ASK-001', 'ASK-002', 'ASK-007', 'ASK-011', 'ASK-013', 'DISC-001'],
    plug: unrouted('ask', 404, 'not_found'),
  }),
  fault({
    name: 'ask-key-required',
    capability: 'common.ask',
    description: 'An ask without Idempotency-Key is refused with 400, although the key is optional on ask.',
    breaks: ['ASK-001', 'ASK-002', 'ASK-011', 'ASK-014'],
    plug: {
      'request.required-headers': (headers, { op }) => (op.name === 'ask' ? [...headers, 'Idempotency-Key'] : headers),
    },
  }),
  fault({
    name: 'ask-answer-markdown-only',
    capability: 'common.ask',
    description: 'Answers carry markdown only: no answer.plain.',
    breaks: ['ASK-001', 'ASK-002', 'ASK-003', 'ASK-007', 'ASK-011'],
    plug: { 'ask.answer': (_json, { answer }) => ({ markdown: answer.markdown }) },
  }),
  fault({
    name: 'ask-unknown-topic-empty-answer',
    capability: 'common.ask',
    description: 'A question none of the rules addresses gets answer.plain "".',
    breaks: ['ASK-002'],
    plug: { 'ask.plain': (plain, { answer }) => (answer.addressed ? plain : '') },
  }),
  fault({
    name: 'ask-unknown-topic-blank-answer',
    capability: 'common.ask',
    description: 'A question none of the rules addresses gets answer.plain " \\n": whitespace, no answer.',
    breaks: ['ASK-002'],
    // An answer already left empty stays empty.
    plug: { 'ask.plain': (plain, { answer }) => (answer.addressed || plain === '' ? plain : ' \n') },
  }),
  fault({
    name: 'ask-unaddressable-422',
    capability: 'common.ask',
    description: 'A question the business cannot address gets HTTP 422.',
    breaks: ['ASK-002'],
    plug: {
      'ask.refusal': (refusal, at) =>
        refusal ??
        (at.step === 'unaddressed'
          ? transportError(422, 'unanswerable', 'this question cannot be answered')
          : undefined),
    },
  }),
  fault({
    name: 'ask-unaddressable-error-message',
    capability: 'common.ask',
    description:
      'A question the business cannot address is answered, with an error message unanswerable beside the answer.',
    breaks: ['ASK-002'],
    // First among the messages: an unaddressed answer has no disclosure, and the error comes before any note.
    plug: {
      'ask.answer-messages': (messages, { answer }) =>
        answer.addressed
          ? messages
          : [recoverable('unanswerable', 'The question is outside what this business can answer.'), ...messages],
    },
  }),
  fault({
    name: 'ask-unknown-conversation-404',
    capability: 'common.ask',
    description: 'A conversation id the business never issued (or that expired) gets HTTP 404.',
    breaks: ['ASK-007'],
    plug: {
      'ask.refusal': (refusal, at) =>
        refusal ??
        (at.step === 'unknown-conversation'
          ? transportError(404, 'not_found', `conversation ${at.sent} not found`)
          : undefined),
    },
  }),
  fault({
    name: 'ask-unknown-conversation-silent',
    capability: 'common.ask',
    description: 'An unknown conversation id silently starts a new conversation: no message notes it.',
    breaks: ['ASK-007'],
    plug: { 'ask.unknown-conversation-note': () => undefined },
  }),
  fault({
    name: 'ask-unknown-id-silent-among-notes',
    capability: 'common.ask',
    description:
      'An unknown conversation id silently starts a new conversation, while every answer carries an info note with a reference of its own ("Answer reference R-0004."), whose text differs from one answer to the next.',
    breaks: ['ASK-007'],
    plug: {
      'ask.unknown-conversation-note': () => undefined,
      'ask.conversation-notes': (notes, { id }) => [
        ...notes,
        { type: 'info', code: 'answer_reference', content: `Answer reference R-${id.replace(/\D/g, '')}.` },
      ],
    },
  }),
  fault({
    name: 'ask-follow-up-500',
    capability: 'common.ask',
    description: 'A question continuing a known conversation crashes with HTTP 500.',
    breaks: ['ASK-001'],
    plug: {
      'ask.refusal': (refusal, at) =>
        refusal ??
        (at.step === 'follow-up'
          ? transportError(500, 'internal_error', 'the conversation history could not be read')
          : undefined),
    },
  }),
  fault({
    name: 'ask-conversation-forgotten',
    capability: 'common.ask',
    description: 'Conversations are never looked up: every follow-up starts a new conversation with a new id.',
    breaks: ['ASK-006'],
    plug: { 'ask.continues': () => false },
  }),
  fault({
    name: 'ask-conversation-one-per-platform',
    capability: 'common.ask',
    description:
      'Every conversation a question starts is shown under one id, conv-platform, as if each platform had one conversation; a question naming it is taken as a new one. Two questions without a conversation carry the same id.',
    breaks: ['ASK-019'],
    // The id alone is shared, not the turns, so what each answer says is the same whatever order questions come in.
    plug: { 'ask.handle': (handle, { started }) => (started ? 'conv-platform' : handle) },
  }),
  fault({
    name: 'ask-replay-appends-turn',
    capability: 'common.ask',
    description:
      'A replayed ask (same key, same body) is asked again: another turn, another answer, instead of the stored result.',
    breaks: ['IDEM-001'],
    // A matching ask is asked again, one more turn in its conversation.
    plug: {
      'idempotency.action': (action, { request }) =>
        action === 'replay' && request.operation === 'ask' ? 'process' : action,
    },
  }),
  fault({
    name: 'ask-disclosure-as-info',
    capability: 'common.ask',
    description: 'The allergen disclosure is a message of type info, not warning.',
    breaks: ['ASK-008'],
    plug: {
      'ask.answer-messages': (messages) =>
        messages.map((m) => (m.presentation === 'disclosure' ? { ...m, type: 'info' } : m)),
    },
  }),
  fault({
    name: 'ask-disclosure-not-presented',
    capability: 'common.ask',
    description:
      'The allergen disclosure is a warning without presentation disclosure (nor content_type): an ordinary warning.',
    breaks: ['ASK-008'],
    plug: {
      'ask.answer-messages': (messages) =>
        messages.map((m) => {
          if (m.presentation !== 'disclosure') return m;
          const { presentation: _presentation, content_type: _type, ...plain } = m;
          return plain;
        }),
    },
  }),
  fault({
    name: 'ask-link-ids-missing',
    capability: 'common.ask',
    description:
      'Answers link to the products and locations they are about by a url naming the global identifier, without it (or any id) in the link id.',
    breaks: ['ASK-017'],
    plug: {
      'ask.links': (links, { answer, base }) => [
        ...links,
        ...answer.links.flatMap(({ id, type, title }) => (id ? [{ type, title, url: `${base}/${type}s/${id}` }] : [])),
      ],
    },
  }),
  fault({
    name: 'ask-link-ids-secondary',
    capability: 'common.ask',
    description:
      'Answers link to the products and locations they are about by a url naming the global identifier, with the handle (the last segment of the page path) as link id, not that identifier.',
    breaks: ['ASK-017'],
    plug: {
      'ask.links': (links, { answer, base }) => [
        ...links,
        ...answer.links.flatMap(({ id, type, title, path }) =>
          id ? [{ type, title, url: `${base}/${type}s/${id}`, id: path.split('/').pop() }] : [],
        ),
      ],
    },
  }),
  fault({
    name: 'ask-link-ids-missing-ungrounded',
    capability: 'common.ask',
    description:
      'Answers to questions not grounded by ids (a follow-up about what an earlier turn was grounded on) link to the products and locations they are about by a url naming the global identifier, without it in the link id; grounded answers carry it.',
    breaks: ['ASK-017'],
    plug: {
      'ask.links': (links, { answer, base, grounded }) => [
        ...links,
        ...answer.links.flatMap(({ id, type, title }) =>
          id ? [{ type, title, url: `${base}/${type}s/${id}`, ...(grounded ? { id } : {}) }] : [],
        ),
      ],
    },
  }),
  fault({
    name: 'ask-conversation-without-id',
    capability: 'common.ask',
    description: 'Returned conversations carry expires_at but no id.',
    breaks: ['ASK-004'],
    plug: { 'ask.conversation-id': () => undefined },
  }),
  fault({
    name: 'ask-conversation-id-number',
    capability: 'common.ask',
    description: 'Returned conversations carry their id as a number, not a string.',
    breaks: ['ASK-004'],
    plug: {
      'ask.conversation-id': (id) => (typeof id === 'string' ? Number(id.replace(/\D/g, '').slice(0, 9) || '0') : id),
    },
  }),
  fault({
    name: 'ask-conversation-empty-id',
    capability: 'common.ask',
    description: 'Returned conversations carry an empty id ("").',
    breaks: ['ASK-004'],
    plug: { 'ask.conversation-id': (id) => (id === undefined ? id : '') },
  }),
  fault({
    name: 'ask-conversation-bare-id',
    capability: 'common.ask',
    description: 'The conversation is returned as its bare id (a string), not an object with an id.',
    breaks: ['ASK-003', 'ASK-004'],
    plug: { 'ask.conversation-json': (json, { handle }) => (json === undefined ? json : handle) },
  }),
  fault({
    name: 'ask-expires-at-not-rfc3339',
    capability: 'common.ask',
    description: 'conversation.expires_at is an HTTP date ("Tue, 01 Jul 2025 10:00:00 GMT"), not RFC 3339.',
    breaks: ['ASK-005'],
    plug: { 'ask.expires-at': (at) => at && new Date(at).toUTCString() },
  }),
  fault({
    name: 'ask-query-coerced',
    capability: 'common.ask',
    description: 'A query that is a number is taken as its text and answered: no 400.',
    breaks: ['ASK-013'],
    plug: {
      'ask.body-check': (check) => (body) =>
        check(typeof body.query === 'number' ? { ...body, query: String(body.query) } : body),
    },
  }),
  fault({
    name: 'ask-conversation-shape-unchecked',
    capability: 'common.ask',
    description: 'A conversation that is not an object is ignored and the question answered: no 400.',
    breaks: ['ASK-013'],
    // The conversation is left out of the check; the question still reads it where it is well formed.
    plug: { 'ask.body-check': (check) => (body) => check({ ...body, conversation: undefined }) },
  }),
  fault({
    name: 'ask-conversation-id-unchecked',
    capability: 'common.ask',
    description: 'A conversation object without id is taken as no conversation: a new one starts, no 400.',
    breaks: ['ASK-013'],
    plug: {
      'ask.body-check': (check) => (body) => {
        const c = body.conversation;
        const bare = typeof c === 'object' && c !== null && !Array.isArray(c) && (c as Json).id === undefined;
        return check(bare ? { ...body, conversation: undefined } : body);
      },
    },
  }),
  fault({
    name: 'ask-context-unchecked',
    capability: 'common.ask',
    description: 'context is not checked against the ask schema: a context that is no object is ignored, no 400.',
    breaks: ['ASK-013'],
    plug: { 'ask.body-check': (check) => (body) => check({ ...body, context: undefined }) },
  }),
  fault({
    name: 'ask-signals-unchecked',
    capability: 'common.ask',
    description: 'signals is not checked against the ask schema: signals that are no object are ignored, no 400.',
    breaks: ['ASK-013'],
    plug: { 'ask.body-check': (check) => (body) => check({ ...body, signals: undefined }) },
  }),
  fault({
    name: 'ask-ids-unchecked',
    capability: 'common.ask',
    description:
      'ids is not checked against the ask schema: a lone string is ignored, and numbers are looked up as identifiers (each not found); the question is answered, no 400.',
    breaks: ['ASK-013'],
    // ids is left out of the check; the question still reads what it can of it.
    plug: { 'ask.body-check': (check) => (body) => check({ ...body, ids: undefined }) },
  }),
  fault({
    name: 'ask-grounding-ids-rejected',
    capability: 'common.ask',
    description: 'A question carrying grounding ids is refused with 400.',
    breaks: ['ASK-011'],
    plug: {
      'ask.refusal': (refusal, at) =>
        refusal ??
        (at.step === 'grounding' ? transportError(400, 'invalid_request', 'ids are not supported') : undefined),
    },
  }),
  fault({
    name: 'ask-grounding-ids-unsupported',
    capability: 'common.ask',
    description:
      'Grounding ids are answered around: the answer carries a recoverable error message per id ("unsupported"), not a not_found.',
    breaks: ['ASK-011'],
    plug: {
      'ask.grounding-note': (note, { id, found }) =>
        found && !note ? recoverable('unsupported', `grounding on ${id} is not supported`) : note,
    },
  }),
  fault({
    name: 'ask-grounding-not-found-by-path',
    capability: 'common.ask',
    description:
      'Grounding ids never resolve: each gets an info not_found whose path points at the ids ($.ids) and whose content does not name it.',
    breaks: ['ASK-011'],
    plug: {
      'ask.grounding-note': () => ({
        type: 'info',
        code: 'not_found',
        path: '$.ids',
        content: 'This identifier was not found.',
      }),
    },
  }),
  fault({
    name: 'ask-answer-201',
    capability: 'common.ask',
    description: 'Every answer comes with HTTP 201, not 200.',
    breaks: ['ASK-001', 'ASK-002', 'ASK-007', 'ASK-011', 'ENV-009'],
    plug: { 'ask.status': (status) => (status === 200 ? 201 : status) },
  }),
  fault({
    name: 'ask-answer-500',
    capability: 'common.ask',
    description: 'Every answer comes with HTTP 500, the answer in its body: an error status on a served question.',
    breaks: ['ASK-001', 'ASK-002', 'ASK-007', 'ASK-011', 'ENV-008'],
    plug: { 'ask.status': (status) => (status === 200 ? 500 : status) },
  }),
  fault({
    name: 'ask-grounding-ids-not-found',
    capability: 'common.ask',
    description: "Grounding ids never resolve: each gets an info not_found, even the business's own product ids.",
    breaks: ['ASK-011'],
    plug: { 'ask.grounding-note': (_note, { id }) => ({ type: 'info', code: 'not_found', content: id }) },
  }),
] as const;
