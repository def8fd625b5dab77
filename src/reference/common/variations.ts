import { isObject } from '../../dialect/dialect.js';
import { distanceMeters } from '../../protocol/geo.js';
import { businessError, recoverable, resource, transportError } from '../shared/replies.js';
import { recordsFor } from '../records.js';
import type { Plugs } from '../shared/hooks.js';
import type { CommonHooks } from './hooks.js';
import type { LayerHooks } from '../shared/layer-hooks.js';
import { LOCALITIES, LOCATIONS, type SeedLocation } from './locations-data.js';

const { variation } = recordsFor<CommonHooks & Pick<LayerHooks, 'request.body-refusal'>>();

/** Buyer addresses this business distrusts in signals: public resolvers, never a buyer's own. */
const DISTRUSTED_IPS = ['8.8.8.8', '8.8.4.4', '1.1.1.1', '9.9.9.9'];

type Json = Record<string, unknown>;

/** Under location-search-small-pages: every page holds at most this many. */
const SMALL_PAGE = 3;
/** Under location-search-context-relevance: the matches a query with a context answers. */
const RELEVANT = 5;
/** Under location-search-page-limit-20: the largest pagination.limit accepted. */
const PAGE_LIMIT_20 = 20;
/** Under location-radius-400km: the largest distance.max honoured (the clamping faults clamp to it). */
const WIDE_RADIUS = 400_000;
/** Under location-lookup-alias-several: aliases that resolve to more locations than their own. */
const SEVERAL: Record<string, string[]> = { alfama: ['LIS-001'] };
/** Under the abroad variations: whether a location is outside Portugal, the business's home country. */
const abroad = (l: SeedLocation) => l.address.address_country !== 'PT';
/** Under ask-conversation-start-noted: the note every answer starting a conversation carries. */
const CONVERSATION_STARTED = {
  type: 'info',
  code: 'conversation_started',
  content: 'This answer starts a new conversation.',
} as const;

/** What a business answering without conversations hides: every fault of a conversation or of its follow-up. */
const STATELESS_HIDES = [
  'ask-conversation-without-id',
  'ask-expires-at-not-rfc3339',
  'ask-conversation-forgotten',
  'ask-follow-up-500',
  'ask-replay-appends-turn',
  // With no conversation resolved to compare with, a message on every answer cannot be told from a note on every start.
  'ask-unknown-id-silent-among-notes',
];

/** Every answer that starts a conversation notes it, one whose id did not resolve too: the same note. */
const START_NOTED: Plugs<CommonHooks> = {
  'ask.unknown-conversation-note': (note) => note && CONVERSATION_STARTED,
  'ask.conversation-notes': (notes, { started, sent }) =>
    started && sent === undefined ? [...notes, CONVERSATION_STARTED] : notes,
};
/** A location's JSON without some members, the others in their order. */
const without = (json: Json, ...members: string[]): Json =>
  Object.fromEntries(Object.entries(json).filter(([member]) => !members.includes(member)));

