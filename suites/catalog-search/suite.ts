import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { brief } from '../../src/protocol/messages.js';
import { productsOf, unknownId } from '../shared/catalog-fixtures.js';
import { endpointsRule } from '../shared/endpoints.js';

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
    scenario({
      id: 'catalog-search.first-page',
      title: 'A search without a limit returns a first page of valid products',
      effect: 'read',
      checks: [
        {
          id: 'catalog-search.response',
          title: 'search answers 200 with a products array',
          requirements: ['SRCH-001'],
        },
        {
          id: 'catalog-search.products-valid',
          title: 'every product has the required members',
          requirements: ['SRCH-002'],
        },
        {
          id: 'catalog-search.default-page-size',
          title: 'at most 10 products without a limit',
          requirements: ['SRCH-003'],
        },
        {
          id: 'catalog-search.default-page-full',
          title: 'whether a page followed by more holds 10 products without a limit',
          requirements: ['SRCH-015'],
        },
      ],
      run: firstPage,
    }),
    scenario({
      id: 'catalog-search.small-limit',
      title: `A search with pagination.limit ${SMALL_LIMIT} honours it`,
      effect: 'read',
      checks: [
        {
          id: 'catalog-search.limit-honoured',
          title: 'no more products than pagination.limit',
          requirements: ['SRCH-004'],
        },
      ],
      async run(t) {
        const x = await t.call('catalog.search', {
          input: { query: t.config.fixtures?.search_query, limit: SMALL_LIMIT },
        });
        const count = productsOf(x.json).length;
        t.check('catalog-search.limit-honoured', x.status === 200 && count <= SMALL_LIMIT, {
          message:
            x.status === 200 ? `${count} products for limit ${SMALL_LIMIT}` : `HTTP ${x.status}: ${brief(x.json)}`,
          expected: `HTTP 200 and at most ${SMALL_LIMIT} products`,
          actual: `HTTP ${x.status}, ${count} products`,
        });
      },
    }),
    scenario({
      id: 'catalog-search.cursor-walk',
      title: 'Walking every page of a search with its cursors',
      effect: 'read',
      checks: [
        {
          id: 'catalog-search.cursor-read',
          title: 'the business reads the cursor sent as pagination.cursor',
          requirements: ['SRCH-010'],
        },
        { id: 'catalog-search.no-repeats', title: 'no product appears on two pages', requirements: ['SRCH-005'] },
        {
          id: 'catalog-search.has-next-page',
          title: 'has_next_page true leads, by its cursor, to more products',
          requirements: ['SRCH-012'],
        },
        {
          id: 'catalog-search.total-count',
          title: 'how total_count compares with the products walked',
          requirements: ['SRCH-013'],
        },
      ],
      run: walkPages,
    }),
    scenario({
      id: 'catalog-search.filters',
      title: 'Filters on category and maximum price combine with AND',
      effect: 'read',
      checks: [
        { id: 'catalog-search.filters-and', title: 'every product satisfies every filter', requirements: ['SRCH-008'] },
      ],
      run: filtersAnd,
    }),
    scenario({
      id: 'catalog-search.no-match',
      title: 'A query that matches nothing',
      effect: 'read',
      checks: [
        {
          id: 'catalog-search.no-match',
          title: 'finding nothing answers 200 with a products array',
          requirements: ['SRCH-014'],
        },
      ],
      async run(t) {
        const x = await t.call('catalog.search', { input: { query: `zqxjv ${unknownId()}` }, notFoundProbe: true });
        const products = isObject(x.json) ? x.json.products : undefined;
        if (x.status === 200 && Array.isArray(products) && products.length > 0) {
          return t.observe('catalog-search.no-match', {
            message: `a nonsense query returned ${products.length} products; what a search finding nothing returns is the business's ranking`,
          });
        }
        t.check('catalog-search.no-match', x.status === 200 && Array.isArray(products), {
          message: `a query matching nothing answered HTTP ${x.status} without a products array`,
          expected: 'HTTP 200 and a products array',
          actual: `HTTP ${x.status}, products ${brief(products)}`,
        });
      },
    }),
  ],
  rules: [endpointsRule('shopping.catalog.search')],
};

/** A 200 whose body is a search response; anything else is catalog-search.response's finding. */
function isSearchResponse(t: ScenarioContext, x: Exchange): boolean {
  return x.status === 200 && t.validate('catalog-search-response.schema.json', x.json).length === 0;
}

