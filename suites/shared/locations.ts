/**
 * What the location suites share (Document 2): their fixtures, reading locations out of an
 * answer, walking every page of a search, and placing a location against a distance.
 */
import type { RunConfig } from '../../src/config/config.js';
import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { refusesContent } from '../../src/protocol/envelope.js';
import { DISTANCE_TOLERANCE, distanceMeters, readPoint, type Point } from '../../src/protocol/geo.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import type { RecipeInput } from '../../src/protocol/recipes.js';

export type Json = Record<string, unknown>;
export type LocationFixtures = NonNullable<NonNullable<RunConfig['fixtures']>['locations']>;

/** Page size for walks whose pages do not matter: as few requests as the business allows. */
export const FULL_PAGE = 50;
/** Pages walked at most; a larger result is narrowed with fixtures.locations.query. */
const MAX_PAGES = 40;

export const fixturesOf = (t: ScenarioContext): LocationFixtures => t.config.fixtures?.locations ?? {};

/** A context naming a place, when the config gives none: any place will do, since answers are compared as sets. */
export const contextOf = (t: ScenarioContext): Json =>
  fixturesOf(t).context ?? { address_country: 'US', address_region: 'NY', postal_code: '10012' };

/**
 * The buyer address the signals carry when the config gives none: one of the range set aside for
 * documentation (RFC 5737), no one's; a public resolver's (8.8.8.8) is commonly distrusted, and a
 * business may refuse on signals ("to support authorisation and abuse prevention").
 */
export const DOCUMENTATION_IP = '203.0.113.7';

/** An item identifier no business issues: a filters.items naming it matches no location (LSRCH-008). */
export const NEVER_ISSUED = 'proto-conformance-never-issued-item';

/**
 * Signals, when the config gives none: environment data under reverse-domain keys (Document 1
 * §Shared value objects), a buyer address and a browser's user agent, as a platform observes them.
 */
export const signalsOf = (t: ScenarioContext): Json =>
  fixturesOf(t).signals ?? {
    [`${t.dialect.prefix}.buyer_ip`]: DOCUMENTATION_IP,
    [`${t.dialect.prefix}.user_agent`]: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  };

export function locationsOf(body: unknown): Json[] {
  return isObject(body) && Array.isArray(body.locations) ? body.locations.filter(isObject) : [];
}

export const idOf = (l: Json): string | undefined => (typeof l.id === 'string' ? l.id : undefined);
export const idsOf = (ls: Json[]): string[] => ls.map(idOf).filter((id): id is string => id !== undefined);

/** The ids of a lookup location's inputs, as sent back. */
export function inputIdsOf(l: Json): string[] {
  return (Array.isArray(l.inputs) ? l.inputs.filter(isObject) : [])
    .map((i) => i.id)
    .filter((id): id is string => typeof id === 'string');
}

/** HTTP 200 with a locations array: an answer the scenarios can read (its shape is the response rule's). */
export const isLocationsAnswer = (x: Exchange): boolean =>
  x.status === 200 && isObject(x.json) && Array.isArray(x.json.locations);

/**
 * A request refused with an error: an HTTP 4xx about the request (400, 422, …), or HTTP 200 with
 * status error or an error message and no locations. How a business rejects a value it cannot
 * honour is not shown.
 */
export function isRejection(t: ScenarioContext, x: Exchange): boolean {
  if (refusesContent(x)) return true;
  if (x.status !== 200) return false;
  const env = envelopeOf(t.dialect, x.json);
  const error = (isObject(env) && env.status === 'error') || messagesOf(x.json).some((m) => m.type === 'error');
  return error && locationsOf(x.json).length === 0;
}

export const answered = (x: Exchange) => `HTTP ${statusOrError(x)}: ${brief(x.json ?? x.responseBody, 200)}`;

/**
 * Why a request was refused as the business's policy, not for what it asked (401, 403: "Authenticated
 * but not permitted"): a business may refuse on signals it distrusts, which are there "to support
 * authorisation and abuse prevention". What such a request was to show is not judged.
 */
export const policyRefusal = (x: Exchange): string | undefined =>
  x.status === 401 || x.status === 403 ? `the business refused the request (${answered(x)})` : undefined;

export interface Walk {
  /** Every page's exchange, in order. */
  exchanges: Exchange[];
  /** The location ids of each page. */
  pages: string[][];
  /** Every location walked, in order, repeats included. */
  locations: Json[];
  /** A page that was not a locations answer, ending the walk. */
  broken?: Exchange;
  /** The first page asked for with pagination.limit, refused: the walk went on with the business's own page size. */
  limitRefused?: Exchange;
  /** Why the walk could not reach the last page. */
  unfinished?: string;
  /** How many locations walked carry no string id, so cannot be told apart by it. */
  unnamed: number;
}

type SearchInput = NonNullable<RecipeInput<'location.search'>>;

/**
 * Every page of one search, following its cursors (sent back as pagination.cursor, the shared
 * contract of Document 1): while a page says has_next_page true or, saying nothing, hands out a
 * cursor, and holds locations. The maximum page size is not shown (Document 1 §Limits): a first
 * page refused with pagination.limit is asked for again without it.
 */
