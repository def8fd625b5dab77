import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { HALF_CIRCUMFERENCE, type Point, readPoint } from '../../src/protocol/geo.js';
import { brief } from '../../src/protocol/messages.js';
import { endpointsRule } from '../shared/endpoints.js';
import { locationRules } from '../shared/location-shape.js';
import {
  amenityMatch,
  answered,
  policyRefusal,
  beyond,
  contextOf,
  distanceOf,
  fixtureDistance,
  fixturesOf,
  GEO_READ,
  idOf,
  idSet,
  idsOf,
  isLocationsAnswer,
  isRejection,
  locationsOf,
  minus,
  missingAmenities,
  placeAll,
  signalsOf,
  walk,
  within,
  type Json,
  type Walk,
  NEVER_ISSUED,
} from '../shared/locations.js';

/** Page size of the pagination walk: small, so a few locations make several pages. */
const SMALL_PAGE = 2;
/** A radius no location can lie within. */
const ABSURD_MAX = -1000;
/** The radius of a distance sent without center: a meter, so any center derived leaves locations out. */
const PROBE_MAX = 1;
/** Beyond any radius a business supports (fixtures.locations.unsupported_max overrides it). */
const DEFAULT_UNSUPPORTED_MAX = 1e12;

export const locationSearchSuite: Suite = {
  id: 'location-search',
  title: 'Location search',
  capability: 'common.location.search',
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'location-search.first-page',
      title: 'A search with the fixture query',
      effect: 'read',
      checks: [
        {
          id: 'location-search.answers',
          title: 'search answers 200 with a locations array',
          requirements: ['LSRCH-001'],
        },
      ],
      async run(t) {
        const x = await t.call('location.search', {
          input: { query: fixturesOf(t).query },
          tolerateTransportError: true,
        });
        t.check('location-search.answers', isLocationsAnswer(x), {
          message: `a search answered ${answered(x)}`,
          expected: 'HTTP 200 and a locations array',
          actual: answered(x),
        });
      },
    }),
    scenario({
      id: 'location-search.pagination',
      title: `Walking a search in pages of ${SMALL_PAGE} with its cursors`,
      effect: 'read',
      checks: [
        {
          id: 'location-search.limit-honoured',
          title: `no page holds more locations than the pagination.limit asked for (${SMALL_PAGE})`,
          requirements: ['LSRCH-017'],
        },
        { id: 'location-search.no-repeats', title: 'no location appears on two pages', requirements: ['LSRCH-010'] },
        {
          id: 'location-search.walk-complete',
          title: 'small pages hold every location one large walk holds',
          requirements: ['LSRCH-011'],
        },
      ],
      run: pagination,
    }),
    scenario({
      id: 'location-search.distance',
      title: 'A search within max meters of a center',
      effect: 'read',
      checks: [
        {
          id: 'location-search.within-radius',
          title: 'every location returned lies within max meters of center',
          requirements: ['LSRCH-002', 'LOC-007'],
        },
      ],
      async run(t) {
        const { distance, center, max } = fixtureDistance(t);
        const w = await searched(t, { query: fixturesOf(t).query, distance }, undefined, false);
        const { beyond: far, unplaced } = placeAll(w.locations, center, max);
        if (far.length === 0 && unplaced.length > 0) {
          return t.observe('location-search.within-radius', {
            message: `${unplaced.length} of ${w.locations.length} locations cannot be placed (no geo as ${GEO_READ}; Geo members are not shown): ${unplaced.join(', ')}`,
            exchanges: w.exchanges,
          });
        }
        t.check('location-search.within-radius', far.length === 0, {
          message: `${far.length} locations lie beyond ${max} m of the center: ${far.join(', ')}`,
          expected: `every location within ${max} m (great-circle, ±0.6%)`,
          actual: far.join('; '),
          exchanges: w.exchanges,
        });
      },
    }),
    scenario({
      id: 'location-search.amenities',
      title: 'A search filtered by amenity identifiers',
      effect: 'read',
      checks: [
        {
          id: 'location-search.amenities-filter',
          title: 'exactly the locations with every amenity asked for, as exact keys: none without, none left out',
          requirements: ['LSRCH-007'],
        },
      ],
      async run(t) {
        const amenities = t.need(fixturesOf(t).amenities, 'fixtures.locations.amenities in --config');
        const query = fixturesOf(t).query;
        const all = await searched(t, { query });
        const w = await searched(t, { query, filters: { amenities } });
        const exchanges = [...all.exchanges, ...w.exchanges];
        const { lacking, unlisted } = amenityMatch(w.locations, amenities);
        // The key alone defines filter matching: a location the search finds whose map holds every key matches.
        const dropped = minus(
          idsOf(all.locations.filter((l) => missingAmenities(l, amenities)?.length === 0)),
          idSet(w),
        );
        const broken = lacking.length > 0 || dropped.length > 0;
        if (!broken && unlisted.length > 0) {
          return t.observe('location-search.amenities-filter', {
            message: `${unlisted.length} of ${w.locations.length} locations list no amenities map (it is optional), so whether they have ${amenities.join(', ')} cannot be seen: ${unlisted.join(', ')}`,
            exchanges,
          });
        }
        t.check('location-search.amenities-filter', !broken, {
          message: [
            lacking.length ? `${lacking.length} locations lack an amenity asked for: ${lacking.join('; ')}` : '',
            dropped.length
              ? `${dropped.length} locations with every amenity asked for are left out: ${dropped.join(', ')}`
              : '',
          ]
            .filter(Boolean)
            .join('; '),
          expected: `exactly the locations whose amenities hold the keys ${amenities.join(', ')}, exactly`,
          actual: `without the filter: ${[...idSet(all)].join(', ')}; with it: ${[...idSet(w)].join(', ') || 'none'}`,
          exchanges,
        });
      },
    }),
    scenario({
      id: 'location-search.distance-and-amenities',
      title: 'A search by distance and amenities together',
      effect: 'read',
      checks: [
        {
          id: 'location-search.and',
          title: 'distance and filters.amenities combine with AND',
          requirements: ['LSRCH-006'],
        },
      ],
      async run(t) {
        const { distance, center, max } = fixtureDistance(t);
        const amenities = t.need(fixturesOf(t).amenities, 'fixtures.locations.amenities in --config');
        const query = fixturesOf(t).query;
        const near = await searched(t, { query, distance });
        const equipped = await searched(t, { query, filters: { amenities } });
        const w = await searched(t, { query, distance, filters: { amenities } });
        const exchanges = [...near.exchanges, ...equipped.exchanges, ...w.exchanges];
        const { beyond: far, unplaced } = placeAll(w.locations, center, max);
        const { lacking, unlisted } = amenityMatch(w.locations, amenities);
        const broken = [
          ...far.map((f) => `${f} (beyond the radius)`),
          ...lacking,
          ...leftOut(w, near, equipped).map((id) => `${id} (returned for each predicate alone, yet left out)`),
        ];
        if (broken.length === 0 && unplaced.length + unlisted.length > 0) {
          const unseen = [
            unplaced.length ? `${unplaced.length} cannot be placed to judge the distance (${unplaced.join(', ')})` : '',
            unlisted.length ? `${unlisted.length} list no amenities map (${unlisted.join(', ')})` : '',
          ].filter(Boolean);
          return t.observe('location-search.and', {
            message: `no location breaks either predicate where it can be seen, and none both keep is left out; ${unseen.join('; ')}`,
            exchanges,
          });
        }
        t.check('location-search.and', broken.length === 0, {
          message: `${broken.length} locations break the AND: ${broken.join('; ')}`,
          expected: `exactly the locations within ${max} m AND with ${amenities.join(', ')}: those both predicates alone return`,
          actual: `distance alone: ${ids(near)}; amenities alone: ${ids(equipped)}; both: ${ids(w)}`,
          exchanges,
        });
      },
    }),
    scenario({
      id: 'location-search.distance-and-serves',
      title: 'A search by distance and serves, against serves alone',
      effect: 'read',
      checks: [
        {
          id: 'location-search.and-serves',
          title: 'distance and serves combine with AND',
          requirements: ['LSRCH-006'],
        },
      ],
      async run(t) {
        const { distance, center, max } = fixtureDistance(t);
        const serves = t.need(fixturesOf(t).serves, 'fixtures.locations.serves in --config');
        const query = fixturesOf(t).query;
        const alone = await searched(t, { query, serves });
        const near = await searched(t, { query, distance });
        const both = await searched(t, { query, distance, serves });
        const notServing = minus(idSet(both), idSet(alone));
        const { beyond: far } = placeAll(both.locations, center, max);
        const dropped = leftOut(both, alone, near);
        t.check('location-search.and-serves', notServing.length === 0 && far.length === 0 && dropped.length === 0, {
          message: [
            notServing.length ? `returned with distance but not by serves alone: ${notServing.join(', ')}` : '',
            far.length ? `beyond the radius: ${far.join(', ')}` : '',
            dropped.length ? `returned by serves alone and by distance alone, yet left out: ${dropped.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; '),
          expected: `exactly the locations serves alone returns that lie within ${max} m: those both predicates alone return`,
          actual: `serves alone: ${ids(alone)}; distance alone: ${ids(near)}; serves and distance: ${ids(both)}`,
          exchanges: [...alone.exchanges, ...near.exchanges, ...both.exchanges],
        });
      },
    }),
    scenario({
      id: 'location-search.amenities-and-items',
      title: 'A search by amenities and items, against items alone',
      effect: 'read',
      checks: [
        {
          id: 'location-search.and-items',
          title: 'filters.amenities and filters.items combine with AND',
          requirements: ['LSRCH-006'],
        },
      ],
      async run(t) {
        const { query } = fixturesOf(t);
        const amenities = t.need(fixturesOf(t).amenities, 'fixtures.locations.amenities in --config');
        const items = t.need(fixturesOf(t).items, 'fixtures.locations.items in --config');
        const alone = await searched(t, { query, filters: { items } });
        const equipped = await searched(t, { query, filters: { amenities } });
        const both = await searched(t, { query, filters: { amenities, items } });
        const exchanges = [...alone.exchanges, ...equipped.exchanges, ...both.exchanges];
        const { lacking, unlisted } = amenityMatch(both.locations, amenities);
        const broken = [
          ...minus(idSet(both), idSet(alone)).map((id) => `${id} (not returned for the items alone)`),
          ...lacking,
          ...leftOut(both, alone, equipped).map((id) => `${id} (returned for each filter alone, yet left out)`),
        ];
        if (broken.length === 0 && unlisted.length > 0) {
          return t.observe('location-search.and-items', {
            message: `every location is one the items filter alone returns, and none both filters keep is left out; ${unlisted.length} list no amenities map, so whether they have ${amenities!.join(', ')} cannot be seen: ${unlisted.join(', ')}`,
            exchanges,
          });
        }
        t.check('location-search.and-items', broken.length === 0, {
          message: `${broken.length} locations break the AND of the two filters: ${broken.join('; ')}`,
          expected: `exactly the locations the items filter alone returns that have ${amenities!.join(', ')}: those both filters alone return`,
          actual: `items alone: ${ids(alone)}; amenities alone: ${ids(equipped)}; both: ${ids(both)}`,
          exchanges,
        });
      },
    }),
    scenario({
      id: 'location-search.max',
      title: 'A distance.max beyond what a business supports, and an absurd one',
      effect: 'read',
      checks: [
        {
          id: 'location-search.unsupported-max',
          title: 'a max the business cannot honour is rejected, not clamped',
          requirements: ['LSRCH-003'],
        },
        {
          id: 'location-search.absurd-max',
          title: 'a negative max is rejected, or finds nothing',
          requirements: ['LSRCH-003'],
        },
      ],
      run: unsupportedMax,
    }),
    scenario({
      id: 'location-search.context',
      title: 'The same search with and without a context naming a place',
      effect: 'read',
      checks: [
        {
          id: 'location-search.context-no-filter',
          title:
            'a context or signals filter nothing: the same locations with and without them, with a query or without',
          requirements: ['LSRCH-004', 'LSRCH-005'],
        },
        {
          id: 'location-search.timezone-stable',
          title: "a location's timezone is the same whoever asks",
          requirements: ['LOC-004'],
        },
      ],
      run: contextFiltersNothing,
    }),
    scenario({
      id: 'location-search.hours',
      title: 'A search with the fixture hours filter',
      effect: 'read',
      checks: [
        {
          id: 'location-search.hours-filter',
          title: 'what a search with filters.hours returns (its members are not shown)',
          requirements: ['LSRCH-009'],
        },
      ],
      async run(t) {
        const { query } = fixturesOf(t);
        const hours = t.need(
          fixturesOf(t).hours_filter,
          'fixtures.locations.hours_filter in --config (the members of filters.hours are not shown)',
        );
        const all = await searched(t, { query });
        const w = await walk(t, { query, filters: { hours } });
        if (w.broken) {
          return t.observe('location-search.hours-filter', {
            message: `a search with filters.hours ${brief(hours)} answered ${answered(w.broken)}`,
            exchanges: [w.broken],
          });
        }
        const extra = minus(idSet(w), idSet(all));
        t.observe('location-search.hours-filter', {
          message: `filters.hours ${brief(hours)} kept ${idSet(w).size} of ${idSet(all).size} locations${extra.length ? `, and added ${extra.join(', ')}, which the search without it does not return` : ''}; whether each is open then is not judged`,
          exchanges: [...all.exchanges, ...w.exchanges],
        });
      },
    }),
    scenario({
      id: 'location-search.hours-and-amenities',
      title: 'A search by filters.hours and filters.amenities, against each alone',
      effect: 'read',
      checks: [
        {
          id: 'location-search.and-hours',
          title: 'filters.hours and filters.amenities combine with AND',
          requirements: ['LSRCH-019'],
        },
      ],
      run: hoursAnd,
    }),
    scenario({
      id: 'location-search.max-missing',
      title: 'A distance with a center and no max',
      effect: 'read',
      checks: [
        {
          id: 'location-search.max-required',
          title: 'a distance without max is refused, not served',
          requirements: ['LSRCH-014'],
        },
      ],
      async run(t) {
        // A search that does not answer at all is location-search.answers' to judge.
        const all = await searched(t, { query: fixturesOf(t).query }, undefined, false);
        // Any center will do: the fixture's, else a location's own geo, in the business's shape.
        const center = t.need(
          fixturesOf(t).center ?? all.locations.map((l) => l.geo).find((g) => readPoint(g) !== undefined),
          `fixtures.locations.center, or a location with a geo read as ${GEO_READ}`,
        );
        const x = await t.call('location.search', {
          input: { query: fixturesOf(t).query, distance: { center } },
          tolerateTransportError: true,
        });
        t.check('location-search.max-required', isRejection(t, x), {
          message: `a distance without max ("max (number, required)") answered ${answered(x)}`,
          expected: 'a refusal: an HTTP 4xx, or a business error with no locations',
          actual: answered(x),
        });
      },
    }),
    scenario({
      id: 'location-search.center-missing',
      title: 'A distance with a max and no center, beside serves',
      effect: 'read',
      checks: [
        {
          id: 'location-search.center-required',
          title: 'a distance without center is refused, not served',
          requirements: ['LSRCH-018'],
        },
        {
          id: 'location-search.center-not-derived',
          title: 'no center is derived for a distance without one (from serves.point, context or IP address)',
          requirements: ['LSRCH-004'],
        },
      ],
      run: centerMissing,
    }),
    scenario({
      id: 'location-search.radius-zero',
      title: "A distance of max 0 centred on a location's own point",
      effect: 'read',
      checks: [
        {
          id: 'location-search.inclusive-radius',
          title: 'a location at the center is within a radius of 0 (the radius is inclusive)',
          requirements: ['LSRCH-015'],
        },
      ],
      run: zeroRadius,
    }),
    scenario({
      id: 'location-search.items-unknown',
      title: 'A search whose filters.items names an item the business never issued',
      effect: 'read',
      checks: [
        {
          id: 'location-search.items-never-issued',
          title: 'no location provides an item the business never issued, alone or beside one it provides',
          requirements: ['LSRCH-008'],
        },
      ],
      async run(t) {
        const { query, items } = fixturesOf(t);
        await searched(t, { query }, undefined, false);
        // Every referenced item: beside the fixture's items too, a never-issued one leaves nothing to match.
        const lists = [[NEVER_ISSUED], ...(items?.length ? [[...items, NEVER_ISSUED]] : [])];
        const sent: { items: string[]; x: Exchange }[] = [];
        for (const list of lists) {
          const x = await t.call('location.search', {
            input: { query, filters: { items: list } },
            tolerateTransportError: true,
          });
          sent.push({ items: list, x });
        }
        const exchanges = sent.map((s) => s.x);
        const none = (x: Exchange) => isRejection(t, x) || (isLocationsAnswer(x) && locationsOf(x.json).length === 0);
        if (sent.every((s) => none(s.x))) {
          return t.pass('location-search.items-never-issued', `none returned: ${answered(sent[0].x)}`, exchanges);
        }
        const returned = sent.filter((s) => isLocationsAnswer(s.x) && !none(s.x));
        if (returned.length === 0) {
          const odd = sent.find((s) => !none(s.x))!;
          return t.observe('location-search.items-never-issued', {
            message: `filters.items naming an item the business never issued answered ${answered(odd.x)}`,
            exchanges,
          });
        }
        t.check('location-search.items-never-issued', false, {
          message: returned
            .map(
              (s) =>
                `filters.items ${s.items.join(', ')} returned ${idsOf(locationsOf(s.x.json)).join(', ') || `${locationsOf(s.x.json).length} locations`}`,
            )
            .join('; '),
          expected: `no location: ${NEVER_ISSUED}, never issued, is provided nowhere, and every referenced item must be`,
          actual: sent.map((s) => `${s.items.join(', ')}: ${answered(s.x)}`).join(' | '),
          exchanges,
        });
      },
    }),
  ],
  rules: [endpointsRule('common.location.search'), ...locationRules('common.location.search', 'LSRCH-001')],
};

/** The same search is walked once a run: what each predicate alone returns is known to every scenario after. */
const walked = (t: ScenarioContext, input: Parameters<typeof walk>[1], limit?: number): Promise<Walk> =>
  t.once(`location-search.walk ${JSON.stringify([input, limit])}`, () => walk(t, input, limit));

/** A walk that can be compared with another by ids: every page answered, the last reached, each location named. */
const whole = (w: Walk) => !w.broken && !w.unfinished && w.unnamed === 0;

/**
 * A walk every page of which is a locations answer (otherwise location-search.answers judges it),
 * whole; what it lacks makes the check not-tested. `byId`: the check tells locations apart by id,
 * so locations without a string id (location-search.response judges them) leave it nothing to compare.
 */
async function searched(
  t: ScenarioContext,
  input: Parameters<typeof walk>[1],
  limit?: number,
  byId = true,
): Promise<Walk> {
  const w = await walked(t, input, limit);
  // A business rejects a radius it cannot honour: the fixture's is then one it cannot.
  if (w.broken && input.distance !== undefined && isRejection(t, w.broken)) {
    t.stopNotTested(
      `needs a fixtures.locations.max_meters the business honours (it rejected ${brief(input.distance)}: ${answered(w.broken)})`,
    );
  }
  const refused = w.broken && policyRefusal(w.broken);
  if (refused) t.stopNotTested(refused);
  if (w.broken) t.stopBlocked('location-search.answers');
  if (w.unfinished) t.stopNotTested(`needs a search whose pages can all be walked (${w.unfinished})`);
  if (byId && w.unnamed > 0)
    t.stopNotTested(
      `needs locations with a string id to tell apart (${w.unnamed} of the ${w.locations.length} found carry none)`,
    );
  return w;
}

/**
 * Locations every predicate alone returns that the search combining them leaves out: predicates
 * that "apply conjunctively" (Document 2 §POST /locations/lookup) keep a location each one keeps.
 */
function leftOut(combined: Walk, ...alone: Walk[]): string[] {
  const kept = alone.map((w) => idSet(w));
  return minus(
    [...kept[0]].filter((id) => kept.every((k) => k.has(id))),
    idSet(combined),
  );
}

const ids = (w: Walk) => [...idSet(w)].join(', ') || 'none';

async function pagination(
  t: ScenarioContext<'location-search.limit-honoured' | 'location-search.no-repeats' | 'location-search.walk-complete'>,
): Promise<void> {
  const query = fixturesOf(t).query;
  // Every page answered is judged, even when a later one ends the walk.
  const pages = await walked(t, { query }, SMALL_PAGE);
  const over = pages.limitRefused
    ? []
    : pages.pages.flatMap((p, i) => (p.length > SMALL_PAGE ? [`page ${i + 1} holds ${p.length}`] : []));
  // A limit refused, then answered without it: the limit was the reason. Answered neither way, search is judged.
  if (pages.limitRefused && pages.pages.length > 0) {
    t.notTested(
      'location-search.limit-honoured',
      `the business refused pagination.limit ${SMALL_PAGE} (${answered(pages.limitRefused)}); the walk went on with its own page size`,
      [pages.limitRefused],
    );
  } else if (pages.pages.length > 0) {
    t.check('location-search.limit-honoured', over.length === 0, {
      message: `asked for pages of ${SMALL_PAGE}: ${over.join(', ')}`,
      expected: `every page holds at most ${SMALL_PAGE} locations (pagination.limit ${SMALL_PAGE})`,
      actual: pages.pages.map((p, i) => `page ${i + 1}: ${p.length}`).join(', '),
      exchanges: pages.exchanges,
    });
  }
  const small = await searched(t, { query }, SMALL_PAGE);
  if (small.pages.length < 2) {
    // Pages larger than the limit hold what smaller ones would have spread: the failed limit says why.
    if (over.length > 0) t.stopBlocked('location-search.limit-honoured');
    t.stopNotTested(
      `needs a search spanning two pages of ${SMALL_PAGE} (the first holds ${small.pages[0]?.length ?? 0}; set fixtures.locations.query)`,
    );
  }
  const seen = new Set<string>();
  const repeats = small.pages.flat().filter((id) => seen.size === seen.add(id).size);
  t.check('location-search.no-repeats', repeats.length === 0, {
    message: `repeated across pages: ${[...new Set(repeats)].join(', ')}`,
    expected: 'each location on one page only',
    actual: small.pages.map((p, i) => `page ${i + 1}: ${p.join(', ')}`).join(' | '),
    exchanges: small.exchanges,
  });
  const large = await searched(t, { query });
  const lost = minus(idSet(large), seen);
  const added = minus(seen, idSet(large));
  t.check('location-search.walk-complete', lost.length === 0 && added.length === 0, {
    message: [
      lost.length ? `walking pages of ${SMALL_PAGE} never reached ${lost.join(', ')}` : '',
      added.length ? `pages of ${SMALL_PAGE} held ${added.join(', ')}, which the large walk does not` : '',
    ]
      .filter(Boolean)
      .join('; '),
    expected: `the ${idSet(large).size} locations of the walk in pages of up to 50`,
    actual: `${seen.size} locations in pages of ${SMALL_PAGE}`,
    exchanges: [...small.exchanges, ...large.exchanges],
  });
}

async function unsupportedMax(
  t: ScenarioContext<'location-search.unsupported-max' | 'location-search.absurd-max'>,
): Promise<void> {
  const { distance, center } = fixtureDistance(t);
  const query = fixturesOf(t).query;
  const max = fixturesOf(t).unsupported_max ?? DEFAULT_UNSUPPORTED_MAX;
  // The search without distance first: what an honoured radius must hold, and proof that search answers at all.
  const all = await searched(t, { query }, undefined, false);
  const huge = await walk(t, { query, distance: { ...distance, max } });
  const first = huge.exchanges[0];
  if (isRejection(t, first)) t.pass('location-search.unsupported-max', `rejected: ${answered(first)}`, [first]);
  else if (!isLocationsAnswer(first)) {
    t.fail('location-search.unsupported-max', {
      message: `distance.max ${max} was neither rejected with an error nor answered: ${answered(first)}`,
      expected: 'an error (an HTTP 4xx, or an error message), or the locations within the radius',
      actual: answered(first),
      exchanges: huge.exchanges,
    });
  } else if (huge.broken || huge.unfinished) {
    // Answered, but the later pages cannot be read: whether the radius was honoured cannot be told.
    t.notTested(
      'location-search.unsupported-max',
      `distance.max ${max} was answered, but not every page could be walked: ${huge.unfinished ?? answered(huge.broken!)}`,
      huge.exchanges,
    );
  } else if (all.unnamed + huge.unnamed > 0) {
    t.notTested(
      'location-search.unsupported-max',
      `distance.max ${max} was answered, but ${all.unnamed + huge.unnamed} of the locations found carry no string id, so which are missing cannot be told`,
      [...all.exchanges, ...huge.exchanges],
    );
  } else {
    // Honoured, it holds every location the search finds within the radius: all of them, past half the Earth's
    // circumference.
    const due = all.locations.filter((l) => {
      if (max >= HALF_CIRCUMFERENCE) return true;
      const d = distanceOf(l, center);
      return d !== undefined && within(d, max);
    });
    const missing = minus(idSet(due), idSet(huge));
    const far = huge.locations
      .filter((l) => {
        const d = distanceOf(l, center);
        return d !== undefined && beyond(d, max);
      })
      .map((l) => idOf(l) ?? '?');
    t.check('location-search.unsupported-max', missing.length === 0 && far.length === 0, {
      message: missing.length
        ? `distance.max ${max} was answered, not rejected, yet ${missing.length} locations within it are missing (${missing.join(', ')}): the radius was clamped or replaced`
        : `distance.max ${max} was answered with locations beyond it: ${far.join(', ')}`,
      expected: `an error, or every location the search finds within ${max} m`,
      actual: `${idSet(huge).size} locations with distance.max ${max}, ${idSet(all).size} without distance`,
      exchanges: [...all.exchanges, ...huge.exchanges],
    });
  }
  const absurd = await t.call('location.search', {
    input: { query, distance: { ...distance, max: ABSURD_MAX } },
    tolerateTransportError: true,
  });
  const rejected = isRejection(t, absurd);
  const found = rejected ? [] : locationsOf(absurd.json);
  t.check('location-search.absurd-max', rejected || (isLocationsAnswer(absurd) && found.length === 0), {
    message: found.length
      ? `distance.max ${ABSURD_MAX} was answered with ${found.length} locations: another radius was put in its place`
      : `distance.max ${ABSURD_MAX} answered ${answered(absurd)}`,
    expected: 'an error (an HTTP 4xx, or an error message), or no location',
    actual: answered(absurd),
    exchanges: [absurd],
  });
}

async function contextFiltersNothing(
  t: ScenarioContext<'location-search.context-no-filter' | 'location-search.timezone-stable'>,
): Promise<void> {
  const query = fixturesOf(t).query;
  const context = contextOf(t);
  const signals = signalsOf(t);
  const plain = await searched(t, { query });
  const withContext = await searched(t, { query, context });
  const withSignals = await searched(t, { query, signals });
  // With a query, a context may weigh in its relevance (Document 1 §Shared value objects: Context "for localisation
  // and relevance"): which locations a free-text query finds is then the business's, so a change there is info.
  const pairs = [
    { what: 'the context', without: plain, with: withContext, relevance: query !== undefined },
    { what: 'the signals', without: plain, with: withSignals, relevance: false },
  ];
  const counted = (w: Walk) => `${idSet(w).size}`;
  let actual = `${counted(plain)} locations; ${counted(withContext)} with the context; ${counted(withSignals)} with the signals`;
  // Without a query a business may reach for a place of its own (the center it derives only then): compared too,
  // when it answers a search without one.
  if (query !== undefined) {
    const bare = await walked(t, {});
    const others = [
      { what: 'the context and no query', with: await walked(t, { context }) },
      { what: 'the signals and no query', with: await walked(t, { signals }) },
    ];
    if (!whole(bare))
      actual += `; without a query, not compared: ${bare.broken ? answered(bare.broken) : (bare.unfinished ?? 'locations without ids')}`;
    else {
      const judged = others.filter((o) => whole(o.with));
      for (const o of judged) pairs.push({ ...o, without: bare, relevance: false });
      actual += `; without a query: ${counted(bare)}${judged.map((o) => `; ${counted(o.with)} with ${o.what}`).join('')}`;
    }
  }
  // Relevance picks among what the query finds: a location it does not find without the context is added by it.
  const changes = (p: (typeof pairs)[number], judged: boolean) => {
    const dropped = minus(idSet(p.without), idSet(p.with));
    const added = minus(idSet(p.with), idSet(p.without));
    return [
      ...(dropped.length && judged !== p.relevance ? [`with ${p.what}, left out: ${dropped.join(', ')}`] : []),
      ...(added.length && judged ? [`with ${p.what}, added: ${added.join(', ')}`] : []),
    ];
  };
  const problems = pairs.flatMap((p) => changes(p, true));
  const exchanges = pairs.flatMap((p) => [...p.without.exchanges, ...p.with.exchanges]);
  const relevance = pairs.flatMap((p) => changes(p, false));
  if (problems.length === 0 && relevance.length > 0) {
    t.observe('location-search.context-no-filter', {
      message: `${relevance.join('; ')} (query ${brief(query)}): a context may weigh in a query's relevance (Document 1 §Shared value objects), so which of its matches come back is the business's; nothing was added, and without a query, and with the signals, nothing changed`,
      exchanges: [...new Set(exchanges)],
    });
  } else
    t.check('location-search.context-no-filter', problems.length === 0, {
      message: pairs.flatMap((p) => [...changes(p, false), ...changes(p, true)]).join('; '),
      expected: `the same set of locations with and without context ${brief(context)} or signals ${brief(signals)} (the order may differ: they may re-rank)`,
      actual,
      exchanges: [...new Set(exchanges)],
    });
  const seen = [...plain.exchanges, ...withContext.exchanges];
  const zones = (w: Walk) =>
    new Map(w.locations.filter((l) => idOf(l) !== undefined).map((l) => [idOf(l)!, l.timezone]));
  const [before, after] = [zones(plain), zones(withContext)];
  const both = [...before.keys()].filter((id) => after.has(id));
  if (!both.some((id) => before.get(id) !== undefined || after.get(id) !== undefined)) {
    return t.notTested('location-search.timezone-stable', 'no location returned both times states a timezone', seen);
  }
  const moved = both.filter((id) => before.get(id) !== after.get(id));
  t.check('location-search.timezone-stable', moved.length === 0, {
    message: `with context ${brief(context)}, the timezone changed for ${moved.join(', ')}`,
    expected: "each location's timezone unchanged by the context",
    actual: moved.map((id) => `${id}: ${brief(before.get(id))} → ${brief(after.get(id))}`).join('; '),
    exchanges: seen,
  });
}

/**
 * filters.hours beside filters.amenities: the hours filter's members are the business's (the
 * fixture's shape), yet it is a filter like the others, combined with AND.
 */
async function hoursAnd(t: ScenarioContext<'location-search.and-hours'>): Promise<void> {
  const { query } = fixturesOf(t);
  const hours = t.need(
    fixturesOf(t).hours_filter,
    'fixtures.locations.hours_filter in --config (the members of filters.hours are not shown)',
  );
  const amenities = t.need(fixturesOf(t).amenities, 'fixtures.locations.amenities in --config');
  const equipped = await searched(t, { query, filters: { amenities } });
  const open = await walked(t, { query, filters: { hours } });
  const both = await walked(t, { query, filters: { hours, amenities } });
  // A filters.hours the business refuses, in the fixture's shape, is location-search.hours-filter's to report.
  for (const w of [open, both])
    if (!whole(w))
      t.stopNotTested(
        `needs a search with filters.hours ${brief(hours)} answered whole (${w.broken ? answered(w.broken) : (w.unfinished ?? 'locations without ids')}); its members are not shown`,
      );
  const exchanges = [...open.exchanges, ...equipped.exchanges, ...both.exchanges];
  const { lacking, unlisted } = amenityMatch(both.locations, amenities);
  const broken = [
    ...minus(idSet(both), idSet(open)).map((id) => `${id} (not returned for filters.hours alone)`),
    ...lacking,
    ...leftOut(both, open, equipped).map((id) => `${id} (returned for each filter alone, yet left out)`),
  ];
  if (broken.length === 0 && unlisted.length > 0) {
    return t.observe('location-search.and-hours', {
      message: `every location is one filters.hours alone returns, and none both filters keep is left out; ${unlisted.length} list no amenities map, so whether they have ${amenities.join(', ')} cannot be seen: ${unlisted.join(', ')}`,
      exchanges,
    });
  }
  t.check('location-search.and-hours', broken.length === 0, {
    message: `${broken.length} locations break the AND of the two filters: ${broken.join('; ')}`,
    expected: `exactly the locations filters.hours ${brief(hours)} alone returns that have ${amenities.join(', ')}: those both filters alone return`,
    actual: `hours alone: ${ids(open)}; amenities alone: ${ids(equipped)}; both: ${ids(both)}`,
    exchanges,
  });
}

/**
 * A distance without center beside serves: "center (Geo, required; the platform MUST supply it and
 * the business MUST NOT derive it from context, signals, IP address or serves)". A radius of a meter
 * leaves out, around any center the business could derive, locations the same search without
 * distance returns: served so, a center was derived.
 */
async function centerMissing(
  t: ScenarioContext<'location-search.center-required' | 'location-search.center-not-derived'>,
): Promise<void> {
  const { query, serves } = fixturesOf(t);
  // The search without distance first: proof that search answers at all (location-search.answers judges it).
  await searched(t, { query, serves }, undefined, false);
  const w = await walk(t, { query, serves, distance: { max: PROBE_MAX } });
  const refused = w.broken !== undefined && w.pages.length === 0 && isRejection(t, w.broken);
  if (refused) {
    t.pass('location-search.center-required', `refused: ${answered(w.broken!)}`, [w.broken!]);
    return t.pass('location-search.center-not-derived', 'refused: no center derived', [w.broken!]);
  }
  const got = w.broken ? answered(w.broken) : `${idSet(w).size} locations: ${ids(w)}`;
  t.check('location-search.center-required', false, {
    message: `a distance without center ("center (Geo, required; the platform MUST supply it …)") answered ${got}`,
    expected: 'a refusal: an HTTP 4xx, or a business error with no locations',
    actual: got,
    exchanges: w.exchanges,
  });
  if (w.broken || w.unfinished) {
    return t.notTested(
      'location-search.center-not-derived',
      `the search with a distance without center could not be walked: ${w.unfinished ?? answered(w.broken!)}`,
      w.exchanges,
    );
  }
  const base = await searched(t, { query, serves });
  const exchanges = [...base.exchanges, ...w.exchanges];
  const left = minus(idSet(base), idSet(w));
  if (base.locations.length === 0)
    return t.notTested(
      'location-search.center-not-derived',
      'the search without distance finds no location',
      exchanges,
    );
  t.check('location-search.center-not-derived', left.length === 0, {
    message: `a distance of ${PROBE_MAX} m without center left out ${left.length} of the ${idSet(base).size} locations the search without distance returns (${left.join(', ')}): a radius was applied around a center the business derived${serves ? ' (serves.point?)' : ''}`,
    expected: "no radius applied around a center of the business's own: a refusal, or nothing left out",
    actual: `without distance: ${ids(base)}; with a distance without center: ${ids(w)}`,
    exchanges,
  });
}

/**
 * A radius of 0 centred on a location's own point, as the search returned it: "inclusive radius"
 * (Document 2) keeps that location. Reported, not judged: the business may hold its point to more
 * digits than it returns, and may reject a radius of 0 as one it cannot honour.
 */
async function zeroRadius(t: ScenarioContext<'location-search.inclusive-radius'>): Promise<void> {
  const { query } = fixturesOf(t);
  const all = await searched(t, { query });
  const placed = all.locations.find((l) => idOf(l) !== undefined && readPoint(l.geo) !== undefined);
  const id = idOf(t.need(placed, `a location with an id and a geo read as ${GEO_READ}`) as Json) as string;
  const x = await t.call('location.search', {
    input: { query, distance: { center: (placed as Json).geo, max: 0 } },
    tolerateTransportError: true,
  });
  const returned = locationsOf(x.json);
  const found = idsOf(returned);
  const center = readPoint((placed as Json).geo) as Point;
  // A radius not applied at all keeps the location too: only one that also leaves the others out shows inclusion.
  const far = returned.filter((l) => {
    const d = distanceOf(l, center);
    return d !== undefined && beyond(d, 0);
  });
  if (isLocationsAnswer(x) && found.includes(id) && far.length === 0) {
    return t.pass('location-search.inclusive-radius', `${id} is returned within 0 m of its own point`, [x]);
  }
  let message = `a radius of 0 around ${id} answered ${answered(x)} (a business may reject a radius it cannot honour)`;
  if (isLocationsAnswer(x) && far.length > 0) {
    message = `a radius of 0 around ${id} returned locations beyond it (${idsOf(far).join(', ')}): the radius seems not applied`;
  } else if (isLocationsAnswer(x)) {
    message = `${id} is not returned within 0 m of its own point (${found.length ? `returned: ${found.join(', ')}` : 'none returned'}): the radius read as exclusive, or the point is held to more digits than returned`;
  }
  t.observe('location-search.inclusive-radius', { message, exchanges: [...all.exchanges, x] });
}
