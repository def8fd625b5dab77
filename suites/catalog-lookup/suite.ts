import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { brief, findMessage } from '../../src/protocol/messages.js';
import {
  catalogIds, hasSelections, knownProducts, missingCombination, NEEDS_PRODUCT_IDS, NEEDS_VARIANT_IDS, optionValues,
  productsOf, unknownId, variantIdsOf, variantsOf, type Selection,
} from '../shared/catalog-fixtures.js';

/** Largest lookup batch probed unless fixtures.lookup_batch_ceiling says otherwise. */
const DEFAULT_BATCH_CEILING = 100;
import { endpointsScenario } from '../shared/endpoints.js';
import { unknownIdScenario } from '../shared/unknown-id.js';

export const catalogLookupSuite: Suite = {
  id: 'catalog-lookup',
  title: 'Catalog lookup and product detail',
  capability: 'shopping.catalog.lookup',
  appliesWhen: 'advertised',
  scenarios: [
    endpointsScenario('shopping.catalog.lookup', 'DISC-001'),
    {
      id: 'catalog-lookup.by-product-id',
      title: 'Lookup by product ids',
      effect: 'read',
      checks: [
        { id: 'catalog-lookup.response', title: 'lookup answers 200 with valid products', requirements: ['LKUP-001'] },
        { id: 'catalog-lookup.product-ids', title: 'product ids are accepted', requirements: ['LKUP-002'] },
        { id: 'catalog-lookup.inputs', title: 'variants carry inputs naming the request ids', requirements: ['LKUP-006'] },
      ],
      async run(t) {
        const ids = t.need((await catalogIds(t)).productIds, NEEDS_PRODUCT_IDS).slice(0, 2);
        const x = await lookup(t, ids);
        const problems = x.status === 200 ? t.validate('catalog-lookup-response.schema.json', x.json) : [`HTTP ${x.status}`];
        t.require('catalog-lookup.response', problems.length === 0, {
          message: problems[0] ?? '', expected: 'HTTP 200 and a body matching catalog-lookup-response.schema.json', actual: problems.join('; '),
        });
        const products = productsOf(x.json);
        const missing = ids.filter((id) => !products.some((p) => p.id === id));
        t.check('catalog-lookup.product-ids', missing.length === 0, {
          message: `not resolved: ${missing.join(', ')}`, expected: `products with ids ${ids.join(', ')}`,
          actual: `product ids ${brief(products.map((p) => p.id))}`,
        });
        t.prerequisite(ids.some((id) => products.some((p) => p.id === id)), 'catalog-lookup.product-ids');
        const inputs = products.flatMap(inputIdsOf);
        const unnamed = ids.filter((id) => products.some((p) => p.id === id) && !inputs.includes(id));
        const stray = inputs.filter((id) => !ids.includes(id));
        t.check('catalog-lookup.inputs', unnamed.length === 0 && stray.length === 0, {
          message: unnamed.length ? `no variant's inputs names ${unnamed.join(', ')}` : `inputs name ids not requested: ${stray.join(', ')}`,
          expected: 'each resolved request id named in the inputs of a returned variant, and no other id',
          actual: `inputs ids ${brief(inputs)}`,
        });
      },
    },
    {
      id: 'catalog-lookup.by-variant-id',
      title: 'Lookup by a variant id',
      effect: 'read',
      checks: [
        { id: 'catalog-lookup.variant-ids', title: 'variant ids are accepted', requirements: ['LKUP-003'] },
        { id: 'catalog-lookup.sku', title: 'a SKU is accepted (optional)', requirements: ['LKUP-008'] },
      ],
      async run(t) {
        const [variantId] = t.need((await catalogIds(t)).variantIds, NEEDS_VARIANT_IDS);
        const x = await lookup(t, [variantId]);
        const holder = productsOf(x.json).find((p) => variantIdsOf(p).includes(variantId));
        t.check('catalog-lookup.variant-ids', x.status === 200 && !!holder, {
          message: `variant ${variantId} did not resolve`, expected: `HTTP 200 and a product holding variant ${variantId}`,
          actual: `HTTP ${x.status}, ${brief(x.json)}`,
        });
        const sku = variantsOf(holder ?? {}).find((v) => v.id === variantId)?.sku;
        if (typeof sku !== 'string' || sku === variantId) return t.notTested('catalog-lookup.sku', 'the variant has no SKU of its own');
        const bySku = await lookup(t, [sku]);
        t.check('catalog-lookup.sku', productsOf(bySku.json).some((p) => variantIdsOf(p).includes(variantId)), {
          message: `SKU ${sku} is not accepted as an identifier`, expected: `the product holding variant ${variantId}`,
          actual: `HTTP ${bySku.status}, ${brief(bySku.json)}`, exchanges: [bySku],
        });
      },
    },
    {
      id: 'catalog-lookup.unknown-ids',
      title: 'Lookup with identifiers that do not resolve',
      effect: 'read',
      checks: [
        { id: 'catalog-lookup.not-found-info', title: 'an unknown id gives an info not_found message naming it', requirements: ['LKUP-004'] },
        { id: 'catalog-lookup.none-resolve-empty', title: 'no id resolving gives an empty products array', requirements: ['LKUP-005'] },
      ],
      async run(t) {
        const [known] = t.need((await catalogIds(t)).productIds, NEEDS_PRODUCT_IDS);
        const unknown = unknownId();
        const mixed = await lookup(t, [known, unknown]);
        t.check('catalog-lookup.not-found-info', mixed.status === 200 && !!findMessage(mixed.json, { code: 'not_found', type: 'info', content: unknown }), {
          message: `no info not_found message for ${unknown}`,
          expected: `HTTP 200 and a message {type: info, code: not_found, content: ${unknown}}`,
          actual: `HTTP ${mixed.status}, messages ${brief(isObject(mixed.json) ? mixed.json.messages : undefined)}`,
          exchanges: [mixed],
        });
        const none = await lookup(t, [unknown]);
        const products = isObject(none.json) ? none.json.products : undefined;
        t.check('catalog-lookup.none-resolve-empty', none.status === 200 && Array.isArray(products) && products.length === 0, {
          message: 'no id resolved, yet products is not an empty array',
          expected: 'HTTP 200 and products: []', actual: `HTTP ${none.status}, products ${brief(products)}`, exchanges: [none],
        });
      },
    },
    {
      id: 'catalog-lookup.batch-limit',
      title: 'Lookup batches of growing size until the business refuses one',
      effect: 'read',
      checks: [{ id: 'catalog-lookup.batch-limit', title: 'an oversized batch gets 400 request_too_large', requirements: ['LKUP-007'] }],
      run: probeBatchLimit,
    },
    {
      id: 'catalog-product.by-ids',
      title: 'Product detail by product id and by variant id',
      effect: 'read',
      checks: [
        { id: 'catalog-product.product-id', title: 'a product id resolves to one product', requirements: ['PROD-002'] },
        { id: 'catalog-product.variant-id', title: 'a variant id resolves to the product holding it', requirements: ['PROD-003'] },
        { id: 'catalog-product.selected', title: 'a product with options carries selected', requirements: ['PROD-004'] },
      ],
      async run(t) {
        const product = await optionsProduct(t);
        const byProduct = await productDetail(t, { id: product.id });
        const problems = byProduct.product ? t.validate('catalog-product-response.schema.json', byProduct.x.json) : [`HTTP ${byProduct.x.status}, no product`];
        t.check('catalog-product.product-id', problems.length === 0 && byProduct.product?.id === product.id, {
          message: problems[0] ?? `asked for ${String(product.id)}, got ${brief(byProduct.product?.id)}`,
          expected: `HTTP 200 and product ${String(product.id)} matching catalog-product-response.schema.json`,
          actual: `HTTP ${byProduct.x.status}, ${problems.join('; ') || brief(byProduct.product?.id)}`, exchanges: [byProduct.x],
        });
        const selected = byProduct.product?.selected;
        if (!byProduct.product) t.notTested('catalog-product.selected', 'the product id did not resolve (see catalog-product.product-id)');
        else t.check('catalog-product.selected', Array.isArray(selected) && selected.length > 0, {
          message: `product ${String(product.id)} has options but selected is ${brief(selected)}`,
          expected: 'selected: the effective option selections', actual: `selected ${brief(selected)}`, exchanges: [byProduct.x],
        });
        const variantId = variantIdsOf(product).find((id) => id !== product.id);
        const variant = t.need(variantId, 'a product whose variants have their own ids');
        const byVariant = await productDetail(t, { id: variant });
        t.check('catalog-product.variant-id', !!byVariant.product && variantIdsOf(byVariant.product).includes(variant), {
          message: `variant ${variant} did not resolve to its product`,
          expected: `HTTP 200 and a product holding variant ${variant}`,
          actual: `HTTP ${byVariant.x.status}, ${brief(byVariant.product?.id ?? byVariant.x.json)}`, exchanges: [byVariant.x],
        });
      },
    },
    {
      id: 'catalog-product.selections',
      title: 'Selections: option value signals and relaxation by preferences',
      effect: 'read',
      checks: [
        { id: 'catalog-product.signals-present', title: 'option values carry available and exists', requirements: ['PROD-005'] },
        { id: 'catalog-product.signals-relative', title: 'exists and available are relative to the selections', requirements: ['PROD-006'] },
        { id: 'catalog-product.variants-match', title: 'returned variants match the selections', requirements: ['PROD-008'] },
        { id: 'catalog-product.relaxation', title: 'relaxation drops options from the end of preferences', requirements: ['PROD-007'] },
      ],
      async run(t) {
        const products = await knownProducts(t);
        const product = t.need(products.find((p) => missingCombination(p)), 'a product with two options and a missing combination');
        const [a, b] = missingCombination(product)!;
        const { x, product: answered } = await productDetail(t, { id: product.id, selected: [a] });
        t.prerequisite(!!answered, 'catalog-product.product-id');
        const options = answered && Array.isArray(answered.options) ? answered.options.filter(isObject) : [];
        const values = options.flatMap((o) => (Array.isArray(o.values) ? o.values.filter(isObject).map((v) => ({ option: String(o.name), v })) : []));
        const unsignalled = values.filter(({ v }) => typeof v.available !== 'boolean' || typeof v.exists !== 'boolean');
        t.require('catalog-product.signals-present', values.length > 0 && unsignalled.length === 0, {
          message: values.length ? `${unsignalled.length} option values lack available/exists` : 'no option values in the answer',
          expected: 'available and exists booleans on every option value', actual: brief(options), exchanges: [x],
        });
        const wrong = values.filter(({ option, v }) => {
          const want = expectedSignals(product, option, String(v.label), [a]);
          return v.exists !== want.exists || v.available !== want.available;
        });
        t.check('catalog-product.signals-relative', wrong.length === 0, {
          message: `with ${a.name}=${a.label} selected: ${wrong.map(({ option, v }) => `${option}=${String(v.label)} says exists ${String(v.exists)}, available ${String(v.available)}`).join('; ')}`,
          expected: `${b.name}=${b.label} exists false, since no variant has ${a.name}=${a.label} with it`,
          actual: brief(options), exchanges: [x],
        });
        const strays = variantsOf(answered!).filter((v) => !hasSelections(v, [a]));
        t.check('catalog-product.variants-match', variantsOf(answered!).length > 0 && strays.length === 0, {
          message: `${strays.length} returned variants lack ${a.name}=${a.label}`,
          expected: `only variants with ${a.name}=${a.label}`, actual: brief(variantsOf(answered!).map((v) => v.options)), exchanges: [x],
        });
        const relaxed = await productDetail(t, { id: product.id, selected: [a, b], preferences: [a.name, b.name] });
        const variants = relaxed.product ? variantsOf(relaxed.product) : [];
        t.check('catalog-product.relaxation', variants.length > 0 && variants.every((v) => hasSelections(v, [a])), {
          message: `no variant has ${a.name}=${a.label} with ${b.name}=${b.label}; the business should drop ${b.name}, the last preference`,
          expected: `variants with ${a.name}=${a.label}`,
          actual: `HTTP ${relaxed.x.status}, variants ${brief(variants.map((v) => v.options))}`, exchanges: [relaxed.x],
        });
      },
    },
    unknownIdScenario({ operation: 'catalog.product', checkId: 'catalog-product.not-found', requirement: 'PROD-001', subject: 'product', idIn: 'body' }),
  ],
};

