import { advertises } from '../../src/discovery/target.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { brief, findMessage, messagesOf } from '../../src/protocol/messages.js';
import type { RecipeInput } from '../../src/protocol/recipes.js';
import { unknownId } from '../shared/catalog-fixtures.js';
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
  inputIdsOf,
  isLocationsAnswer,
  isRejection,
  locationsOf,
  minus,
  missingAmenities,
  NEVER_ISSUED,
  signalsOf,
  walk,
  within,
  type Json,
} from '../shared/locations.js';

/** Batch sizes tried when the config names no maximum: 1, 2, 4, … up to this. */
const DISCOVERY_CEILING = 256;
/** Canonical ids taken from a search when the config names none. */
const FROM_SEARCH = 5;

/** The radius of a distance sent without center: a meter. */
const PROBE_MAX = 1;
const NEEDS_IDS = 'fixtures.locations.ids in --config (or location search, to find some)';

type LookupInput = Omit<NonNullable<RecipeInput<'location.lookup'>>, 'ids'>;

export const locationLookupSuite: Suite = {
  id: 'location-lookup',
  title: 'Location lookup',
  capability: 'common.location.lookup',
  // Lookup finds its ids, and checks serves, with a search.
  needs: ['common.location.search'],
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'location-lookup.by-id',
      title: 'Lookup by canonical ids, and by aliases',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.canonical-ids',
          title: 'every canonical id resolves to the location with that id, with HTTP 200',
          requirements: ['LLKP-002', 'LLKP-009'],
        },
        {
          id: 'location-lookup.inputs-exact',
          title: 'inputs name each resolved identifier exactly as supplied, and nothing else',
          requirements: ['LLKP-004'],
        },
        {
          id: 'location-lookup.aliases',
          title: 'an alias resolves to its location (optional)',
          requirements: ['LLKP-003'],
        },
      ],
      run: byId,
    }),
    scenario({
      id: 'location-lookup.merge',
      title: 'Several identifiers of one location in one lookup',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.merged-inputs',
          title: 'one location, carrying the inputs of every identifier resolving to it',
          requirements: ['LLKP-005'],
        },
      ],
      run: merged,
    }),
    scenario({
      id: 'location-lookup.unknown',
      title: 'Lookup with identifiers that do not resolve',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.unknown-ids',
          title: 'unknown ids give HTTP 200 and no location for them',
          requirements: ['LLKP-006', 'LLKP-009'],
        },
        {
          id: 'location-lookup.not-found',
          title: 'not_found messages, when given, are info',
          requirements: ['LLKP-007', 'LLKP-008'],
        },
      ],
      run: unknownIds,
    }),
    scenario({
      id: 'location-lookup.batch',
      title: 'A lookup above the batch maximum, with duplicates and known ids placed to show which were processed',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.batch-limit',
          title: 'HTTP 200, and the first maximum distinct ids processed in request order',
          requirements: ['LLKP-010', 'LLKP-009', 'LLKP-012'],
        },
        {
          id: 'location-lookup.batch-limit-message',
          title: 'an info batch_limit_applied message',
          requirements: ['LLKP-011'],
        },
      ],
      run: batchLimit,
    }),
    scenario({
      id: 'location-lookup.distance',
      title: 'Lookup of ids and aliases with a distance',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.distance-applied',
          title: 'exactly the requested locations within the radius come back',
          requirements: ['LLKP-013', 'LOC-007'],
        },
      ],
      run: distanceAfterResolution,
    }),
    scenario({
      id: 'location-lookup.center-missing',
      title: 'Lookup with a distance that has a max and no center, beside serves',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.center-required',
          title: 'a distance without center is refused, not served',
          requirements: ['LSRCH-018'],
        },
        {
          id: 'location-lookup.center-not-derived',
          title: 'served anyway, it leaves out none of the requested locations the lookup with serves alone returns',
          requirements: ['LSRCH-004'],
        },
      ],
      async run(t) {
        const ids = await requestIds(t);
        const plain = await lookedUp(t, ids);
        if (!plain.ok) t.stopBlocked('location-lookup.canonical-ids');
        // As in search: "center (Geo, required; the platform MUST supply it …)", and lookup takes a Location Distance.
        const { max } = await batchMax(t);
        const asked = ids.slice(0, max ?? ids.length);
        const serves = fixturesOf(t).serves;
        const x = await t.call('location.lookup', {
          input: { ids: asked, serves, distance: { max: PROBE_MAX } },
          tolerateTransportError: true,
        });
        if (isRejection(t, x)) {
          t.pass('location-lookup.center-required', `refused: ${answered(x)}`, [x]);
          return t.pass('location-lookup.center-not-derived', 'refused: no center derived', [x]);
        }
        t.check('location-lookup.center-required', false, {
          message: `a lookup with a distance without center answered ${answered(x)}`,
          expected: 'a refusal: an HTTP 4xx, or a business error with no locations',
          actual: answered(x),
          exchanges: [x],
        });
        // Served anyway: a radius of a meter around any center it derived leaves requested locations out (LSRCH-004).
        if (!isLocationsAnswer(x))
          t.stopNotTested(`the lookup answered ${answered(x)}`, undefined, ['location-lookup.center-required']);
        const base = await lookedUp(t, asked, { serves });
        if (!base.ok)
          return t.notTested(
            'location-lookup.center-not-derived',
            `the lookup with serves alone answered ${base.exchanges.map(answered).join(', ')}`,
            [x, ...base.exchanges],
          );
        const left = minus(idSet(base.locations), idSet(locationsOf(x.json)));
        t.check('location-lookup.center-not-derived', left.length === 0, {
          message: `a distance of ${PROBE_MAX} m without center left out ${left.join(', ')}, which the lookup with serves alone returns: a radius was applied around a center the business derived`,
          expected: `the requested locations the lookup with serves alone returns: ${[...idSet(base.locations)].join(', ')}`,
          actual: `${idsOf(locationsOf(x.json)).join(', ') || 'none'}`,
          exchanges: [x, ...base.exchanges],
        });
      },
    }),
    scenario({
      id: 'location-lookup.serves',
      title: 'Lookup of ids and aliases with serves, against a search with the same serves',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.serves-applied',
          title: 'exactly the requested locations the serves search returns come back',
          requirements: ['LLKP-014'],
        },
      ],
      run: servesAfterResolution,
    }),
    scenario({
      id: 'location-lookup.amenities',
      title: 'Lookup of ids and aliases with filters.amenities',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.amenities-applied',
          title: 'exactly the requested locations whose amenities map holds every identifier asked for come back',
          requirements: ['LLKP-016'],
        },
      ],
      run: amenitiesAfterResolution,
    }),
    scenario({
      id: 'location-lookup.items',
      title: 'Lookup of ids whose filters.items names an item the business never issued',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.items-never-issued',
          title: 'no requested location provides an item the business never issued, alone or beside one it provides',
          requirements: ['LLKP-016'],
        },
      ],
      run: itemsAfterResolution,
    }),
    scenario({
      id: 'location-lookup.context',
      title: 'The same lookup with and without a context naming a place',
      effect: 'read',
      checks: [
        {
          id: 'location-lookup.context-no-filter',
          title: 'a context or signals filter nothing: the same locations with and without them',
          requirements: ['LSRCH-005'],
        },
      ],
      async run(t) {
        const ids = await requestIds(t);
        const context = contextOf(t);
        const signals = signalsOf(t);
        const plain = await lookedUp(t, ids);
        const pairs = [
          { what: 'the context', with: await lookedUp(t, ids, { context }) },
          { what: 'the signals', with: await lookedUp(t, ids, { signals }) },
        ];
        // A lookup refused for what it carries shows nothing of what it would filter: not judged, as the search.
        const refused = pairs.flatMap((p) => {
          const why = p.with.exchanges.map(policyRefusal).find(Boolean);
          return why ? [`with ${p.what}, ${why}`] : [];
        });
        if (refused.length)
          return t.notTested(
            'location-lookup.context-no-filter',
            refused.join('; '),
            pairs.flatMap((p) => p.with.exchanges),
          );
        const problems = pairs.flatMap((p) => {
          if (!p.with.ok)
            return [
              `with ${p.what}, lookup answered ${answered(p.with.exchanges.find((x) => !isLocationsAnswer(x))!)}`,
            ];
          const dropped = minus(idSet(plain.locations), idSet(p.with.locations));
          const added = minus(idSet(p.with.locations), idSet(plain.locations));
          return [
            ...(dropped.length ? [`with ${p.what}, left out: ${dropped.join(', ')}`] : []),
            ...(added.length ? [`with ${p.what}, added: ${added.join(', ')}`] : []),
          ];
        });
        t.check('location-lookup.context-no-filter', problems.length === 0, {
          message: problems.join('; '),
          expected: `the same locations with and without context ${brief(context)} or signals ${brief(signals)}`,
          actual: `${idSet(plain.locations).size} locations; ${pairs.map((p) => `${idSet(p.with.locations).size} with ${p.what}`).join('; ')}`,
          exchanges: [...plain.exchanges, ...pairs.flatMap((p) => p.with.exchanges)],
        });
      },
    }),
  ],
  rules: [endpointsRule('common.location.lookup'), ...locationRules('common.location.lookup', 'LLKP-001')],
};

