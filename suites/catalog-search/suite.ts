import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { NotTested } from '../../src/engine/outcomes.js';
import type { Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { brief } from '../../src/protocol/messages.js';
import { productsOf, unknownId } from '../shared/catalog-fixtures.js';
import { endpointsScenario } from '../shared/endpoints.js';

const DEFAULT_PAGE_SIZE = 10;
const SMALL_LIMIT = 3;
/** Pages walked at most; a larger catalog is narrowed with fixtures.search_query. */
const MAX_PAGES = 50;

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
    {
      id: 'catalog-search.cursor-walk',
      title: 'Walking every page of a search with its cursors',
      effect: 'read',
      checks: [
        { id: 'catalog-search.cursor-read', title: 'the business reads the cursor sent as pagination.cursor', requirements: ['SRCH-010'] },
        { id: 'catalog-search.no-repeats', title: 'no product appears on two pages', requirements: ['SRCH-005'] },
        { id: 'catalog-search.has-next-page', title: 'has_next_page is false exactly on the last page', requirements: ['SRCH-006'] },
        { id: 'catalog-search.total-count', title: 'total_count matches the products walked', requirements: ['SRCH-007'] },
      ],
      run: walkPages,
    },
    {
      id: 'catalog-search.filters',
      title: 'Filters on category and maximum price combine with AND',
      effect: 'read',
      checks: [{ id: 'catalog-search.filters-and', title: 'every product satisfies every filter', requirements: ['SRCH-008'] }],
      async run(t) {
        const query = t.config.fixtures?.search_query;
        let filters = t.config.fixtures?.search_filters;
        if (!filters) {
          const first = await t.call('catalog.search', { body: query ? { query } : {} });
          t.prerequisite(isSearchResponse(t, first), 'catalog-search.response');
          filters = filtersFrom(productsOf(first.json));
        }
        const { categories, max } = t.need(readFilters(filters), 'a product with categories and a price (or fixtures.search_filters)');
        const x = await t.call('catalog.search', { body: { ...(query ? { query } : {}), filters } });
        t.prerequisite(x.status !== 200 || isSearchResponse(t, x), 'catalog-search.response');
        const returned = productsOf(x.json);
        if (x.status === 200 && returned.length === 0) {
          return t.observe('catalog-search.filters-and', { message: `no product came back for filters ${brief(filters)}, which a product of the first page satisfies` });
        }
        const stray = returned.filter((p) => !(inCategories(p, categories) && minAmount(p) <= max));
        t.check('catalog-search.filters-and', x.status === 200 && stray.length === 0, {
          message: x.status === 200 ? `${stray.length} products break a filter: ${brief(stray.map((p) => p.id))}` : `HTTP ${x.status}`,
          expected: `HTTP 200; every product in categories ${brief(categories)} AND priced at most ${max}`,
          actual: stray.map((p) => `${p.id}: categories ${brief(p.categories)}, min ${minAmount(p)}`).join('; '),
        });
      },
    },
    {
      id: 'catalog-search.no-match',
      title: 'A query that matches nothing',
      effect: 'read',
      checks: [{ id: 'catalog-search.empty-result', title: 'no match gives 200 and an empty products array', requirements: ['SRCH-009'] }],
      async run(t) {
        const x = await t.call('catalog.search', { body: { query: `zqxjv ${unknownId()}` } });
        t.prerequisite(x.status !== 200 || isSearchResponse(t, x), 'catalog-search.response');
        const products = isObject(x.json) ? x.json.products : undefined;
        t.check('catalog-search.empty-result', x.status === 200 && Array.isArray(products) && products.length === 0, {
          message: 'a query matching nothing did not give 200 and products: []',
          expected: 'HTTP 200 and products: []', actual: `HTTP ${x.status}, products ${brief(products)}`,
        });
      },
    },
  ],
};

/** A 200 whose body is a search response; anything else is catalog-search.response's finding. */
function isSearchResponse(t: ScenarioContext, x: Exchange): boolean {
  return x.status === 200 && t.validate('catalog-search-response.schema.json', x.json).length === 0;
}

interface Page {
  exchange: Exchange;
  ids: string[];
  hasNext: unknown;
  cursor: unknown;
  totalCount: unknown;
}

function pageOf(x: Exchange): Page {
  const pagination = isObject(x.json) && isObject(x.json.pagination) ? x.json.pagination : {};
  return {
    exchange: x,
    ids: productsOf(x.json).map((p) => String(p.id)),
    hasNext: pagination.has_next_page,
    cursor: pagination.cursor,
    totalCount: pagination.total_count,
  };
}

