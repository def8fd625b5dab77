import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { locationLookupSuite } from '../../suites/location-lookup/suite.js';
import { type Call, runScenario, x } from './scripted-business.js';

// The location lookup scenarios' judgements against a lookup scripted here (the corpus proves the
// same against the reference business over HTTP).

const ALIASES: Record<string, string> = { 'ALIAS-1': 'loc-1' };
const KNOWN = ['loc-1', 'loc-2', 'loc-3'];
const LOCATIONS = { ids: ['loc-1', 'loc-2'], aliases: ALIASES, lookup_batch_max: 10 };

interface Habits {
  /** Distinct ids processed per request; beyond it, batch_limit_applied. */
  max?: number;
  /** Counts every id sent, duplicates included, against the maximum. */
  countsDuplicates?: boolean;
  /** Whether an alias resolves. */
  aliases?: boolean;
  /** What inputs a location lists, given the identifiers that named it. */
  inputs?: (named: string[]) => unknown[];
  /** Answers first, when it answers. */
  answer?: (ids: string[], input: Record<string, unknown>) => Exchange | undefined;
  messageType?: string;
}

/** A location lookup: distinct ids up to the maximum, aliases resolved, unknown ids noted. */
function lookup(h: Habits = {}) {
  return (c: Call): Exchange => {
    const input = (c.opts.input ?? {}) as Record<string, unknown>;
    const ids = (input.ids ?? []) as string[];
    const own = h.answer?.(ids, input);
    // The client records what it sent, whatever the answer.
    if (own) return { ...own, sentJson: input } as Exchange;
    const max = h.max ?? 10;
    const seen: string[] = [];
    const processed: string[] = [];
    for (const id of ids) {
      if (h.countsDuplicates ? processed.length >= max : !seen.includes(id) && seen.length >= max) break;
      if (!seen.includes(id)) seen.push(id);
      processed.push(id);
    }
    const limited = processed.length < ids.length;
    const byLocation = new Map<string, string[]>();
    const unknown: string[] = [];
    for (const id of seen) {
      const target = KNOWN.includes(id) ? id : h.aliases === false ? undefined : ALIASES[id];
      if (!target) unknown.push(id);
      else byLocation.set(target, [...(byLocation.get(target) ?? []), id]);
    }
    const locations = [...byLocation].map(([id, named]) => ({
      id,
      inputs: h.inputs ? h.inputs(named) : named.map((n) => ({ id: n })),
    }));
    const messages = [
      ...unknown.map((id) => ({ type: 'info', code: 'not_found', content: id })),
      ...(limited ? [{ type: h.messageType ?? 'info', code: 'batch_limit_applied', content: `${max} at most` }] : []),
    ];
    return { ...x(200, { locations, messages }), sentJson: input } as Exchange;
  };
}
const run = (id: string, business: (c: Call) => Exchange, locations: object = LOCATIONS, target: object = {}) =>
  runScenario(locationLookupSuite, id, business, { config: { fixtures: { locations } }, target });
const sent = (c: Call) => (c.opts.input as { ids: string[] }).ids;

