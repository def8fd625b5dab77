import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/report/exchange.js';
import { catalogLookupSuite } from '../../suites/catalog-lookup/suite.js';
import { type Call, runScenario, x } from './scripted-business.js';

// The catalog lookup scenarios' judgements against a catalog scripted here (the corpus proves the
// same against the reference business over HTTP).

const CONFIG = { fixtures: { product_ids: ['p1', 'p2'], variant_ids: ['v1a'] } };
const variant = (id: string, inputs: unknown[] = [], more: object = {}) => ({ id, inputs, ...more });
const product = (id: string, variants: unknown[]) => ({ id, variants });
/** Each product's variants name the ids asked for that resolve to it. */
const CATALOG: Record<string, { product: string; variant: string }> = {
  p1: { product: 'p1', variant: 'v1a' },
  p2: { product: 'p2', variant: 'v2a' },
  v1a: { product: 'p1', variant: 'v1a' },
  'SKU-1': { product: 'p1', variant: 'v1a' },
};
const ENV = { version: '2026-04-08', status: 'success' };

/** A lookup answering the ids it knows, its products' variants naming the ids asked (`named` may change that). */
function catalog(habits: { answer?: (ids: string[]) => Exchange | undefined; sku?: boolean } = {}) {
  return (c: Call): Exchange => {
    const ids = ((c.opts.input as { ids?: string[] } | undefined)?.ids ?? []) as string[];
    const own = habits.answer?.(ids);
    if (own) return own;
    const byProduct = new Map<string, string[]>();
    for (const id of ids) {
      const hit = CATALOG[id];
      if (!hit || (id.startsWith('SKU') && !habits.sku)) continue;
      byProduct.set(hit.product, [...(byProduct.get(hit.product) ?? []), id]);
    }
    const products = [...byProduct].map(([p, asked]) =>
      product(p, [
        variant(
          CATALOG[p].variant,
          asked.map((id) => ({ id, match: 'exact' })),
          { sku: 'SKU-1' },
        ),
      ]),
    );
    const unknown = ids.filter((id) => !CATALOG[id] || (id.startsWith('SKU') && !habits.sku));
    const messages = unknown.map((id) => ({ type: 'info', code: 'not_found', content: id }));
    return x(200, { proto: ENV, products, ...(messages.length ? { messages } : {}) });
  };
}
const run = (id: string, business: (c: Call, n: number) => Exchange, config: object = CONFIG) =>
  runScenario(catalogLookupSuite, id, business, { config, more: { validate: () => [] } });