type FirstPageCheck =
  | 'catalog-search.response'
  | 'catalog-search.products-valid'
  | 'catalog-search.default-page-size'
  | 'catalog-search.default-page-full';

async function firstPage(t: ScenarioContext<FirstPageCheck>): Promise<void> {
  const query = t.config.fixtures?.search_query;
  const x = await t.call('catalog.search', { input: { query } });
  const problems = x.status === 200 ? t.validate('catalog-search-response.schema.json', x.json) : [`HTTP ${x.status}`];
  t.require('catalog-search.response', problems.length === 0, {
    message: problems[0] ?? '',
    expected: 'HTTP 200 and a body matching catalog-search-response.schema.json',
    actual: problems.join('; '),
  });
  const products = t.need(productsOf(x.json), 'a search that returns products (set fixtures.search_query in --config)');
  const invalid = products.flatMap((p, i) =>
    t.validate('common.schema.json#/$defs/product', p).map((e) => e.replace('$', `$.products[${i}]`)),
  );
  t.check('catalog-search.products-valid', invalid.length === 0, {
    message: invalid[0] ?? '',
    expected: 'id, title, description.plain, price_range and variants on every product',
    actual: invalid.join('; '),
  });
  t.check('catalog-search.default-page-size', products.length <= DEFAULT_PAGE_SIZE, {
    message: `${products.length} products on a page requested without a limit`,
    expected: `at most ${DEFAULT_PAGE_SIZE} products`,
    actual: `${products.length} products`,
  });
  if (products.length >= DEFAULT_PAGE_SIZE)
    return t.pass('catalog-search.default-page-full', `a full page of ${products.length}`, [x]);
  const page = pageOf(x);
  let more: Exchange | undefined;
  // Without has_next_page, a cursor may still lead on: follow it once to learn whether this page was the last.
  if (page.hasNext === undefined && typeof page.cursor === 'string') {
    more = await t.call('catalog.search', { input: { query, cursor: page.cursor } });
  }
  const followed = more !== undefined && isSearchResponse(t, more) && productsOf(more.json).length > 0;
  if (page.hasNext !== true && !followed) {
    return t.pass('catalog-search.default-page-full', `${products.length} products, and this was the last page`, [x]);
  }
  // Only the default size is stated (Document 1 §Limits), not that every page but the last is full.
  t.observe('catalog-search.default-page-full', {
    message: `a page requested without a limit holds ${products.length} products, and more follow (has_next_page ${brief(page.hasNext)}${followed ? ', its cursor led to more' : ''}); the default page size is ${DEFAULT_PAGE_SIZE}, fuller pages are not required`,
    exchanges: more ? [x, more] : [x],
  });
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

/** A page leads on when it says so, or, saying nothing, when it hands out a cursor. */
const leadsOn = (p: Page) => p.hasNext === true || (p.hasNext === undefined && typeof p.cursor === 'string');

type WalkCheck =
  | 'catalog-search.cursor-read'
  | 'catalog-search.no-repeats'
  | 'catalog-search.has-next-page'
  | 'catalog-search.total-count';

async function walkPages(t: ScenarioContext<WalkCheck>): Promise<void> {
  const query = t.config.fixtures?.search_query;
  const search = (cursor?: string) => t.call('catalog.search', { input: { query, limit: DEFAULT_PAGE_SIZE, cursor } });
  const pages = [pageOf(await search())];
  if (!isSearchResponse(t, pages[0].exchange)) t.stopBlocked('catalog-search.response');
  if (pages[0].hasNext === true && typeof pages[0].cursor !== 'string') {
    t.fail('catalog-search.has-next-page', {
      message: 'page 1 says has_next_page true but carries no cursor',
      expected: 'has_next_page true only with a cursor to a page of products',
      actual: `has_next_page true, pagination ${brief(isObject(pages[0].exchange.json) ? pages[0].exchange.json.pagination : undefined)}`,
    });
    t.stopNotTested('page 1 carries no cursor to walk on with');
  }
  if (!leadsOn(pages[0]) || typeof pages[0].cursor !== 'string') {
    t.stopNotTested(
      `needs a search spanning two pages to walk (the first page has ${pages[0].ids.length} products; set fixtures.search_query)`,
    );
  }
  while (pages.length < MAX_PAGES) {
    const last = pages[pages.length - 1];
    if (!leadsOn(last) || typeof last.cursor !== 'string') break;
    const next = pageOf(await search(last.cursor));
    if (!isSearchResponse(t, next.exchange)) {
      t.observe('catalog-search.cursor-read', {
        message: `a page requested with pagination.cursor answered HTTP ${next.exchange.status}`,
        exchanges: [next.exchange],
      });
      t.stopNotTested('the cursor could not be sent back as pagination.cursor');
    }
    if (pages.length === 1) {
      if (next.ids.length > 0 && next.ids.join() === pages[0].ids.join()) {
        t.observe('catalog-search.cursor-read', {
          message: 'pagination.cursor seems ignored: the second page equals the first',
          exchanges: [next.exchange],
        });
        t.stopNotTested('the business does not read pagination.cursor (the request member is not shown)');
      }
      // Two empty pages tell nothing: an ignored cursor would give the same.
      if (pages[0].ids.length === 0 && next.ids.length === 0) {
        t.observe('catalog-search.cursor-read', {
          message: 'the first two pages are empty: whether pagination.cursor is read cannot be seen',
          exchanges: [pages[0].exchange, next.exchange],
        });
      } else t.pass('catalog-search.cursor-read', 'the business reads pagination.cursor', [next.exchange]);
    }
    pages.push(next);
    if (next.ids.length === 0) break;
  }
  const walked = pages.map((p) => p.exchange);
  const seen = new Set<string>();
  const repeats = pages.flatMap((p) => p.ids).filter((id) => seen.size === seen.add(id).size);
  t.check('catalog-search.no-repeats', repeats.length === 0, {
    message: `repeated across pages: ${[...new Set(repeats)].join(', ')}`,
    expected: 'each product on one page only',
    actual: pages.map((p, i) => `page ${i + 1}: ${p.ids.join(',')}`).join(' | '),
    exchanges: walked,
  });
  const last = pages[pages.length - 1];
  const unfinished = leadsOn(last) && typeof last.cursor === 'string' && last.ids.length > 0;
  if (unfinished) {
    t.notTested(
      'catalog-search.has-next-page',
      `the search spans more than ${MAX_PAGES} pages; narrow it with fixtures.search_query`,
      walked,
    );
    t.notTested('catalog-search.total-count', `the search spans more than ${MAX_PAGES} pages`, walked);
    return;
  }
  const broken = pages.flatMap((p, i) => {
    if (p.hasNext !== true) return [];
    if (typeof p.cursor !== 'string') return [`page ${i + 1} says has_next_page true but carries no cursor`];
    const after = pages[i + 1];
    return after && after.ids.length === 0
      ? [`page ${i + 1} says has_next_page true, but its cursor leads to an empty page`]
      : [];
  });
  t.check('catalog-search.has-next-page', broken.length === 0, {
    message: broken[0] ?? '',
    expected: 'has_next_page true only with a cursor to a page of products',
    actual: pages
      .map(
        (p, i) =>
          `page ${i + 1}: ${p.ids.length} products, has_next_page ${brief(p.hasNext)}, cursor ${typeof p.cursor === 'string' ? 'given' : 'none'}`,
      )
      .join('; '),
    exchanges: walked,
  });
  const counts = pages.map((p) => p.totalCount).filter((c) => c !== undefined);
  const differing = counts.filter((c) => c !== seen.size);
  t.observe('catalog-search.total-count', {
    message:
      counts.length === 0
        ? 'no page states total_count'
        : differing.length === 0
          ? `total_count ${seen.size} matches the distinct products walked`
          : `total_count ${brief(differing[0])}, while ${seen.size} distinct products were walked (an estimate is permitted)`,
    exchanges: walked,
  });
}

async function filtersAnd(t: ScenarioContext<'catalog-search.filters-and'>): Promise<void> {
  const query = t.config.fixtures?.search_query;
  let filters = t.config.fixtures?.search_filters;
  if (!filters) {
    const first = await t.call('catalog.search', { input: { query } });
    if (!isSearchResponse(t, first)) t.stopBlocked('catalog-search.response');
    filters = filtersFrom(productsOf(first.json));
  }
  const { categories, max } = t.need(
    readFilters(filters),
    'a product with categories and a price (or fixtures.search_filters)',
  );
  const x = await t.call('catalog.search', { input: { query, filters } });
  if (x.status === 200 && !isSearchResponse(t, x)) t.stopBlocked('catalog-search.response');
  const returned = productsOf(x.json);
  if (x.status === 200 && returned.length === 0) {
    return t.observe('catalog-search.filters-and', {
      message: `no product came back for filters ${brief(filters)}, which a product of the first page satisfies`,
    });
  }
  const stray = returned.filter((p) => outsideCategories(p, categories) || aboveMax(p, max));
  t.check('catalog-search.filters-and', x.status === 200 && stray.length === 0, {
    message:
      x.status === 200
        ? `${stray.length} products break a filter: ${brief(stray.map((p) => p.id))}`
        : `HTTP ${x.status}`,
    expected: `HTTP 200; every product in categories ${brief(categories)} AND priced at most ${max}`,
    actual:
      x.status === 200
        ? stray
            .map((p) => `${String(p.id)}: categories ${brief(p.categories)}, lowest price ${lowestPrice(p)}`)
            .join('; ')
        : `HTTP ${x.status}: ${brief(x.json)}`,
  });
}

/**
 * Filters a conformant business answers with at least one product, where each half of the AND
 * excludes something: a category holding products of different prices, with price.max below the
 * dearer ones' lowest price, so ignoring the price (or combining with OR) lets a product through.
 * Which price of a product max bounds is not shown: it is the cheapest product's highest price
 * where that stays below the next lowest, so a business bounding every variant keeps it too.
 */
function filtersFrom(products: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const priced = products.filter((p) => categoryNames(p).length > 0 && Number.isInteger(lowestPrice(p)));
  for (const p of priced) {
    const category = categoryNames(p)[0];
    const group = priced.filter((q) => categoryNames(q)[0] === category);
    const lows = [...new Set(group.map(lowestPrice))].sort((a, b) => a - b);
    if (lows.length < 2) continue;
    const highest = Math.max(...group.filter((q) => lowestPrice(q) === lows[0]).map(highestPrice));
    return { categories: [category], price: { max: highest < lows[1] ? highest : lows[0] } };
  }
  const p = priced[0];
  return p ? { categories: [categoryNames(p)[0]], price: { max: lowestPrice(p) } } : undefined;
}

function readFilters(filters: Record<string, unknown> | undefined): { categories: string[]; max: number } | undefined {
  if (
    !filters ||
    !Array.isArray(filters.categories) ||
    !isObject(filters.price) ||
    typeof filters.price.max !== 'number'
  )
    return undefined;
  return { categories: filters.categories.map(String), max: filters.price.max };
}

/** The value of each category, else its taxonomy. */
function categoryNames(p: Record<string, unknown>): string[] {
  return (Array.isArray(p.categories) ? p.categories.filter(isObject) : [])
    .map((c) => (typeof c.value === 'string' ? c.value : c.taxonomy))
    .filter((v): v is string => typeof v === 'string');
}

/**
 * How a category filter matches is not shown: a business may match case-insensitively, a path
 * segment ("Apparel > Footwear") or a taxonomy. A product is outside the filter only when it
 * states categories and none of their values or taxonomies relates to any filter value.
 */
function outsideCategories(p: Record<string, unknown>, wanted: string[]): boolean {
  const stated = (Array.isArray(p.categories) ? p.categories.filter(isObject) : [])
    .flatMap((c) => [c.value, c.taxonomy])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase().trim());
  if (stated.length === 0) return false;
  return !wanted.map((w) => w.toLowerCase().trim()).some((w) => stated.some((s) => s.includes(w) || w.includes(s)));
}

