import { isObject } from '../../dialect/dialect.js';
import {
  businessError,
  isReply,
  recoverable,
  resource,
  transportError,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { sessionRecords } from '../shared/session-families.js';
import { recordsFor } from '../records.js';
import { PRODUCTS, SEARCH_DEFAULT_LIMIT } from './catalog-data.js';
import type { ShoppingHooks } from './hooks.js';
import type { Json, ReferenceStore, SessionRecord } from './store.js';

const { fault } = recordsFor<ShoppingHooks>();
/** The session families' records, for checkout sessions (src/reference/shared/session-families.ts). */
const checkoutSessions = sessionRecords<'checkout', SessionRecord>('checkout', 'shopping.checkout');

/** Option values' signals without one of them (available or exists). */
const withoutSignal =
  (member: 'available' | 'exists'): ShoppingHooks['product.signals'] =>
  (signals) =>
  (...args) => {
    const { [member]: _, ...rest } = signals(...args);
    return rest;
  };

/** A JSON object without one member, the others in their order. */
export function without(json: Json, member: string): Json {
  const { [member]: _, ...rest } = json;
  return rest;
}

/** A reply with its body changed, where it is a resource. */
const withBody = (reply: Reply, change: (body: Json) => Json): Reply =>
  reply.kind === 'resource' ? { ...reply, body: change(reply.body) } : reply;

/**
 * catalog-out-of-stock-as-null (search only): a variant out of stock is listed as null in its
 * place, and a product with none in stock is null itself (hidden by mapping, not filtered out).
 */
function outOfStockAsNull(json: Json): Json | null {
  const variants = (json.variants as Json[]).map((v) =>
    isObject(v.availability) && v.availability.available === false ? null : v,
  );
  return variants.every((v) => v === null) ? null : { ...json, variants };
}

/** cart-id-number: carts numbered in sequence, one count per business, as a database would. */
/** checkout-get-stale-lines: the lines each session's create answered. */
const createdLines = new WeakMap<SessionRecord, unknown>();
const cartNumbers = new WeakMap<ReferenceStore, number>();
function nextCartNumber(store: ReferenceStore): number {
  const n = (cartNumbers.get(store) ?? 1000) + 1;
  cartNumbers.set(store, n);
  return n;
}

/** order-id-number: orders numbered in sequence, one count per business, as a database would. */
const orderNumbers = new WeakMap<ReferenceStore, number>();
function nextOrderNumber(store: ReferenceStore): number {
  const n = (orderNumbers.get(store) ?? 5000) + 1;
  orderNumbers.set(store, n);
  return n;
}

/** A payment handler registry whose entries have lost their id (checkout-payment-handler-no-id). */
const withoutIds = (registry: Json) =>
  Object.fromEntries(
    Object.entries(registry).map(([name, entries]) => [
      name,
      (entries as Json[]).map(({ id: _id, ...entry }) => entry),
    ]),
  );

/** Faults of the shopping service module (Document 1): catalog, cart, checkout and order. */
export const SHOPPING_FAULTS = [
  // Catalog
  fault({
    name: 'search-results-member',
    capability: 'shopping.catalog.search',
    description: 'Search names its array "results" instead of products.',
    breaks: ['SRCH-001', 'SRCH-014'],
    plug: {
      'catalog.answer': (reply, { op }) =>
        op === 'search' ? withBody(reply, ({ products, ...rest }) => ({ results: products, ...rest })) : reply,
    },
  }),
  fault({
    name: 'search-default-page-20',
    capability: 'shopping.catalog.search',
    description: 'Search returns 20 products when no limit is given.',
    breaks: ['SRCH-003'],
    plug: { 'search.limit': (_limit, { requested }) => requested ?? 20 },
  }),
  fault({
    name: 'search-ignores-limit',
    capability: 'shopping.catalog.search',
    description: 'Search ignores pagination.limit and always returns 10.',
    breaks: ['SRCH-004'],
    plug: { 'search.limit': () => SEARCH_DEFAULT_LIMIT },
  }),
  fault({
    name: 'product-missing-description',
    capability: 'shopping.catalog.search',
    description: 'Products are sent without description.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
    plug: { 'catalog.product': (json) => without(json, 'description') },
  }),
  fault({
    name: 'lookup-variant-ids-only',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup only resolves variant ids; product ids come back not_found.',
    breaks: ['LKUP-002'],
    plug: { 'catalog.hit': (hit, { op }) => (op === 'lookup' && hit && !hit.byVariant ? undefined : hit) },
  }),
  fault({
    name: 'lookup-rejects-variant-ids',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup only resolves product ids; variant ids come back not_found.',
    breaks: ['LKUP-003'],
    plug: { 'catalog.hit': (hit, { op }) => (op === 'lookup' && hit?.byVariant ? undefined : hit) },
  }),
  fault({
    name: 'lookup-drops-inputs',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup variants carry no inputs.',
    breaks: ['LKUP-006'],
    plug: { 'lookup.inputs': () => undefined },
  }),
  fault({
    name: 'lookup-not-found-404',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup whose ids do not all resolve answers HTTP 404.',
    breaks: ['LKUP-004', 'LKUP-005'],
    plug: {
      'catalog.answer': (reply, { op }) =>
        op === 'lookup' && reply.kind === 'resource' && Array.isArray(reply.body.messages)
          ? transportError(
              404,
              'not_found',
              `unknown ids: ${(reply.body.messages as ReplyMessage[]).map((m) => m.content).join(', ')}`,
            )
          : reply,
    },
  }),
  fault({
    name: 'lookup-silent-not-found',
    capability: 'shopping.catalog.lookup',
    description: 'Unresolved lookup ids are dropped without a not_found message.',
    breaks: ['LKUP-004'],
    plug: { 'lookup.not-found': () => undefined },
  }),
  fault({
    name: 'lookup-not-found-first-only',
    capability: 'shopping.catalog.lookup',
    description: 'Of the ids of a lookup that resolve to nothing, only the first gets its not_found message.',
    breaks: ['LKUP-004'],
    plug: { 'lookup.not-found': (message, { before }) => (before === 0 ? message : undefined) },
  }),
  // Catalog search, pagination and filters
  fault({
    name: 'search-cursor-repeats',
    capability: 'shopping.catalog.search',
    description: 'Each next page starts again with the last product of the page before.',
    breaks: ['SRCH-005'],
    // The cursor points one product back, so each page repeats the last of the one before.
    plug: {
      'search.next': (at, { page, found }) => (at.next < found && page.length > 1 ? { ...at, next: at.next - 1 } : at),
    },
  }),
  fault({
    name: 'search-last-page-has-next',
    capability: 'shopping.catalog.search',
    description: 'The last page still says has_next_page true, and its cursor leads to an empty page.',
    breaks: ['SRCH-012'],
    plug: { 'search.next': (at, { page }) => (page.length > 0 ? { ...at, more: true } : at) },
  }),
  fault({
    name: 'search-filters-or',
    capability: 'shopping.catalog.search',
    description: 'Search filters combine with OR: a product matching either filter comes back.',
    breaks: ['SRCH-008'],
    plug: {
      'search.filter': (filter, { categories, maxPrice }) =>
        categories.length > 0 && maxPrice !== undefined ? { ...filter, combine: (a, b) => a || b } : filter,
    },
  }),
  fault({
    name: 'search-no-match-404',
    capability: 'shopping.catalog.search',
    description: 'A query that matches nothing answers HTTP 404.',
    breaks: ['SRCH-014'],
    plug: { 'search.no-match': () => transportError(404, 'not_found', 'no product matches the query') },
  }),
  fault({
    name: 'search-ignores-price-filter',
    capability: 'shopping.catalog.search',
    description: 'Search applies the category filter and ignores price.max.',
    breaks: ['SRCH-008'],
    plug: { 'search.filter': (filter) => ({ ...filter, price: () => true }) },
  }),
  fault({
    name: 'search-has-next-without-cursor',
    capability: 'shopping.catalog.search',
    description: 'Pages say has_next_page true but carry no cursor.',
    breaks: ['SRCH-012'],
    plug: {
      'search.pagination': (pagination) =>
        pagination?.has_next_page === true ? without(pagination, 'cursor') : pagination,
    },
  }),
  fault({
    name: 'search-no-match-404-nearest',
    capability: 'shopping.catalog.search',
    description: 'A query that matches nothing answers HTTP 404, its body still listing the products it ranks nearest.',
    breaks: ['SRCH-014'],
    // An HTTP error body (code and content) that still answers with a ranking.
    plug: {
      'search.no-match': (instead, { listed }) =>
        isReply(instead)
          ? instead
          : resource(
              {
                code: 'not_found',
                content: 'no product matches the query',
                products: PRODUCTS.slice(0, 3).map(listed),
              },
              404,
            ),
    },
  }),
  fault({
    name: 'search-products-no-price-range',
    capability: 'shopping.catalog.search',
    description: 'Search lists products without price_range; their variants still carry prices.',
    breaks: ['SRCH-002'],
    plug: { 'catalog.listed': (json, { op }) => (op === 'search' ? without(json, 'price_range') : json) },
  }),
  fault({
    name: 'search-later-pages-without-cursor',
    capability: 'shopping.catalog.search',
    description: 'The first page carries its cursor, but later pages say has_next_page true without one.',
    breaks: ['SRCH-012'],
    plug: {
      'search.pagination': (pagination, { offset }) =>
        offset > 0 && pagination?.has_next_page === true ? without(pagination, 'cursor') : pagination,
    },
  }),
  fault({
    name: 'search-filters-refused-400',
    capability: 'shopping.catalog.search',
    description: 'A search with filters answers HTTP 400.',
    breaks: ['SRCH-008'],
    plug: {
      'search.refusal': (refusal, { categories, maxPrice }) =>
        refusal ??
        (categories.length > 0 || maxPrice !== undefined
          ? transportError(400, 'invalid_request', 'filters are not supported')
          : undefined),
    },
  }),
  fault({
    name: 'search-no-match-no-products',
    capability: 'shopping.catalog.search',
    description: 'A search that finds nothing answers 200 without a products member.',
    breaks: ['SRCH-014'],
    plug: { 'search.no-match': (instead) => (isReply(instead) || instead.length > 0 ? instead : resource({})) },
  }),
  // Catalog lookup and product detail
  fault({
    name: 'lookup-batch-500',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum crashes with HTTP 500.',
    breaks: ['LKUP-007'],
    plug: { 'lookup.too-large': () => transportError(500, 'internal_error', 'lookup failed') },
  }),
  fault({
    name: 'lookup-batch-wrong-code',
    capability: 'shopping.catalog.lookup',
    description:
      'A lookup over the batch maximum answers HTTP 400 with code invalid_request instead of request_too_large.',
    breaks: ['LKUP-007'],
    plug: {
      'lookup.too-large': (reply, { max }) =>
        reply.status === 400 ? transportError(400, 'invalid_request', `at most ${max} ids per lookup`) : reply,
    },
  }),
  fault({
    name: 'lookup-none-resolve-suggests',
    capability: 'shopping.catalog.lookup',
    description: "When no id resolves, lookup offers the catalog's last product instead of an empty list.",
    breaks: ['LKUP-005'],
    plug: { 'lookup.products': (products, { featured }) => (products.length === 0 ? [featured] : products) },
  }),
  fault({
    name: 'lookup-batch-413',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum answers HTTP 413 instead of 400 request_too_large.',
    breaks: ['LKUP-007'],
    plug: {
      'lookup.too-large': (reply) =>
        reply.status === 400 ? transportError(413, 'payload_too_large', 'too many ids') : reply,
    },
  }),
  fault({
    name: 'product-detail-variants-only',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail resolves variant ids only; product ids come back not_found.',
    breaks: ['PROD-002'],
    plug: { 'catalog.hit': (hit, { op }) => (op === 'product' && hit && !hit.byVariant ? undefined : hit) },
  }),
  fault({
    name: 'product-detail-products-only',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail resolves product ids only; variant ids come back not_found.',
    breaks: ['PROD-003'],
    plug: { 'catalog.hit': (hit, { op }) => (op === 'product' && hit?.byVariant ? undefined : hit) },
  }),
  fault({
    name: 'product-no-selected',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail omits selected for products with options.',
    breaks: ['PROD-004'],
    plug: { 'product.selected': () => undefined },
  }),
  fault({
    name: 'product-filters-ignored',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail ignores its filters: a price ceiling leaves every variant in.',
    breaks: ['PROD-010'],
    plug: { 'product.filters': () => () => true },
  }),
  fault({
    name: 'product-no-option-signals',
    capability: 'shopping.catalog.lookup',
    description: 'Option values never carry available and exists.',
    breaks: ['PROD-005'],
    // The option values state their labels alone, as outside product detail.
    plug: { 'product.signals': () => () => ({}) },
  }),
  fault({
    name: 'product-signals-ignore-selection',
    capability: 'shopping.catalog.lookup',
    description: 'exists is computed over the whole product, ignoring the selections.',
    breaks: ['PROD-006'],
    plug: { 'product.signals': (signals) => (product, option, label) => signals(product, option, label, []) },
  }),
  fault({
    name: 'product-variants-ignore-selection',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail returns every variant whatever the selections.',
    breaks: ['PROD-007', 'PROD-008'],
    plug: { 'product.variants': (_shown, { variants }) => variants },
  }),
  fault({
    name: 'product-relaxes-from-front',
    capability: 'shopping.catalog.lookup',
    description: 'Relaxation drops the first preference instead of the last.',
    breaks: ['PROD-007'],
    plug: { 'product.relax': () => (ranked) => ranked.slice(1) },
  }),
  fault({
    name: 'product-not-found-404',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail of an unknown id answers HTTP 404.',
    breaks: ['PROD-001'],
    plug: { 'product.not-found': (_reply, { id }) => transportError(404, 'not_found', `no product or variant ${id}`) },
  }),
  fault({
    name: 'lookup-inputs-extra-id',
    capability: 'shopping.catalog.lookup',
    description: "Lookup inputs also name the product's handle, which the request never carried.",
    breaks: ['LKUP-006'],
    plug: { 'lookup.inputs': (inputs, { product }) => inputs && [...inputs, { id: product.handle, match: 'handle' }] },
  }),
  fault({
    name: 'lookup-inputs-wrong-product',
    capability: 'shopping.catalog.lookup',
    description:
      "A lookup resolving several products hangs each product's inputs on the next one's featured variant: every id is named, on the wrong product.",
    breaks: ['LKUP-006'],
    plug: {
      'lookup.products': (products) => {
        if (products.length < 2) return products;
        const inputsOf = (p: Json) => (p.variants as Json[]).flatMap((v) => (Array.isArray(v.inputs) ? v.inputs : []));
        const pooled = products.map(inputsOf);
        return products.map((p, i) => {
          const moved = pooled[(i + 1) % products.length];
          const variants = (p.variants as Json[]).map(({ inputs: _inputs, ...v }, k) =>
            k === 0 && moved.length ? { ...v, inputs: moved } : v,
          );
          return { ...p, variants };
        });
      },
    },
  }),
  fault({
    name: 'product-selected-wrong-label',
    capability: 'shopping.catalog.lookup',
    description: "selected names a value other than the featured variant's for the first option.",
    breaks: ['PROD-004'],
    plug: {
      'product.selected': (selected, { product }) =>
        selected?.map((o, i) => {
          if (i > 0) return o;
          const other = product.options.find((x) => x.name === o.name)?.values.find((v) => v !== o.label);
          return { name: o.name, label: other ?? o.label };
        }),
    },
  }),
  fault({
    name: 'product-selected-unknown-option',
    capability: 'shopping.catalog.lookup',
    description: 'selected names an option the product does not have.',
    breaks: ['PROD-004'],
    plug: { 'product.selected': (selected) => selected && [...selected, { name: 'Flavour', label: 'Mint' }] },
  }),
  fault({
    name: 'product-signals-available-wrong',
    capability: 'shopping.catalog.lookup',
    description: 'Option values say available false whatever the stock.',
    breaks: ['PROD-006'],
    plug: {
      'product.signals':
        (signals) =>
        (...args) => {
          const found = signals(...args);
          return 'available' in found ? { ...found, available: false } : found;
        },
    },
  }),
  fault({
    name: 'lookup-and-detail-203',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup and product detail answer their products with HTTP 203 Non-Authoritative Information (a transforming proxy in front of them), not 200; the bodies are whole.',
    breaks: ['ENV-009', 'LKUP-001', 'LKUP-003', 'LKUP-004', 'LKUP-005', 'PROD-002', 'PROD-003'],
    plug: {
      'catalog.answer': (reply, { op }) =>
        op !== 'search' && reply.kind === 'resource' ? { ...reply, status: 203 } : reply,
    },
  }),
  fault({
    name: 'lookup-first-id-only',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup resolves only the first identifier of a batch; the others come back not_found.',
    breaks: ['LKUP-002'],
    plug: { 'catalog.hit': (hit, { op, index }) => (op === 'lookup' && index > 0 ? undefined : hit) },
  }),
  fault({
    name: 'lookup-answers-featured-product',
    capability: 'shopping.catalog.lookup',
    description:
      "Lookup answers every request with the catalog's featured product (its last) in place of the products the ids resolve to; unknown ids still get their not_found message.",
    breaks: ['LKUP-002', 'LKUP-003', 'LKUP-005'],
    plug: { 'lookup.products': (_products, { featured }) => [featured] },
  }),
  fault({
    name: 'lookup-batch-413-request-too-large',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum answers HTTP 413 with code request_too_large, not HTTP 400.',
    breaks: ['LKUP-007'],
    plug: {
      'lookup.too-large': (reply, { max }) =>
        reply.status === 400 ? transportError(413, 'request_too_large', `at most ${max} ids per lookup`) : reply,
    },
  }),
  fault({
    name: 'product-detail-id-is-handle',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail states the product's handle (city-sneaker) as its id, where search and lookup state prod-002.",
    breaks: ['PROD-002'],
    plug: { 'catalog.listed': (json, { product, op }) => (op === 'product' ? { ...json, id: product.handle } : json) },
  }),
  fault({
    name: 'product-detail-product-array',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail answers product as a one-element array ([{…}]), the way lookup answers products.',
    breaks: ['PROD-002', 'PROD-003'],
    plug: {
      'catalog.answer': (reply, { op }) =>
        op === 'product' ? withBody(reply, (body) => ({ product: [body.product] })) : reply,
    },
  }),
  fault({
    name: 'product-detail-variant-id-wrong-product',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail of a variant id answers the catalog's first product, whichever product holds the variant.",
    breaks: ['PROD-003'],
    plug: {
      'catalog.resolve': (resolve, { op }) =>
        op === 'product'
          ? (id) => {
              const hit = resolve(id);
              return hit?.byVariant
                ? { product: PRODUCTS[0], variant: PRODUCTS[0].variants[0], byVariant: false }
                : hit;
            }
          : resolve,
    },
  }),
  fault({
    name: 'product-selected-empty',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail states selected as an empty array for products with options.',
    breaks: ['PROD-004'],
    plug: { 'product.selected': (selected) => selected && [] },
  }),
  fault({
    name: 'product-signals-no-exists',
    capability: 'shopping.catalog.lookup',
    description: 'Option values carry available but never exists.',
    breaks: ['PROD-005'],
    plug: { 'product.signals': withoutSignal('exists') },
  }),
  fault({
    name: 'product-signals-no-available',
    capability: 'shopping.catalog.lookup',
    description: 'Option values carry exists but never available.',
    breaks: ['PROD-005'],
    plug: { 'product.signals': withoutSignal('available') },
  }),
  fault({
    name: 'product-signals-exists-inverted',
    capability: 'shopping.catalog.lookup',
    description:
      'exists is inverted: a value says exists false exactly when a variant has it with the other selections.',
    breaks: ['PROD-006'],
    plug: {
      'product.signals':
        (signals) =>
        (...args) => {
          const found = signals(...args);
          return 'exists' in found ? { ...found, exists: !found.exists } : found;
        },
    },
  }),
  fault({
    name: 'product-unmatched-selection-not-found',
    capability: 'shopping.catalog.lookup',
    description: 'Selections no variant matches are answered not_found (an error response), not relaxed.',
    breaks: ['PROD-007'],
    plug: {
      'product.unmatched': (refusal, { product }) =>
        refusal ??
        businessError([
          {
            type: 'error',
            code: 'not_found',
            content: `no variant of ${product.id} matches the selections`,
            severity: 'unrecoverable',
          },
        ]),
    },
  }),
  fault({
    name: 'lookup-detail-without-variants',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup and product detail answer their products without the variants member; search lists them.',
    breaks: ['LKUP-001', 'LKUP-003', 'PROD-002', 'PROD-007'],
    plug: { 'catalog.listed': (json, { op }) => (op === 'search' ? json : without(json, 'variants')) },
  }),
  fault({
    name: 'catalog-variant-ids-numeric',
    capability: 'shopping.catalog.lookup',
    description:
      "Variant ids are stated as JSON numbers, the database's integer keys (var-001-2 is 12); requests still take the string ids.",
    breaks: ['LKUP-001', 'LKUP-003', 'PROD-002', 'SRCH-002'],
    // The database's integer key (var-001-2 is 12), not the string id.
    plug: { 'catalog.variant': (json, { variant }) => ({ ...json, id: Number(variant.id.replace(/\D/g, '')) }) },
  }),
  fault({
    name: 'catalog-out-of-stock-as-null',
    capability: 'shopping.catalog.search',
    description: 'Search lists an out-of-stock variant as null in its place, and a product with none in stock as null.',
    breaks: ['SRCH-001'],
    plug: { 'search.products': (products) => products.map((json) => json && outOfStockAsNull(json)) },
  }),
  fault({
    name: 'product-unmatched-variants-null',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail lists the variants its selections rule out as null in their place, instead of leaving them out.',
    breaks: ['PROD-002'],
    // Where every variant is listed (product-variants-ignore-selection), none is ruled out.
    plug: {
      'product.variants': (shown, { variants, kept }) =>
        shown.length === variants.length ? shown : variants.map((v, k) => (kept[k] ? v : null)),
    },
  }),
  fault({
    name: 'product-option-labels-numeric',
    capability: 'shopping.catalog.lookup',
    description:
      'Product option values state numeric labels as JSON numbers (Size 8, not "8"); variants state theirs as strings.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
    plug: {
      'catalog.option': (option) => ({
        ...option,
        values: option.values.map((v) =>
          typeof v.label === 'string' && /^\d+$/.test(v.label) ? { ...v, label: Number(v.label) } : v,
        ),
      }),
    },
  }),
  fault({
    name: 'product-option-names-localized',
    capability: 'shopping.catalog.lookup',
    description:
      'Product options state their name as a localized object ({"en": "Size"}); variants name their options with strings.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
    plug: { 'catalog.option': (option) => ({ ...option, name: { en: option.name } }) },
  }),
  // Cart
  fault({
    name: 'line-item-id-defaulted',
    capability: 'shopping.cart',
    description:
      'A request line without item.id is served as the first item of the catalog, on cart create and update and checkout create alike.',
    breaks: ['ERR-002', 'ERR-006'],
    plug: { 'store.line-item-id': (id) => id ?? PRODUCTS[0].variants[0].id },
  }),
  fault({
    name: 'cart-create-200',
    capability: 'shopping.cart',
    description: 'Create Cart answers 200 instead of 201.',
    breaks: ['CART-001', 'ENV-009'],
    plug: { 'cart.status': (status, { op }) => (op === 'create' ? 200 : status) },
  }),
  fault({
    name: 'cart-no-currency',
    capability: 'shopping.cart',
    description: 'Carts are sent without currency.',
    breaks: ['CART-002'],
    plug: { 'cart.json': ({ currency: _, ...json }) => json },
  }),
  fault({
    name: 'cart-get-empty',
    capability: 'shopping.cart',
    description: 'Get Cart returns the cart with no line items.',
    breaks: ['CART-003'],
    plug: { 'cart.json': (json, { op }) => (op === 'get' ? { ...json, line_items: [] } : json) },
  }),
  fault({
    name: 'cart-get-null-line',
    capability: 'shopping.cart',
    description: "Get Cart returns the cart's lines followed by a null entry (a removed line left in the list).",
    breaks: ['CART-002'],
    // A removed line is left in the list as null.
    plug: {
      'cart.json': (json, { op }) =>
        op === 'get' ? { ...json, line_items: [...(json.line_items as Json[]), null] } : json,
    },
  }),
  fault({
    name: 'cart-get-lines-by-id',
    capability: 'shopping.cart',
    description: 'Get Cart returns line_items as an object keyed by line id, not as an array.',
    breaks: ['CART-002', 'CART-003'],
    // The lines are sent as an object keyed by line id, not as an array.
    plug: {
      'cart.json': (json, { op }) =>
        op === 'get'
          ? { ...json, line_items: Object.fromEntries((json.line_items as Json[]).map((l) => [String(l.id), l])) }
          : json,
    },
  }),
  fault({
    name: 'cart-update-merges',
    capability: 'shopping.cart',
    description: 'Update Cart merges the new lines into the old ones instead of replacing them.',
    breaks: ['CART-004'],
    plug: {
      'cart.replace-lines': (replace) => (kept, cart, next) => {
        const replaced = replace(kept, cart, next);
        const touched = new Set(replaced.map((l) => l.id));
        return [...cart.lines.filter((l) => !touched.has(l.id)), ...replaced];
      },
    },
  }),
  fault({
    name: 'cart-cancel-needs-reason',
    capability: 'shopping.cart',
    description: 'Cancel Cart rejects an empty JSON object with HTTP 400.',
    breaks: ['CART-005'],
    plug: {
      'cart.cancel-refusal': (refusal, { req }) =>
        refusal ??
        (typeof req.body.reason !== 'string'
          ? transportError(400, 'invalid_request', 'reason is required to cancel a cart')
          : undefined),
    },
  }),
  fault({
    name: 'cart-not-found-424',
    capability: 'shopping.cart',
    description:
      'Get of an unknown cart answers HTTP 424, the platform-profile status, instead of the not_found business outcome.',
    breaks: ['CART-006'],
    plug: {
      'cart.not-found': (reply, { req, op }) =>
        op === 'get' ? transportError(424, 'not_found', `no cart ${req.id}`) : reply,
    },
  }),
  fault({
    name: 'cart-not-found-404',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart answers HTTP 404.',
    breaks: ['CART-006'],
    plug: {
      'cart.not-found': (reply, { req, op }) =>
        op === 'get' ? transportError(404, 'not_found', `no cart ${req.id}`) : reply,
    },
  }),
  fault({
    name: 'cart-out-of-stock-no-continue-url',
    capability: 'shopping.cart',
    description: 'The out_of_stock error carries no continue_url.',
    breaks: ['CART-007'],
    plug: { 'cart.out-of-stock': (refusal) => refusal && { ...refusal, extra: undefined } },
  }),
  fault({
    name: 'cart-out-of-stock-creates-cart',
    capability: 'shopping.cart',
    description: 'A cart whose items are all out of stock is created anyway.',
    breaks: ['CART-007'],
    // A cart of nothing but out-of-stock items is created with those items, as if stock were never checked.
    plug: { 'cart.out-of-stock': () => undefined },
  }),
  fault({
    name: 'cart-echoes-id-uppercased',
    capability: 'shopping.cart',
    description: 'Get and cancel answer the cart with its id upper-cased.',
    breaks: ['CART-003', 'CART-005'],
    plug: {
      'cart.json': (json, { cart, op }) =>
        op === 'get' || op === 'cancel' ? { ...json, id: cart.id.toUpperCase() } : json,
    },
  }),
  fault({
    name: 'cart-writes-202',
    capability: 'shopping.cart',
    description: 'Update and cancel answer 202 Accepted instead of 200.',
    breaks: ['CART-004', 'CART-005', 'ENV-009'],
    plug: { 'cart.status': (status, { op }) => (op === 'update' || op === 'cancel' ? 202 : status) },
  }),
  fault({
    name: 'cart-not-found-empty-continue-url',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart gives the not_found error with continue_url "", a member that names no URL.',
    breaks: ['CART-006'],
    // The member is there, but names no URL.
    plug: {
      'cart.not-found': (reply) =>
        reply.kind === 'business-error' ? { ...reply, extra: { continue_url: '' } } : reply,
    },
  }),
  fault({
    name: 'cart-not-found-no-continue-url',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart gives the not_found error without continue_url.',
    breaks: ['CART-006'],
    plug: { 'cart.not-found': (reply) => (reply.kind === 'business-error' ? { ...reply, extra: {} } : reply) },
  }),
  fault({
    name: 'cart-update-keeps-last-line',
    capability: 'shopping.cart',
    description:
      "Update Cart keeps as many lines as were sent, but the cart's own last ones instead of the lines sent.",
    breaks: ['CART-004'],
    // As many lines as asked for, but the cart's own last ones, not the ones sent.
    plug: { 'cart.replace-lines': () => (kept, cart) => cart.lines.slice(-kept.length) },
  }),
  fault({
    name: 'cart-reads-203',
    capability: 'shopping.cart',
    description: 'Get Cart answers 203 Non-Authoritative Information instead of 200.',
    breaks: ['CART-003', 'ENV-009'],
    plug: { 'cart.status': (status, { op }) => (op === 'get' ? 203 : status) },
  }),
  fault({
    name: 'cart-id-number',
    capability: 'shopping.cart',
    description:
      'Carts carry their id as a JSON number (a database sequence), not the string a path parameter id is; paths still reach the cart by its digits.',
    breaks: ['CART-002'],
    // Carts numbered in sequence, one count per business, as a database would; the id is written as a
    // JSON number, and paths still carry its digits.
    plug: {
      'cart.id': (_id, { store }) => String(nextCartNumber(store)),
      'cart.json': (json) => ({ ...json, id: Number(json.id) }),
    },
  }),
  // Checkout
  checkoutSessions.createStatus(
    {
      name: 'checkout-create-200',
      description: 'Create Checkout answers 200 instead of 201.',
      breaks: ['CHK-001', 'ENV-009'],
    },
    200,
  ),
  checkoutSessions.completesIncomplete({
    name: 'checkout-completes-incomplete',
    description:
      'Complete of a session still incomplete (no buyer, no destination) takes the payment and places the order: completed without ever being ready_for_complete.',
    breaks: ['CHK-025'],
  }),
  checkoutSessions.incompleteDeadEnd(
    {
      name: 'checkout-incomplete-dead-end-message',
      description:
        'Create answers 201 with the session incomplete and, instead of its errors naming what is missing, one unrecoverable error naming no field ("This session cannot be completed."); its warnings stay. Updates name what is missing as usual.',
      breaks: ['CHK-015'],
    },
    'create',
    'This session cannot be completed.',
  ),
  fault({
    name: 'checkout-partial-buyer-refused',
    capability: 'shopping.checkout',
    description:
      'An update whose buyer lacks a first or last name is refused with HTTP 400, though buyer fields are optional so the session can be built up.',
    breaks: ['CHK-022'],
    plug: {
      'checkout.update-refusal': (refusal, { req }) => {
        const buyer = req.body.buyer;
        const partial = isObject(buyer) && (buyer.first_name === undefined || buyer.last_name === undefined);
        return refusal ?? (partial ? transportError(400, 'invalid_request', 'the buyer is incomplete') : undefined);
      },
    },
  }),
  checkoutSessions.instrumentHandlerUnknown({
    name: 'checkout-instrument-handler-unknown',
    description: 'Payment instruments are shown with handler_id "card", which names no handler entry.',
    breaks: ['CHK-026'],
  }),
  checkoutSessions.missingWithoutPath({
    name: 'checkout-missing-without-path',
    description: 'missing messages carry no path.',
    breaks: ['CHK-016'],
  }),
  checkoutSessions.createStatusWord(
    {
      name: 'checkout-bad-status',
      description: 'A new session says status "open", outside the five states.',
      breaks: ['CHK-001', 'CHK-017'],
    },
    'open',
  ),
  checkoutSessions.noPaymentHandlers({
    name: 'checkout-no-payment-handlers',
    needs: ['profile-no-payment-handlers'],
    description:
      'Checkout responses carry no payment_handlers, and the profile names none either: no handler to pay with.',
    breaks: ['CHK-004', 'CHK-026'],
  }),
  checkoutSessions.neverGiven(
    {
      name: 'checkout-never-ready',
      description: 'A session with buyer, destination and option stays incomplete.',
      breaks: ['CHK-005'],
    },
    (path) => path === '$.fulfillment.methods[0].groups[0].selected_option_id',
  ),
  fault({
    name: 'checkout-null-group-entries',
    capability: 'shopping.checkout',
    description:
      "A session's fulfillment groups, and each group's options, start with a null entry (a removed warehouse and option left in the lists).",
    breaks: ['CHK-017'],
    plug: {
      'checkout.groups-json': (groups) =>
        [null, ...groups.map((g) => ({ ...g, options: [null, ...(g.options as Json[])] }))] as Json[],
    },
  }),
  fault({
    name: 'checkout-null-method-entry',
    capability: 'shopping.checkout',
    description: "A session's fulfillment methods end with a null entry (a withdrawn method left in the list).",
    breaks: ['CHK-017'],
    plug: {
      'checkout.json': (json) =>
        json.fulfillment
          ? { ...json, fulfillment: { methods: [...((json.fulfillment as Json).methods as Json[]), null] } }
          : json,
    },
  }),
  fault({
    name: 'checkout-total-entry-stale',
    capability: 'shopping.checkout',
    description:
      'Subtotal and tax are recomputed on update, but the total entry stays as at create: the totals array differs, yet its total is stale.',
    breaks: ['CHK-018'],
    plug: {
      'checkout.answer': (json, { op, session }) => {
        if (op === 'create') session.frozenTotal = (json.totals as Json[]).find((e) => e.type === 'total');
        return json;
      },
      'checkout.json': (json, { session }) => {
        const kept = session.frozenTotal;
        if (!kept) return json;
        return { ...json, totals: (json.totals as Json[]).map((e) => (e.type === 'total' ? kept : e)) };
      },
    },
  }),
  fault({
    name: 'checkout-totals-stale',
    capability: 'shopping.checkout',
    description: 'Totals are computed at create and never again: an update that changes a quantity keeps the old ones.',
    breaks: ['CHK-018'],
    // The totals of the create's answer are kept, and shown ever after.
    plug: {
      'checkout.answer': (json, { op, session }) => {
        if (op === 'create') session.frozenTotals = json.totals as Json[];
        return json;
      },
      'checkout.json': (json, { session }) => (session.frozenTotals ? { ...json, totals: session.frozenTotals } : json),
    },
  }),
  fault({
    name: 'checkout-complete-no-order',
    capability: 'shopping.checkout',
    description: 'A completed session carries no order.',
    breaks: ['CHK-007', 'CHK-023'],
    plug: { 'checkout.json': ({ order: _order, ...json }) => json },
  }),
  checkoutSessions.unknownSession404({
    name: 'checkout-unknown-session-404',
    description:
      'Reading an unknown checkout session answers HTTP 404 with code and content, not the business outcome at HTTP 200.',
    breaks: ['CHK-024'],
  }),
  checkoutSessions.getLeavesOutMade(
    {
      name: 'checkout-get-no-order',
      description: 'Get of a completed session leaves the order out.',
      breaks: ['CHK-023'],
    },
    'order',
  ),
  checkoutSessions.statusShown(
    {
      name: 'checkout-cancelled-spelling',
      description: 'Cancel answers status "cancelled" instead of canceled.',
      breaks: ['CHK-008', 'CHK-017'],
    },
    'canceled',
    'cancelled',
  ),
  checkoutSessions.statusShown(
    {
      name: 'checkout-completed-spelling',
      description: 'Complete places the order but answers status "complete" instead of completed.',
      breaks: ['CHK-007', 'CHK-017'],
    },
    'completed',
    'complete',
  ),
  checkoutSessions.unavailable400({
    name: 'checkout-unavailable-400',
    description:
      'A create whose items are all unavailable is refused with HTTP 400 (code invalid_request, content "None of the requested items can be sold."), not the item_unavailable business error.',
    breaks: ['CHK-009'],
  }),
  checkoutSessions.unavailablePerLineOnly(
    {
      name: 'checkout-unavailable-per-line-only',
      description:
        'A create whose items are all unavailable is refused with one recoverable out_of_stock error per line, pointing at it ($.line_items[0]), and no unrecoverable item_unavailable error.',
      breaks: ['CHK-009'],
    },
    'out_of_stock',
  ),
  checkoutSessions.unavailableNoContinueUrl({
    name: 'checkout-unavailable-no-continue-url',
    description: 'The item_unavailable error carries no continue_url.',
    breaks: ['CHK-009'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-info',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted messages are of type info, not warning.',
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': (m) => ({ ...m, type: 'info' }) },
  }),
  checkoutSessions.incompleteSilent({
    name: 'checkout-incomplete-silent',
    description: 'Incomplete sessions carry no messages saying what is missing.',
    breaks: ['CHK-015'],
  }),
  fault({
    name: 'checkout-get-stale-lines',
    capability: 'shopping.checkout',
    description: 'Get Checkout answers the session with the lines its create answered, not those it has now.',
    breaks: ['CHK-019'],
    // The create's lines are kept, and Get shows them.
    plug: {
      'checkout.answer': (json, { op, session }) => {
        if (op === 'create') createdLines.set(session, json.line_items);
        return op === 'get' && createdLines.has(session) ? { ...json, line_items: createdLines.get(session) } : json;
      },
    },
  }),
  fault({
    name: 'checkout-update-merges-buyer',
    capability: 'shopping.checkout',
    description:
      'An update that leaves out the buyer keeps the one the session had: updates are merged into the session, not a full replacement.',
    breaks: ['CHK-021'],
    plug: { 'checkout.buyer-written': (buyer, { session }) => buyer ?? session.buyer },
  }),
  fault({
    name: 'checkout-update-merges-buyer-with-consent',
    capability: 'shopping.checkout',
    description:
      'An update that leaves out the buyer keeps the one the session had, with consent: null added: a merge, though the buyer shown is not the same object.',
    breaks: ['CHK-021'],
    plug: {
      'checkout.buyer-written': (buyer, { session }) =>
        buyer ?? (session.buyer ? { ...session.buyer, consent: null } : undefined),
    },
  }),
  checkoutSessions.incompleteNoteOnly({
    name: 'checkout-incomplete-note-only',
    description:
      'Incomplete sessions carry, instead of messages naming what is missing, one info note that names nothing ("Thank you for shopping with us.").',
    breaks: ['CHK-015'],
  }),
  checkoutSessions.unavailableKeepsSession({
    name: 'checkout-unavailable-creates-session',
    description:
      'A create whose items are all unavailable answers item_unavailable, but a session is created anyway (its id in the answer, which a read of it finds).',
    breaks: ['CHK-009'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-wrong-path',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted warnings point at the line, $.line_items[0], not at its quantity.',
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': (m, { index }) => ({ ...m, path: `$.line_items[${index}]` }) },
  }),
  fault({
    name: 'checkout-quantity-adjusted-no-path',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted warnings carry no path.',
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': ({ path: _path, ...m }) => m },
  }),
  checkoutSessions.inProgress(
    {
      name: 'checkout-update-during-completion',
      description: 'An update while complete_in_progress is applied.',
      breaks: ['CHK-011'],
    },
    'applied',
  ),
  checkoutSessions.inProgress(
    {
      name: 'checkout-in-progress-silent',
      description:
        'An update while complete_in_progress returns the session unchanged, but with no message saying why.',
      breaks: ['CHK-011'],
    },
    'silent',
  ),
  fault({
    name: 'checkout-create-ignores-line-items',
    capability: 'shopping.checkout',
    description:
      'Create always refuses with a recoverable missing error for $.line_items, although the request carries them.',
    breaks: ['CHK-001', 'CHK-009'],
    plug: {
      'checkout.create-refusal': () =>
        businessError([recoverable('missing', 'line_items are required.', '$.line_items')]),
    },
  }),
  checkoutSessions.createFails(
    {
      name: 'checkout-create-500',
      description: 'Create answers HTTP 500.',
      breaks: ['CHK-001', 'CHK-009'],
    },
    'the session store is unavailable',
  ),
  checkoutSessions.inProgress(
    {
      name: 'checkout-in-progress-warning',
      description:
        'An update while complete_in_progress returns the session unchanged with a warning, not a recoverable error.',
      breaks: ['CHK-011'],
    },
    'warning',
  ),
  checkoutSessions.inProgress(
    {
      name: 'checkout-in-progress-unrecoverable',
      description: 'An update while complete_in_progress returns the session unchanged with an unrecoverable error.',
      breaks: ['CHK-011'],
    },
    'unrecoverable',
  ),
  fault({
    name: 'checkout-order-no-id',
    capability: 'shopping.checkout',
    description: "A completed session's order carries a permalink_url but no id, so the order cannot be read.",
    breaks: ['CHK-007', 'CHK-023'],
    plug: {
      'checkout.json': (json) =>
        json.order ? { ...json, order: { permalink_url: (json.order as Json).permalink_url } } : json,
    },
  }),
  checkoutSessions.cancelNotKept({
    name: 'checkout-cancel-not-kept',
    description:
      'Cancel Checkout answers HTTP 200 with the session in status canceled, but the session stays open: a Get right after it shows it incomplete or ready_for_complete.',
    breaks: ['CHK-008'],
  }),
  checkoutSessions.cancelStatus(
    {
      name: 'checkout-cancel-202',
      description: 'Cancel Checkout answers 202 Accepted instead of 200.',
      breaks: ['CHK-008', 'ENV-009'],
    },
    202,
  ),
  fault({
    name: 'checkout-update-500',
    capability: 'shopping.checkout',
    description: 'Update answers HTTP 500.',
    breaks: ['CHK-005'],
    plug: {
      'checkout.update-refusal': () => transportError(500, 'internal_error', 'the session could not be saved'),
    },
  }),
  fault({
    name: 'checkout-payment-handlers-empty',
    capability: 'shopping.checkout',
    needs: ['profile-no-payment-handlers'],
    description: 'Checkout responses carry an empty payment handler registry, and the profile names no handler either.',
    breaks: ['CHK-004', 'CHK-026'],
    plug: { 'checkout.payment-handlers': (registry) => registry && {} },
  }),
  fault({
    name: 'checkout-payment-handler-no-id',
    capability: 'shopping.checkout',
    needs: ['profile-no-payment-handlers'],
    description:
      'Checkout responses name a payment handler entry without id, and the profile names no handler either: Complete has no handler_id to name.',
    breaks: ['CHK-004', 'CHK-026'],
    plug: { 'checkout.payment-handlers': (registry) => registry && withoutIds(registry) },
  }),
  checkoutSessions.missingPathRelative({
    name: 'checkout-missing-path-not-json',
    description: 'missing messages carry a bare field name (buyer.email), not a JSON path.',
    breaks: ['CHK-016'],
  }),
  checkoutSessions.missingUnrecoverable({
    name: 'checkout-missing-unrecoverable',
    description: 'missing messages say severity unrecoverable.',
    breaks: ['CHK-016'],
  }),
  checkoutSessions.completeAsksBillingAddress({
    name: 'checkout-complete-asks-billing-addr',
    description:
      'Complete always asks for a billing address (missing $.payment.instruments[0].billing_address), although the instrument carries one; the session stays ready_for_complete.',
    breaks: ['CHK-007'],
  }),
  fault({
    name: 'checkout-complete-201',
    capability: 'shopping.checkout',
    description: 'Complete places the order and answers 201 Created, not the 200 the Complete Checkout row gives.',
    breaks: ['CHK-007', 'ENV-009'],
    plug: {
      'checkout.status': (status, { op, session }) =>
        op === 'complete' && session.status === 'completed' ? 201 : status,
    },
  }),
  checkoutSessions.inProgressStatus(
    {
      name: 'checkout-in-progress-409',
      description:
        'An update while complete_in_progress returns the session unchanged with a recoverable error, but as HTTP 409, not the HTTP 200 of a business outcome.',
      breaks: ['CHK-011', 'ENV-008'],
    },
    409,
  ),
  checkoutSessions.inProgressShowsReady({
    name: 'checkout-in-progress-says-ready',
    description:
      'An update while complete_in_progress leaves the buyer as it was and says so with a recoverable error, but answers status ready_for_complete.',
    breaks: ['CHK-011'],
  }),
  checkoutSessions.unavailableCode(
    {
      name: 'checkout-unavailable-out-of-stock',
      description:
        "A create whose items are all unavailable is refused with code out_of_stock (the cart's code), not item_unavailable.",
      breaks: ['CHK-009'],
    },
    'out_of_stock',
  ),
  fault({
    name: 'checkout-quantity-adjusted-double-root',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted paths start with a doubled root, $$.line_items[0].quantity, which is no JSON path.',
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': (m, { index }) => ({ ...m, path: `$$.line_items[${index}].quantity` }) },
  }),
  fault({
    name: 'checkout-quantity-adjusted-order-shape',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted paths point at $.line_items[0].quantity.total, the order line's shape, a member the session line's integer quantity does not have.",
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': (m, { index }) => ({ ...m, path: `$.line_items[${index}].quantity.total` }) },
  }),
  fault({
    name: 'checkout-quantity-adjusted-path-array',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted paths are sent as an array holding the path string, not as the string.',
    breaks: ['CHK-010', 'ENV-005'],
    plug: { 'checkout.quantity-adjusted': (m) => ({ ...m, path: [m.path] as unknown as string }) },
  }),
  fault({
    name: 'checkout-quantity-adjusted-one-based',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted warnings count lines from 1: the first line's quantity is $.line_items[1].quantity, a line the session does not have.",
    breaks: ['CHK-010'],
    plug: { 'checkout.quantity-adjusted': (m, { index }) => ({ ...m, path: `$.line_items[${index + 1}].quantity` }) },
  }),
  // Order
  fault({
    name: 'order-no-fulfillment',
    capability: 'shopping.order',
    description: 'Orders are sent without fulfillment.',
    breaks: ['ORD-001'],
    plug: { 'order.json': ({ fulfillment: _fulfillment, ...json }) => json },
  }),
  fault({
    name: 'order-expectations-not-array',
    capability: 'shopping.order',
    description: 'fulfillment.expectations is a single object, not an array of expectations.',
    breaks: ['ORD-001'],
    plug: {
      'order.json': (json) => {
        const f = json.fulfillment as Json | undefined;
        return f && Array.isArray(f.expectations)
          ? { ...json, fulfillment: { ...f, expectations: f.expectations[0] } }
          : json;
      },
    },
  }),
  fault({
    name: 'order-checkout-id-wrong',
    capability: 'shopping.order',
    description: 'checkout_id names the order instead of its checkout.',
    breaks: ['ORD-002'],
    plug: { 'order.json': (json, { order }) => ({ ...json, checkout_id: order.id }) },
  }),
  fault({
    name: 'order-currency-differs',
    capability: 'shopping.order',
    description: 'Orders are in EUR whatever the checkout currency was.',
    breaks: ['ORD-003'],
    plug: { 'order.json': (json) => ({ ...json, currency: 'EUR' }) },
  }),
  fault({
    name: 'order-attribution-not-checkouts',
    capability: 'shopping.order',
    description: "The order's attribution is the business's own last-touch record, not the checkout's.",
    breaks: ['ORD-008'],
    plug: {
      'order.json': (json) => ({ ...json, attribution: { utm_source: 'direct', utm_medium: 'none' } }),
    },
  }),
  fault({
    name: 'order-not-found-422',
    capability: 'shopping.order',
    description:
      'Get of an unknown order answers HTTP 422, the platform-profile status, instead of the not_found business outcome.',
    breaks: ['ORD-004'],
    plug: { 'order.not-found': (_reply, { req }) => transportError(422, 'not_found', `no order ${req.id ?? ''}`) },
  }),
  fault({
    name: 'order-not-found-404',
    capability: 'shopping.order',
    description: 'Get of an unknown order answers HTTP 404.',
    breaks: ['ORD-004'],
    plug: { 'order.not-found': (_reply, { req }) => transportError(404, 'not_found', `no order ${req.id ?? ''}`) },
  }),
  fault({
    name: 'order-foreign-read-403',
    capability: 'shopping.order',
    description: 'Another platform reading an order gets HTTP 403 instead of the unauthorized business outcome.',
    breaks: ['ORD-005'],
    plug: {
      'order.foreign-refusal': (refusal) =>
        refusal && transportError(403, 'forbidden', 'This order belongs to another platform.'),
    },
  }),
  fault({
    name: 'order-foreign-read-403-with-order',
    capability: 'shopping.order',
    description: 'Another platform reading an order gets HTTP 403, but the body is the order itself.',
    breaks: ['ENV-008', 'ORD-005'],
    // The refusal's status is set, and the order sent all the same.
    plug: {
      'order.foreign-refusal': () => undefined,
      'order.status': (status, { foreign }) => (foreign ? 403 : status),
    },
  }),
  fault({
    name: 'order-get-202',
    capability: 'shopping.order',
    description: 'Get Order answers the order with HTTP 202 instead of 200.',
    breaks: ['ENV-009', 'ORD-001'],
    plug: { 'order.status': () => 202 },
  }),
  fault({
    name: 'order-get-returns-first-order',
    capability: 'shopping.order',
    description: "Get Order answers the platform's first order, whatever id was asked for.",
    breaks: ['ORD-001'],
    // The platform's first order is answered, whichever was asked for.
    plug: {
      'order.found': (order, { store }) =>
        order && [...store.orders.values()].find((o) => o.platform === order.platform),
    },
  }),
  fault({
    name: 'order-id-number',
    capability: 'shopping.order',
    description:
      'Orders carry their id as a JSON number (a database sequence), in the completed session and in Get Order, not the string a path parameter id is; paths still reach the order by its digits.',
    breaks: ['CHK-007', 'CHK-017'],
    // Orders numbered in sequence, one count per business, as a database would; the id is written as a
    // JSON number, and paths still carry its digits.
    plug: {
      'order.id': (_id, { store }) => String(nextOrderNumber(store)),
      'order.json': (json) => ({ ...json, id: Number(json.id) }),
      'checkout.json': (json) =>
        json.order ? { ...json, order: { ...(json.order as Json), id: Number((json.order as Json).id) } } : json,
    },
  }),
] as const;