/** Canonical ids: the config's, else the first locations a search finds. */
async function canonicalIds(t: ScenarioContext): Promise<string[]> {
  const given = fixturesOf(t).ids;
  if (given?.length) return given;
  if (!advertises(t.target, 'common.location.search')) return t.stopNotTested(`needs ${NEEDS_IDS}`);
  const found = await t.once('location-lookup.ids-from-search', async () => {
    const x = await t.call('location.search', {
      input: { query: fixturesOf(t).query, limit: FROM_SEARCH },
      tolerateTransportError: true,
    });
    return idsOf(locationsOf(x.json)).slice(0, FROM_SEARCH);
  });
  // A search that finds nothing (one without query may) names no id to look up.
  return t.need(found, NEEDS_IDS);
}

/** Canonical ids and the config's aliases together: what the filter scenarios look up. */
async function requestIds(t: ScenarioContext): Promise<string[]> {
  return [...(await canonicalIds(t)), ...Object.keys(fixturesOf(t).aliases ?? {})];
}

interface Discovered {
  max?: number;
  why?: string;
}

/**
 * The batch maximum: the config's, else the largest batch of distinct unknown ids answered
 * without batch_limit_applied, found once per run (LLKP-012).
 */
async function batchMax(t: ScenarioContext): Promise<Discovered> {
  const given = fixturesOf(t).lookup_batch_max;
  if (given !== undefined) return { max: given };
  return t.once('location-lookup.batch-max', async () => {
    const limited = async (size: number): Promise<boolean | string> => {
      const x = await t.call('location.lookup', {
        input: { ids: Array.from({ length: size }, unknownId) },
        notFoundProbe: true,
        tolerateTransportError: true,
      });
      if (x.status !== 200) return `a batch of ${size} unknown ids answered ${answered(x)}`;
      return !!findMessage(x.json, { code: 'batch_limit_applied' });
    };
    let below = 0;
    for (let size = 1; size <= DISCOVERY_CEILING; size *= 2) {
      const r = await limited(size);
      if (typeof r === 'string') return { why: r };
      if (!r) {
        below = size;
        continue;
      }
      // The maximum lies in [below, size): halve the gap.
      let [lo, hi] = [below, size];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const m = await limited(mid);
        if (typeof m === 'string') return { why: m };
        if (m) hi = mid;
        else lo = mid;
      }
      return lo > 0 ? { max: lo } : { why: 'even one id got batch_limit_applied' };
    }
    return {
      why: `no batch of up to ${DISCOVERY_CEILING} distinct ids got batch_limit_applied: the business has no maximum (rule 4 then never applies) or one above ${DISCOVERY_CEILING}; set fixtures.locations.lookup_batch_max`,
    };
  });
}