describe('location-lookup.by-id', () => {
  it('holds canonical ids resolved and named, and every alias resolved', async () => {
    const r = await run('location-lookup.by-id', lookup());
    expect(r.calls.map(sent)).toEqual([['loc-1', 'loc-2'], ['ALIAS-1']]);
    expect(r.verdict('location-lookup.canonical-ids')?.kind).toBe('held');
    expect(r.verdict('location-lookup.inputs-exact')?.kind).toBe('held');
    expect(r.verdict('location-lookup.aliases')).toMatchObject({
      kind: 'held',
      message: 'every alias resolved: ALIAS-1',
    });
  });

  it('looks up at most the batch maximum at a time', async () => {
    const r = await run('location-lookup.by-id', lookup(), { ...LOCATIONS, lookup_batch_max: 1 });
    expect(r.calls.map(sent)).toEqual([['loc-1'], ['loc-2'], ['ALIAS-1']]);
    expect(r.verdict('location-lookup.canonical-ids')?.kind).toBe('held');
  });

  it('fails an id not resolved, and a lookup that is refused (then stops)', async () => {
    const r = await run(
      'location-lookup.by-id',
      lookup({
        answer: (ids) =>
          ids.length === 2 ? x(200, { locations: [{ id: 'loc-1', inputs: [{ id: 'loc-1' }] }] }) : undefined,
      }),
    );
    expect(r.verdict('location-lookup.canonical-ids')).toMatchObject({
      kind: 'broken',
      message: 'not resolved: loc-2',
      expected: 'HTTP 200 and locations with ids loc-1, loc-2',
      actual: 'HTTP 200; location ids loc-1',
    });
    // An id that did not resolve is canonical-ids' finding, not an unnamed input.
    expect(r.verdict('location-lookup.inputs-exact')?.kind).toBe('held');
    // Every batch must be answered: one refused batch fails the check even when another resolved every id.
    const both = {
      locations: [
        { id: 'loc-1', inputs: [{ id: 'loc-1' }] },
        { id: 'loc-2', inputs: [{ id: 'loc-2' }] },
      ],
    };
    const split = await run(
      'location-lookup.by-id',
      lookup({ answer: (ids) => (ids[0] === 'loc-1' ? x(200, both) : ids[0] === 'loc-2' ? x(500, {}) : undefined) }),
      { ...LOCATIONS, lookup_batch_max: 1 },
    );
    expect(split.verdict('location-lookup.canonical-ids')).toMatchObject({
      kind: 'broken',
      message: 'lookup answered HTTP 500: {}',
    });
    const firstRefused = await run(
      'location-lookup.by-id',
      lookup({ answer: (ids) => (ids[0] === 'loc-1' ? x(500, {}) : ids[0] === 'loc-2' ? x(200, both) : undefined) }),
      { ...LOCATIONS, lookup_batch_max: 1 },
    );
    expect(firstRefused.verdict('location-lookup.canonical-ids')?.kind).toBe('broken');
    const refused = await run('location-lookup.by-id', lookup({ answer: () => x(500, {}) }));
    expect(refused.verdict('location-lookup.canonical-ids')).toMatchObject({
      kind: 'broken',
      message: 'lookup answered HTTP 500: {}',
    });
    expect(refused.stopped).toBe('blocked by location-lookup.canonical-ids');
  });

  it('fails inputs naming what was not sent, or not naming an id or alias that resolved', async () => {
    const stray = await run(
      'location-lookup.by-id',
      lookup({ inputs: (named) => [...named.map((id) => ({ id })), { id: 'zz' }] }),
    );
    expect(stray.verdict('location-lookup.inputs-exact')).toMatchObject({
      kind: 'broken',
      message: 'inputs name what was not sent: loc-1 names "zz"; loc-2 names "zz"; loc-1 names "zz"',
      expected: 'each inputs entry one request identifier, exactly as sent; every resolved identifier named',
    });
    // The same identifier twice, sent once: one entry too many.
    const twice = await run(
      'location-lookup.by-id',
      lookup({ inputs: (named) => [...named, ...named].map((id) => ({ id })) }),
    );
    expect(twice.verdict('location-lookup.inputs-exact')?.message).toBe(
      'inputs name what was not sent: loc-1 names "loc-1"; loc-2 names "loc-2"; loc-1 names "ALIAS-1"',
    );
    const bare = await run('location-lookup.by-id', lookup({ inputs: () => [] }));
    expect(bare.verdict('location-lookup.inputs-exact')).toMatchObject({
      kind: 'broken',
      message: 'no inputs entry names loc-1, loc-2, the alias of loc-1',
      actual: 'loc-1: []; loc-2: []; loc-1: []',
    });
    // The alias named by its location's canonical id alone is not named.
    const canonicalOnly = await run('location-lookup.by-id', lookup({ inputs: () => [{ id: 'loc-1' }, 'odd'] }));
    expect(canonicalOnly.verdict('location-lookup.inputs-exact')?.message).toMatch(
      /no inputs entry names loc-2, the alias of loc-1$/,
    );
  });

  it('observes aliases not resolved, and leaves them not-tested without any in the config', async () => {
    const r = await run('location-lookup.by-id', lookup({ aliases: false }));
    expect(r.verdict('location-lookup.aliases')).toMatchObject({
      kind: 'observed',
      message: 'aliases not resolved to their locations (accepting them is optional): ALIAS-1',
    });
    expect(r.verdict('location-lookup.inputs-exact')?.kind).toBe('held');
    const none = await run('location-lookup.by-id', lookup(), { ids: ['loc-1'], lookup_batch_max: 10 });
    expect(none.calls).toHaveLength(1);
    expect(none.verdict('location-lookup.aliases')).toMatchObject({
      kind: 'not-tested',
      message: 'needs fixtures.locations.aliases in --config',
    });
  });

  it('takes ids from a search when the config names none, or needs them', async () => {
    const found = [...KNOWN, 'loc-4', 'loc-5', 'loc-6'];
    const search = (c: Call) =>
      c.op === 'location.search' ? x(200, { locations: found.map((id) => ({ id })) }) : lookup()(c);
    const r = await run(
      'location-lookup.by-id',
      search,
      { lookup_batch_max: 10, query: 'coffee' },
      {
        capabilities: new Set(['common.location.search']),
      },
    );
    expect(r.calls[0]).toMatchObject({ op: 'location.search', opts: { input: { query: 'coffee', limit: 5 } } });
    // The first five it finds.
    expect(sent(r.calls[1])).toEqual(found.slice(0, 5));
    const listed = await run(
      'location-lookup.by-id',
      search,
      { ids: [], lookup_batch_max: 10 },
      {
        capabilities: new Set(['common.location.search']),
      },
    );
    expect(listed.calls[0].op).toBe('location.search');
    const without = await run('location-lookup.by-id', search, { lookup_batch_max: 10 });
    expect(without.stopped).toBe(
      'not-tested: needs fixtures.locations.ids in --config (or location search, to find some)',
    );
    const empty = await run(
      'location-lookup.by-id',
      () => x(200, { locations: [] }),
      { lookup_batch_max: 10 },
      {
        capabilities: new Set(['common.location.search']),
      },
    );
    expect(empty.stopped).toMatch(/^not-tested: needs fixtures\.locations\.ids/);
  });
});