/** Above price.max only when its lowest known price is: price_range.min, else its cheapest variant. */
function aboveMax(p: Record<string, unknown>, max: number): boolean {
  const lowest = lowestPrice(p);
  return Number.isFinite(lowest) && lowest > max;
}

/** A product's highest known price: price_range.max, else its dearest variant, else its lowest. */
function highestPrice(p: Record<string, unknown>): number {
  const max = isObject(p.price_range) && isObject(p.price_range.max) ? p.price_range.max.amount : undefined;
  if (typeof max === 'number') return max;
  const variants = (Array.isArray(p.variants) ? p.variants.filter(isObject) : [])
    .map((v) => (isObject(v.price) ? v.price.amount : undefined))
    .filter((a): a is number => typeof a === 'number');
  return variants.length ? Math.max(...variants) : lowestPrice(p);
}

function lowestPrice(p: Record<string, unknown>): number {
  const min = isObject(p.price_range) && isObject(p.price_range.min) ? p.price_range.min.amount : undefined;
  if (typeof min === 'number') return min;
  const variants = (Array.isArray(p.variants) ? p.variants.filter(isObject) : [])
    .map((v) => (isObject(v.price) ? v.price.amount : undefined))
    .filter((a): a is number => typeof a === 'number');
  return variants.length ? Math.min(...variants) : Number.NaN;
}