interface Looked {
  exchanges: Exchange[];
  locations: Json[];
  /** Every request answered HTTP 200 with a locations array. */
  ok: boolean;
}

/** One lookup per batch of at most the maximum distinct ids (when known), answers merged. */
/**
 * filters.items applies to lookup as to search (LLKP-016, LSRCH-008): an item the business never issued is provided
 * nowhere, so a lookup of locations it resolves, filtered by it alone or beside items it stocks, returns none of them.
 */
async function itemsAfterResolution(t: ScenarioContext<'location-lookup.items-never-issued'>): Promise<void> {
  const ids = await requestIds(t);
  const plain = await lookedUp(t, ids);
  if (!plain.ok) t.stopBlocked('location-lookup.canonical-ids');
  const { items } = fixturesOf(t);
  const lists = [[NEVER_ISSUED], ...(items?.length ? [[...items, NEVER_ISSUED]] : [])];
  const sent = [];
  for (const list of lists) sent.push({ items: list, looked: await lookedUp(t, ids, { filters: { items: list } }) });
  const exchanges = [...plain.exchanges, ...sent.flatMap((s) => s.looked.exchanges)];
  const refused = sent.flatMap((s) => s.looked.exchanges).filter((x) => !isLocationsAnswer(x) && !isRejection(t, x));
  const returned = sent.filter((s) => s.looked.locations.length > 0);
  if (returned.length === 0 && refused.length > 0)
    return t.observe('location-lookup.items-never-issued', {
      message: `filters.items naming an item the business never issued answered ${answered(refused[0])}`,
      exchanges,
    });
  t.check('location-lookup.items-never-issued', returned.length === 0, {
    message: returned.length
      ? returned
          .map((s) => `filters.items ${s.items.join(', ')} returned ${idsOf(s.looked.locations).join(', ')}`)
          .join('; ')
      : `none returned: ${answered(sent[0].looked.exchanges[0])}`,
    expected: `no location: ${NEVER_ISSUED}, never issued, is provided nowhere, and every referenced item must be`,
    actual: sent.map((s) => `${s.items.join(', ')}: ${s.looked.exchanges.map(answered).join(', ')}`).join(' | '),
    exchanges,
  });
}