describe('location-lookup.merge', () => {
  const check = 'location-lookup.merged-inputs';
  it('asks the alias alone, then the id, the alias and the id again: one location naming both', async () => {
    const r = await run('location-lookup.merge', lookup());
    expect(r.calls.map(sent)).toEqual([['ALIAS-1'], ['loc-1', 'ALIAS-1', 'loc-1']]);
    expect(r.verdict(check)).toMatchObject({
      kind: 'held',
      expected: 'one location loc-1, its inputs naming loc-1 and ALIAS-1',
    });
    expect(r.verdict(check)?.exchanges).toHaveLength(2);
  });

  it('asks the id twice where there is no alias or the batch holds one id', async () => {
    for (const locations of [
      { ids: ['loc-1'], lookup_batch_max: 10 },
      { ...LOCATIONS, lookup_batch_max: 1 },
    ]) {
      const one = await run('location-lookup.merge', lookup(), locations);
      expect(one.calls.map(sent)).toEqual([['loc-1', 'loc-1']]);
      expect(one.verdict(check)).toMatchObject({
        kind: 'held',
        expected: 'one location loc-1, its inputs naming loc-1',
      });
    }
  });

  it('merges the alias when the batch maximum is unknown', async () => {
    const r = await run('location-lookup.merge', lookup({ max: 1000 }), { ids: ['loc-1'], aliases: ALIASES });
    expect(r.calls.slice(-2).map(sent)).toEqual([['ALIAS-1'], ['loc-1', 'ALIAS-1', 'loc-1']]);
    expect(r.verdict(check)?.kind).toBe('held');
  });

  it('does not require the alias named where it does not resolve on its own', async () => {
    const r = await run('location-lookup.merge', lookup({ aliases: false }));
    expect(r.verdict(check)).toMatchObject({ kind: 'held', expected: 'one location loc-1, its inputs naming loc-1' });
  });

  it('fails two copies, none, or inputs leaving out an identifier', async () => {
    const whole = { id: 'loc-1', inputs: [{ id: 'loc-1' }, { id: 'ALIAS-1' }] };
    const twice = lookup({
      answer: (ids) => (ids.length === 3 ? x(200, { locations: [whole, whole] }) : undefined),
    });
    expect((await run('location-lookup.merge', twice)).verdict(check)).toMatchObject({
      kind: 'broken',
      message: '2 locations with id loc-1 for loc-1, ALIAS-1, loc-1',
      actual: 'loc-1: inputs [{"id":"loc-1"},{"id":"ALIAS-1"}]; loc-1: inputs [{"id":"loc-1"},{"id":"ALIAS-1"}]',
    });
    const lost = lookup({ answer: (ids) => (ids.length === 3 ? x(200, { locations: [{ id: 'loc-2' }] }) : undefined) });
    expect((await run('location-lookup.merge', lost)).verdict(check)).toMatchObject({
      kind: 'broken',
      message: 'no location loc-1 in the answer to loc-1, ALIAS-1, loc-1, though loc-1 resolves',
      actual: 'locations "loc-2"',
    });
    const empty = lookup({ answer: (ids) => (ids.length === 3 ? x(200, { locations: [] }) : undefined) });
    expect((await run('location-lookup.merge', empty)).verdict(check)?.actual).toBe('locations none');
    const partial = await run(
      'location-lookup.merge',
      lookup({ inputs: (named) => named.slice(0, 1).map((id) => ({ id })) }),
    );
    expect(partial.verdict(check)).toMatchObject({
      kind: 'broken',
      message: 'the location loc-1 carries no inputs entry naming ALIAS-1',
    });
  });

  it('is blocked when the lookup is refused', async () => {
    const r = await run(
      'location-lookup.merge',
      lookup({ answer: (ids) => (ids.length === 3 ? x(400, {}) : undefined) }),
    );
    expect(r.stopped).toBe('blocked by location-lookup.canonical-ids');
  });
});