describe('catalog-lookup.by-product-id', () => {
  it('holds when each product id resolves and a variant of it names the id', async () => {
    const r = await run('catalog-lookup.by-product-id', catalog());
    expect(r.calls[0].opts.input).toEqual({ ids: ['p1', 'p2'] });
    for (const c of ['catalog-lookup.response', 'catalog-lookup.product-ids', 'catalog-lookup.inputs'])
      expect(r.verdict(c)?.kind, c).toBe('held');
  });

  it('fails the response on another status, and stops', async () => {
    const r = await run('catalog-lookup.by-product-id', catalog({ answer: () => x(500, {}) }));
    expect(r.verdict('catalog-lookup.response')).toMatchObject({ kind: 'broken', message: 'HTTP 500' });
    expect(r.stopped).toBe('blocked by catalog-lookup.response');
  });

  it('fails an id not resolved, and is blocked when none is', async () => {
    const one = catalog({ answer: () => x(200, { products: [product('p1', [variant('v1a', [{ id: 'p1' }])])] }) });
    const r = await run('catalog-lookup.by-product-id', one);
    expect(r.verdict('catalog-lookup.product-ids')).toMatchObject({
      kind: 'broken',
      message: 'not resolved: p2',
      expected: 'products with ids p1, p2',
      actual: 'product ids ["p1"]',
    });
    expect(r.verdict('catalog-lookup.inputs')?.kind).toBe('held');
    const none = await run('catalog-lookup.by-product-id', catalog({ answer: () => x(200, { products: [] }) }));
    expect(none.stopped).toBe('blocked by catalog-lookup.product-ids');
  });

  it('fails inputs attached to the wrong product, or naming ids not requested', async () => {
    const swapped = catalog({
      answer: () =>
        x(200, {
          products: [product('p1', [variant('v1a', [{ id: 'p2' }])]), product('p2', [variant('v2a', [{ id: 'p1' }])])],
        }),
    });
    const r = await run('catalog-lookup.by-product-id', swapped);
    expect(r.verdict('catalog-lookup.inputs')).toMatchObject({
      kind: 'broken',
      message:
        'no variant of product p1 has inputs naming it (the inputs of p2 do); no variant of product p2 has inputs naming it (the inputs of p1 do)',
      actual: 'p1: inputs ids ["p2"]; p2: inputs ids ["p1"]',
    });
    const bare = catalog({
      answer: () =>
        x(200, { products: [product('p1', [variant('v1a', [])]), product('p2', [variant('v2a', [{ id: 'p2' }])])] }),
    });
    expect((await run('catalog-lookup.by-product-id', bare)).verdict('catalog-lookup.inputs')?.message).toBe(
      'no variant of product p1 has inputs naming it',
    );
    const stray = catalog({
      answer: () =>
        x(200, {
          products: [
            product('p1', [variant('v1a', [{ id: 'p1' }, { id: 'zz' }, 'odd', null, { id: 7 }])]),
            { id: 'p3', variants: 'none' },
            product('p2', [variant('v2a', [{ id: 'p2' }]), 'odd']),
          ],
        }),
    });
    expect((await run('catalog-lookup.by-product-id', stray)).verdict('catalog-lookup.inputs')).toMatchObject({
      kind: 'broken',
      message: 'inputs name ids not requested: zz',
    });
    // One id naming more than one product: its own product records it, and another may too.
    const shared = catalog({
      answer: () =>
        x(200, {
          products: [
            product('p1', [variant('v1a', [{ id: 'p1' }, { id: 'p2' }])]),
            product('p2', [variant('v2a', [{ id: 'p2' }])]),
          ],
        }),
    });
    expect((await run('catalog-lookup.by-product-id', shared)).verdict('catalog-lookup.inputs')?.kind).toBe('held');
  });

  it('needs product ids', async () => {
    const r = await run('catalog-lookup.by-product-id', () => x(200, { products: [] }), {});
    expect(r.stopped).toMatch(/^not-tested: needs /);
  });
});

describe('catalog-lookup.by-variant-id', () => {
  it('holds a variant that resolves and names itself, and a SKU that resolves', async () => {
    const r = await run('catalog-lookup.by-variant-id', catalog({ sku: true }));
    expect(r.verdict('catalog-lookup.variant-ids')?.kind).toBe('held');
    expect(r.verdict('catalog-lookup.variant-inputs')?.kind).toBe('held');
    expect(r.verdict('catalog-lookup.sku')?.kind).toBe('held');
    expect(r.calls.map((c) => [c.opts.input, c.opts.notFoundProbe])).toEqual([
      [{ ids: ['v1a'] }, false],
      [{ ids: ['SKU-1'] }, true],
    ]);
  });

  it('fails a SKU not taken, and a variant whose inputs do not name it', async () => {
    const r = await run('catalog-lookup.by-variant-id', catalog());
    expect(r.verdict('catalog-lookup.sku')).toMatchObject({
      kind: 'broken',
      message: 'SKU SKU-1 is not accepted as an identifier',
      expected: 'the product holding variant v1a',
    });
    const unnamed = catalog({ answer: () => x(200, { products: [product('p1', [variant('v1a', [{ id: 'p1' }])])] }) });
    expect((await run('catalog-lookup.by-variant-id', unnamed)).verdict('catalog-lookup.variant-inputs')).toMatchObject(
      {
        kind: 'broken',
        message: 'variant v1a carries no inputs entry naming it',
        actual: 'inputs [{"id":"p1"}]',
      },
    );
  });

  it('leaves the SKU not-tested for a variant without one of its own', async () => {
    for (const sku of [undefined, 'v1a', 7]) {
      const own = catalog({
        answer: () => x(200, { products: [product('p1', [variant('v1a', [{ id: 'v1a' }], { sku })])] }),
      });
      const r = await run('catalog-lookup.by-variant-id', own);
      expect(r.verdict('catalog-lookup.sku'), String(sku)).toMatchObject({
        kind: 'not-tested',
        message: 'the variant has no SKU of its own',
      });
      expect(r.calls).toHaveLength(1);
    }
  });

  it('fails and stops when the variant does not resolve', async () => {
    const r = await run('catalog-lookup.by-variant-id', catalog({ answer: () => x(404, {}) }));
    expect(r.verdict('catalog-lookup.variant-ids')).toMatchObject({
      kind: 'broken',
      message: 'variant v1a did not resolve',
      expected: 'HTTP 200 and a product holding variant v1a',
      actual: 'HTTP 404, {}',
    });
    expect(r.stopped).toBe('blocked by catalog-lookup.variant-ids');
    // Resolved, but not answered 200.
    const odd = catalog({ answer: () => x(203, { products: [product('p1', [variant('v1a', [{ id: 'v1a' }])])] }) });
    expect((await run('catalog-lookup.by-variant-id', odd)).verdict('catalog-lookup.variant-ids')?.kind).toBe('broken');
  });
});