export async function walk(
  t: ScenarioContext,
  input: SearchInput,
  limit: number | undefined = FULL_PAGE,
): Promise<Walk> {
  const w: Walk = { exchanges: [], pages: [], locations: [], unnamed: 0 };
  let cursor: string | undefined;
  while (w.pages.length < MAX_PAGES) {
    const x = await t.call('location.search', { input: { ...input, limit, cursor }, tolerateTransportError: true });
    if (!isLocationsAnswer(x) && w.pages.length === 0 && limit !== undefined && !w.limitRefused) {
      w.limitRefused = x;
      limit = undefined;
      continue;
    }
    w.exchanges.push(x);
    if (!isLocationsAnswer(x)) {
      w.broken = x;
      return w;
    }
    const page = locationsOf(x.json);
    const ids = idsOf(page);
    if (w.pages.length === 1 && ids.length > 0 && ids.join('\n') === w.pages[0].join('\n')) {
      w.unfinished =
        'the page asked for with pagination.cursor equals the first: the business seems not to read the cursor there (the request member is not shown)';
      return w;
    }
    w.pages.push(ids);
    w.locations.push(...page);
    w.unnamed += page.length - ids.length;
    const pagination =
      isObject(x.json) && isObject((x.json as Json).pagination) ? ((x.json as Json).pagination as Json) : {};
    const next = typeof pagination.cursor === 'string' ? pagination.cursor : undefined;
    const leadsOn = pagination.has_next_page === true || (pagination.has_next_page === undefined && next !== undefined);
    if (leadsOn && next === undefined && page.length > 0) {
      w.unfinished = `page ${w.pages.length} says has_next_page true but gives no pagination.cursor to ask for the next`;
    }
    if (!leadsOn || next === undefined || page.length === 0) return w;
    cursor = next;
  }
  w.unfinished = `the search spans more than ${MAX_PAGES} pages of ${limit}; narrow it with fixtures.locations.query`;
  return w;
}

/** The distinct ids of a walk. */
export const idSet = (w: Walk | Json[]): Set<string> => new Set(idsOf(Array.isArray(w) ? w : w.locations));

/** Members of `a` not in `b`. */
export const minus = (a: Iterable<string>, b: Set<string>): string[] => [...new Set(a)].filter((x) => !b.has(x));

/**
 * Locations against amenity keys asked for: those whose amenities map lacks one as an exact key,
 * and those that list no map at all (amenities is optional, so whether they have the keys cannot
 * be seen).
 */
export function amenityMatch(ls: Json[], keys: string[]): { lacking: string[]; unlisted: string[] } {
  const out = { lacking: [] as string[], unlisted: [] as string[] };
  for (const l of ls) {
    const missing = missingAmenities(l, keys);
    if (missing === undefined) out.unlisted.push(idOf(l) ?? '?');
    else if (missing.length)
      out.lacking.push(
        `${idOf(l) ?? '?'} lacks ${missing.join(', ')} (has ${Object.keys(l.amenities as Json).join(', ') || 'none'})`,
      );
  }
  return out;
}

/**
 * The keys a location's amenities map lacks, exactly; undefined when it lists no map (amenities
 * absent, or something other than a map, which the amenity-shape rule judges: one defect, one check).
 */
export function missingAmenities(l: Json, keys: string[]): string[] | undefined {
  if (!isObject(l.amenities)) return undefined;
  const map = l.amenities;
  return keys.filter((k) => !Object.hasOwn(map, k));
}

/** A location's distance from a center, or undefined when it cannot be placed (Geo members are not shown). */
export function distanceOf(l: Json, center: Point): number | undefined {
  const at = readPoint(l.geo);
  return at ? distanceMeters(center, at) : undefined;
}

/** Beyond max beyond doubt: further than the tolerance of a great-circle distance (plus a meter). */
export const beyond = (d: number, max: number) => d > max * (1 + DISTANCE_TOLERANCE) + 1;
/** Within max beyond doubt. */
export const within = (d: number, max: number) => d <= max * (1 - DISTANCE_TOLERANCE);

/** Where locations lie against a radius: those beyond it, and those that cannot be placed. */
export function placeAll(ls: Json[], center: Point, max: number): { beyond: string[]; unplaced: string[] } {
  const out = { beyond: [] as string[], unplaced: [] as string[] };
  for (const l of ls) {
    const d = distanceOf(l, center);
    const name = idOf(l) ?? brief(l, 60);
    if (d === undefined) out.unplaced.push(name);
    else if (beyond(d, max)) out.beyond.push(`${name} at ${Math.round(d)} m`);
  }
  return out;
}

export const NEEDS_CENTER =
  'fixtures.locations.center (with latitude and longitude) and fixtures.locations.max_meters in --config';
/** What the checker can read of a Geo, whose members are not shown. */
export const GEO_READ = 'latitude/longitude, lat with lng or lon, or a GeoJSON Point';

/** The distance of the fixtures, sent as given, and the center read as a point. */
export function fixtureDistance(t: ScenarioContext): { distance: Json; center: Point; max: number } {
  const f = fixturesOf(t);
  const given = t.need(f.center, NEEDS_CENTER);
  const max = t.need(f.max_meters, NEEDS_CENTER);
  const center = t.need(
    readPoint(given),
    `fixtures.locations.center in degrees as ${GEO_READ} (Geo members are not shown), not ${brief(given)}`,
  );
  return { distance: { center: given, max }, center, max };
}