describe('location-lookup.unknown', () => {
  it('holds unknown ids answered with nothing, noted by info not_found messages', async () => {
    const r = await run('location-lookup.unknown', lookup());
    const [mixed, alone] = r.calls.map(sent);
    expect(mixed[0]).toBe('loc-1');
    expect(mixed).toHaveLength(2);
    expect(alone).toHaveLength(1);
    expect(alone[0]).not.toBe(mixed[1]);
    expect(r.calls.every((c) => c.opts.notFoundProbe === true)).toBe(true);
    expect(r.verdict('location-lookup.unknown-ids')?.kind).toBe('held');
    expect(r.verdict('location-lookup.not-found')).toMatchObject({
      kind: 'held',
      expected: 'not_found messages of type info',
    });
  });

  it('asks the known and the unknown id apart where the batch holds one id', async () => {
    const r = await run('location-lookup.unknown', lookup(), { ...LOCATIONS, lookup_batch_max: 1 });
    expect(r.calls.map((c) => sent(c).length)).toEqual([1, 1, 1]);
    expect(sent(r.calls[0])).toEqual(['loc-1']);
    expect(r.verdict('location-lookup.unknown-ids')?.kind).toBe('held');
  });

  it('fails and stops on a location for an unknown id, a refusal, or the known id lost', async () => {
    const claims = lookup({
      answer: (ids) =>
        ids.some((id) => !KNOWN.includes(id))
          ? x(200, { locations: [{ id: 'loc-1', inputs: ids.map((id) => ({ id })) }] })
          : undefined,
    });
    const r = await run('location-lookup.unknown', claims);
    expect(r.verdict('location-lookup.unknown-ids')).toMatchObject({
      kind: 'broken',
      message: 'loc-1 came back for an unknown id',
      expected: 'HTTP 200; loc-1 resolved, nothing for unknown ids, and locations: [] when none resolves',
    });
    expect(r.verdict('location-lookup.unknown-ids')?.actual).toBe(
      'loc-1 came back for an unknown id; loc-1 came back for an unknown id; 1 locations came back for one unknown id',
    );
    expect(r.stopped).toBe('blocked by location-lookup.unknown-ids');
    const refused = await run(
      'location-lookup.unknown',
      lookup({ answer: (ids) => (ids.length === 1 ? x(404, {}) : undefined) }),
    );
    expect(refused.verdict('location-lookup.unknown-ids')?.message).toMatch(
      /^\{"ids":\[".+"\]\} answered HTTP 404: \{\}$/,
    );
    const lost = await run(
      'location-lookup.unknown',
      lookup({ answer: (ids) => (ids.length === 2 ? x(200, { locations: [] }) : undefined) }),
    );
    expect(lost.verdict('location-lookup.unknown-ids')?.message).toBe(
      'the known id loc-1 did not resolve beside an unknown one',
    );
  });

  it('fails not_found messages that are no info, and observes none', async () => {
    const warned = (ids: string[]) => {
      const unknown = ids.filter((id) => !KNOWN.includes(id));
      return x(200, {
        locations: ids.includes('loc-1') ? [{ id: 'loc-1', inputs: [{ id: 'loc-1' }] }] : [],
        messages: unknown.map((id) => ({ type: 'warning', code: 'not_found', content: id })),
      });
    };
    const r = await run('location-lookup.unknown', lookup({ answer: warned }));
    expect(r.verdict('location-lookup.not-found')).toMatchObject({
      kind: 'broken',
      message: 'not_found messages of type "warning", "warning"',
    });
    const silent = (ids: string[]) =>
      x(200, { locations: ids.includes('loc-1') ? [{ id: 'loc-1', inputs: [{ id: 'loc-1' }] }] : [] });
    expect(
      (await run('location-lookup.unknown', lookup({ answer: silent }))).verdict('location-lookup.not-found'),
    ).toMatchObject({
      kind: 'observed',
      message: 'unknown ids got no not_found message (they are optional)',
    });
  });
});