describe('catalog-lookup.unknown-ids', () => {
  it('holds an info not_found naming the unknown id, and an empty products array when none resolve', async () => {
    const r = await run('catalog-lookup.unknown-ids', catalog());
    expect(r.calls.map((c) => c.opts.notFoundProbe)).toEqual([true, true]);
    const [mixed, none] = r.calls.map((c) => (c.opts.input as { ids: string[] }).ids);
    expect(mixed[0]).toBe('p1');
    expect(none).toEqual([mixed[1]]);
    expect(r.verdict('catalog-lookup.not-found-info')?.kind).toBe('held');
    expect(r.verdict('catalog-lookup.none-resolve-empty')?.kind).toBe('held');
  });

  it('fails a note of another type or code, and products that are not an empty array', async () => {
    const warning = catalog({
      answer: (ids) =>
        ids.length === 2
          ? x(200, { products: [], messages: [{ type: 'warning', code: 'not_found', content: ids[1] }] })
          : x(200, { products: null }),
    });
    const r = await run('catalog-lookup.unknown-ids', warning);
    expect(r.verdict('catalog-lookup.not-found-info')).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(/^no info not_found message for /),
    });
    expect(r.verdict('catalog-lookup.none-resolve-empty')).toMatchObject({
      kind: 'broken',
      message: 'no id resolved, yet products is not an empty array',
      actual: 'HTTP 200, products null',
    });
    const notEmpty = catalog({
      answer: (ids) => (ids.length === 1 ? x(200, { products: [{ id: 'p1' }] }) : undefined),
    });
    expect((await run('catalog-lookup.unknown-ids', notEmpty)).verdict('catalog-lookup.none-resolve-empty')?.kind).toBe(
      'broken',
    );
    // The note alone is not enough: the lookup is answered 200.
    const failing = catalog({
      answer: (ids) =>
        x(500, { products: [], messages: ids.map((id) => ({ type: 'info', code: 'not_found', content: id })) }),
    });
    expect((await run('catalog-lookup.unknown-ids', failing)).verdict('catalog-lookup.not-found-info')?.kind).toBe(
      'broken',
    );
    const missing = catalog({ answer: () => x(404, { products: [] }) });
    const m = await run('catalog-lookup.unknown-ids', missing);
    expect(m.verdict('catalog-lookup.not-found-info')?.kind).toBe('broken');
    expect(m.verdict('catalog-lookup.none-resolve-empty')?.kind).toBe('broken');
  });
});

