import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { brief, findMessage } from '../../src/protocol/messages.js';
import {
  catalogIds, NEEDS_PRODUCT_IDS, NEEDS_VARIANT_IDS, productsOf, unknownId, variantIdsOf,
} from '../shared/catalog-fixtures.js';
import { endpointsScenario } from '../shared/endpoints.js';

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
      checks: [{ id: 'catalog-lookup.variant-ids', title: 'variant ids are accepted', requirements: ['LKUP-003'] }],
      async run(t) {
        const [variantId] = t.need((await catalogIds(t)).variantIds, NEEDS_VARIANT_IDS);
        const x = await lookup(t, [variantId]);
        const found = productsOf(x.json).some((p) => variantIdsOf(p).includes(variantId));
        t.check('catalog-lookup.variant-ids', x.status === 200 && found, {
          message: `variant ${variantId} did not resolve`, expected: `HTTP 200 and a product holding variant ${variantId}`,
          actual: `HTTP ${x.status}, ${brief(x.json)}`,
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
      id: 'catalog-product.unknown-id',
      title: 'Product detail for an identifier that does not resolve',
      effect: 'read',
      checks: [{ id: 'catalog-product.not-found', title: 'unknown id gives a not_found error envelope', requirements: ['PROD-001'] }],
      async run(t) {
        const x = await t.call('catalog.product', { body: { id: unknownId() } });
        const env = envelopeOf(t.dialect, x.json);
        const status = isObject(env) ? env.status : undefined;
        const message = findMessage(x.json, { code: 'not_found', type: 'error' });
        t.check('catalog-product.not-found', x.status === 200 && status === 'error' && message?.severity === 'unrecoverable', {
          message: 'unknown product id not answered with the not_found error envelope',
          expected: `HTTP 200, ${t.dialect.envelopeKey}.status error, message {type: error, code: not_found, severity: unrecoverable}`,
          actual: `HTTP ${x.status}, status ${brief(status)}, messages ${brief(isObject(x.json) ? x.json.messages : undefined)}`,
        });
      },
    },
  ],
};

function lookup(t: ScenarioContext, ids: string[]): Promise<Exchange> {
  return t.call('catalog.lookup', { body: { ids } });
}

function inputIdsOf(product: Record<string, unknown>): string[] {
  const variants = Array.isArray(product.variants) ? product.variants.filter(isObject) : [];
  return variants.flatMap((v) => (Array.isArray(v.inputs) ? v.inputs.filter(isObject).map((i) => i.id) : []))
    .filter((id): id is string => typeof id === 'string');
}