/** Probes growing batches until the business refuses one; anything but a 400 request_too_large fails. */
async function probeBatchLimit(t: ScenarioContext): Promise<void> {
  const ceiling = t.config.fixtures?.lookup_batch_ceiling ?? DEFAULT_BATCH_CEILING;
  let accepted = 0;
  for (let size = 1; ; size = Math.min(size * 2, ceiling)) {
    const ids = Array.from({ length: size }, (_, i) => `proto-conformance-batch-${i}`);
    const x = await t.call('catalog.lookup', { body: { ids }, tolerateTransportError: true });
    // The probe uses ids that resolve to nothing; a single one must already be answered with 200.
    if (size === 1) t.prerequisite(x.status === 200, 'catalog-lookup.not-found-info');
    if (x.status === 200) {
      accepted = size;
      if (size === ceiling) break;
      continue;
    }
    const code = isObject(x.json) ? x.json.code : undefined;
    const what = x.transportError ? x.transportError.message : `HTTP ${x.status} ${brief(code)}`;
    t.check('catalog-lookup.batch-limit', x.status === 400 && code === 'request_too_large', {
      message: `a batch of ${size} ids (${accepted} were accepted) got ${what}`,
      expected: 'HTTP 400 with code request_too_large', actual: what, exchanges: [x],
    });
    return;
  }
  t.observe('catalog-lookup.batch-limit', { message: `every batch up to ${accepted} ids was accepted; no limit below the ceiling (fixtures.lookup_batch_ceiling)` });
}