async function lookedUp(t: ScenarioContext, ids: string[], extra: LookupInput = {}): Promise<Looked> {
  const { max } = await batchMax(t);
  const size = max ?? ids.length;
  const out: Looked = { exchanges: [], locations: [], ok: true };
  for (let i = 0; i < ids.length; i += size) {
    const x = await t.call('location.lookup', {
      input: { ids: ids.slice(i, i + size), ...extra },
      tolerateTransportError: true,
    });
    out.exchanges.push(x);
    out.ok &&= isLocationsAnswer(x);
    out.locations.push(...locationsOf(x.json));
  }
  return out;
}

/** Inputs that are no identifier of the request, counted: each entry preserves one identifier. */
function strayInputs(x: Exchange): string[] {
  const sent = isSent(x.sentJson) ? x.sentJson.ids.filter((i): i is string => typeof i === 'string') : [];
  return locationsOf(x.json).flatMap((l) => {
    const left = [...sent];
    return inputIdsOf(l)
      .filter((id) => {
        const at = left.indexOf(id);
        if (at === -1) return true;
        left.splice(at, 1);
        return false;
      })
      .map((id) => `${idOf(l) ?? '?'} names ${JSON.stringify(id)}`);
  });
}

const isSent = (body: unknown): body is { ids: unknown[] } =>
  typeof body === 'object' && body !== null && Array.isArray((body as Json).ids);

type ByIdCheck = 'location-lookup.canonical-ids' | 'location-lookup.inputs-exact' | 'location-lookup.aliases';