describe('location-lookup.batch', () => {
  it('holds the first maximum distinct ids processed, noted by an info batch_limit_applied', async () => {
    const r = await run('location-lookup.batch', lookup({ max: 3 }), { ...LOCATIONS, lookup_batch_max: 3 });
    const request = sent(r.calls[0]);
    expect(request).toHaveLength(6);
    expect(request[0]).toBe(request[1]);
    expect(request[2]).toBe(request[3]);
    expect(request.slice(4)).toEqual(['loc-1', 'loc-2']);
    expect(r.verdict('location-lookup.batch-limit')).toMatchObject({
      kind: 'held',
      expected: 'HTTP 200; the first 3 distinct ids processed, so loc-1 returned and loc-2 not',
    });
    expect(r.verdict('location-lookup.batch-limit-message')?.kind).toBe('held');
  });

  it('fails a business counting duplicates, one ignoring its maximum, and a message of another type', async () => {
    const locations = { ...LOCATIONS, lookup_batch_max: 3 };
    const counting = await run('location-lookup.batch', lookup({ max: 3, countsDuplicates: true }), locations);
    expect(counting.verdict('location-lookup.batch-limit')).toMatchObject({
      kind: 'broken',
      message: 'loc-1, distinct id number 3, was not processed',
    });
    const ignoring = await run('location-lookup.batch', lookup({ max: 10 }), locations);
    expect(ignoring.verdict('location-lookup.batch-limit')).toMatchObject({
      kind: 'broken',
      message: 'loc-2, distinct id number 4, was processed',
    });
    expect(ignoring.verdict('location-lookup.batch-limit-message')).toMatchObject({
      kind: 'broken',
      message: 'no batch_limit_applied message for 4 distinct ids (maximum 3)',
    });
    const warned = await run('location-lookup.batch', lookup({ max: 3, messageType: 'warning' }), locations);
    expect(warned.verdict('location-lookup.batch-limit-message')).toMatchObject({
      kind: 'broken',
      message: 'batch_limit_applied is of type "warning"',
    });
    const refused = await run('location-lookup.batch', lookup({ answer: () => x(413, {}) }), locations);
    expect(refused.verdict('location-lookup.batch-limit')).toMatchObject({
      kind: 'broken',
      message: 'a lookup of 4 distinct ids (maximum 3) answered HTTP 413: {}',
    });
    const partial = await run(
      'location-lookup.batch',
      lookup({ answer: () => x(206, { locations: [{ id: 'loc-1' }] }) }),
      locations,
    );
    expect(partial.verdict('location-lookup.batch-limit')?.kind).toBe('broken');
    expect(partial.verdict('location-lookup.batch-limit')?.message).toBe(
      'a lookup of 4 distinct ids (maximum 3) answered HTTP 206: {"locations":[{"id":"loc-1"}]}',
    );
    // The second id named in inputs counts as processed too.
    const named = lookup({
      answer: (ids) => x(200, { locations: [{ id: 'loc-1', inputs: [{ id: ids.at(-1) }] }], messages: [] }),
    });
    expect((await run('location-lookup.batch', named, locations)).verdict('location-lookup.batch-limit')?.kind).toBe(
      'broken',
    );
  });

  it('finds the maximum by growing and halving batches of unknown ids', async () => {
    const r = await run('location-lookup.batch', lookup({ max: 5 }), { ids: ['loc-1', 'loc-2'] });
    const sizes = r.calls.map((c) => sent(c).length);
    expect(sizes).toEqual([1, 2, 4, 8, 6, 5, 10]);
    expect(r.calls.slice(0, 6).every((c) => c.opts.notFoundProbe === true)).toBe(true);
    expect(new Set(sent(r.calls[3])).size).toBe(8);
    expect(r.verdict('location-lookup.batch-limit')?.kind).toBe('held');
  });

  it('is not-tested without a maximum to find, or two canonical ids', async () => {
    const unlimited = await run('location-lookup.batch', lookup({ max: 1000 }), { ids: ['loc-1', 'loc-2'] });
    expect(unlimited.calls.map((c) => sent(c).length)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(unlimited.stopped).toBe(
      'not-tested: needs the batch maximum: no batch of up to 256 distinct ids got batch_limit_applied: the business has no maximum (rule 4 then never applies) or one above 256; set fixtures.locations.lookup_batch_max',
    );
    const none = await run('location-lookup.batch', lookup({ max: 0 }), { ids: ['loc-1', 'loc-2'] });
    expect(none.stopped).toBe('not-tested: needs the batch maximum: even one id got batch_limit_applied');
    const refused = await run('location-lookup.batch', lookup({ answer: () => x(500, {}) }), {
      ids: ['loc-1', 'loc-2'],
    });
    expect(refused.stopped).toBe('not-tested: needs the batch maximum: a batch of 1 unknown ids answered HTTP 500: {}');
    const midway = await run(
      'location-lookup.batch',
      lookup({ max: 5, answer: (ids) => (ids.length === 6 ? x(503, {}) : undefined) }),
      { ids: ['loc-1', 'loc-2'] },
    );
    expect(midway.stopped).toBe('not-tested: needs the batch maximum: a batch of 6 unknown ids answered HTTP 503: {}');
    const one = await run('location-lookup.batch', lookup(), { ids: ['loc-1'], lookup_batch_max: 3 });
    expect(one.stopped).toBe('not-tested: needs two canonical ids in fixtures.locations.ids');
  });
});

describe('location-lookup.context', () => {
  const check = 'location-lookup.context-no-filter';
  it('looks up the same ids plain, with a context and with signals, and holds the same locations', async () => {
    const r = await run('location-lookup.context', lookup());
    expect(r.calls.map((c) => c.opts.input)).toEqual([
      { ids: ['loc-1', 'loc-2', 'ALIAS-1'] },
      {
        ids: ['loc-1', 'loc-2', 'ALIAS-1'],
        context: { address_country: 'US', address_region: 'NY', postal_code: '10012' },
      },
      { ids: ['loc-1', 'loc-2', 'ALIAS-1'], signals: expect.objectContaining({ 'org.proto.buyer_ip': '203.0.113.7' }) },
    ]);
    expect(r.verdict(check)).toMatchObject({
      kind: 'held',
      actual: '2 locations; 2 with the context; 2 with the signals',
    });
    expect(r.verdict(check)?.exchanges).toHaveLength(3);
  });

  it('fails a location left out or added with either, and a refusal', async () => {
    const filtering = lookup({
      answer: (_ids, input) =>
        input.context
          ? x(200, { locations: [{ id: 'loc-1' }] })
          : input.signals
            ? x(200, { locations: [{ id: 'loc-1' }, { id: 'loc-2' }, { id: 'loc-9' }] })
            : undefined,
    });
    const r = await run('location-lookup.context', filtering);
    expect(r.verdict(check)).toMatchObject({
      kind: 'broken',
      message: 'with the context, left out: loc-2; with the signals, added: loc-9',
    });
    const refusing = lookup({ answer: (_ids, input) => (input.context ? x(400, { code: 'bad' }) : undefined) });
    expect((await run('location-lookup.context', refusing)).verdict(check)?.message).toBe(
      'with the context, lookup answered HTTP 400: {"code":"bad"}',
    );
  });

  it('judges nothing when a lookup is refused for what it carries (401, 403): the refusal shows no filter', async () => {
    for (const status of [401, 403]) {
      const refusing = lookup({ answer: (_ids, input) => (input.signals ? x(status, { code: 'no' }) : undefined) });
      expect((await run('location-lookup.context', refusing)).verdict(check)).toMatchObject({
        kind: 'not-tested',
        message: `with the signals, the business refused the request (HTTP ${status}: {"code":"no"})`,
      });
    }
  });

  it('sends the context and signals the config gives', async () => {
    const context = { address_country: 'FR' };
    const signals = { 'dev.example.ip': '1.2.3.4' };
    const r = await run('location-lookup.context', lookup(), { ...LOCATIONS, context, signals });
    expect(r.calls[1].opts.input).toMatchObject({ context });
    expect(r.calls[2].opts.input).toMatchObject({ signals });
  });
});

describe('location-lookup.distance', () => {
  const check = 'location-lookup.distance-applied';
  // loc-1 at the center, loc-2 about 1.1 km north, loc-3 about 11 km north.
  const GEO: Record<string, object> = {
    'loc-1': { latitude: 40, longitude: -74 },
    'loc-2': { latitude: 40.01, longitude: -74 },
    'loc-3': { latitude: 40.1, longitude: -74 },
  };
  const PLACED = {
    ids: ['loc-1', 'loc-2', 'loc-3'],
    lookup_batch_max: 10,
    center: { latitude: 40, longitude: -74 },
    max_meters: 2000,
  };
  /** Geo on every location; with a distance, those within it (or as `near` decides). */
  const geoLookup = (near?: (ids: string[]) => string[], geo: Record<string, object> = GEO) =>
    lookup({
      answer: (ids, input) => {
        const kept = input.distance ? (near?.(ids) ?? ['loc-1', 'loc-2']) : ids.filter((id) => KNOWN.includes(id));
        return x(200, {
          locations: kept.map((id) => ({ id, inputs: [{ id }], ...(geo[id] ? { geo: geo[id] } : {}) })),
        });
      },
    });

  it('sends the distance as given and holds exactly the requested locations within it', async () => {
    const r = await run('location-lookup.distance', geoLookup(), PLACED);
    expect(r.calls[1].opts.input).toMatchObject({ distance: { center: { latitude: 40, longitude: -74 }, max: 2000 } });
    expect(r.verdict(check)).toMatchObject({
      kind: 'held',
      expected: 'exactly the requested locations within 2000 m of the center',
      actual: 'without distance: loc-1, loc-2, loc-3; with it: loc-1, loc-2',
    });
  });

  it('fails a location beyond the radius, one left out within it, and one not requested', async () => {
    const r = await run(
      'location-lookup.distance',
      geoLookup(() => ['loc-1', 'loc-3', 'loc-9']),
      PLACED,
    );
    expect(r.verdict(check)).toMatchObject({
      kind: 'broken',
      message: 'loc-9 (not one the ids resolve to); loc-3 (beyond 2000 m); loc-2 (within 2000 m, yet left out)',
    });
    const refused = await run(
      'location-lookup.distance',
      lookup({ answer: (_ids, input) => (input.distance ? x(422, { code: 'bad' }) : undefined) }),
      PLACED,
    );
    expect(refused.verdict(check)?.message).toBe('with distance, lookup answered HTTP 422: {"code":"bad"}');
  });

  it('places a location by its geo in the answer without distance when the filtered one has none', async () => {
    const bare = lookup({
      answer: (ids, input) =>
        input.distance
          ? x(200, { locations: [{ id: 'loc-1' }, { id: 'loc-3' }] })
          : x(200, { locations: ids.filter((id) => KNOWN.includes(id)).map((id) => ({ id, geo: GEO[id] })) }),
    });
    expect((await run('location-lookup.distance', bare, PLACED)).verdict(check)?.message).toBe(
      'loc-3 (beyond 2000 m); loc-2 (within 2000 m, yet left out)',
    );
  });

  it('observes locations that cannot be placed, and is not-tested when the radius is rejected', async () => {
    const unplaced = await run(
      'location-lookup.distance',
      geoLookup(undefined, { 'loc-1': GEO['loc-1'], 'loc-2': GEO['loc-2'] }),
      PLACED,
    );
    expect(unplaced.verdict(check)).toMatchObject({
      kind: 'observed',
      message:
        '1 locations cannot be placed (no geo as latitude/longitude, lat with lng or lon, or a GeoJSON Point): loc-3',
    });
    const rejected = lookup({
      answer: (_ids, input) =>
        input.distance ? x(200, { messages: [{ type: 'error', code: 'invalid', content: 'Too far.' }] }) : undefined,
    });
    const r = await run('location-lookup.distance', rejected, PLACED);
    expect(r.verdict(check)).toMatchObject({ kind: 'not-tested' });
    expect(r.verdict(check)?.message).toBe(
      'lookup rejected distance {"center":{"latitude":40,"longitude":-74},"max":2000} (HTTP 200: {"messages":[{"type":"error","code":"invalid","content":"Too far."}]}): set fixtures.locations.max_meters to a radius the business honours',
    );
    // A 4xx is no business error to set the radius by: it fails.
    const four = lookup({ answer: (_ids, input) => (input.distance ? x(400, {}) : undefined) });
    expect((await run('location-lookup.distance', four, PLACED)).verdict(check)?.kind).toBe('broken');
  });

  it('judges no location within the tolerance of the radius either way', async () => {
    // loc-2 about 2 m beyond 2000 m: neither beyond nor within doubt.
    const edge = lookup({
      answer: (ids, input) =>
        x(200, {
          locations: (input.distance ? ['loc-1', 'loc-2'] : ids.filter((id) => KNOWN.includes(id))).map((id) => ({
            id,
            geo: id === 'loc-2' ? { latitude: 40.018, longitude: -74 } : { latitude: 40, longitude: -74 },
          })),
        }),
    });
    const locations = {
      ids: ['loc-1', 'loc-2'],
      lookup_batch_max: 10,
      center: { latitude: 40, longitude: -74 },
      max_meters: 2000,
    };
    const r = await run('location-lookup.distance', edge, locations);
    expect(r.verdict('location-lookup.distance-applied')?.kind).toBe('held');
  });

  it('is blocked when the plain lookup is refused', async () => {
    const r = await run('location-lookup.distance', lookup({ answer: () => x(500, {}) }), PLACED);
    expect(r.stopped).toBe('blocked by location-lookup.canonical-ids');
  });
});

describe('location-lookup.amenities', () => {
  const check = 'location-lookup.amenities-applied';
  const AMENITIES: Record<string, object | undefined> = {
    'loc-1': { wifi: true, parking: true },
    'loc-2': { wifi: true },
    'loc-3': undefined,
  };
  const WITH = { ids: KNOWN, lookup_batch_max: 10, amenities: ['wifi', 'parking'] };
  const amenityLookup = (filtered: (ids: string[]) => string[] = () => ['loc-1'], map = AMENITIES) =>
    lookup({
      answer: (ids, input) => {
        const kept = input.filters ? filtered(ids) : ids.filter((id) => KNOWN.includes(id));
        return x(200, { locations: kept.map((id) => ({ id, ...(map[id] ? { amenities: map[id] } : {}) })) });
      },
    });

  it('sends the filter and holds exactly the requested locations with every amenity, observing those without a map', async () => {
    const r = await run('location-lookup.amenities', amenityLookup(), WITH);
    expect(r.calls[1].opts.input).toMatchObject({ filters: { amenities: ['wifi', 'parking'] } });
    expect(r.verdict(check)).toMatchObject({
      kind: 'observed',
      message: 'no location breaks the filter where it can be seen; 1 list no amenities map (it is optional): loc-3',
    });
    const all = { ...AMENITIES, 'loc-3': {} };
    expect((await run('location-lookup.amenities', amenityLookup(undefined, all), WITH)).verdict(check)).toMatchObject({
      kind: 'held',
      actual: 'without the filter: loc-1, loc-2, loc-3; with it: loc-1',
    });
  });

  it('fails a location lacking an amenity, one left out that has them, and one not requested', async () => {
    const r = await run(
      'location-lookup.amenities',
      amenityLookup(() => ['loc-2', 'loc-9']),
      WITH,
    );
    expect(r.verdict(check)).toMatchObject({
      kind: 'broken',
      message:
        'loc-9 (not one the ids resolve to); loc-2 lacks parking (has wifi); loc-1 (has wifi, parking, yet left out)',
    });
    const none = await run(
      'location-lookup.amenities',
      amenityLookup(() => []),
      WITH,
    );
    expect(none.verdict(check)?.actual).toBe('without the filter: loc-1, loc-2, loc-3; with it: none');
    const refused = lookup({ answer: (_ids, input) => (input.filters ? x(400, {}) : undefined) });
    expect((await run('location-lookup.amenities', refused, WITH)).verdict(check)?.message).toBe(
      'with filters.amenities, lookup answered HTTP 400: {}',
    );
  });

  it('needs amenities in the config', async () => {
    const r = await run('location-lookup.amenities', amenityLookup(), LOCATIONS);
    expect(r.stopped).toBe('not-tested: needs fixtures.locations.amenities in --config');
  });
});