/** A product with options, for the product detail checks. */
async function optionsProduct(t: ScenarioContext): Promise<Record<string, unknown>> {
  const products = await knownProducts(t);
  return t.need(products.find((p) => optionValues(p).size > 0), 'a product with options among fixtures.product_ids or the first search page');
}

async function productDetail(t: ScenarioContext, body: Record<string, unknown>): Promise<{ x: Exchange; product?: Record<string, unknown> }> {
  const x = await t.call('catalog.product', { body });
  const product = isObject(x.json) && isObject(x.json.product) ? x.json.product : undefined;
  return { x, product: x.status === 200 ? product : undefined };
}

/** Expected exists/available of one option value given the other selections, from the full variant list. */
function expectedSignals(product: Record<string, unknown>, option: string, label: string, selections: Selection[]) {
  const others = selections.filter((s) => s.name !== option);
  const candidates = variantsOf(product).filter((v) => hasSelections(v, [...others, { name: option, label }]));
  const available = candidates.some((v) => isObject(v.availability) && v.availability.available === true);
  return { exists: candidates.length > 0, available };
}

function lookup(t: ScenarioContext, ids: string[]): Promise<Exchange> {
  return t.call('catalog.lookup', { body: { ids } });
}

function inputIdsOf(product: Record<string, unknown>): string[] {
  const variants = Array.isArray(product.variants) ? product.variants.filter(isObject) : [];
  return variants.flatMap((v) => (Array.isArray(v.inputs) ? v.inputs.filter(isObject).map((i) => i.id) : []))
    .filter((id): id is string => typeof id === 'string');
}
