import type { Suite } from '../../src/engine/suite.js';
import { brief } from '../../src/protocol/messages.js';
import { productsOf } from '../shared/catalog-fixtures.js';
import { endpointsScenario } from '../shared/endpoints.js';

const DEFAULT_PAGE_SIZE = 10;
const SMALL_LIMIT = 3;

export const catalogSearchSuite: Suite = {
  id: 'catalog-search',
  title: 'Catalog search',
  capability: 'shopping.catalog.search',
  appliesWhen: 'advertised',
  scenarios: [
    endpointsScenario('shopping.catalog.search', 'DISC-001'),
    {
      id: 'catalog-search.first-page',
      title: 'A search without a limit returns a first page of valid products',
      effect: 'read',
      checks: [
        { id: 'catalog-search.response', title: 'search answers 200 with a products array', requirements: ['SRCH-001'] },
        { id: 'catalog-search.products-valid', title: 'every product has the required members', requirements: ['SRCH-002'] },
        { id: 'catalog-search.default-page-size', title: 'at most 10 products without a limit', requirements: ['SRCH-003'] },
      ],
      async run(t) {
        const query = t.config.fixtures?.search_query;
        const x = await t.call('catalog.search', { body: query ? { query } : {} });
        const problems = x.status === 200 ? t.validate('catalog-search-response.schema.json', x.json) : [`HTTP ${x.status}`];
        t.require('catalog-search.response', problems.length === 0, {
          message: problems[0] ?? '', expected: 'HTTP 200 and a body matching catalog-search-response.schema.json', actual: problems.join('; '),
        });
        const products = t.need(productsOf(x.json), 'a search that returns products (set fixtures.search_query in --config)');
        const invalid = products.flatMap((p, i) =>
          t.validate('common.schema.json#/$defs/product', p).map((e) => e.replace('$', `$.products[${i}]`)));
        t.check('catalog-search.products-valid', invalid.length === 0, {
          message: invalid[0] ?? '', expected: 'id, title, description.plain, price_range and a variant on every product', actual: invalid.join('; '),
        });
        t.check('catalog-search.default-page-size', products.length <= DEFAULT_PAGE_SIZE, {
          message: `${products.length} products on a page requested without a limit`,
          expected: `at most ${DEFAULT_PAGE_SIZE} products`, actual: `${products.length} products`,
        });
      },
    },
    {
      id: 'catalog-search.small-limit',
      title: `A search with pagination.limit ${SMALL_LIMIT} honours it`,
      effect: 'read',
      checks: [{ id: 'catalog-search.limit-honoured', title: 'no more products than pagination.limit', requirements: ['SRCH-004'] }],
      async run(t) {
        const query = t.config.fixtures?.search_query;
        const x = await t.call('catalog.search', { body: { ...(query ? { query } : {}), pagination: { limit: SMALL_LIMIT } } });
        const count = productsOf(x.json).length;
        t.check('catalog-search.limit-honoured', x.status === 200 && count <= SMALL_LIMIT, {
          message: x.status === 200 ? `${count} products for limit ${SMALL_LIMIT}` : `HTTP ${x.status}: ${brief(x.json)}`,
          expected: `HTTP 200 and at most ${SMALL_LIMIT} products`, actual: `HTTP ${x.status}, ${count} products`,
        });
      },
    },
  ],
};