describe('catalog-lookup.batch-limit', () => {
  const sizes = (r: { calls: Call[] }) => r.calls.map((c) => (c.opts.input as { ids: string[] }).ids.length);

  it('doubles the batch up to the ceiling, and holds 400 request_too_large', async () => {
    const limit = catalog({
      answer: (ids) => (ids.length > 8 ? x(400, { code: 'request_too_large' }) : x(200, { products: [] })),
    });
    const r = await run('catalog-lookup.batch-limit', limit);
    expect(sizes(r)).toEqual([1, 2, 4, 8, 16]);
    expect(r.calls[4].opts).toMatchObject({ notFoundProbe: true, tolerateTransportError: true });
    expect((r.calls[1].opts.input as { ids: string[] }).ids).toEqual([
      'proto-conformance-batch-0',
      'proto-conformance-batch-1',
    ]);
    expect(r.verdict('catalog-lookup.batch-limit')).toMatchObject({
      kind: 'held',
      message: 'a batch of 16 ids (8 were accepted) got HTTP 400 with code "request_too_large"',
    });
  });

  it('fails another refusal, naming its status and code', async () => {
    const cases: [Exchange, string][] = [
      [x(400, { code: 'invalid' }), 'a batch of 2 ids (1 were accepted) got HTTP 400 with code "invalid"'],
      [x(413, {}), 'a batch of 2 ids (1 were accepted) got HTTP 413 without a code'],
      [
        x(413, { code: 'request_too_large' }),
        'a batch of 2 ids (1 were accepted) got HTTP 413 with code "request_too_large"',
      ],
      [x(413, 'big'), 'a batch of 2 ids (1 were accepted) got HTTP 413 without a code'],
      [
        { ...x(undefined), transportError: { message: 'socket hang up' } } as Exchange,
        'a batch of 2 ids (1 were accepted) got socket hang up',
      ],
    ];
    for (const [answer, message] of cases) {
      const r = await run(
        'catalog-lookup.batch-limit',
        catalog({ answer: (ids) => (ids.length > 1 ? answer : x(200, {})) }),
      );
      expect(r.verdict('catalog-lookup.batch-limit'), message).toMatchObject({
        kind: 'broken',
        message,
        expected: 'HTTP 400 with code request_too_large',
      });
    }
  });

  it('is not-tested on a rate limit or an unavailable business, and observes no limit below the ceiling', async () => {
    for (const status of [429, 503]) {
      const r = await run(
        'catalog-lookup.batch-limit',
        catalog({ answer: (ids) => (ids.length > 2 ? x(status, {}) : x(200, {})) }),
      );
      expect(r.verdict('catalog-lookup.batch-limit')).toMatchObject({
        kind: 'not-tested',
        message: `a batch of 4 ids got HTTP ${status} (rate limited or unavailable); try again later`,
      });
    }
    const open = await run('catalog-lookup.batch-limit', catalog({ answer: () => x(200, {}) }), {
      fixtures: { lookup_batch_ceiling: 12 },
    });
    expect(sizes(open)).toEqual([1, 2, 4, 8, 12]);
    expect(open.verdict('catalog-lookup.batch-limit')).toMatchObject({
      kind: 'observed',
      message: 'every batch up to 12 ids was accepted; no limit below the ceiling (fixtures.lookup_batch_ceiling)',
    });
    const nine = await run('catalog-lookup.batch-limit', catalog({ answer: () => x(200, {}) }), {
      fixtures: { lookup_batch_ceiling: 9 },
    });
    expect(sizes(nine)).toEqual([1, 2, 4, 8, 9]);
    const standard = await run('catalog-lookup.batch-limit', catalog({ answer: () => x(200, {}) }), {});
    expect(sizes(standard).at(-1)).toBe(100);
  });

  it('is blocked when a single unknown id is not answered 200', async () => {
    const r = await run('catalog-lookup.batch-limit', catalog({ answer: () => x(404, {}) }));
    expect(r.stopped).toBe('blocked by catalog-lookup.not-found-info');
  });
});

