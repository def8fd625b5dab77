/**
 * Location search and lookup (Document 2 §POST /locations/search, §POST /locations/lookup):
 * distance, serves and filters evaluated only against what the platform supplied, combined with
 * AND; lookup resolving canonical ids and aliases, merging inputs, and capping its batch.
 */
import { isObject } from '../../dialect/dialect.js';
import { distanceMeters, readPoint, type Point } from '../../protocol/geo.js';
import type { FaultSet } from '../switches.js';
import {
  businessError,
  recoverable,
  resource,
  transportError,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import type { VariationSet } from '../switches.js';
import {
  AMENITIES,
  COUNTRY_TIMEZONES,
  LOCALITIES,
  LOCATIONS,
  lookupBatchMax,
  MAX_RADIUS,
  publicId,
  type DailyHour,
  type SeedLocation,
  type Weekday,
} from './locations-data.js';

type Json = Record<string, unknown>;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;
/** Under location-search-small-pages: every page holds at most this many. */
const SMALL_PAGE = 3;
/** Under location-radius-400km: the largest distance.max honoured (the clamping fault clamps to it). */
const WIDE_RADIUS = 400_000;
/** The radius the faulty businesses put in place of the one sent, or derive from context. */
const DEFAULT_RADIUS = 5_000;
const CONTEXT_RADIUS = 50_000;
/** Under location-search-page-limit-20: the largest pagination.limit accepted. */
const PAGE_LIMIT_20 = 20;
/** Under location-context-promoted: the location added to every answer to a request with a context. */
const FEATURED = LOCATIONS.find((l) => l.id === 'LIS-101')!;
/** Under location-search-abroad-brief: the country whose locations search lists whole. */
const HOME_COUNTRY = 'PT';
/** Under location-lookup-alias-several: aliases that resolve to more locations than their own. */
const SEVERAL: Record<string, string[]> = { alfama: ['LIS-001'] };

/** What a request asks of the locations, read once: only what the platform supplied. */
interface Criteria {
  distance?: { center: Point; max: number };
  serves?: { point?: Point; address?: Json };
  amenities?: string[];
  items?: string[];
  openAt?: Date;
  /** The country a context names, which only the context faults act on. */
  contextCountry?: string;
  /** The distance.max sent, where the clamping faults put the supported radius in its place. */
  clampedFrom?: number;
}

/** POST /locations/search */
export function search({ body, faults, variations }: HandlerRequest): Reply {
  if (faults.has('location-search-endpoint-405'))
    return transportError(405, 'method_not_allowed', 'POST /locations/search: method_not_allowed');
  if (faults.has('location-search-distance-required') && body.distance === undefined) {
    return transportError(400, 'invalid_request', 'distance is required');
  }
  // distance-ignored: the member is never read, so never judged either.
  const read = criteriaOf(
    faults.has('location-search-distance-ignored') ? { ...body, distance: undefined } : body,
    faults,
    variations,
    'search',
  );
  if ('reply' in read) return read.reply;
  const words = typeof body.query === 'string' ? body.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  if (words.length === 0 && variations.has('location-search-needs-query')) {
    return resource({
      locations: [],
      messages: [
        { type: 'info', code: 'query_needed', content: 'Say what you are looking for in query to find locations.' },
      ],
    });
  }
  let matches = LOCATIONS.filter(
    (l) => words.every((w) => searchText(l).includes(w)) && satisfies(l, read.criteria, faults),
  );
  if (body.context !== undefined && faults.has('location-context-promoted') && !matches.includes(FEATURED))
    matches = [...matches, FEATURED];
  if (
    variations.has('location-search-reranked-by-context') &&
    read.criteria.contextCountry &&
    LOCALITIES[read.criteria.contextCountry]
  ) {
    const near = LOCALITIES[read.criteria.contextCountry];
    matches = [...matches].sort((a, b) => distanceMeters(near, a.geo) - distanceMeters(near, b.geo));
  }
  const pagination = isObject(body.pagination) ? body.pagination : {};
  if (
    variations.has('location-search-page-limit-20') &&
    typeof pagination.limit === 'number' &&
    pagination.limit > PAGE_LIMIT_20
  ) {
    return transportError(400, 'invalid_request', `pagination.limit must be at most ${PAGE_LIMIT_20}`);
  }
  const cap = variations.has('location-search-small-pages') ? SMALL_PAGE : MAX_LIMIT;
  const asked = typeof pagination.limit === 'number' && pagination.limit >= 1 ? pagination.limit : DEFAULT_LIMIT;
  const limit = Math.min(asked, cap);
  // Where the cursor comes back is not shown: pagination.cursor, or a top-level cursor (a variation).
  const sent = variations.has('location-search-cursor-top-level') ? body.cursor : pagination.cursor;
  // cursor-number: the cursor is the offset itself, a number, which the business reads back.
  const offset =
    typeof sent === 'string'
      ? decodeCursor(sent)
      : typeof sent === 'number' && faults.has('location-search-cursor-number')
        ? sent
        : 0;
  if (offset === undefined)
    return transportError(400, 'invalid_cursor', 'pagination.cursor is not one this business issued');
  // cursor-forgets-query: the cursor holds an offset alone, and the pages it leads to list every location the criteria
  // match, whatever the query.
  if (offset > 0 && faults.has('location-search-cursor-forgets-query'))
    matches = LOCATIONS.filter((l) => satisfies(l, read.criteria, faults));
  const page = matches.slice(offset, offset + limit);
  let next = offset + page.length;
  // The faulty cursors point one location back (a repeat) or one ahead (a location lost).
  if (faults.has('location-search-cursor-repeats') && page.length > 1) next -= 1;
  if (faults.has('location-search-cursor-skips')) next += 1;
  const more = next < matches.length;
  // last-page-cursor: the last page carries a cursor too, leading to an empty page.
  const cursor =
    more || variations.has('location-search-last-page-cursor')
      ? { cursor: faults.has('location-search-cursor-number') ? next : encodeCursor(next) }
      : {};
  // pagination-minimal: a cursor while more follow, and nothing on the last page.
  const paging = variations.has('location-search-pagination-minimal')
    ? 'cursor' in cursor
      ? { pagination: cursor }
      : {}
    : { pagination: { has_next_page: more, total_count: matches.length, ...cursor } };
  const locations: unknown[] = page.map((l) => {
    const json = locationJson(l, read.criteria, faults, variations, 'search');
    // null-entries: the serialiser fails on exception hours and leaves null in the location's place.
    if (faults.has('location-search-null-entries') && l.exception_hours) return null;
    // id-null: the listing query does not select the id.
    return faults.has('location-search-id-null') ? { ...json, id: null } : json;
  });
  // max-clamped-noted: the clamped radius is said in an error message, beside the locations.
  const noted =
    read.criteria.clampedFrom !== undefined && faults.has('location-max-clamped-noted')
      ? {
          messages: [
            recoverable(
              'distance_clamped',
              `distance.max ${read.criteria.clampedFrom} is beyond the supported radius; ${read.criteria.distance?.max} m was applied.`,
              '$.distance.max',
            ),
          ],
        }
      : {};
  return resource(
    {
      // locations-map: the page as an object keyed by location id.
      locations: faults.has('location-search-locations-map')
        ? Object.fromEntries(locations.map((l) => [(l as Json).id, l]))
        : locations,
      ...paging,
      ...noted,
    },
    faults.has('location-search-201') ? 201 : 200,
  );
}

/** POST /locations/lookup */
export function lookup({ body, faults, variations }: HandlerRequest): Reply {
  if (faults.has('location-lookup-endpoint-missing'))
    return transportError(404, 'not_found', 'POST /locations/lookup: not_found');
  if (!Array.isArray(body.ids) || !body.ids.every((id) => typeof id === 'string')) {
    return transportError(400, 'invalid_request', 'ids is required: an array of strings');
  }
  const ids = body.ids as string[];
  if (body.filters !== undefined && faults.has('location-lookup-filters-400'))
    return transportError(400, 'invalid_request', 'filters are not supported by lookup');
  // criteria-500: a lookup narrowed by distance, serves or filters crashes.
  if (
    (body.distance !== undefined || body.serves !== undefined || body.filters !== undefined) &&
    faults.has('location-lookup-criteria-500')
  ) {
    return transportError(500, 'internal_error', 'lookup criteria: internal error');
  }
  const read = criteriaOf(body, faults, variations, 'lookup');
  if ('reply' in read) return read.reply;
  const messages: ReplyMessage[] = [];
  const { max } = lookupBatchMax(variations);
  const distinct = [...new Set(ids)];
  let processed = distinct;
  if (distinct.length > max) {
    if (faults.has('location-lookup-batch-400') || faults.has('location-lookup-batch-400-unstated'))
      return transportError(400, 'request_too_large', `at most ${max} ids per lookup`);
    processed = faults.has('location-lookup-batch-keeps-last')
      ? distinct.slice(-max)
      : faults.has('location-lookup-batch-counts-duplicates')
        ? [...new Set(ids.slice(0, max))]
        : distinct.slice(0, max);
    if (!faults.has('location-lookup-batch-no-message')) {
      messages.push({
        type: faults.has('location-lookup-batch-limit-warning') ? 'warning' : 'info',
        code: 'batch_limit_applied',
        content: `Only the first ${max} distinct identifiers were processed; ${distinct.length - processed.length} were not.`,
      });
    }
  }
  // Resolution first; distance, serves and filters apply to what resolved.
  const found = new Map<string, { location: SeedLocation; inputs: string[] }>();
  const unknown: string[] = [];
  // duplicates-not-merged: every identifier as sent, repeats too, gets a copy of its location of its own.
  const unmerged = faults.has('location-lookup-duplicates-not-merged');
  const resolving = unmerged ? ids.filter((id) => processed.includes(id)) : processed;
  resolving.forEach((id, i) => {
    const resolved = resolve(id, read.criteria, faults, variations);
    if (resolved.length === 0) {
      if (!unknown.includes(id)) unknown.push(id);
      return;
    }
    for (const location of resolved) {
      const key = unmerged ? `${location.id}#${i}` : location.id;
      const entry = found.get(key) ?? { location, inputs: [] };
      entry.inputs.push(id);
      found.set(key, entry);
    }
  });
  // merge-drops: a location more than one identifier resolves to is left out of the answer.
  if (faults.has('location-lookup-merge-drops'))
    for (const [key, entry] of found) if (entry.inputs.length > 1) found.delete(key);
  // copies-named-all: such a location comes twice, each copy naming every identifier.
  if (faults.has('location-lookup-copies-named-all'))
    for (const [key, entry] of [...found]) if (entry.inputs.length > 1) found.set(`${key}#copy`, entry);
  if (unknown.length > 0 && faults.has('location-lookup-unknown-404')) {
    return transportError(404, 'not_found', `unknown location ids: ${unknown.join(', ')}`);
  }
  if (!variations.has('location-lookup-no-not-found')) {
    for (const id of unknown) {
      messages.push({
        type: faults.has('location-lookup-not-found-warning') ? 'warning' : 'info',
        code: 'not_found',
        content: `No location with identifier ${id}.`,
      });
    }
  }
  // filters-search: with filters, every location is a candidate, requested or not (those name their own id as input).
  if (
    (body.filters !== undefined && faults.has('location-lookup-filters-search')) ||
    (body.distance !== undefined && faults.has('location-lookup-distance-search'))
  ) {
    for (const location of LOCATIONS)
      if (!found.has(location.id)) found.set(location.id, { location, inputs: [publicId(location.id, variations)] });
  }
  const criteria: Criteria = {
    ...read.criteria,
    ...(faults.has('location-lookup-distance-ignored') ? { distance: undefined } : {}),
    ...(faults.has('location-lookup-serves-ignored') ? { serves: undefined } : {}),
    ...(faults.has('location-lookup-filters-ignored')
      ? { amenities: undefined, items: undefined, openAt: undefined }
      : {}),
  };
  if (body.context !== undefined && faults.has('location-context-promoted') && !found.has(FEATURED.id)) {
    found.set(FEATURED.id, { location: FEATURED, inputs: [publicId(FEATURED.id, variations)] });
  }
  const kept = [...found.values()]
    .filter(({ location }) => satisfies(location, criteria, faults))
    // An implicit availability check: locations that can provide nothing are left out.
    .filter(({ location }) => !faults.has('location-lookup-implicit-availability') || location.stock.length > 0);
  const locations = kept.map(({ location }, i) => {
    // inputs-shifted: each location carries the inputs of the next one in the answer.
    const { inputs } = faults.has('location-lookup-inputs-shifted') ? kept[(i + 1) % kept.length] : kept[i];
    // inputs-first-only: a merged location keeps the identifier that found it first.
    const named = (faults.has('location-lookup-inputs-first-only') ? inputs.slice(0, 1) : inputs).map((id) => ({
      id: inputId(id, location, faults, variations),
    }));
    return {
      ...locationJson(location, read.criteria, faults, variations, 'lookup'),
      // inputs-add-canonical: beside the identifiers supplied, the location's canonical id.
      inputs: faults.has('location-lookup-inputs-add-canonical')
        ? [...named, { id: publicId(location.id, variations) }]
        : // inputs-positional: one entry per identifier sent, null where it did not resolve to this location.
          faults.has('location-lookup-inputs-positional')
          ? ids.map((id) => (inputs.includes(id) ? { id } : null))
          : // inputs-identifier: each entry names the identifier under `identifier`, not `id`.
            faults.has('location-lookup-inputs-identifier')
            ? named.map(({ id }) => ({ identifier: id }))
            : named,
    };
  });
  if (variations.has('location-lookup-hours-note'))
    messages.push({ type: 'info', code: 'hours_may_vary', content: 'Opening hours may vary on public holidays.' });
  return resource({ locations, ...(messages.length ? { messages } : {}) });
}

type Operation = 'search' | 'lookup';

/** The criteria of a request, or the rejection of a distance the business cannot honour. */
function criteriaOf(
  body: Json,
  faults: FaultSet,
  variations: VariationSet,
  op: Operation,
): { criteria: Criteria } | { reply: Reply } {
  const criteria: Criteria = {};
  const context = isObject(body.context) ? body.context : undefined;
  if (typeof context?.address_country === 'string') criteria.contextCountry = context.address_country;
  if (body.distance !== undefined) {
    const distance = isObject(body.distance) ? body.distance : {};
    const center = readPoint(distance.center);
    const max = distance.max;
    if (!center || typeof max !== 'number' || !Number.isFinite(max)) {
      return {
        reply: reject(
          'distance needs a center with latitude and longitude, and a numeric max in meters',
          op,
          faults,
          variations,
        ),
      };
    }
    const supported = variations.has('location-radius-400km') ? WIDE_RADIUS : MAX_RADIUS;
    const tooFar = max > supported && !variations.has('location-any-radius');
    if (max <= 0 && faults.has('location-negative-max-default')) criteria.distance = { center, max: DEFAULT_RADIUS };
    else if (tooFar && (faults.has('location-max-clamped') || faults.has('location-max-clamped-noted')))
      Object.assign(criteria, { distance: { center, max: supported }, clampedFrom: max });
    // max-empty: a radius it cannot honour finds nothing, and nothing says why.
    else if (tooFar && faults.has('location-max-empty')) return { reply: resource({ locations: [] }) };
    else if ((max <= 0 || tooFar) && faults.has('location-max-500'))
      return { reply: transportError(500, 'internal_error', `distance.max ${max}: internal error`) };
    // max-dropped: the radius it cannot honour is left out, and the search answers as if no distance were sent.
    else if (tooFar && faults.has('location-max-dropped')) criteria.distance = undefined;
    // negative-max-honoured: a radius of zero or below is applied as given, and nothing lies within it.
    else if (max <= 0 && variations.has('location-negative-max-honoured')) criteria.distance = { center, max };
    else if (max <= 0 || tooFar)
      return {
        reply: reject(
          `distance.max must be above 0 and at most ${supported} meters; ${max} cannot be honoured`,
          op,
          faults,
          variations,
          max <= 0 ? 422 : 400,
        ),
      };
    else criteria.distance = { center, max };
  } else if (
    criteria.contextCountry &&
    faults.has('location-distance-from-context') &&
    LOCALITIES[criteria.contextCountry]
  ) {
    criteria.distance = { center: LOCALITIES[criteria.contextCountry], max: CONTEXT_RADIUS };
  }
  if (isObject(body.serves)) {
    criteria.serves = {
      point: readPoint(body.serves.point),
      address: isObject(body.serves.address) ? body.serves.address : undefined,
    };
  }
  const filters = isObject(body.filters) ? body.filters : {};
  if (Array.isArray(filters.amenities))
    criteria.amenities = filters.amenities.filter((a): a is string => typeof a === 'string');
  // filters-first-only: filters is read as one filter, amenities winning over items.
  if (Array.isArray(filters.items) && !(criteria.amenities && faults.has('location-filters-first-only')))
    criteria.items = filters.items.filter((i): i is string => typeof i === 'string');
  // hours-filter-at: the instant is filters.hours.at, required when filters.hours is sent.
  const instant = isObject(filters.hours)
    ? variations.has('location-hours-filter-at')
      ? filters.hours.at
      : filters.hours.open_at
    : undefined;
  if (
    filters.hours !== undefined &&
    variations.has('location-hours-filter-at') &&
    (typeof instant !== 'string' || Number.isNaN(Date.parse(instant)))
  ) {
    return {
      reply: transportError(400, 'invalid_request', 'filters.hours.at is required: the RFC 3339 instant to be open at'),
    };
  }
  if (typeof instant === 'string' && !Number.isNaN(Date.parse(instant))) criteria.openAt = new Date(instant);
  return { criteria };
}

/**
 * A distance the business cannot honour is refused, never clamped (Document 2 §Resources and their
 * fields); under location-distance-rejected-by-status a search refuses it with an HTTP error
 * (lookup always answers HTTP 200).
 */
function reject(
  content: string,
  op: Operation,
  faults: FaultSet,
  variations: VariationSet,
  status: 400 | 422 = 400,
): Reply {
  if (op === 'search' && variations.has('location-distance-rejected-by-status'))
    return transportError(status, 'invalid_distance', content);
  // max-rejected-no-message: status error, and no message says what was wrong.
  if (faults.has('location-max-rejected-no-message')) return businessError([]);
  // max-error-under-500: the business error is sent under HTTP 500.
  if (faults.has('location-max-error-under-500'))
    return { ...businessError([recoverable('invalid_distance', content, '$.distance.max')]), status: 500 };
  return businessError([recoverable('invalid_distance', content, '$.distance.max')]);
}

/** Whether a location meets every supplied predicate (AND), or under location-filters-or any of them. */
function satisfies(l: SeedLocation, c: Criteria, faults: FaultSet): boolean {
  const tests: boolean[] = [];
  // serves-by-country: serves answers from its delivery table alone, distance unapplied.
  const countryWide = c.serves !== undefined && faults.has('location-serves-by-country');
  if (c.distance && !countryWide) tests.push(distanceMeters(c.distance.center, l.geo) <= c.distance.max);
  if (c.serves) tests.push(countryWide ? servesCountry(l, c.serves) : serves(l, c.serves));
  // Implicit serviceability: with no serves, only locations in the context's country are offered.
  else if (c.contextCountry && faults.has('location-serves-from-context'))
    tests.push(l.address.address_country === c.contextCountry);
  if (c.amenities) tests.push(hasAmenities(l, c.amenities, faults));
  if (c.items) tests.push(c.items.every((i) => l.stock.includes(i)));
  if (c.openAt) tests.push(openAt(l, c.openAt));
  if (tests.length === 0) return true;
  return faults.has('location-filters-or') ? tests.some(Boolean) : tests.every(Boolean);
}

function serves(l: SeedLocation, s: NonNullable<Criteria['serves']>): boolean {
  const byPoint = !s.point || distanceMeters(s.point, l.geo) <= l.serves.radius_m;
  const locality = s.address?.address_locality;
  const byAddress =
    typeof locality !== 'string' || l.serves.localities.some((x) => x.toLowerCase() === locality.toLowerCase());
  return byPoint && byAddress;
}

/**
 * Under location-serves-by-country: a point is placed in the country of the nearest known locality, and every location
 * there serves it.
 */
function servesCountry(l: SeedLocation, s: NonNullable<Criteria['serves']>): boolean {
  if (!s.point) return serves(l, s);
  const point = s.point;
  const [country] = Object.entries(LOCALITIES).sort(
    ([, a], [, b]) => distanceMeters(point, a) - distanceMeters(point, b),
  )[0];
  return l.address.address_country === country;
}

/** Every supplied identifier as an exact key; the faults match by prefix, by label, or any one of them. */
function hasAmenities(l: SeedLocation, wanted: string[], faults: FaultSet): boolean {
  const has = (key: string) =>
    faults.has('location-amenity-prefix')
      ? l.amenities.some((a) => a.startsWith(key))
      : faults.has('location-amenities-matched-by-label')
        ? l.amenities.some((a) => AMENITIES[a] === key)
        : l.amenities.includes(key);
  return faults.has('location-amenities-any') ? wanted.some(has) : wanted.every(has);
}

/** The locations an identifier resolves to: a canonical id, or an alias (unless aliases are not accepted). */
function resolve(id: string, c: Criteria, faults: FaultSet, variations: VariationSet): SeedLocation[] {
  const canonical = LOCATIONS.find((l) => publicId(l.id, variations) === id);
  if (canonical) return [canonical];
  // unknown-fallback: a fuzzy match that always finds something, the first location.
  if (faults.has('location-lookup-unknown-fallback') && !LOCATIONS.some((l) => l.aliases.includes(id)))
    return [LOCATIONS[0]];
  if (variations.has('location-aliases-not-accepted')) return [];
  // Filtering before resolution: with a distance, only ids that are locations' own get through.
  if (c.distance && faults.has('location-lookup-distance-before-resolution')) return [];
  if (c.serves && faults.has('location-lookup-serves-before-resolution')) return [];
  // alias-several: one alias names a neighbourhood, and so two locations.
  const several = variations.has('location-lookup-alias-several') ? (SEVERAL[id] ?? []) : [];
  return LOCATIONS.filter((l) => l.aliases.includes(id) || several.includes(l.id));
}

/** The identifier an inputs entry names: the one supplied, exactly. */
function inputId(id: string, l: SeedLocation, faults: FaultSet, variations: VariationSet): string {
  if (faults.has('location-lookup-inputs-canonical')) return publicId(l.id, variations);
  if (faults.has('location-lookup-inputs-normalised')) return id.toLowerCase();
  return id;
}

const searchText = (l: SeedLocation) => `${l.name} ${Object.values(l.address).join(' ')}`.toLowerCase();

/** A location on the wire (Document 2 §Location), with the faults and variations of its shape. */
function locationJson(l: SeedLocation, c: Criteria, faults: FaultSet, variations: VariationSet, op: Operation): Json {
  const amenities: Record<string, Json> = Object.fromEntries(
    l.amenities.map((key) => [
      key,
      faults.has('location-amenity-no-description') ? {} : { description: AMENITIES[key] },
    ]),
  );
  if (faults.has('location-amenity-key-single-segment') && l.amenities.length > 0)
    amenities.terrace = { description: 'Terrace' };
  if (faults.has('location-amenity-keys-malformed') && l.amenities.length > 0)
    Object.assign(amenities, {
      'Com.example.terrace': { description: 'Terrace' },
      'com.example.baby changing': { description: 'Baby changing' },
    });
  if (variations.has('location-amenity-keys-pattern-edges') && l.amenities.length > 0)
    Object.assign(amenities, {
      'x.example.wifi': { description: 'Guest Wi-Fi' },
      'io.example.v': { description: 'Vending machines' },
    });
  const schedule = l.hours !== undefined || l.exception_hours !== undefined;
  let timezone = l.timezone;
  if (
    timezone &&
    faults.has('location-timezone-follows-context') &&
    c.contextCountry &&
    COUNTRY_TIMEZONES[c.contextCountry]
  )
    timezone = COUNTRY_TIMEZONES[c.contextCountry];
  if (timezone && faults.has('location-timezone-offset')) timezone = utcOffset(timezone);
  if (timezone && faults.has('location-timezone-misspelled')) timezone = timezone.replace('Lisbon', 'Lisboa');
  // A zone name IANA keeps as a link of one segment (backward): Japan for Asia/Tokyo.
  if (timezone === 'Asia/Tokyo' && variations.has('location-timezone-one-segment')) timezone = 'Japan';
  // The zone stated only without a context naming a country, or only with one.
  if (faults.has('location-timezone-dropped-with-context') && c.contextCountry) timezone = undefined;
  if (faults.has('location-timezone-only-with-context') && !c.contextCountry) timezone = undefined;
  // abroad-brief: search lists a location outside the home country without geo and amenities.
  const brief =
    op === 'search' && variations.has('location-search-abroad-brief') && l.address.address_country !== HOME_COUNTRY;
  return {
    id: publicId(l.id, variations),
    ...(faults.has('location-missing-name') ? {} : { name: l.name }),
    address: l.address,
    ...(variations.has('location-geo-withheld') || brief
      ? {}
      : { geo: variations.has('location-geo-lat-lng') ? { lat: l.geo.latitude, lng: l.geo.longitude } : l.geo }),
    ...(l.amenities.length &&
    !brief &&
    !(op === 'search' && variations.has('location-search-amenities-unlisted')) &&
    // lookup-abroad-no-amenities: lookup lists a location outside the home country without its amenities map.
    !(
      op === 'lookup' &&
      variations.has('location-lookup-abroad-no-amenities') &&
      l.address.address_country !== HOME_COUNTRY
    )
      ? // amenities-list: the identifiers as an array, not a map.
        { amenities: faults.has('location-amenities-list') ? Object.keys(amenities) : amenities }
      : {}),
    ...(l.hours ? { hours: l.hours } : {}),
    ...(l.exception_hours ? { exception_hours: l.exception_hours } : {}),
    ...(schedule && timezone && !faults.has('location-hours-without-timezone')
      ? // timezone-offset-hours: the zone as its offset from UTC in hours, a number.
        { timezone: faults.has('location-timezone-offset-hours') ? offsetHours(timezone) : timezone }
      : {}),
  };
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

const WEEK: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Whether a location is open at an instant, in its own time zone: an exception for the local
 * date overrides the regular hours; an interval closing at or before it opens runs past midnight
 * into the next day. Without hours the schedule is unknown, so it is not known to be open.
 */
function openAt(l: SeedLocation, at: Date): boolean {
  if (!l.hours || !l.timezone) return false;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: l.timezone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = parts.weekday.toLowerCase() as Weekday;
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const exception = l.exception_hours?.find((e) => e.date === date);
  if (exception)
    return (
      !exception.closed && !!exception.open && !!exception.close && within(minute, exception.open, exception.close)
    );
  const yesterday = WEEK[(WEEK.indexOf(day) + 6) % 7];
  return l.hours.some(
    (h) =>
      (h.day === day && within(minute, h.open, h.close)) ||
      (h.day === yesterday && overnight(h) && minute < minutes(h.close)),
  );
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const overnight = (h: DailyHour) => minutes(h.close) <= minutes(h.open);
/** Within an interval starting that day; one running past midnight lasts to the end of the day. */
const within = (minute: number, open: string, close: string) =>
  minute >= minutes(open) && (minutes(close) <= minutes(open) || minute < minutes(close));

const encodeCursor = (offset: number) => Buffer.from(`loc:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const m = /^loc:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : undefined;
}