async function byId(t: ScenarioContext<ByIdCheck>): Promise<void> {
  const ids = await canonicalIds(t);
  const canonical = await lookedUp(t, ids);
  const unresolved = ids.filter((id) => !canonical.locations.some((l) => l.id === id));
  t.check('location-lookup.canonical-ids', canonical.ok && unresolved.length === 0, {
    message: canonical.ok
      ? `not resolved: ${unresolved.join(', ')}`
      : `lookup answered ${answered(canonical.exchanges.find((x) => !isLocationsAnswer(x))!)}`,
    expected: `HTTP 200 and locations with ids ${ids.join(', ')}`,
    actual: `HTTP ${canonical.exchanges.map((x) => x.status).join(', ')}; location ids ${idsOf(canonical.locations).join(', ')}`,
    exchanges: canonical.exchanges,
  });
  if (!canonical.ok) t.stopBlocked('location-lookup.canonical-ids');
  const aliases = fixturesOf(t).aliases ?? {};
  const byAlias = Object.keys(aliases).length ? await lookedUp(t, Object.keys(aliases)) : undefined;
  const exchanges = [...canonical.exchanges, ...(byAlias?.exchanges ?? [])];
  // A canonical id whose location came back is named by it; an alias whose location came back, by it or another alias
  // of it.
  const unnamed = [
    ...ids.filter(
      (id) =>
        canonical.locations.some((l) => l.id === id) &&
        !canonical.locations.some((l) => l.id === id && inputIdsOf(l).includes(id)),
    ),
    ...(byAlias
      ? [...new Set(Object.values(aliases))]
          .filter((target) => {
            const back = byAlias.locations.filter((l) => l.id === target);
            const names = Object.keys(aliases).filter((a) => aliases[a] === target);
            return back.length > 0 && !back.some((l) => inputIdsOf(l).some((i) => names.includes(i)));
          })
          .map((target) => `the alias of ${target}`)
      : []),
  ];
  const stray = exchanges.flatMap(strayInputs);
  t.check('location-lookup.inputs-exact', unnamed.length === 0 && stray.length === 0, {
    message: [
      stray.length ? `inputs name what was not sent: ${stray.join('; ')}` : '',
      unnamed.length ? `no inputs entry names ${unnamed.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
    expected: 'each inputs entry one request identifier, exactly as sent; every resolved identifier named',
    actual: [...canonical.locations, ...(byAlias?.locations ?? [])]
      .map((l) => `${idOf(l) ?? '?'}: ${brief(l.inputs, 120)}`)
      .join('; '),
    exchanges,
  });
  if (!byAlias) return t.notTested('location-lookup.aliases', 'needs fixtures.locations.aliases in --config');
  const ignored = Object.entries(aliases)
    .filter(([, target]) => !byAlias.locations.some((l) => l.id === target))
    .map(([a]) => a);
  if (ignored.length) {
    return t.observe('location-lookup.aliases', {
      message: `aliases not resolved to their locations (accepting them is optional): ${ignored.join(', ')}`,
      exchanges: byAlias.exchanges,
    });
  }
  t.pass('location-lookup.aliases', `every alias resolved: ${Object.keys(aliases).join(', ')}`, byAlias.exchanges);
}

async function merged(t: ScenarioContext<'location-lookup.merged-inputs'>): Promise<void> {
  const ids = await canonicalIds(t);
  const { max } = await batchMax(t);
  const alias = Object.entries(fixturesOf(t).aliases ?? {})[0];
  // The same location by its id and an alias, the id twice; where the batch holds one id, the id twice.
  const [id, request] =
    alias && (max === undefined || max >= 2) ? [alias[1], [alias[1], alias[0], alias[1]]] : [ids[0], [ids[0], ids[0]]];
  // Whether the alias resolves on its own (accepting aliases is optional): only then must the merged inputs name it.
  const solo =
    request.length === 3
      ? await t.call('location.lookup', { input: { ids: [request[1]] }, tolerateTransportError: true })
      : undefined;
  const due = solo && locationsOf(solo.json).some((l) => l.id === id) ? [id, request[1]] : [id];
  const x = await t.call('location.lookup', { input: { ids: request }, tolerateTransportError: true });
  if (!isLocationsAnswer(x)) t.stopBlocked('location-lookup.canonical-ids');
  const copies = locationsOf(x.json).filter((l) => l.id === id);
  // canonical-ids showed that id resolves: an answer without it lost the location in the merge.
  const unnamed = copies.length ? due.filter((i) => !inputIdsOf(copies[0]).includes(i)) : due;
  t.check('location-lookup.merged-inputs', copies.length === 1 && unnamed.length === 0, {
    message:
      copies.length > 1
        ? `${copies.length} locations with id ${id} for ${request.join(', ')}`
        : copies.length === 0
          ? `no location ${id} in the answer to ${request.join(', ')}, though ${id} resolves`
          : `the location ${id} carries no inputs entry naming ${unnamed.join(' or ')}`,
    expected: `one location ${id}, its inputs naming ${due.join(' and ')}`,
    actual: copies.length
      ? copies.map((l) => `${id}: inputs ${brief(l.inputs, 120)}`).join('; ')
      : `locations ${
          locationsOf(x.json)
            .map((l) => brief(l.id))
            .join(', ') || 'none'
        }`,
    exchanges: solo ? [solo, x] : [x],
  });
}

async function unknownIds(
  t: ScenarioContext<'location-lookup.unknown-ids' | 'location-lookup.not-found'>,
): Promise<void> {
  const [known] = await canonicalIds(t);
  const { max } = await batchMax(t);
  const [u1, u2] = [unknownId(), unknownId()];
  const call = (ids: string[]) =>
    t.call('location.lookup', { input: { ids }, notFoundProbe: true, tolerateTransportError: true });
  const mixed = max === 1 ? [await call([known]), await call([u1])] : [await call([known, u1])];
  const alone = await call([u2]);
  const all = [...mixed, alone];
  const problems = [
    ...all.filter((x) => !isLocationsAnswer(x)).map((x) => `${brief(x.sentJson)} answered ${answered(x)}`),
    ...(mixed.some((x) => locationsOf(x.json).some((l) => l.id === known))
      ? []
      : [`the known id ${known} did not resolve beside an unknown one`]),
    ...all.flatMap((x) =>
      locationsOf(x.json)
        .filter((l) => inputIdsOf(l).some((i) => i === u1 || i === u2))
        .map((l) => `${idOf(l) ?? '?'} came back for an unknown id`),
    ),
    ...(isLocationsAnswer(alone) && locationsOf(alone.json).length > 0
      ? [`${locationsOf(alone.json).length} locations came back for one unknown id`]
      : []),
  ];
  t.check('location-lookup.unknown-ids', problems.length === 0, {
    message: problems[0] ?? '',
    expected: `HTTP 200; ${known} resolved, nothing for unknown ids, and locations: [] when none resolves`,
    actual: problems.join('; '),
    exchanges: all,
  });
  // Unknown ids that were not answered as unknown leave nothing to judge the messages by.
  if (problems.length) t.stopBlocked('location-lookup.unknown-ids');
  const notFound = all.flatMap((x) => messagesOf(x.json).filter((m) => m.code === 'not_found'));
  if (notFound.length === 0) {
    return t.observe('location-lookup.not-found', {
      message: 'unknown ids got no not_found message (they are optional)',
      exchanges: all,
    });
  }
  const wrong = notFound.filter((m) => m.type !== 'info');
  t.check('location-lookup.not-found', wrong.length === 0, {
    message: `not_found messages of type ${wrong.map((m) => brief(m.type)).join(', ')}`,
    expected: 'not_found messages of type info',
    actual: brief(notFound),
    exchanges: all,
  });
}

async function batchLimit(
  t: ScenarioContext<'location-lookup.batch-limit' | 'location-lookup.batch-limit-message'>,
): Promise<void> {
  const ids = await canonicalIds(t);
  const [k1, k2] = t.need(ids.length >= 2 ? ids : undefined, 'two canonical ids in fixtures.locations.ids');
  const { max, why } = await batchMax(t);
  if (max === undefined) t.stopNotTested(`needs the batch maximum: ${why}`);
  // max - 1 unknown ids, each sent twice, then k1 (the max-th distinct id) and k2 (one past it):
  // counting duplicates drops k1, keeping the last ids keeps k2.
  const unknowns = Array.from({ length: max! - 1 }, unknownId);
  const request = [...unknowns.flatMap((u) => [u, u]), k1, k2];
  const x = await t.call('location.lookup', {
    input: { ids: request },
    notFoundProbe: true,
    tolerateTransportError: true,
  });
  const locations = locationsOf(x.json);
  const gotK1 = locations.some((l) => l.id === k1);
  const gotK2 = locations.some((l) => l.id === k2 || inputIdsOf(l).includes(k2));
  t.check('location-lookup.batch-limit', isLocationsAnswer(x) && gotK1 && !gotK2, {
    message: !isLocationsAnswer(x)
      ? `a lookup of ${new Set(request).size} distinct ids (maximum ${max}) answered ${answered(x)}`
      : !gotK1
        ? `${k1}, distinct id number ${max}, was not processed`
        : `${k2}, distinct id number ${max! + 1}, was processed`,
    expected: `HTTP 200; the first ${max} distinct ids processed, so ${k1} returned and ${k2} not`,
    actual: `HTTP ${x.status}; location ids ${idsOf(locations).join(', ') || 'none'}`,
    exchanges: [x],
  });
  const message = findMessage(x.json, { code: 'batch_limit_applied' });
  t.check('location-lookup.batch-limit-message', message?.type === 'info', {
    message: message
      ? `batch_limit_applied is of type ${brief(message.type)}`
      : `no batch_limit_applied message for ${new Set(request).size} distinct ids (maximum ${max})`,
    expected: 'a message {type: info, code: batch_limit_applied}',
    actual: `HTTP ${x.status}, messages ${brief(messagesOf(x.json))}`,
    exchanges: [x],
  });
}

async function distanceAfterResolution(t: ScenarioContext<'location-lookup.distance-applied'>): Promise<void> {
  const { distance, center, max } = fixtureDistance(t);
  const ids = await requestIds(t);
  const plain = await lookedUp(t, ids);
  if (!plain.ok) t.stopBlocked('location-lookup.canonical-ids');
  const near = await lookedUp(t, ids, { distance });
  const exchanges = [...plain.exchanges, ...near.exchanges];
  // A business error rejecting the radius: one the business cannot honour, which it must reject.
  const refused = near.exchanges.find((x) => !isLocationsAnswer(x));
  if (refused?.status === 200 && isRejection(t, refused)) {
    return t.notTested(
      'location-lookup.distance-applied',
      `lookup rejected distance ${brief(distance)} (${answered(refused)}): set fixtures.locations.max_meters to a radius the business honours`,
      exchanges,
    );
  }
  const requested = idSet(plain.locations);
  const place = (l: Json) =>
    distanceOf(l, center) ?? distanceOf(plain.locations.find((p) => p.id === l.id) ?? {}, center);
  const stray = minus(idSet(near.locations), requested).map((id) => `${id} (not one the ids resolve to)`);
  const far = near.locations
    .filter((l) => {
      const d = place(l);
      return d !== undefined && beyond(d, max);
    })
    .map((l) => `${idOf(l) ?? '?'} (beyond ${max} m)`);
  const dropped = minus(
    idsOf(
      plain.locations.filter((l) => {
        const d = place(l);
        return d !== undefined && within(d, max);
      }),
    ),
    idSet(near.locations),
  ).map((id) => `${id} (within ${max} m, yet left out)`);
  const problems = [
    ...(near.ok
      ? []
      : [`with distance, lookup answered ${answered(near.exchanges.find((x) => !isLocationsAnswer(x))!)}`]),
    ...stray,
    ...far,
    ...dropped,
  ];
  const unplaced = plain.locations.filter((l) => place(l) === undefined).map((l) => idOf(l) ?? '?');
  if (problems.length === 0 && unplaced.length > 0) {
    return t.observe('location-lookup.distance-applied', {
      message: `${unplaced.length} locations cannot be placed (no geo as ${GEO_READ}): ${unplaced.join(', ')}`,
      exchanges,
    });
  }
  t.check('location-lookup.distance-applied', problems.length === 0, {
    message: problems.join('; '),
    expected: `exactly the requested locations within ${max} m of the center`,
    actual: `without distance: ${[...requested].join(', ')}; with it: ${[...idSet(near.locations)].join(', ')}`,
    exchanges,
  });
}

/**
 * Which requested locations serve the target, learnt from search: the same search (the fixture
 * query) with and without serves. Only locations that search finds are judged: what a search
 * without query returns is not shown, and query matching is the business's own.
 */
async function servesAfterResolution(t: ScenarioContext<'location-lookup.serves-applied'>): Promise<void> {
  const serves = t.need(fixturesOf(t).serves, 'fixtures.locations.serves in --config');
  if (!advertises(t.target, 'common.location.search'))
    t.stopNotTested('needs location search, to learn which locations serve fixtures.locations.serves');
  const query = fixturesOf(t).query;
  const ids = await requestIds(t);
  const plain = await lookedUp(t, ids);
  if (!plain.ok) t.stopBlocked('location-lookup.canonical-ids');
  const found = await walk(t, { query });
  const serving = await walk(t, { query, serves });
  if (found.broken || serving.broken) t.stopBlocked('location-search.answers');
  const unfinished = found.unfinished ?? serving.unfinished;
  if (unfinished) t.stopNotTested(`needs a search that can be walked whole (${unfinished})`);
  const requested = idSet(plain.locations);
  const [foundIds, servingIds] = [idSet(found.locations), idSet(serving.locations)];
  const judged = [...requested].filter((id) => foundIds.has(id));
  const searches = [...found.exchanges, ...serving.exchanges];
  if (judged.length === 0) {
    return t.notTested(
      'location-lookup.serves-applied',
      `search${query === undefined ? ' without query' : ` for ${JSON.stringify(query)}`} finds none of the requested locations, so it cannot tell which serve the target (set fixtures.locations.query)`,
      [...plain.exchanges, ...searches],
    );
  }
  const withServes = await lookedUp(t, ids, { serves });
  const back = idSet(withServes.locations);
  const problems = [
    ...(withServes.ok
      ? []
      : [`with serves, lookup answered ${answered(withServes.exchanges.find((x) => !isLocationsAnswer(x))!)}`]),
    ...minus(back, requested).map((id) => `${id} (not one the ids resolve to)`),
    ...[...back]
      .filter((id) => foundIds.has(id) && !servingIds.has(id))
      .map((id) => `${id} (the search with serves leaves it out)`),
    ...judged
      .filter((id) => servingIds.has(id) && !back.has(id))
      .map((id) => `${id} (requested and serving, yet left out)`),
  ];
  t.check('location-lookup.serves-applied', problems.length === 0, {
    message: problems.join('; '),
    expected: 'exactly the requested locations the search with the same serves returns',
    actual: `requested: ${[...requested].join(', ')}; search: ${[...foundIds].join(', ')}; with serves: ${[...servingIds].join(', ')}; lookup with serves: ${[...back].join(', ')}`,
    exchanges: [...plain.exchanges, ...searches, ...withServes.exchanges],
  });
}

async function amenitiesAfterResolution(t: ScenarioContext<'location-lookup.amenities-applied'>): Promise<void> {
  const amenities = t.need(fixturesOf(t).amenities, 'fixtures.locations.amenities in --config');
  const ids = await requestIds(t);
  const plain = await lookedUp(t, ids);
  if (!plain.ok) t.stopBlocked('location-lookup.canonical-ids');
  const filtered = await lookedUp(t, ids, { filters: { amenities } });
  const exchanges = [...plain.exchanges, ...filtered.exchanges];
  const requested = idSet(plain.locations);
  const back = idSet(filtered.locations);
  const { lacking, unlisted } = amenityMatch(filtered.locations, amenities);
  // Requested locations whose map, as lookup shows it without the filter, holds every key: they match.
  const matching = idsOf(plain.locations.filter((l) => missingAmenities(l, amenities)?.length === 0));
  const unseen = idsOf(plain.locations.filter((l) => missingAmenities(l, amenities) === undefined));
  const problems = [
    ...(filtered.ok
      ? []
      : [
          `with filters.amenities, lookup answered ${answered(filtered.exchanges.find((x) => !isLocationsAnswer(x))!)}`,
        ]),
    ...minus(back, requested).map((id) => `${id} (not one the ids resolve to)`),
    ...lacking,
    ...minus(matching, back).map((id) => `${id} (has ${amenities.join(', ')}, yet left out)`),
  ];
  const hidden = [...new Set([...unlisted, ...unseen])];
  if (problems.length === 0 && hidden.length > 0) {
    return t.observe('location-lookup.amenities-applied', {
      message: `no location breaks the filter where it can be seen; ${hidden.length} list no amenities map (it is optional): ${hidden.join(', ')}`,
      exchanges,
    });
  }
  t.check('location-lookup.amenities-applied', problems.length === 0, {
    message: problems.join('; '),
    expected: `exactly the requested locations with ${amenities.join(', ')} as exact keys of their amenities map`,
    actual: `without the filter: ${[...requested].join(', ')}; with it: ${[...back].join(', ') || 'none'}`,
    exchanges,
  });
}