/** Variations of the common service module (Document 2): locations and ask. */
export const COMMON_VARIATIONS = [
  // Locations
  variation({
    name: 'location-ids-url-special',
    capability: 'common.location.lookup',
    description:
      'Location ids carry characters a URL must escape ("LIS-001/a?b=1&c#d %2F+"). A checker that normalises, trims or escapes ids before comparing them loses the location.',
    permitted_by:
      'Document 2 §Location: id "string", a "Stable, opaque, business-scoped identifier"; inputs preserve each identifier "exactly as supplied".',
    plug: { 'location.id': (id) => `${id}/a?b=1&c#d %2F+` },
  }),
  variation({
    name: 'location-lookup-batch-max-1',
    capability: 'common.location.lookup',
    description:
      'Lookup processes one distinct identifier per request. A checker that sends several ids at once and expects them all resolved, or needs two distinct ids in one request to judge anything, fails it.',
    permitted_by: 'Document 2 §Limits: Lookup batch "The maximum number is not shown."',
    // With one id per request, duplicates cannot be miscounted, nor several ids merged, and the batch check needs no
    // unknown id.
    hides: [
      'location-lookup-batch-counts-duplicates',
      'location-lookup-inputs-first-only',
      'location-lookup-inputs-canonical',
      'location-lookup-unknown-404',
      'location-lookup-inputs-shifted',
    ],
    plug: { 'location.batch': (batch) => ({ ...batch, max: 1, stated: true }) },
  }),
  variation({
    name: 'location-lookup-batch-max-4',
    capability: 'common.location.lookup',
    description:
      'Lookup processes four distinct identifiers per request, and the config does not say so. A checker must find the maximum from where batch_limit_applied appears, and split larger lookups.',
    permitted_by: 'Document 2 §Limits: Lookup batch "The maximum number is not shown."',
    conflicts: ['location-lookup-batch-max-1'],
    // The maximum is found through batch_limit_applied on unknown ids: a business that refuses those, or says nothing,
    // leaves it unknown.
    hides: [
      'location-lookup-endpoint-missing',
      'location-lookup-batch-400',
      'location-lookup-unknown-404',
      'location-lookup-batch-no-message',
    ],
    plug: { 'location.batch': (batch) => ({ ...batch, max: 4, stated: false }) },
  }),
  variation({
    name: 'location-lookup-batch-max-2',
    capability: 'common.location.lookup',
    description:
      'Lookup processes two distinct identifiers per request, as the config says. A checker that needs three distinct ids in one request to merge an id with its alias, or that falls back to a weaker merge, misjudges it.',
    permitted_by: 'Document 2 §Limits: Lookup batch "The maximum number is not shown."',
    conflicts: ['location-lookup-batch-max-1', 'location-lookup-batch-max-4', 'location-lookup-no-batch-max'],
    plug: { 'location.batch': (batch) => ({ ...batch, max: 2, stated: true }) },
  }),
  variation({
    name: 'location-lookup-batch-max-200',
    capability: 'common.location.lookup',
    description:
      'Lookup processes 200 distinct identifiers per request, and the config does not say so. A checker must probe batches past 128 ids to find the maximum from where batch_limit_applied appears.',
    permitted_by: 'Document 2 §Limits: Lookup batch "The maximum number is not shown."',
    conflicts: [
      'location-lookup-batch-max-1',
      'location-lookup-batch-max-2',
      'location-lookup-batch-max-4',
      'location-lookup-no-batch-max',
    ],
    // The maximum is found through batch_limit_applied on unknown ids, as under location-lookup-batch-max-4.
    hides: [
      'location-lookup-endpoint-missing',
      'location-lookup-batch-400',
      'location-lookup-unknown-404',
      'location-lookup-batch-no-message',
    ],
    plug: { 'location.batch': (batch) => ({ ...batch, max: 200, stated: false }) },
  }),
  variation({
    name: 'location-lookup-without-search',
    capability: 'common.location.lookup',
    description:
      'The profile advertises location lookup and ask, not location search. A checker that needs search to judge lookup (which locations serve a target, which ids to look up) must say so, not fail or call an endpoint never advertised.',
    permitted_by:
      'Document 2 §What the service does: "Each is adopted independently; a business implements the endpoint of each capability it advertises."',
    plug: { 'location.capabilities': (capabilities) => capabilities.filter((c) => c !== 'common.location.search') },
  }),
  variation({
    name: 'location-geo-withheld',
    capability: 'common.location.search',
    description:
      'Locations carry no geo: the business filters by distance on coordinates it keeps to itself. A checker that fails a location it cannot place reports a false failure.',
    permitted_by: 'Document 2 §Location: geo, Required "no".',
    // Nothing can be placed, so a radius broken or ignored is reported as info.
    hides: [
      'location-search-distance-ignored',
      'location-lookup-distance-ignored',
      'location-lookup-distance-before-resolution',
      'location-amenities-matched-by-label',
    ],
    plug: { 'location.json': ({ geo: _, ...json }) => json },
  }),
  variation({
    name: 'location-search-reranked-by-context',
    capability: 'common.location.search',
    description:
      "With a context, search ranks the locations nearest the context's country first; the set is unchanged. A checker comparing the order, or the first page, with and without context sees a filter where there is none.",
    permitted_by:
      'Document 1 §Shared value objects: Context "Provisional buyer signals for localisation and relevance"; Document 2 rule 1 forbids only deriving operands from it.',
    plug: {
      'location.matches': (matches, { criteria: { contextCountry } }) => {
        const near = contextCountry ? LOCALITIES[contextCountry] : undefined;
        return near ? [...matches].sort((a, b) => distanceMeters(near, a.geo) - distanceMeters(near, b.geo)) : matches;
      },
    },
  }),
  variation({
    name: 'location-search-context-relevance',
    capability: 'common.location.search',
    description:
      "A search with a query and a context answers the query's 5 most relevant matches, relevance ranking first those nearest the place the context names; without a context, or without a query, every match is listed. A checker that requires the same locations for a query with and without a context sees a filter where there is relevance.",
    permitted_by:
      'Document 1 §Shared value objects: Context "Provisional buyer signals for localisation and relevance"; "Businesses SHOULD use them when verified inputs … are absent". Document 2 §POST /locations/search: query "Free-text natural-language location query": which matches it finds is not fixed; rule 1 binds distance, serves and filters.items only.',
    plug: {
      'location.matches': (matches, { criteria: { contextCountry }, query }) => {
        const near = contextCountry ? LOCALITIES[contextCountry] : undefined;
        if (!near || query.length === 0) return matches;
        return [...matches]
          .sort((a, b) => distanceMeters(near, a.geo) - distanceMeters(near, b.geo))
          .slice(0, RELEVANT);
      },
    },
  }),
  variation({
    name: 'location-search-query-ranks-only',
    capability: 'common.location.search',
    description:
      'When a search carries distance, serves or filters, its query only ranks: every location meeting them is listed, the query matches first. A checker that expects the query to narrow a structured search sees locations it did not ask for.',
    permitted_by:
      'Document 2 §POST /locations/search: query "Free-text natural-language location query"; distance is "Combined by AND with `serves` and every filter", and the query is not among them.',
    plug: {
      'location.matches': (matches, { criteria, fits }) => {
        const { distance, serves, amenities, items, openAt } = criteria;
        if (!distance && !serves && !amenities && !items && !openAt) return matches;
        return [...matches, ...LOCATIONS.filter((l) => fits(l) && !matches.includes(l))];
      },
    },
  }),
  variation({
    name: 'location-search-nearest-first',
    capability: 'common.location.search',
    description:
      'A search with distance lists the locations nearest the center first. A checker that compares the pages of a distance search with those of another by position sees locations moved.',
    permitted_by: 'Not shown: the order of search results; Document 2 fixes which locations match, not their rank.',
    plug: {
      'location.matches': (matches, { criteria: { distance } }) =>
        distance
          ? [...matches].sort((a, b) => distanceMeters(distance.center, a.geo) - distanceMeters(distance.center, b.geo))
          : matches,
    },
  }),
  variation({
    name: 'location-lookup-reordered',
    capability: 'common.location.lookup',
    description:
      'Lookup lists the locations it found in the reverse of request order. A checker that pairs locations with identifiers by position fails it.',
    permitted_by: 'Not shown: Document 2 §POST /locations/lookup says nothing of the order of locations.',
    plug: { 'location.lookup-filter': (filter) => (entries, criteria) => [...filter(entries, criteria)].reverse() },
  }),
  variation({
    name: 'location-lookup-inputs-each-sent',
    capability: 'common.location.lookup',
    description:
      'An identifier sent twice is recorded twice in the inputs of its location, once for each time it was sent. A checker that takes a repeated inputs entry for a stray one fails it.',
    permitted_by:
      'Document 2 §Location: inputs, "each entry preserves one identifier exactly as supplied"; Document 2 §POST /locations/lookup: "one returned location carries all matching `inputs` entries"; how repeats are recorded is not shown.',
    plug: {
      'location.merge':
        (merge, { sent }) =>
        (processed, resolved) =>
          merge(
            sent.filter((id) => processed.includes(id)),
            resolved,
          ),
    },
  }),
  variation({
    name: 'location-lookup-not-found-with-path',
    capability: 'common.location.lookup',
    description:
      'Each not_found message names the identifier alone as its content and points at it with a path, $.ids[2]. A checker that reads the path as a field the platform must supply, or wants prose, fails it.',
    permitted_by:
      'Document 2 §POST /locations/lookup: "MAY add informational `not_found` messages"; Document 1 §Shared value objects: Message `path` (string, JSON path of the field concerned).',
    plug: {
      'location.lookup-messages': (messages, { sent }) =>
        messages.map((m) => {
          const id = m.code === 'not_found' ? sent.find((s) => m.content.includes(s)) : undefined;
          return id === undefined ? m : { ...m, content: id, path: `$.ids[${sent.indexOf(id)}]` };
        }),
    },
  }),
  variation({
    name: 'location-lookup-no-not-found',
    capability: 'common.location.lookup',
    description:
      'Unknown identifiers get no not_found message: they are simply absent. A checker that requires the message fails it.',
    permitted_by:
      'Document 2 §POST /locations/lookup: "Unknown identifiers give fewer or no locations and MAY add informational `not_found` messages."',
    hides: ['location-lookup-not-found-warning'],
    plug: { 'location.lookup-messages': (messages) => messages.filter((m) => m.code !== 'not_found') },
  }),
  variation({
    name: 'location-aliases-not-accepted',
    capability: 'common.location.lookup',
    description:
      'Lookup resolves canonical ids only; the aliases the config lists come back unresolved. A checker that fails the lookup, or the merge and distance checks, for it is wrong.',
    permitted_by:
      'Document 2 §POST /locations/lookup: ids "Canonical `Location.id` values MUST be supported; secondary or alias identifiers MAY be."',
    // An alias is an unknown id here: nothing of it to merge, filter or name.
    hides: [
      'location-lookup-distance-before-resolution',
      'location-lookup-serves-before-resolution',
      'location-lookup-inputs-canonical',
      'location-lookup-inputs-first-only',
      'location-lookup-unknown-404',
    ],
    plug: { 'location.aliases': () => () => [] },
  }),
  variation({
    name: 'location-search-small-pages',
    capability: 'common.location.search',
    description:
      'Search pages hold at most 3 locations, whatever pagination.limit asks for. A checker that compares single pages, instead of walking every cursor, sees locations missing.',
    permitted_by:
      'Document 2 §POST /locations/search: pagination "Cursor based"; the page size of location search is not shown.',
    // Every walk spans pages here, so a skipping cursor loses locations in the filter checks too.
    hides: ['location-search-cursor-skips'],
    plug: { 'location.paging': (paging) => ({ ...paging, size: SMALL_PAGE }) },
  }),
  variation({
    name: 'location-any-radius',
    capability: 'common.location.search',
    description:
      'Any positive distance.max is honoured, a trillion meters too: such a search returns every location. A checker that requires the huge radius to be rejected fails it.',
    permitted_by:
      'Document 2 §Resources and their fields: "A business unable to honour the value MUST reject the request": one able to honour it answers.',
    hides: ['location-max-clamped'],
    plug: { 'location.radius': (radius) => ({ ...radius, unlimited: true }) },
  }),
  variation({
    name: 'location-search-needs-query',
    capability: 'common.location.search',
    description:
      "A search without query finds no location (an info message asks for one). A checker that learns which locations serve a target from a search without query expects none to serve, and fails lookup's serves.",
    permitted_by:
      'Document 2 §POST /locations/search: query, Required "no", "Free-text natural-language location query"; what a search without one returns is not shown.',
    plug: {
      'location.refusal': (reply, stage) =>
        reply ??
        (stage.at === 'no-query'
          ? resource({
              locations: [],
              messages: [
                {
                  type: 'info',
                  code: 'query_needed',
                  content: 'Say what you are looking for in query to find locations.',
                },
              ],
            })
          : undefined),
    },
  }),
  variation({
    name: 'location-amenity-keys-pattern-edges',
    capability: 'common.location.search',
    description:
      'Locations with amenities also list x.example.wifi (a first segment of one letter) and io.example.v (a first segment of two, a last of one). A checker stricter than the identifier pattern fails them.',
    permitted_by:
      'Document 2 §Location: Amenity identifier "pattern `^[a-z](?:[a-z0-9-]*[a-z0-9])?(?:\\\\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9_])?)+$`".',
    plug: {
      'location.json': (json) =>
        json.amenities
          ? {
              ...json,
              amenities: {
                ...(json.amenities as Json),
                'x.example.wifi': { description: 'Guest Wi-Fi' },
                'io.example.v': { description: 'Vending machines' },
              },
            }
          : json,
    },
  }),
  variation({
    name: 'location-timezone-one-segment',
    capability: 'common.location.search',
    description:
      'The Tokyo location says timezone "Japan", the IANA name of one segment that links to Asia/Tokyo. A checker that wants Area/Location fails it.',
    permitted_by: 'Document 2 §Location: timezone "IANA time zone identifier owned by the business".',
    // A zone name IANA keeps as a link of one segment (backward), for Asia/Tokyo wherever it comes from (a
    // fault may put it in another location's place).
    plug: { 'location.json': (json) => (json.timezone === 'Asia/Tokyo' ? { ...json, timezone: 'Japan' } : json) },
  }),
  variation({
    name: 'location-search-amenities-unlisted',
    capability: 'common.location.search',
    description:
      'Search answers list no amenities map (lookup does); filters.amenities still applies. A checker that fails a location for lacking an amenity it cannot see fails every filtered search.',
    permitted_by: 'Document 2 §Location: amenities, Required "no".',
    // Search shows no map: its amenity faults show in lookup alone, or not at all.
    hides: [
      'location-amenity-prefix',
      'location-amenities-any',
      'location-amenities-matched-by-label',
      'location-amenity-no-description',
      'location-amenity-key-single-segment',
    ],
    plug: { 'location.json': (json, { op }) => (op === 'search' ? without(json, 'amenities') : json) },
  }),
  variation({
    name: 'location-lookup-abroad-no-amenities',
    capability: 'common.location.lookup',
    description:
      "Lookup lists the locations outside Portugal, the business's home country, without an amenities map (filters.amenities still applies). A checker that fails a location whose amenities it cannot see, or that takes a missing map for an empty one, reports a false failure.",
    permitted_by: 'Document 2 §Location: amenities, Required "no".',
    plug: {
      'location.json': (json, { location, op }) =>
        op === 'lookup' && abroad(location) ? without(json, 'amenities') : json,
    },
  }),
  variation({
    name: 'location-lookup-hours-note',
    capability: 'common.location.lookup',
    description:
      "Every lookup answer carries an info message of the business's own code, hours_may_vary, beside any not_found. A checker that takes every message of an answer for unknown ids as a not_found judges the note.",
    permitted_by: 'Document 1 §Errors: "The complete error code registry: not shown."',
    plug: {
      'location.lookup-messages': (messages) => [
        ...messages,
        { type: 'info', code: 'hours_may_vary', content: 'Opening hours may vary on public holidays.' },
      ],
    },
  }),
  variation({
    name: 'location-distance-rejected-by-status',
    capability: 'common.location.search',
    description:
      'A distance.max the business cannot honour is refused with an HTTP error, not a business error: 400 for a radius beyond 100 km, 422 for one of zero or below. A checker that takes only a business error as a rejection fails it.',
    permitted_by:
      'Document 2 §Resources and their fields: "A business unable to honour the value MUST reject the request"; how it rejects is not shown.',
    // Lookup always answers HTTP 200.
    plug: {
      'location.distance-rejection': (reply, { op, content, status }) =>
        op === 'search' ? transportError(status, 'invalid_distance', content) : reply,
    },
  }),
  variation({
    name: 'location-geo-lat-lng',
    capability: 'common.location.search',
    description:
      'Geo is written {lat, lng}, in locations, in distance.center and in serves.point. A checker that reads only latitude and longitude can place nothing.',
    permitted_by:
      'Document 2 §Resources and their fields: "Member lists of Geo … not shown beyond what is stated above."',
    plug: { 'location.geo': (geo) => ({ lat: geo.latitude, lng: geo.longitude }) },
  }),
  variation({
    name: 'location-lookup-alias-several',
    capability: 'common.location.lookup',
    description:
      'The alias alfama resolves to two locations, Alfama and Baixa, each carrying it in inputs. A checker that expects one location per identifier fails it.',
    permitted_by:
      'Document 2 §POST /locations/lookup: "The array may hold fewer locations than identifiers … or more (one identifier resolving to several)."',
    // Alfama names a neighbourhood, and so two locations: its own, and the Baixa's.
    plug: {
      'location.aliases': (aliases) => (id, criteria) => {
        const own = aliases(id, criteria);
        const more = SEVERAL[id] ?? [];
        return own.length ? LOCATIONS.filter((l) => own.includes(l) || more.includes(l.id)) : own;
      },
    },
  }),
  variation({
    name: 'location-lookup-no-batch-max',
    capability: 'common.location.lookup',
    description:
      'Lookup has no batch maximum, and the config names none. A checker that guesses a maximum, or fails for lack of batch_limit_applied, fails it.',
    permitted_by:
      'Document 2 §Limits: Lookup batch "The maximum number is not shown."; rule 4 applies only "When a lookup exceeds the business\'s batch maximum".',
    conflicts: ['location-lookup-batch-max-1', 'location-lookup-batch-max-4'],
    // No maximum: nothing to cap, keep, count or announce.
    hides: [
      'location-lookup-batch-400',
      'location-lookup-batch-keeps-last',
      'location-lookup-batch-counts-duplicates',
      'location-lookup-batch-no-message',
      'location-lookup-batch-limit-warning',
      'location-lookup-unknown-404',
      'location-lookup-endpoint-missing',
    ],
    plug: { 'location.batch': (batch) => ({ ...batch, max: Infinity, stated: false }) },
  }),
  variation({
    name: 'location-search-pagination-minimal',
    capability: 'common.location.search',
    description:
      'A search page with more to come carries only pagination.cursor; the last page carries no pagination: no has_next_page, no total_count. A checker that needs has_next_page stops after one page.',
    permitted_by:
      'Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)", none required.',
    // A cursor where one is given, and nothing else.
    plug: {
      'location.pagination': (members) => {
        const cursor = (members.pagination as Json | undefined)?.cursor;
        return cursor !== undefined ? { pagination: { cursor } } : {};
      },
    },
  }),
  variation({
    name: 'location-search-page-limit-20',
    capability: 'common.location.search',
    description:
      'A pagination.limit above 20 is refused with HTTP 400. A checker that asks for large pages and gives up when refused judges no search.',
    permitted_by: 'Document 1 §Limits: "Maximum page size: not shown."',
    plug: {
      'location.refusal': (reply, stage) =>
        reply ??
        (stage.at === 'page' && typeof stage.pagination.limit === 'number' && stage.pagination.limit > PAGE_LIMIT_20
          ? transportError(400, 'invalid_request', `pagination.limit must be at most ${PAGE_LIMIT_20}`)
          : undefined),
    },
  }),
  variation({
    name: 'location-radius-400km',
    capability: 'common.location.search',
    description:
      "distance.max is honoured up to 400 km, not 100 km, and the config names 1,000 km as the radius the business cannot honour (fixtures.locations.unsupported_max): short of half the Earth's circumference, so an honoured one would hold only the locations within it. A checker that expects every location under it, or sends its own huge radius, judges another radius than the business's.",
    permitted_by:
      'Document 2 §Limits: Location distance `max` "Inclusive, in meters; an unsupported value is rejected, not clamped": which values a business supports is not shown.',
    // A radius short of half the circumference: a search that ignores distance then answers locations beyond it.
    hides: ['location-search-distance-ignored'],
    // The run config names 1,000 km as a radius it cannot honour: short of half the Earth's circumference.
    plug: {
      'location.radius': (radius) => ({ ...radius, supported: WIDE_RADIUS }),
      'location.unsupported-max': () => 1_000_000,
    },
  }),
  variation({
    name: 'location-search-abroad-brief',
    capability: 'common.location.search',
    description:
      "Search lists the locations outside Portugal, the business's home country, without geo and without an amenities map (lookup gives them whole). A checker that fails a location it cannot place, or one whose amenities it cannot see, reports a false failure.",
    permitted_by: 'Document 2 §Location: geo, Required "no"; amenities, Required "no".',
    plug: {
      'location.json': (json, { location, op }) =>
        op === 'search' && abroad(location) ? without(json, 'geo', 'amenities') : json,
    },
  }),
  variation({
    name: 'location-hours-filter-at',
    capability: 'common.location.search',
    description:
      "filters.hours takes its instant as `at`; an hours filter without it is refused with HTTP 400 (a missing required parameter). A checker that sends the config's open_at and fails the refusal, or judges the filter, is wrong.",
    permitted_by:
      'Document 2 §Resources and their fields: "Member lists of … the `hours` filter object: not shown beyond what is stated above."',
    // The instant is filters.hours.at, required when filters.hours is sent.
    plug: {
      'location.read': (read) => (body) => {
        const got = read(body);
        const filters = isObject(body.filters) ? body.filters : {};
        if ('reply' in got || filters.hours === undefined) return got;
        const at = isObject(filters.hours) ? filters.hours.at : undefined;
        if (typeof at !== 'string' || Number.isNaN(Date.parse(at)))
          return {
            reply: transportError(
              400,
              'invalid_request',
              'filters.hours.at is required: the RFC 3339 instant to be open at',
            ),
          };
        return { criteria: { ...got.criteria, openAt: new Date(at) } };
      },
    },
  }),
  variation({
    name: 'location-search-cursor-top-level',
    capability: 'common.location.search',
    description:
      'Search reads the cursor from a top-level cursor member and ignores pagination.cursor. A checker must say its cursor went unread, not fail the walk.',
    permitted_by:
      'Document 1 §POST /catalog/search: "The name of the request member that carries the cursor is not shown."; Document 2 §POST /locations/search: pagination "Cursor based; the business supports cursor pagination under the shared contract."',
    // With pages of 3 no search could be walked: the composition of every variation would judge nothing of locations.
    conflicts: ['location-search-small-pages'],
    plug: { 'location.paging': (paging) => ({ ...paging, sent: (body) => body.cursor }) },
  }),
  variation({
    name: 'location-negative-max-honoured',
    capability: 'common.location.search',
    description:
      'A distance.max of zero or below is applied as given: no location lies within it, so the search answers an empty locations array, not an error. A checker that requires a rejection fails it.',
    permitted_by:
      'Document 2 §Resources and their fields: `max` "inclusive radius in meters"; "A business unable to honour the value MUST reject the request": one that honours it answers.',
    plug: {
      'location.unhonoured': (outcome, { center, max }) => (max <= 0 ? { distance: { center, max } } : outcome),
    },
  }),
  variation({
    name: 'location-search-last-page-cursor',
    capability: 'common.location.search',
    description:
      'The last page of a search carries a cursor too (with has_next_page false), and it leads to an empty page. A checker that reads a cursor as "more follow" walks past the end.',
    permitted_by:
      'Not shown: Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)" says nothing of a cursor on the last page.',
    // The last page carries the cursor too, leading to an empty page.
    plug: {
      'location.pagination': (members, { more, cursor }) =>
        more ? members : { ...members, pagination: { ...(members.pagination as Json | undefined), cursor } },
    },
  }),
  // Ask
  variation({
    name: 'ask-conversations-without-expiry',
    capability: 'common.ask',
    description: 'Conversations carry an id but no expires_at. A checker that requires expires_at fails them.',
    permitted_by: 'Document 2 §Ask: Conversation "`expires_at` (string, optional, RFC 3339 …)".',
    hides: ['ask-expires-at-not-rfc3339'],
    plug: { 'ask.expires-at': () => undefined },
  }),
  variation({
    name: 'ask-answer-markdown',
    capability: 'common.ask',
    description:
      'Answers carry markdown beside plain. A checker with a closed answer shape, or one that reads markdown as the answer, fails them.',
    permitted_by:
      'Document 2 §Ask: Answer "a Description with `plain` required and `markdown` or html optional alternative encodings".',
    plug: { 'ask.answer': (json, { answer }) => ({ ...json, markdown: answer.markdown }) },
  }),
  variation({
    name: 'ask-no-conversation',
    capability: 'common.ask',
    description:
      'No answer carries a conversation: every question stands alone. A checker that requires a conversation, or needs one to follow up, fails it.',
    permitted_by:
      'Document 2 §POST /ask: Response "`conversation` (optional)"; rule 3 "When a `conversation` is returned …".',
    hides: STATELESS_HIDES,
    plug: { 'ask.conversation-json': () => undefined },
  }),
  variation({
    name: 'ask-answer-links',
    capability: 'common.ask',
    description:
      'Answers carry links: to the products they are about (with the product id in the link id) and to policy pages (without one). A checker that requires an id on every link fails them.',
    permitted_by:
      'Document 2 §POST /ask: Response "`links` (optional array of Link)"; §Ask: the link id only "when a link refers to an addressable resource".',
    plug: {
      'ask.links': (links, { answer, base }) => [
        ...links,
        ...answer.links.map(({ path, ...link }) => ({ ...link, url: `${base}${path}` })),
      ],
    },
  }),
  variation({
    name: 'ask-extra-message',
    capability: 'common.ask',
    description:
      'Every answer carries an info message saying it was written automatically. A checker that takes any message as an error, or expects none, fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 4 "Warnings or info notes about an answer ride in `messages`"; messages optional.',
    plug: {
      'ask.answer-messages': (messages) => [
        ...messages,
        {
          type: 'info',
          code: 'generated_answer',
          content: 'This answer was written automatically from the catalog and store policies.',
        },
      ],
    },
  }),
  variation({
    name: 'ask-unknown-conversation-warning',
    capability: 'common.ask',
    description:
      'An unknown conversation id is noted with a warning, not an info message. A checker that requires a particular type or code fails it.',
    permitted_by: 'Document 2 §POST /ask: rule 3 "is noted in `messages`": no type or code is given.',
    plug: { 'ask.unknown-conversation-note': (note) => note && { ...note, type: 'warning' } },
  }),
  variation({
    name: 'ask-schema-errors-422',
    capability: 'common.ask',
    description:
      'An ask body that breaks the ask schema (query not a string, conversation not an object) gets HTTP 422 with code and content. A checker that takes only 400 as a refusal fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 1 "The business validates request bodies against the ask schema."; what it answers to a body that fails is not shown (§Errors names 400 for malformed JSON and a missing required parameter, neither of which these are).',
    plug: {
      'ask.refusal': (refusal, at) =>
        at.step === 'schema' ? transportError(422, 'invalid_request', at.problem) : refusal,
    },
  }),
  variation({
    name: 'ask-schema-errors-as-messages',
    capability: 'common.ask',
    description:
      'An ask body that breaks the ask schema gets a business error: HTTP 200, status error, a recoverable error message. A checker that takes only an HTTP 4xx as a refusal fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 1 "The business validates request bodies against the ask schema."; Document 1 §Conventions 7: "business outcomes (including not found and validation problems) use HTTP 200 with the response envelope and a `messages` array".',
    plug: {
      'ask.refusal': (refusal, at) =>
        at.step === 'schema' ? businessError([recoverable('invalid', at.problem)]) : refusal,
    },
  }),
  variation({
    name: 'ask-conversation-once',
    capability: 'common.ask',
    description:
      'The conversation is returned when it starts, not with the answers that continue it (the id stays the one to send). A checker that requires the conversation member on every answer fails it.',
    permitted_by:
      'Document 2 §Ask: Response "`conversation` (optional)"; "When a `conversation` is returned, the business SHOULD retain its history".',
    // A conversation continued under the id it was first given is not returned again.
    plug: {
      'ask.conversation-json': (json, { sent, id }) => (sent === id ? undefined : json),
    },
  }),
  variation({
    name: 'ask-conversation-id-per-turn',
    capability: 'common.ask',
    description:
      'Every answer issues a new conversation id, the handle for the next turn; an id issued earlier still continues its history. A checker that requires the follow-up answered under the id it sent warns on it.',
    permitted_by:
      'Document 2 §Ask: Conversation "`id` (string, required; opaque, issued by the business)"; rule 3 asks only that "a follow-up with the same `id` builds on it".',
    // Each answer hands out a new id for the same history; earlier ids still lead to it.
    plug: { 'ask.handle': (_handle, { issue }) => issue() },
  }),
  variation({
    name: 'ask-conversation-start-noted',
    capability: 'common.ask',
    description:
      'Every answer that starts a conversation carries the same info note, conversation_started, and so does one whose conversation id did not resolve: that is its note. A checker that takes for the note only a message a fresh question does not get fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 3 "An unresolved `id` starts a new conversation and is noted in `messages`": what the note says, and whether other answers carry it, is not shown.',
    // A forgotten conversation's follow-up carries the note the first answer carried too: nothing tells it apart.
    hides: ['ask-conversation-forgotten'],
    plug: START_NOTED,
  }),
  variation({
    name: 'ask-unknown-note-reworded',
    capability: 'common.ask',
    description:
      'The unknown-id note keeps its code, conversation_not_found, but its wording changes from one answer to the next, as a writer of answers would phrase it. A checker that knows the note only by its exact text, and so asks it to come alike twice, fails it.',
    permitted_by: 'Document 2 §POST /ask: rule 3 "is noted in `messages`": what the note says is not shown.',
    plug: {
      'ask.conversation-notes': (notes, { id }) =>
        Number(id.slice(-1)) % 2
          ? notes
          : notes.map((n) => ({ ...n, content: 'We could not find that conversation, so this answer starts afresh.' })),
    },
  }),
  variation({
    name: 'ask-stateless-start-noted',
    capability: 'common.ask',
    description:
      'No answer carries a conversation, and every answer notes that it starts a new one, one whose conversation id did not resolve included: that is its note. A checker that fails it has nothing to tell its note from a message on every answer; it can only say so.',
    permitted_by:
      'Document 2 §POST /ask: Response "`conversation` (optional)"; rule 3 "An unresolved `id` starts a new conversation and is noted in `messages`": what the note says, and whether other answers carry it, is not shown.',
    hides: STATELESS_HIDES,
    plug: { ...START_NOTED, 'ask.conversation-json': () => undefined },
  }),
  variation({
    name: 'ask-conversation-notes-one-code',
    capability: 'common.ask',
    description:
      'Every answer issues a new conversation id (the handle for the next turn), and an answer continuing a conversation says so in an info note whose code, conversation, is the one the unknown-id note carries too; only the text tells them apart. A checker that takes a message of that code on the follow-up for the unknown-id note fails it.',
    permitted_by:
      'Document 2 §Ask: Conversation "`id` (string, required; opaque, issued by the business)"; §POST /ask rule 3 "is noted in `messages`" and rule 4 "Warnings or info notes about an answer ride in `messages`": no code is given.',
    plug: {
      'ask.handle': (_handle, { issue }) => issue(),
      'ask.unknown-conversation-note': (note) => note && { ...note, code: 'conversation' },
      'ask.conversation-notes': (notes, { started, sent }) =>
        started
          ? notes
          : [...notes, { type: 'info', code: 'conversation', content: `This answer continues conversation ${sent}.` }],
    },
  }),
  variation({
    name: 'ask-notice-as-disclosure',
    capability: 'common.ask',
    description:
      'Every answer carries an info note presented as a disclosure that is not a regulated one (prices and stock as of asking). A checker that takes every message presented as a disclosure for a regulated one, which must be a warning, fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 4 "a regulated disclosure (allergens, safety, legal) is a `warning` message with `presentation` `disclosure`": it binds regulated disclosures, and says nothing of other messages so presented; Document 1 §Shared value objects: Message `presentation` "(e.g. `disclosure`)".',
    plug: {
      'ask.answer-messages': (messages) => [
        ...messages,
        {
          type: 'info',
          code: 'catalog_snapshot',
          content: 'Prices and stock in this answer are those of our catalog at the time of asking.',
          presentation: 'disclosure',
        },
      ],
    },
  }),
  variation({
    name: 'ask-allergen-review-noted',
    capability: 'common.ask',
    description:
      'Beside its allergen disclosure (a warning), an answer carries an info note, presented as a disclosure too, saying when the allergen information was last reviewed. A checker that takes every disclosure speaking of allergens for the regulated one fails it.',
    permitted_by:
      'Document 2 §POST /ask: rule 4 "Warnings or info notes about an answer ride in `messages`; a regulated disclosure (allergens, safety, legal) is a `warning` message with `presentation` `disclosure`": the answer\'s regulated disclosure is the warning; the note beside it discloses no allergen.',
    plug: {
      // Only beside a disclosure that is a warning: another record's notice presented as a disclosure is not one.
      'ask.answer-messages': (messages) =>
        messages.some((m) => m.presentation === 'disclosure' && m.type === 'warning')
          ? [
              ...messages,
              {
                type: 'info',
                code: 'allergen_review',
                content: 'Our allergen information was last reviewed this week.',
                presentation: 'disclosure',
              },
            ]
          : messages,
    },
  }),
  variation({
    name: 'ask-reviews-not-found',
    capability: 'common.ask',
    description:
      'An answer about a product carries an info not_found saying that no customer reviews were found for it, whether the question named the product or was grounded on its id. A checker that takes any not_found on a grounded question for a refusal of the ids warns on it.',
    permitted_by:
      'Document 2 §POST /ask: rule 4 "Warnings or info notes about an answer ride in `messages`"; a not_found that names no grounding id refuses none; Document 1 §Errors: "The complete error code registry: not shown."',
    plug: {
      'ask.answer-messages': (messages, { answer }) =>
        answer.links.some((l) => l.type === 'product')
          ? [
              ...messages,
              { type: 'info', code: 'not_found', content: 'No customer reviews were found for this product.' },
            ]
          : messages,
    },
  }),
  variation({
    name: 'signals-public-resolver-403',
    capability: 'common.location.search',
    description:
      "A request whose signals name a public resolver's address (8.8.8.8) as the buyer's is refused with HTTP 403: no buyer browses from there. A checker that sends such an address, and fails or blocks checks on the refusal, fails it.",
    permitted_by:
      'Document 1 §Shared value objects: Signals are "environment data supplied by the platform to support authorisation and abuse prevention"; §Errors: "403 | Authenticated but not permitted." Document 2 rule 1 forbids deriving operands from signals, not refusing on them.',
    plug: {
      'request.body-refusal': (refusal, { body }) => {
        const signals = isObject(body.signals) ? body.signals : {};
        const ip = Object.entries(signals).find(([key]) => key.endsWith('.buyer_ip'))?.[1];
        return (
          refusal ??
          (typeof ip === 'string' && DISTRUSTED_IPS.includes(ip)
            ? transportError(403, 'forbidden', `signals name ${ip}, which no buyer browses from`)
            : undefined)
        );
      },
    },
  }),
] as const;
