/**
 * Location search and lookup (Document 2 §POST /locations/search, §POST /locations/lookup):
 * distance, serves and filters evaluated only against what the platform supplied, combined with
 * AND; lookup resolving canonical ids and aliases, merging inputs, and capping its batch.
 */
import { isObject } from '../../dialect/dialect.js';
import { distanceMeters, readPoint } from '../../protocol/geo.js';
import type { Hooks } from '../shared/hooks.js';
import {
  businessError,
  recoverable,
  resource,
  transportError,
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import type {
  Criteria,
  LocationHooks,
  LocationOperation,
  LookupEntry,
  LookupFilter,
  Match,
  Merge,
  Paging,
  Read,
  ResolveAlias,
  Stage,
} from './hooks.js';
import {
  AMENITIES,
  LOCATIONS,
  LOOKUP_BATCH,
  MAX_RADIUS,
  type DailyHour,
  type SeedLocation,
  type Weekday,
} from './locations-data.js';

type Json = Record<string, unknown>;
type HandlerRequest = Request<LocationHooks>;
type LocationHookPoints = Hooks<LocationHooks>;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

/** POST /locations/search */
export function search({ body, hooks }: HandlerRequest): Reply {
  const refused =
    refusal(hooks, { at: 'route', op: 'search' }) ?? refusal(hooks, { at: 'request', op: 'search', body });
  if (refused) return refused;
  const read = readCriteria(hooks, 'search')(body);
  if ('reply' in read) return read.reply;
  const { criteria } = read;
  const words = typeof body.query === 'string' ? body.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  if (words.length === 0) {
    const answer = refusal(hooks, { at: 'no-query', op: 'search' });
    if (answer) return answer;
  }
  const fits = matcher(hooks, criteria);
  const found = LOCATIONS.filter((l) => words.every((w) => searchText(l).includes(w)) && fits(l));
  const added = hooks.run('location.added', [], { op: 'search', body }).filter((l) => !found.includes(l));
  const pagination = isObject(body.pagination) ? body.pagination : {};
  const refusedPage = refusal(hooks, { at: 'page', op: 'search', pagination });
  if (refusedPage) return refusedPage;
  const paging = hooks.run('location.paging', PAGING);
  const asked = typeof pagination.limit === 'number' && pagination.limit >= 1 ? pagination.limit : DEFAULT_LIMIT;
  const limit = hooks.run('location.limit', Math.min(asked, paging.size), {
    fallback: DEFAULT_LIMIT,
    size: paging.size,
  });
  const offset = paging.decode(paging.sent(body));
  if (offset === undefined)
    return transportError(400, 'invalid_cursor', 'pagination.cursor is not one this business issued');
  const matches = hooks.run('location.matches', [...found, ...added], { criteria, offset, fits, query: words });
  const page = matches.slice(offset, offset + limit);
  const next = paging.next(offset, page.length);
  const more = next < matches.length;
  const cursor = paging.encode(next);
  const members = hooks.run(
    'location.pagination',
    { pagination: { has_next_page: more, total_count: matches.length, ...(more ? { cursor } : {}) } },
    { more, cursor },
  );
  const json = hooks.run(
    'location.search-json',
    { locations: page.map((l) => locationJson(hooks, l, criteria, 'search')), ...members },
    { page, criteria },
  );
  return resource(json, hooks.run('location.status', 200, { op: 'search' }));
}

/** POST /locations/lookup */
export function lookup({ body, hooks }: HandlerRequest): Reply {
  const routed = refusal(hooks, { at: 'route', op: 'lookup' });
  if (routed) return routed;
  if (!Array.isArray(body.ids) || !body.ids.every((id) => typeof id === 'string')) {
    return transportError(400, 'invalid_request', 'ids is required: an array of strings');
  }
  const ids = body.ids as string[];
  const refused = refusal(hooks, { at: 'request', op: 'lookup', body });
  if (refused) return refused;
  const read = readCriteria(hooks, 'lookup')(body);
  if ('reply' in read) return read.reply;
  const { criteria } = read;
  const messages: ReplyMessage[] = [];
  const batch = hooks.run('location.batch', LOOKUP_BATCH);
  const distinct = [...new Set(ids)];
  let processed = distinct;
  if (distinct.length > batch.max) {
    const over = refusal(hooks, { at: 'batch', op: 'lookup', max: batch.max });
    if (over) return over;
    processed = batch.cut(ids, distinct, batch.max);
    messages.push({
      type: 'info',
      code: 'batch_limit_applied',
      content: `Only the first ${batch.max} distinct identifiers were processed; ${distinct.length - processed.length} were not.`,
    });
  }
  // Resolution first; distance, serves and filters apply to what resolved.
  const idOf = (l: SeedLocation) => hooks.run('location.id', l.id);
  const aliases = hooks.run('location.aliases', aliasesOf);
  const resolve = (id: string): SeedLocation[] => {
    const canonical = LOCATIONS.find((l) => idOf(l) === id);
    return canonical ? [canonical] : aliases(id, criteria);
  };
  const resolved = new Map(processed.map((id) => [id, resolve(id)]));
  const unknown = processed.filter((id) => resolved.get(id)?.length === 0);
  const found = hooks.run('location.merge', merge, { sent: ids })(processed, resolved);
  if (unknown.length > 0) {
    const refusedUnknown = refusal(hooks, { at: 'unknown', op: 'lookup', unknown });
    if (refusedUnknown) return refusedUnknown;
  }
  for (const id of unknown)
    messages.push({ type: 'info', code: 'not_found', content: `No location with identifier ${id}.` });
  // A location added that no identifier asked for names its own id as input.
  for (const location of hooks.run('location.added', [], { op: 'lookup', body }))
    if (!found.has(location.id)) found.set(location.id, { location, inputs: [idOf(location)] });
  const filter: LookupFilter = (entries, c) => {
    const fits = matcher(hooks, c);
    return entries.filter(({ location }) => fits(location));
  };
  const kept = hooks.run('location.lookup-filter', filter)([...found.values()], criteria);
  const locations = kept.map(({ location, inputs }, index) => ({
    ...locationJson(hooks, location, criteria, 'lookup'),
    inputs: hooks.run(
      'location.inputs',
      inputs.map((id) => ({ id })),
      { entries: kept, index, own: idOf(location), sent: ids },
    ),
  }));
  const said = hooks.run('location.lookup-messages', messages, { sent: ids });
  return resource({ locations, ...(said.length ? { messages: said } : {}) });
}

/** The reply a stage of handling stops short with, if any. */
const refusal = (hooks: LocationHookPoints, stage: Stage) => hooks.run('location.refusal', undefined, stage);

/** How a search pages: pages of at most 50, the cursor in pagination.cursor. */
const PAGING: Paging = {
  size: MAX_LIMIT,
  sent: (body) => (isObject(body.pagination) ? body.pagination.cursor : undefined),
  encode: (offset) => encodeCursor(offset),
  decode: (sent) => (typeof sent === 'string' ? decodeCursor(sent) : 0),
  next: (offset, listed) => offset + listed,
};

/** Aliases are resolved: each to the locations that carry it. */
const aliasesOf: ResolveAlias = (id) => LOCATIONS.filter((l) => l.aliases.includes(id));

/** Every location the identifiers resolve to comes once, naming each identifier that resolved to it. */
const merge: Merge = (processed, resolved) => {
  const found = new Map<string, LookupEntry>();
  for (const id of processed) {
    for (const location of resolved.get(id) ?? []) {
      const entry = found.get(location.id) ?? { location, inputs: [] };
      entry.inputs.push(id);
      found.set(location.id, entry);
    }
  }
  return found;
};

/** How the criteria of a request are read, with the rejection of a distance the business cannot honour. */
const readCriteria = (hooks: LocationHookPoints, op: LocationOperation) =>
  hooks.run('location.read', (body) => criteriaOf(body, hooks, op), { op });

function criteriaOf(body: Json, hooks: LocationHookPoints, op: LocationOperation): Read {
  const criteria: Criteria = {};
  const context = isObject(body.context) ? body.context : undefined;
  if (typeof context?.address_country === 'string') criteria.contextCountry = context.address_country;
  if (body.distance !== undefined) {
    const distance = isObject(body.distance) ? body.distance : {};
    const center = readPoint(distance.center);
    const max = distance.max;
    if (!center || typeof max !== 'number' || !Number.isFinite(max)) {
      return {
        reply: reject(hooks, 'distance needs a center with latitude and longitude, and a numeric max in meters', op),
      };
    }
    const { supported, unlimited } = hooks.run('location.radius', { supported: MAX_RADIUS, unlimited: false });
    const tooFar = max > supported && !unlimited;
    if (max <= 0 || tooFar) {
      const rejected = reject(
        hooks,
        `distance.max must be above 0 and at most ${supported} meters; ${max} cannot be honoured`,
        op,
        max <= 0 ? 422 : 400,
      );
      const outcome = hooks.run('location.unhonoured', { reply: rejected }, { center, max, supported, tooFar });
      if ('reply' in outcome) return outcome;
      Object.assign(criteria, outcome);
    } else criteria.distance = { center, max };
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
  if (Array.isArray(filters.items)) criteria.items = filters.items.filter((i): i is string => typeof i === 'string');
  const instant = isObject(filters.hours) ? filters.hours.open_at : undefined;
  if (typeof instant === 'string' && !Number.isNaN(Date.parse(instant))) criteria.openAt = new Date(instant);
  return { criteria };
}

/** A distance the business cannot honour is refused, never clamped (Document 2 §Resources and their fields). */
function reject(hooks: LocationHookPoints, content: string, op: LocationOperation, status: 400 | 422 = 400): Reply {
  return hooks.run(
    'location.distance-rejection',
    businessError([recoverable('invalid_distance', content, '$.distance.max')]),
    { op, content, status },
  );
}

/** How a location is matched against the criteria: a test for each one supplied, all to pass (AND). */
function matcher(hooks: LocationHookPoints, c: Criteria): (l: SeedLocation) => boolean {
  const tests: Match['tests'] = {};
  const { distance, serves: target, amenities, items, openAt: at } = c;
  if (distance) tests.distance = (l) => distanceMeters(distance.center, l.geo) <= distance.max;
  if (target) tests.serves = (l) => serves(l, target);
  if (amenities) tests.amenities = (l) => amenities.every((a) => l.amenities.includes(a));
  if (items) tests.items = (l) => items.every((i) => l.stock.includes(i));
  if (at) tests.hours = (l) => openAt(l, at);
  const match = hooks.run('location.match', { tests, combine: (results) => results.every(Boolean) }, { criteria: c });
  const list = Object.values(match.tests);
  return (l) => list.length === 0 || match.combine(list.map((test) => test(l)));
}

function serves(l: SeedLocation, s: NonNullable<Criteria['serves']>): boolean {
  const byPoint = !s.point || distanceMeters(s.point, l.geo) <= l.serves.radius_m;
  const locality = s.address?.address_locality;
  const byAddress =
    typeof locality !== 'string' || l.serves.localities.some((x) => x.toLowerCase() === locality.toLowerCase());
  return byPoint && byAddress;
}

const searchText = (l: SeedLocation) => `${l.name} ${Object.values(l.address).join(' ')}`.toLowerCase();

/** A location on the wire (Document 2 §Location). */
function locationJson(hooks: LocationHookPoints, l: SeedLocation, c: Criteria, op: LocationOperation): Json {
  const amenities = hooks.run(
    'location.amenities',
    Object.fromEntries(l.amenities.map((key) => [key, { description: AMENITIES[key] }])),
  );
  const schedule = l.hours !== undefined || l.exception_hours !== undefined;
  const timezone = hooks.run('location.timezone', l.timezone, { location: l, criteria: c });
  return hooks.run(
    'location.json',
    {
      id: hooks.run('location.id', l.id),
      name: l.name,
      address: l.address,
      geo: hooks.run('location.geo', { ...l.geo }),
      ...(l.amenities.length ? { amenities } : {}),
      ...(l.hours ? { hours: l.hours } : {}),
      ...(l.exception_hours ? { exception_hours: l.exception_hours } : {}),
      ...(schedule && timezone ? { timezone } : {}),
    },
    { location: l, criteria: c, op },
  );
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