describe('catalog-product.by-ids', () => {
  const v = (id: string, color: string, size: string) => ({
    id,
    options: [
      { name: 'Color', label: color },
      { name: 'Size', label: size },
    ],
  });
  const SHIRT = {
    id: 'shirt',
    options: [
      { name: 'Color', values: [{ label: 'Red' }, { label: 'Blue' }] },
      { name: 'Size', values: [{ label: 'S' }, { label: 'M' }] },
    ],
    variants: [v('v-rs', 'Red', 'S'), v('v-bs', 'Blue', 'S'), v('v-rm', 'Red', 'M')],
    selected: [
      { name: 'Color', label: 'Red' },
      { name: 'Size', label: 'S' },
    ],
  };
  const LOOKUP = { fixtures: { product_ids: ['shirt'] } };
  const TARGET = { capabilities: new Set(['shopping.catalog.lookup']) };
  /** The shirt's lookup, and its detail as `detail` makes it (by default, the shirt for its id or a variant's). */
  const shop =
    (
      detail: (id: string) => Exchange = (id) =>
        id === 'shirt' || id.startsWith('v-') ? x(200, { product: SHIRT }) : x(404, {}),
    ) =>
    (c: Call): Exchange =>
      c.op === 'catalog.lookup' ? x(200, { products: [SHIRT] }) : detail((c.opts.input as { id: string }).id);
  const run = (business: (c: Call) => Exchange) =>
    runScenario(catalogLookupSuite, 'catalog-product.by-ids', business, {
      config: LOOKUP,
      target: TARGET,
      more: { validate: () => [] },
    });

  it('holds a product id and a variant id resolving, and selected anchoring the featured variant', async () => {
    const r = await run(shop());
    expect(r.calls.map((c) => [c.op, c.opts.input])).toEqual([
      ['catalog.lookup', { ids: ['shirt'] }],
      ['catalog.product', { id: 'shirt' }],
      ['catalog.product', { id: 'v-rs' }],
    ]);
    for (const c of ['catalog-product.product-id', 'catalog-product.selected', 'catalog-product.variant-id'])
      expect(r.verdict(c)?.kind, c).toBe('held');
  });

  it('fails selected absent, naming no option, or not the featured variant', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'the product has options but selected is absent'],
      [[], 'the product has options but selected is []'],
      [[{ name: 'Fabric', label: 'Silk' }], 'selected names "Fabric", not an option of the product'],
      [[{ name: 'Color', label: 'Blue' }], 'selected Color=Blue, but the featured variant has Red'],
    ];
    for (const [selected, message] of cases) {
      const r = await run(shop(() => x(200, { product: { ...SHIRT, selected } })));
      expect(r.verdict('catalog-product.selected'), message).toMatchObject({ kind: 'broken', message });
    }
  });

  it('fails a product id that does not resolve, or resolves to another product', async () => {
    const missing = await run(shop((id) => (id === 'shirt' ? x(404, {}) : x(200, { product: SHIRT }))));
    expect(missing.verdict('catalog-product.product-id')).toMatchObject({
      kind: 'broken',
      message: 'HTTP 404, no product',
      actual: 'HTTP 404, HTTP 404, no product',
    });
    expect(missing.verdict('catalog-product.selected')).toMatchObject({
      kind: 'not-tested',
      message: 'the product id did not resolve (see catalog-product.product-id)',
    });
    const other = await run(shop(() => x(200, { product: { ...SHIRT, id: 'hat' } })));
    expect(other.verdict('catalog-product.product-id')).toMatchObject({
      kind: 'broken',
      message: 'asked for shirt, got "hat"',
    });
    const word = await run(shop(() => x(200, { product: 'shirt' })));
    expect(word.verdict('catalog-product.product-id')?.message).toBe('HTTP 200, no product');
    // A product in a response that is not 200 is none.
    const odd = await run(shop(() => x(203, { product: SHIRT })));
    expect(odd.verdict('catalog-product.product-id')?.kind).toBe('broken');
  });

  it('fails a variant id that does not resolve to the product holding it', async () => {
    const r = await run(
      shop((id) => (id === 'shirt' ? x(200, { product: SHIRT }) : x(200, { product: { ...SHIRT, variants: [] } }))),
    );
    expect(r.verdict('catalog-product.variant-id')).toMatchObject({
      kind: 'broken',
      message: 'variant v-rs did not resolve to its product',
      expected: 'HTTP 200 and a product holding variant v-rs',
      actual: 'HTTP 200, "shirt"',
    });
  });

  it('needs a configurable product', async () => {
    const plain = { ...SHIRT, options: [], variants: [v('v-rs', 'Red', 'S')] };
    const r = await runScenario(catalogLookupSuite, 'catalog-product.by-ids', () => x(200, { products: [plain] }), {
      config: LOOKUP,
      target: TARGET,
    });
    expect(r.stopped).toBe(
      'not-tested: needs a product with an option of two values or more, among fixtures.product_ids or the first search page',
    );
  });
});