async function walkPages(t: ScenarioContext): Promise<void> {
  const query = t.config.fixtures?.search_query;
  const search = (cursor?: string) =>
    t.call('catalog.search', { body: { ...(query ? { query } : {}), pagination: { limit: DEFAULT_PAGE_SIZE, ...(cursor ? { cursor } : {}) } } });
  const pages = [pageOf(await search())];
  t.prerequisite(isSearchResponse(t, pages[0].exchange), 'catalog-search.response');
  if (pages[0].hasNext !== true || typeof pages[0].cursor !== 'string') {
    t.need(undefined, 'a search spanning two pages to walk (set fixtures.search_query)');
  }
  while (pages.length < MAX_PAGES) {
    const last = pages[pages.length - 1];
    if (last.hasNext !== true || typeof last.cursor !== 'string') break;
    const next = pageOf(await search(last.cursor));
    if (!isSearchResponse(t, next.exchange)) {
      t.observe('catalog-search.cursor-read', { message: `a page requested with pagination.cursor answered HTTP ${next.exchange.status}`, exchanges: [next.exchange] });
      throw new NotTested('the cursor could not be sent back as pagination.cursor');
    }
    if (pages.length === 1) {
      if (next.ids.length > 0 && next.ids.join() === pages[0].ids.join()) {
        t.observe('catalog-search.cursor-read', { message: 'pagination.cursor seems ignored: the second page equals the first', exchanges: [next.exchange] });
        throw new NotTested('the business does not read pagination.cursor (the request member is not shown)');
      }
      t.pass('catalog-search.cursor-read', 'the business reads pagination.cursor');
    }
    pages.push(next);
  }
  const walked = pages.map((p) => p.exchange);
  const seen = new Set<string>();
  const repeats = pages.flatMap((p) => p.ids).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  t.check('catalog-search.no-repeats', repeats.length === 0, {
    message: `repeated across pages: ${[...new Set(repeats)].join(', ')}`, expected: 'each product on one page only',
    actual: pages.map((p, i) => `page ${i + 1}: ${p.ids.join(',')}`).join(' | '), exchanges: walked,
  });
  const finished = pages[pages.length - 1].hasNext !== true;
  if (!finished) {
    t.notTested('catalog-search.has-next-page', `the search spans more than ${MAX_PAGES} pages; narrow it with fixtures.search_query`);
    t.notTested('catalog-search.total-count', `the search spans more than ${MAX_PAGES} pages`);
    return;
  }
  const hollow = pages.findIndex((p, i) => i > 0 && p.ids.length === 0 && pages[i - 1].hasNext === true);
  const lastFlag = pages[pages.length - 1].hasNext;
  t.check('catalog-search.has-next-page', hollow === -1 && lastFlag === false, {
    message: hollow !== -1 ? `page ${hollow} said has_next_page true, but page ${hollow + 1} is empty` : `the last page says has_next_page ${brief(lastFlag)}`,
    expected: 'has_next_page true only before a page with products, false on the last page',
    actual: pages.map((p, i) => `page ${i + 1}: ${p.ids.length} products, has_next_page ${brief(p.hasNext)}`).join('; '), exchanges: walked,
  });
  const counts = pages.map((p) => p.totalCount).filter((c) => c !== undefined);
  if (counts.length === 0) return t.observe('catalog-search.total-count', { message: 'no page states total_count', exchanges: walked });
  const wrong = counts.filter((c) => c !== seen.size);
  t.check('catalog-search.total-count', wrong.length === 0, {
    message: `total_count ${brief(wrong[0])} but ${seen.size} distinct products walked`,
    expected: `total_count ${seen.size} when given`, actual: `total_count values ${brief(counts)}`, exchanges: walked,
  });
}

/** Filters that a conformant business answers with at least the first product, and an OR would widen. */
function filtersFrom(products: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const p = products.find((x) => categoryValues(x).length > 0 && Number.isInteger(minAmount(x)));
  return p ? { categories: [categoryValues(p)[0]], price: { max: minAmount(p) } } : undefined;
}

function readFilters(filters: Record<string, unknown> | undefined): { categories: string[]; max: number } | undefined {
  if (!filters || !Array.isArray(filters.categories) || !isObject(filters.price) || typeof filters.price.max !== 'number') return undefined;
  return { categories: filters.categories.map(String), max: filters.price.max };
}

function categoryValues(p: Record<string, unknown>): string[] {
  return Array.isArray(p.categories) ? p.categories.filter(isObject).map((c) => String(c.value)) : [];
}

const inCategories = (p: Record<string, unknown>, categories: string[]) => categoryValues(p).some((c) => categories.includes(c));

function minAmount(p: Record<string, unknown>): number {
  const range = isObject(p.price_range) && isObject(p.price_range.min) ? p.price_range.min.amount : undefined;
  return typeof range === 'number' ? range : Number.NaN;
}
