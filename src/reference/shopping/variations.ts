import { isObject } from '../../dialect/dialect.js';
import { FAULTS } from '../faults.js';
import { billingAddressUnverified } from '../shared/payment.js';
import {
  asRecoverableErrors,
  businessError,
  missingMembers,
  recoverable,
  resource,
  transportError,
} from '../shared/replies.js';
import type { LayerHooks } from '../shared/layer-hooks.js';
import { sessionRecords } from '../shared/session-families.js';
import type { Missing } from '../shared/session-hooks.js';
import { recordsFor } from '../records.js';
import { type CatalogItem, LOOKUP_BATCH_MAX, PRODUCTS, SEARCH_DEFAULT_LIMIT } from './catalog-data.js';
import { without } from './faults.js';
import type { ShoppingHooks } from './hooks.js';
import { DISCOUNT, type Json, type SessionRecord } from './store.js';

/** Under checkout-quantity-over-limit-refused, the most of one item a create may ask for. */
const PER_LINE_LIMIT = 10;

// The config a variation needs, and the refusal of a request without required members, are the shared layer's hook
// points.
const { variation } = recordsFor<ShoppingHooks & Pick<LayerHooks, 'run-config.needs' | 'required-members.refusal'>>();

/** A buyer with a phone number, for a business that requires one. */
const PHONE_BUYER = {
  email: 'buyer@proto-conformance.example',
  first_name: 'Ada',
  last_name: 'Tester',
  phone_number: '+15555550100',
};

type RunConfigNeed = LayerHooks['run-config.needs'];
/** The config of a run against a business that needs the buyer's phone: a buyer with one. */
const needsPhoneBuyer: RunConfigNeed = (needs) => ({ ...needs, fixtures: { ...needs.fixtures, buyer: PHONE_BUYER } });
/** The config of a run against a business whose create needs currency: the member, for every create. */
const needsCurrency: RunConfigNeed = (needs) => ({
  ...needs,
  requests: { ...needs.requests, 'checkout.create': { currency: 'USD' } },
});
/** The session families' records, for checkout sessions (src/reference/shared/session-families.ts). */
const checkoutSessions = sessionRecords<'checkout', SessionRecord>('checkout', 'shopping.checkout');

/** The members of a postal address checkout-full-address-required asks for. */
const ADDRESS_MEMBERS = [
  'street_address',
  'address_locality',
  'address_region',
  'address_country',
  'postal_code',
] as const;
/** The seller every line item names under checkout-lines-require-seller. */
const SELLER = 'seller-1';
/** The currency a session turns to once its destination is chosen, under checkout-currency-from-destination. */
const DESTINATION_CURRENCY = 'CAD';

/** search-hierarchical-categories: a category as a path from the shop's root ("Shop > Footwear"). */
const categoryPath = (category: string) => `Shop > ${category[0].toUpperCase()}${category.slice(1)}`;

/** lookup-accepts-sku: the variant whose SKU an id is. */
function bySku(id: string): CatalogItem | undefined {
  for (const product of PRODUCTS) {
    const variant = product.variants.find((v) => v.sku === id);
    if (variant) return { product, variant, byVariant: true };
  }
  return undefined;
}

/** Variations of the shopping service module (Document 1): catalog, cart, checkout and order. */
export const SHOPPING_VARIATIONS = [
  // Catalog
  variation({
    name: 'search-pagination-minimal',
    capability: 'shopping.catalog.search',
    description:
      'A page with more to come carries only a cursor; the last page carries no pagination at all: no has_next_page, no total_count. A checker that requires has_next_page false on the last page fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)", none required.',
    hides: ['search-last-page-has-next'],
    // A page with more to come keeps only its cursor; the last page, which has none, keeps nothing.
    plug: {
      'search.pagination': (pagination) =>
        pagination?.cursor === undefined ? undefined : { cursor: pagination.cursor },
    },
  }),
  variation({
    name: 'search-pages-short',
    capability: 'shopping.catalog.search',
    description:
      'Without a limit, search pages hold 5 products while has_next_page is true. A checker that reads the default page size as "every page but the last holds 10" fails it.',
    permitted_by:
      'Document 1 §Limits: "Default page size, catalog search | 10 results"; §Shared value objects: Pagination request "`limit` (integer; default 10 for catalog search)": a size, not that every page but the last is full.',
    // Only the default page is short: a limit asked for is honoured.
    plug: {
      'search.limit': (limit, { requested }) => (requested === undefined && limit === SEARCH_DEFAULT_LIMIT ? 5 : limit),
    },
  }),
  variation({
    name: 'search-cursor-on-last-page',
    capability: 'shopping.catalog.search',
    description:
      'The last page carries a cursor too, and it leads to an empty page. A checker that reads a cursor as "more follow" walks past the end, or fails a short last page.',
    permitted_by:
      'Not shown: Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)" says nothing of a cursor on the last page.',
    plug: { 'search.pagination': (pagination, { more, cursor }) => (more ? pagination : { ...pagination, cursor }) },
  }),
  variation({
    name: 'search-total-count-estimate',
    capability: 'shopping.catalog.search',
    description:
      'total_count is an estimate, rounded up to the next ten. A checker that requires it to equal the products walked fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Pagination response "`total_count` (integer)"; its exactness is not shown.',
    plug: {
      'search.pagination': (pagination, { found }) =>
        pagination && 'total_count' in pagination
          ? { ...pagination, total_count: Math.ceil((found + 1) / 10) * 10 }
          : pagination,
    },
  }),
  variation({
    name: 'search-available-variants-only',
    capability: 'shopping.catalog.search',
    description:
      "Search lists only the available variants of each product. A checker that derives product-detail signals from search's variants expects the wrong ones.",
    permitted_by:
      'Document 1 §Catalog resources: variants "array of Variant", with no word on listing every one; Variant "`availability` (object with `available` boolean)", a known member.',
    plug: {
      'catalog.listed': (json, { op }) =>
        op === 'search'
          ? {
              ...json,
              variants: (json.variants as Json[]).filter(
                (v) => isObject(v.availability) && v.availability.available === true,
              ),
            }
          : json,
    },
  }),
  variation({
    name: 'search-hierarchical-categories',
    capability: 'shopping.catalog.search',
    description:
      'Category values are paths ("Shop > Footwear"), and a category filter matches any segment of them, case-insensitively. A checker matching filters exactly fails correct results.',
    permitted_by:
      'Document 1 §Catalog resources: Search Filters "categories (array of string)"; how a category matches is not shown.',
    plug: {
      'search.filter': (filter) => ({
        ...filter,
        category: (category, value) => {
          const f = value.toLowerCase().trim();
          const path = categoryPath(category).toLowerCase();
          return path === f || path.split(' > ').includes(f);
        },
      }),
      'catalog.product': (json) => ({
        ...json,
        categories: (json.categories as Json[]).map((c) => ({ ...c, value: categoryPath(String(c.value)) })),
      }),
    },
  }),
  variation({
    name: 'search-nearest-when-no-match',
    capability: 'shopping.catalog.search',
    description:
      'A query that matches nothing returns the three products the business ranks nearest. A checker that requires an empty array fails it.',
    permitted_by: 'Not shown: what a search that finds nothing returns.',
    plug: { 'search.no-match': () => PRODUCTS.slice(0, 3) },
  }),
  variation({
    name: 'search-products-without-options',
    capability: 'shopping.catalog.search',
    description:
      'Search products carry no options member; their variants still carry theirs. A checker that reads option names from product.options finds none.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".',
    plug: { 'catalog.listed': (json, { op }) => (op === 'search' ? without(json, 'options') : json) },
  }),
  variation({
    name: 'search-cursor-top-level',
    capability: 'shopping.catalog.search',
    description:
      'Search reads the cursor from a top-level cursor member and ignores pagination.cursor. A checker must report that its cursor went unread, not fail the walk.',
    permitted_by:
      'Document 1 §POST /catalog/search: "The name of the request member that carries the cursor is not shown."',
    plug: { 'search.cursor': (_cursor, { body }) => body.cursor },
  }),
  variation({
    name: 'search-products-without-categories',
    capability: 'shopping.catalog.search',
    description:
      'Products state no categories. A checker that builds its filter test from them must say it could not, not fail.',
    permitted_by: 'Document 1 §Catalog resources: categories, Required "no".',
    plug: { 'catalog.product': (json) => without(json, 'categories') },
  }),
  variation({
    name: 'search-products-extra-members',
    capability: 'shopping.catalog.search',
    description:
      "Products carry every optional member the spec lists (url, list_price_range, media, rating, tags, metadata) and one of the business's own. A checker that holds a product to the members it knows fails it.",
    permitted_by:
      'Document 1 §Catalog resources: url, list_price_range, media, rating, tags and metadata, Required "no"; metadata "Business-defined custom data".',
    plug: {
      'catalog.product': (json, { product }) => ({
        ...json,
        url: `https://shop.example/products/${product.handle}`,
        list_price_range: json.price_range,
        media: [{ type: 'image', url: `https://shop.example/media/${product.handle}.jpg`, alt_text: product.title }],
        rating: { value: 4.5, scale_max: 5, count: 12 },
        tags: ['reference'],
        metadata: { aisle: 7 },
        x_brand: 'Reference Goods',
      }),
    },
  }),
  variation({
    name: 'search-price-max-every-variant',
    capability: 'shopping.catalog.search',
    description:
      'filters.price.max keeps a product only when every variant is priced at most max. A checker that expects the products whose cheapest variant fits gets fewer, and must not fail.',
    permitted_by:
      'Document 1 §Catalog resources: Search Filters "`price` (object with `max`, integer)"; which price of a product it bounds is not shown.',
    plug: {
      'search.filter': (filter) => ({ ...filter, price: (p, max) => p.variants.every((v) => v.price <= max) }),
    },
  }),
  variation({
    name: 'search-no-match-not-found',
    capability: 'shopping.catalog.search',
    description:
      'A query that matches nothing is answered as a business outcome: status error, an unrecoverable not_found message, and an empty products array. A checker that wants a success envelope for it fails it.',
    permitted_by:
      'Document 1 §What the service does: "business outcomes (including not found and validation problems) use HTTP 200 with the response envelope and a `messages` array"; what a search finding nothing returns is not shown.',
    plug: {
      'search.no-match': () =>
        businessError(
          [{ type: 'error', code: 'not_found', content: 'No product matches the query.', severity: 'unrecoverable' }],
          { products: [] },
        ),
    },
  }),
  variation({
    name: 'lookup-batch-max-5',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup takes at most 5 identifiers. A checker that looks up larger batches in its other checks fails them.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."',
    plug: { 'lookup.batch': (batch) => ({ ...batch, max: 5 }) },
  }),
  variation({
    name: 'lookup-batch-max-1',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup takes one identifier at a time: two are refused with HTTP 400 request_too_large. A checker that looks up two ids at once in its other checks, and fails them for the refusal, fails it.',
    permitted_by:
      'Document 1 §Limits: "Requests above the allowed size get HTTP 400 with `request_too_large`. The maximum number is not shown."',
    plug: { 'lookup.batch': (batch) => ({ ...batch, max: 1 }) },
  }),
  variation({
    name: 'lookup-accepts-sku',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup also resolves SKUs. A checker must pass the optional secondary identifier, not doubt it.',
    permitted_by: 'Document 1 §POST /catalog/lookup: `ids` "MAY accept secondary identifiers (SKU, handle)".',
    plug: { 'catalog.resolve': (resolve) => (id) => resolve(id) ?? bySku(id) },
  }),
  variation({
    name: 'lookup-inputs-on-every-variant',
    capability: 'shopping.catalog.lookup',
    description:
      "A product id looked up is recorded in the inputs of every variant of its product, not only the featured one's. A checker that looks for it on the first variant only fails it.",
    permitted_by:
      'Document 1 §POST /catalog/lookup: "Variants carry `inputs` recording which request identifiers resolved to them"; which variants a product id resolves to is not shown.',
    plug: {
      'lookup.products': (products) =>
        products.map((p) => {
          const variants = p.variants as Json[];
          const byProduct = variants.flatMap((v) =>
            Array.isArray(v.inputs) ? (v.inputs as Json[]).filter((i) => i.id === p.id) : [],
          );
          if (byProduct.length === 0) return p;
          return {
            ...p,
            variants: variants.map((v) => {
              const own = Array.isArray(v.inputs) ? (v.inputs as Json[]).filter((i) => i.id !== p.id) : [];
              return { ...v, inputs: [...own, ...byProduct] };
            }),
          };
        }),
    },
  }),
  variation({
    name: 'lookup-products-reordered',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup lists the products it found in the reverse of request order. A checker that pairs products with identifiers by position fails it.',
    permitted_by: 'Not shown: Document 1 §POST /catalog/lookup says nothing of the order of products.',
    plug: { 'lookup.products': (products) => [...products].reverse() },
  }),
  variation({
    name: 'product-filters-unsupported',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail applies no filters: a request carrying them is answered with an unrecoverable error naming them, and no product.',
    permitted_by:
      'Document 1 §POST /catalog/product: filters "Narrows returned variants", Required "no"; what a business answers to filters it cannot apply is not shown, and "Response is either a product response or an error response".',
    hides: ['product-filters-ignored'],
    plug: {
      'product.filters-refusal': () =>
        businessError([
          {
            type: 'error',
            code: 'invalid_request',
            path: '$.filters',
            content: 'Product detail does not apply filters.',
            severity: 'unrecoverable',
          },
        ]),
    },
  }),
  variation({
    name: 'product-detail-featured-variant-only',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail lists only the first variant matching the selections, not every one. A checker that reads the variants returned as all that exist sees combinations missing.',
    permitted_by:
      'Document 1 §POST /catalog/product: "Returned variants match the selections", with no word on returning every match.',
    plug: { 'product.variants': (variants) => variants.slice(0, 1) },
  }),
  variation({
    name: 'lookup-variant-id-that-variant-only',
    capability: 'shopping.catalog.lookup',
    description:
      'A product found by a variant id lists only that variant (and any other variant an identifier named). A checker that expects every variant of a product looked up fails it.',
    permitted_by:
      'Document 1 §POST /catalog/lookup: "Variants carry `inputs` recording which request identifiers resolved to them"; which variants a product found lists is not shown.',
    plug: {
      'lookup.products': (products) =>
        products.map((p) => {
          const variants = p.variants as Json[];
          const exact = variants.filter(
            (v) => Array.isArray(v.inputs) && (v.inputs as Json[]).some((i) => i.id === v.id),
          );
          return exact.length ? { ...p, variants: variants.filter((v) => Array.isArray(v.inputs)) } : p;
        }),
    },
  }),
  variation({
    name: 'variants-without-sku',
    capability: 'shopping.catalog.lookup',
    description: 'Variants carry no sku. A checker that looks a variant up by its SKU has nothing to try.',
    permitted_by: 'Document 1 §Catalog resources: Variant "`id`, `sku`, …", known members.',
    plug: { 'catalog.variant': (json) => without(json, 'sku') },
  }),
  variation({
    name: 'lookup-batch-429',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookups of more than 8 identifiers are rate limited with HTTP 429. A checker probing the batch maximum must stop and say so, not fail the batch rule.',
    permitted_by: 'Document 1 §Errors: "429 | Rate limited."',
    plug: {
      'lookup.refusal': (refusal, { ids }) =>
        refusal ??
        (ids.length > 8 ? transportError(429, 'rate_limited', 'too many identifiers at once; slow down') : undefined),
    },
  }),
  variation({
    name: 'lookup-batch-unlimited',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup has no batch maximum the checker reaches. A checker must report that it found none, not fail.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."',
    // Only the business's own maximum is lifted: a smaller one chosen beside it (lookup-batch-max-5) stands.
    plug: {
      'lookup.batch': (batch) => (batch.max === LOOKUP_BATCH_MAX ? { ...batch, max: Number.POSITIVE_INFINITY } : batch),
    },
  }),
  variation({
    name: 'lookup-batch-counts-distinct-ids',
    capability: 'shopping.catalog.lookup',
    description:
      'A repeated identifier counts once against the lookup batch maximum. A checker that probes the maximum with one id repeated never reaches it.',
    permitted_by:
      'Not shown: Document 1 §Limits: "Requests above the allowed size get HTTP 400 with `request_too_large`. The maximum number is not shown."; how repeated identifiers count is not shown.',
    plug: { 'lookup.batch': (batch, { ids }) => ({ ...batch, size: new Set(ids).size }) },
  }),
  variation({
    name: 'variants-sku-is-id',
    capability: 'shopping.catalog.lookup',
    description:
      "Each variant's sku is its id. A checker that looks the variant up by that SKU proves nothing about secondary identifiers.",
    permitted_by:
      'Not shown: Document 1 §Catalog resources: Variant "`id`, `sku`, `title`, …" says nothing of how a SKU relates to the id.',
    // A variant without a sku (variants-without-sku) stays without.
    plug: { 'catalog.variant': (json, { variant }) => ('sku' in json ? { ...json, sku: variant.id } : json) },
  }),
  variation({
    name: 'product-detail-variants-without-options',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail variants carry no options member; search and lookup list them with theirs. A checker that reads a returned variant's selections from its own options judges nothing.",
    permitted_by:
      'Document 1 §Catalog resources: Variant "`id`, `sku`, `title`, `description` (Description), `price` (Price), `availability` (object with `available` boolean), `options` (array of `name`, `label`)", with no Required column.',
    plug: {
      'catalog.listed': (json, { op }) =>
        op === 'product' ? { ...json, variants: (json.variants as Json[]).map(({ options: _o, ...v }) => v) } : json,
    },
  }),
  variation({
    name: 'search-featured-variant-only',
    capability: 'shopping.catalog.search',
    description:
      'Search lists only the featured (first) variant of each product. A checker that takes a combination search does not list for one that does not exist asks for one that does.',
    permitted_by:
      'Document 1 §Catalog resources: variants "array of Variant", "First item is the featured variant", with no word on listing every one.',
    plug: {
      'catalog.listed': (json, { op }) =>
        op === 'search' ? { ...json, variants: (json.variants as Json[]).slice(0, 1) } : json,
    },
  }),
  variation({
    name: 'product-detail-without-options',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail lists no options member, so there are no option values to carry signals. A checker must observe that, not fail.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".',
    plug: { 'catalog.listed': (json, { op }) => (op === 'product' ? without(json, 'options') : json) },
  }),
  variation({
    name: 'product-one-size-option',
    capability: 'shopping.catalog.lookup',
    description:
      'Products without options state one option of a single value (Size: One Size), which their one variant states too; product detail gives them no selected. A checker that counts a value once per variant, or takes any option for a configurable one, demands selected of a product that is not configurable.',
    permitted_by:
      'Document 1 §Catalog resources: selected "required when the product has configurable options, may be empty or omitted otherwise".',
    // One option of one value: nothing to configure, so product detail states no selected.
    plug: {
      'catalog.product': (json, { product }) =>
        product.options.length === 0
          ? {
              ...json,
              options: [{ name: 'Size', values: [{ label: 'One Size' }] }],
              variants: (json.variants as Json[]).map((v) => ({
                ...v,
                options: [{ name: 'Size', label: 'One Size' }],
              })),
            }
          : json,
    },
  }),
  variation({
    name: 'catalog-not-advertised',
    capability: 'discovery',
    description:
      "The profile advertises cart, checkout and order but no catalog capability; the catalog endpoints still answer the business's own storefront. A checker that searches or looks up products anyway, to find items to buy, uses capabilities the business never offered.",
    permitted_by: 'Document 1 §What the service does: "Capabilities are adopted independently."',
    // Nothing judges the catalog: a fault that breaks a catalog requirement has that much less to break.
    hides: FAULTS.filter((f) => f.breaks.some((id) => /^(SRCH|LKUP|PROD)-/.test(id))).map((f) => f.name),
    // The catalog routes stay up, unadvertised.
    plug: { 'catalog.capabilities': () => [] },
  }),
  variation({
    name: 'ids-need-escaping',
    capability: 'shopping.cart',
    description:
      'Cart, checkout session and order ids hold "/", "+", ":" and spaces. A checker that puts ids in paths unescaped reaches the wrong resource.',
    permitted_by: 'Document 1 §Endpoints: "Path parameter `id` is a string"; its characters are not restricted.',
    // Ids a path can only carry percent-encoded.
    plug: {
      'store.id': (_id, { prefix, hex }) =>
        `gid://ref/${prefix}/${hex.slice(0, 8)} ${hex.slice(8, 16)}+${hex.slice(16)}:x`,
    },
  }),
  // Cart
  variation({
    name: 'cart-lines-reordered',
    capability: 'shopping.cart',
    description:
      'The cart lists its lines sorted by item id, not in request order. A checker comparing lines in order fails Get Cart.',
    permitted_by:
      'Document 1 §Cart resource: line_items "array of Line item (response)", "Replaced in full on update"; no order is fixed.',
    // Sorted by item id, last first: never the request's order.
    plug: {
      'cart.json': (json) => ({
        ...json,
        line_items: [...(json.line_items as Json[])].sort((a, b) =>
          String((b.item as Json).id).localeCompare(String((a.item as Json).id)),
        ),
      }),
    },
  }),
  variation({
    name: 'cart-lines-without-id',
    capability: 'shopping.cart',
    description:
      'Cart lines carry no id: the cart is replaced in full on update, so no line is ever addressed. A checker that requires a line id of every cart line fails every cart response.',
    permitted_by:
      'Document 1 §Shared value objects: Line item (response) "`id`, `item` (`id`, `title`, `price` integer), `quantity`, `totals`", known members; §Cart: "Update is a full replacement of the line items."',
    plug: {
      'cart.json': (json) => ({ ...json, line_items: (json.line_items as Json[]).map(({ id: _id, ...line }) => line) }),
    },
  }),
  variation({
    name: 'cart-out-of-stock-request-id',
    capability: 'shopping.cart',
    description:
      'The out_of_stock refusal also carries request_id, a trace id of the business. A checker that takes every member beyond the error shape for a cart judges the refusal as a cart made with 200.',
    permitted_by:
      'Document 1 §Profile document: "Additional members are allowed."; §Errors lists the members of an error response ("`proto` (status `error`, required), `messages` (required array), `continue_url` (optional …)"), closing nothing.',
    plug: {
      'cart.out-of-stock': (refusal) =>
        refusal && refusal.kind === 'business-error'
          ? { ...refusal, extra: { ...refusal.extra, request_id: 'req-0001' } }
          : refusal,
    },
  }),
  variation({
    name: 'cart-readable-after-cancel',
    capability: 'shopping.cart',
    description: 'A canceled cart still reads as the cart. A checker expecting not_found fails it.',
    permitted_by: 'Document 1 §States and transitions: "the effect of cancel on later reads: not shown".',
    plug: { 'cart.readable-after-cancel': () => true },
  }),
  variation({
    name: 'cart-partial-totals',
    capability: 'shopping.cart',
    description:
      'Cart totals hold only a subtotal: tax and shipping are not yet known, so there is no total entry. A checker that requires a total entry fails it.',
    permitted_by: 'Document 1 §Cart resource: totals "Estimated; may be partial."',
    plug: { 'cart.totals': (_totals, { subtotal }) => [{ type: 'subtotal', amount: subtotal }] },
  }),
  // Checkout
  variation({
    name: 'checkout-create-requires-currency',
    capability: 'shopping.checkout',
    description:
      'Create needs currency beside line_items, and says so with a recoverable missing error (HTTP 200, no session). Without the member in the config, a checker must report what is missing, not fail.',
    permitted_by: 'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."',
    conflicts: ['checkout-create-requires-currency-400'],
    plug: {
      'run-config.needs': needsCurrency,
      'checkout.create-refusal': (refusal, { req }) =>
        refusal ??
        (typeof req.body.currency !== 'string'
          ? businessError([recoverable('missing', 'currency is required to open a checkout session.', '$.currency')])
          : undefined),
    },
  }),
  variation({
    name: 'checkout-lines-require-seller',
    capability: 'shopping.checkout',
    description:
      'A marketplace: every line item of a create names its seller (seller_id); a line without one gets a recoverable missing error at its path (HTTP 200, no session). The config supplies it with requests."checkout.create"."line_items[]". A checker that cannot put a member on each line never gets a session.',
    permitted_by: 'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."',
    plug: {
      'run-config.needs': (needs) => ({
        ...needs,
        requests: {
          ...needs.requests,
          'checkout.create': { ...needs.requests?.['checkout.create'], 'line_items[]': { seller_id: SELLER } },
        },
      }),
      'checkout.create-refusal': (refusal, { req }) => {
        const lines = Array.isArray(req.body.line_items) ? req.body.line_items : [];
        const unnamed = lines.flatMap((l, i) => (isObject(l) && typeof l.seller_id === 'string' ? [] : [i]));
        return (
          refusal ??
          (unnamed.length
            ? businessError(
                unnamed.map((i) =>
                  recoverable('missing', 'Each line item names its seller.', `$.line_items[${i}].seller_id`),
                ),
              )
            : undefined)
        );
      },
    },
  }),
  variation({
    name: 'checkout-create-requires-buyer-email',
    capability: 'shopping.checkout',
    description:
      'Create opens a session only with buyer.email, and says so with a recoverable missing error at $.buyer.email (HTTP 200, no session). A checker that creates with line_items alone, and does not send the buyer its config has when asked, never gets a session.',
    permitted_by:
      'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."; §Errors: `missing` (required field absent, with `path`).',
    // A session opens only for a buyer it can write to.
    plug: {
      'checkout.create-refusal': (refusal, { req }) =>
        refusal ??
        (isObject(req.body.buyer) && typeof req.body.buyer.email === 'string'
          ? undefined
          : businessError([
              recoverable('missing', 'A buyer email is required to open a checkout session.', '$.buyer.email'),
            ])),
    },
  }),
  variation({
    name: 'checkout-requires-phone',
    capability: 'shopping.checkout',
    description:
      'The session is not ready without buyer.phone_number, which its missing message names. A checker with a fixed recipe (email, address, option) never reaches ready.',
    permitted_by:
      'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §States and transitions: "Messages name what is missing."',
    conflicts: ['checkout-update-400-without-phone'],
    plug: {
      'run-config.needs': needsPhoneBuyer,
      'checkout.buyer-missing': (missing, { buyer }) =>
        typeof buyer?.phone_number !== 'string'
          ? [...missing, ['$.buyer.phone_number', 'A phone number is required for delivery.']]
          : missing,
    },
  }),
  variation({
    name: 'checkout-no-auto-selection',
    capability: 'shopping.checkout',
    description:
      'The business selects no destination and no option by itself: the platform must send selected_destination_id and selected_option_id. A checker relying on the business choosing never reaches ready.',
    permitted_by:
      'Document 1 §Checkout: update carries "selected_destination_id … and groups holding `id` and `selected_option_id` when choosing an option".',
    conflicts: ['checkout-option-preselected'],
    plug: { 'checkout.selects-destination': () => false },
  }),
  variation({
    name: 'checkout-option-preselected',
    capability: 'shopping.checkout',
    description:
      'The business selects the cheapest option as soon as a destination is known, so one update makes the session ready. A checker that insists on choosing an option itself sends a needless update.',
    permitted_by:
      'Document 1 §Checkout resource: fulfillment is an extension where "the business returns the resulting fulfillment state".',
    conflicts: ['checkout-no-auto-selection'],
    // The cheapest option, the first.
    plug: { 'checkout.preselected-option': (option, { options }) => option ?? options[0].id },
  }),
  variation({
    name: 'checkout-several-groups',
    capability: 'shopping.checkout',
    description:
      'Each line ships from its own warehouse: one fulfillment group per line, each with its own options to choose. A checker that only chooses in the first group never reaches ready.',
    permitted_by: 'Document 1 §Checkout resource: fulfillment method "groups (array of group …)".',
    plug: {
      'checkout.groups': (_groups, { session }) => session.lines.map((l) => ({ id: `grp-${l.id}`, lineIds: [l.id] })),
    },
  }),
  checkoutSessions.paymentBeforeReady({
    name: 'checkout-payment-before-ready',
    description:
      'A session is not ready until an update carries a payment instrument (missing $.payment.instruments); the instrument is kept without its credential. A checker that sends payment only with Complete, or fills only buyer fields from its config, never reaches ready.',
    permitted_by:
      'Document 1 §Checkout resource: payment "`instruments`: array of payment instrument."; §States and transitions: "something still missing | incomplete | Messages name what is missing."',
  }),
  variation({
    name: 'checkout-payment-after-shipping',
    capability: 'shopping.checkout',
    description:
      'A session asks for a payment instrument (missing $.payment.instruments) only once its buyer and shipping are settled, in the answer to a later update; the session shows no payment member until it holds an instrument, which it keeps without its credential. A checker that fills only what the first answers ask for, or stops when it has nothing new to choose, never reaches ready.',
    permitted_by:
      'Document 1 §Checkout resource: payment "`instruments`: array of payment instrument."; §States and transitions: "something still missing | incomplete | Messages name what is missing."',
    conflicts: ['checkout-payment-before-ready'],
    // The instrument is asked for last, once shipping (and so the amount) is settled; payment is shown
    // only once it holds an instrument.
    plug: {
      'checkout.update-instruments': () => 'kept',
      'checkout.missing': (missing, { session }) =>
        missing.length === 0 && session.instruments.length === 0
          ? [...missing, ['$.payment.instruments', 'A payment instrument is required now that shipping is chosen.']]
          : missing,
      'checkout.json': (json, { session }) => {
        const { payment: _payment, ...withoutPayment } = json;
        return session.instruments.length === 0 ? withoutPayment : json;
      },
    },
  }),
  variation({
    name: 'checkout-groups-without-options',
    capability: 'shopping.checkout',
    description:
      'The business selects no destination itself, and until one is selected lists the fulfillment group with no options (options: []), which it quotes once it knows where to ship. A checker that takes the first option of every group it sees breaks on the empty list.',
    permitted_by:
      'Document 1 §Checkout resource: Fulfillment method "`groups` (array of group: `id`, `line_item_ids`, `selected_option_id`, `options` array …)"; "the business returns the resulting fulfillment state"; when options are known is not shown.',
    plug: {
      'checkout.selects-destination': () => false,
      'checkout.lists-groups-early': () => true,
    },
  }),
  variation({
    name: 'checkout-full-address-required',
    capability: 'shopping.checkout',
    description:
      'A shipping destination counts only with every Postal address member non-empty (street_address, address_locality, address_region, address_country, postal_code); a member left out or empty is named in a missing message. A checker whose default address leaves one out never reaches ready.',
    permitted_by:
      'Document 1 §Shared value objects: Postal address "`street_address`, `address_locality`, `address_region`, `address_country`, `postal_code` (all strings)"; §States and transitions: "something still missing | incomplete | Messages name what is missing."',
    plug: {
      'checkout.destination-missing': (missing, { destinations }) => [
        ...missing,
        ...destinations.flatMap((d, i) =>
          ADDRESS_MEMBERS.filter((m) => typeof d[m] !== 'string' || d[m] === '').map(
            (m): Missing => [`$.fulfillment.methods[0].destinations[${i}].${m}`, `The destination's ${m} is required.`],
          ),
        ),
      ],
    },
  }),
  variation({
    name: 'checkout-buyer-before-fulfillment',
    capability: 'shopping.checkout',
    description:
      "Checkout goes step by step: the fulfillment an update carries is taken only when the session already knew the buyer's email before that update; otherwise the session keeps the fulfillment it had (none, or a method it offered) and its missing message names $.fulfillment.methods. A checker that sends the shipping method only in its first update never reaches ready.",
    permitted_by:
      'Document 1 §Checkout resource: fulfillment "the platform submits desired method types, destinations …; the business returns the resulting fulfillment state"; §Checkout 2: "All `buyer` fields are optional so state can be built up across calls."',
    // Shipping is quoted only for a session whose buyer was known before this update.
    plug: {
      'checkout.takes-fulfillment': (takes, { session }) =>
        takes && typeof session.buyer?.email === 'string' && session.buyer.email.length > 0,
    },
  }),
  variation({
    name: 'checkout-order-id-only',
    capability: 'shopping.checkout',
    description:
      "A completed session's order carries its id and no permalink_url; Get Order gives the permalink_url. A checker that requires every member named beside the order fails it.",
    permitted_by:
      'Document 1 §States and transitions: "Response carries `order` (`id`, `permalink_url`)", and §Checkout resource: order "Present once completed: `id`, `permalink_url`": members named in parentheses or a Notes column are known members, not individually required (spec README); the Order resource marks permalink_url required, and Get Order is judged by it.',
    plug: {
      'checkout.json': (json) => (isObject(json.order) ? { ...json, order: { id: json.order.id } } : json),
    },
  }),
  checkoutSessions.asyncCompletion({
    name: 'checkout-async-completion',
    description:
      'Complete answers complete_in_progress; a Get a moment later shows completed with the order. A checker that requires completed in the complete response fails it.',
    permitted_by:
      'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."',
  }),
  checkoutSessions.asyncCompletion(
    {
      name: 'checkout-async-completion-202',
      description:
        'Complete answers 202 Accepted with the session complete_in_progress; a Get a moment later shows completed. A checker that holds every complete answer to 200 fails it.',
      permitted_by:
        'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."',
    },
    {
      // The accepted completion still under way says so with 202 Accepted.
      'checkout.status': (status, { op, session }) => (op === 'complete' && session.completion ? 202 : status),
    },
  ),
  variation({
    name: 'checkout-tax-inclusive',
    capability: 'shopping.checkout',
    description:
      'Prices include tax: totals carry subtotal, fulfillment, the included tax for information, and total = subtotal + fulfillment. A checker that sums every other entry into total fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Totals entry "type …, amount (integer)"; no arithmetic between entries is fixed.',
    plug: {
      'checkout.totals': (_totals, { subtotal, shipping, fulfillment, taxRate }) => [
        { type: 'subtotal', amount: subtotal },
        ...fulfillment,
        { type: 'tax', amount: Math.round(subtotal - subtotal / (1 + taxRate)), display_text: 'Included in prices' },
        { type: 'total', amount: subtotal + shipping },
      ],
    },
  }),
  variation({
    name: 'totals-with-discount',
    capability: 'shopping.checkout',
    description:
      'Cart and checkout totals carry a "discount" entry (a promotion taken off the total). A checker with a closed list of totals types fails them.',
    permitted_by:
      'Document 1 §Shared value objects: Totals entry "`type` (`subtotal`, `tax`, `fee`, `fulfillment`, `total`)", the types that appear; the list is not said to be closed.',
    // Partial cart totals, with no total entry, stay as they are: there is no total to take it off. Tax-inclusive
    // checkout totals (checkout-tax-inclusive) carry none either.
    plug: {
      'checkout.discount': () => DISCOUNT,
      'cart.totals': (totals, { subtotal }) =>
        totals.some((t) => t.type === 'total')
          ? [
              { type: 'subtotal', amount: subtotal },
              { type: 'discount', amount: DISCOUNT },
              { type: 'total', amount: subtotal - DISCOUNT },
            ]
          : totals,
    },
  }),
  variation({
    name: 'checkout-create-requires-currency-400',
    capability: 'shopping.checkout',
    description:
      'Create needs currency beside line_items and refuses a request without it with HTTP 400. Without the member in the config, a checker must report it cannot go on, not fail.',
    permitted_by:
      'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-create-requires-currency'],
    plug: {
      'run-config.needs': needsCurrency,
      'checkout.create-refusal': (refusal, { req }) =>
        refusal ??
        (typeof req.body.currency !== 'string'
          ? transportError(400, 'invalid_request', 'currency is required to open a checkout session')
          : undefined),
    },
  }),
  variation({
    name: 'checkout-update-400-without-phone',
    capability: 'shopping.checkout',
    description:
      'An update without buyer.phone_number is refused with HTTP 400. A checker must report what it could not supply, not fail.',
    permitted_by:
      'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-requires-phone'],
    plug: {
      'run-config.needs': needsPhoneBuyer,
      'checkout.input-refusal': (refusal, { req }) =>
        refusal ??
        (isObject(req.body.buyer) && typeof req.body.buyer.phone_number === 'string'
          ? undefined
          : transportError(400, 'invalid_request', 'buyer.phone_number is required')),
    },
  }),
  variation({
    name: 'checkout-methods-offered-at-create',
    capability: 'shopping.checkout',
    description:
      'Create already returns a shipping method, with no destination: the platform fills in that method. A checker that sends a method of its own, or none, never reaches ready.',
    permitted_by:
      'Document 1 §Checkout resource: fulfillment "the business returns the resulting fulfillment state"; when methods first appear is not shown.',
    // A shipping method comes with the session, waiting for a destination.
    plug: {
      'checkout.offered-fulfillment': (fulfillment) => fulfillment ?? { destinations: [], selectedOptions: {} },
    },
  }),
  variation({
    name: 'checkout-no-quantity-cap',
    capability: 'shopping.checkout',
    description:
      'Any quantity is accepted, so no quantity_adjusted warning ever comes. A checker must observe that, not fail.',
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: … warning `quantity_adjusted`"; a cap is the business\'s.',
    plug: { 'checkout.quantity-cap': () => Number.POSITIVE_INFINITY },
  }),
  variation({
    name: 'checkout-quantity-over-limit-refused',
    capability: 'shopping.checkout',
    description:
      "A create asking for more than 10 of an item is refused with a recoverable quantity_unavailable error at the line quantity (HTTP 200, no session), not adjusted. A checker that expects quantity_adjusted, or blames the config's items, is wrong about it.",
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: … warning `quantity_adjusted`"; §Errors: "The complete error code registry: not shown."',
    plug: {
      'checkout.create-refusal': (refusal, { req }) => {
        const lines = Array.isArray(req.body.line_items) ? req.body.line_items : [];
        const over = lines.flatMap((l, i) => (isObject(l) && Number(l.quantity) > PER_LINE_LIMIT ? [i] : []));
        const say = `At most ${PER_LINE_LIMIT} of an item may be bought at once.`;
        return (
          refusal ??
          (over.length
            ? businessError(over.map((i) => recoverable('quantity_unavailable', say, `$.line_items[${i}].quantity`)))
            : undefined)
        );
      },
    },
  }),
  variation({
    name: 'checkout-quantity-path-filter',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted points at the line by a filter expression, $.line_items[?(@.id=='li_1')].quantity. A checker that only reads indexes fails it.",
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".',
    plug: {
      'checkout.quantity-adjusted': (m, { line }) => ({
        ...m,
        path: `$.line_items[?(@.item.id=='${line.variant.id}')].quantity`,
      }),
    },
  }),
  variation({
    name: 'checkout-lines-without-price',
    capability: 'shopping.checkout',
    description:
      'Line items state no item.price. A checker that needs a price to judge recomputed totals must say so, not fail.',
    permitted_by:
      'Document 1 §Shared value objects: Line item (response) "`item` (`id`, `title`, `price` integer)", known members.',
    plug: {
      'checkout.json': (json) => ({
        ...json,
        line_items: (json.line_items as Json[]).map((line) => {
          const { price: _price, ...item } = line.item as Json;
          return { ...line, item };
        }),
      }),
    },
  }),
  variation({
    name: 'checkout-one-per-line',
    capability: 'shopping.checkout',
    description:
      'Each line holds one unit at most: larger quantities are cut to 1 with quantity_adjusted. A checker expecting a changed quantity to change the totals must see that it did not change.',
    permitted_by:
      'Document 1 §Checkout resource: messages "warning `quantity_adjusted` with path to the line quantity".',
    // Under checkout-no-quantity-cap there is no cap to lower.
    plug: { 'checkout.quantity-cap': (max) => (Number.isFinite(max) ? 1 : max) },
  }),
  variation({
    name: 'checkout-no-totals-member',
    capability: 'shopping.checkout',
    description:
      'Sessions state no totals member; the order, once placed, carries its totals. A checker that reads "no totals before, none after" an update as totals left unchanged fails it.',
    permitted_by:
      'Document 1 §Checkout resource: "totals | Totals |", in a table with no Required column; no sentence requires it (the Order resource\'s totals are required, the session\'s are not).',
    plug: { 'checkout.json': ({ totals: _totals, ...json }) => json },
  }),
  checkoutSessions.completeAnswerMinimal(
    {
      name: 'checkout-complete-answer-minimal',
      description:
        "Complete answers only the session's id, its status completed, the order and continue_url, without line_items or the rest. A checker that holds a complete's answer to the whole resource fails it.",
      permitted_by:
        'Document 1 §States and transitions: "| ready_for_complete | Complete Checkout | payment accepted, synchronous case | completed | Response carries `order` (`id`, `permalink_url`). |"; §Checkout resource has no Required column, and line_items are needed only by an update, which a completed session does not get.',
    },
    'order',
  ),
  checkoutSessions.cancelAnswerMinimal({
    name: 'checkout-cancel-answer-minimal',
    description:
      "Cancel answers only the session's id, its status canceled and continue_url, without line_items or the rest. A checker that holds a cancel's answer to the whole resource fails it.",
    permitted_by:
      'Document 1 §Checkout 5: "Cancel sends an empty JSON object and returns the session with `status` `canceled`."; §Checkout resource has no Required column, and line_items are needed only by an update, which a canceled session does not get.',
  }),
  variation({
    name: 'checkout-no-currency-member',
    capability: 'shopping.checkout',
    description:
      "Sessions state no currency member. A checker comparing an order's currency with the checkout's must say there is nothing to compare, not fail.",
    permitted_by:
      'Document 1 §Checkout resource: "currency | string | ISO 4217.", in a table with no Required column; no sentence requires it.',
    plug: { 'checkout.json': ({ currency: _currency, ...json }) => json },
  }),
  checkoutSessions.pathsNormalized({
    name: 'checkout-paths-normalized',
    description:
      "Message paths are RFC 9535 normalized paths: $['buyer']['email'], $['line_items'][0]['quantity']. A checker that reads only the dotted form fails quantity_adjusted, or cannot tell what a session asks for.",
    permitted_by:
      'Document 1 §Shared value objects: Message `path` "(string, JSON path of the field concerned, e.g. `$.buyer.email`)": the dotted form is an example.',
  }),
  checkoutSessions.missingCodeRequired({
    name: 'checkout-missing-code-required',
    description:
      'An incomplete session names what is missing with code "required" and a path, not "missing". A checker that requires code missing fails it.',
    permitted_by: 'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing` …".',
    // Only code missing says a field is absent: a field asked for again under another code may be a value the business
    // rejects.
    hides: ['checkout-missing-without-path', 'checkout-never-ready'],
  }),
  variation({
    name: 'checkout-missing-as-warnings',
    capability: 'shopping.checkout',
    description:
      'An incomplete session states what it still needs as warnings with a code of its own ("required") and the field named in their content, pointing at no path; the run config carries everything it needs from the start. A checker that counts only errors, or messages with a path, as naming what is missing fails it.',
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing`, `path` of the missing field"; §Shared value objects: Message `type` (`error`, `warning`, `info`), path optional; §States and transitions: "Messages name what is missing."',
    plug: {
      'checkout.missing-message': ({ type: _type, code: _code, severity: _severity, path: _path, ...m }) => ({
        type: 'warning',
        code: 'required',
        ...m,
      }),
    },
  }),
  variation({
    name: 'checkout-missing-no-severity',
    capability: 'shopping.checkout',
    description:
      'An incomplete session names what is missing with type error, code missing and a path, but states no severity. A checker that requires severity recoverable on every missing message fails it.',
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing`, `path` of the missing field, `severity` `recoverable`"; the Message table lists severity as "used on errors" and no sentence requires it.',
    plug: { 'checkout.missing-message': ({ severity: _severity, ...message }) => message },
  }),
  variation({
    name: 'checkout-missing-member-unrecoverable',
    capability: 'shopping.checkout',
    description:
      'A create without line_items is answered HTTP 200 with an error response whose missing message says severity unrecoverable: no session exists to recover. A checker that holds every missing message to recoverable fails it.',
    permitted_by:
      'Document 1 §Errors: "`missing` (required field absent, with `path`)", "Message `severity` is `recoverable` or `unrecoverable`"; the recoverable missing problems of §States and transitions ("messages list recoverable `missing` problems") are those of a session that was created.',
    plug: {
      'required-members.refusal': (refusal, { op, absent }) =>
        op.name === 'checkout.create' && refusal.kind === 'transport-error'
          ? missingMembers(absent, 'unrecoverable')
          : refusal,
    },
  }),
  variation({
    name: 'checkout-unavailable-per-line',
    capability: 'shopping.checkout',
    description:
      'A create whose items are all unavailable is refused with one recoverable item_unavailable error per line, pointing at it ($.line_items[0]), then the unrecoverable item_unavailable error. A checker that judges the first item_unavailable message only, or reads errors with a path as fields the config must supply, fails the refusal or leaves it untested.',
    permitted_by:
      'Document 1 §Checkout 6: "HTTP 200 with `proto.status` `error`, message `code` `item_unavailable`, `severity` `unrecoverable`, and `continue_url`"; further messages are not excluded, and §Shared value objects: Message path "JSON path of the field concerned".',
    // First each line, as a recoverable error pointing at it.
    plug: {
      'checkout.unavailable': (reply, { leftOut }) =>
        reply.kind === 'business-error'
          ? { ...reply, messages: [...asRecoverableErrors(leftOut), ...reply.messages] }
          : reply,
    },
  }),
  checkoutSessions.getWithoutMessages({
    name: 'checkout-get-without-messages',
    description:
      'Get Checkout answers the session without a messages member, even while it is incomplete: what is missing was named on create and update. A checker that requires every incomplete session to name what is missing fails the Get.',
    permitted_by:
      'Document 1 §States and transitions: "Returns 201 with the session; messages list recoverable `missing` problems." (Create) and "| incomplete | Update Checkout | something still missing | incomplete | Messages name what is missing. |" (Update); nothing ties messages to Get, and §Checkout resource lists messages without a Required column.',
  }),
  checkoutSessions.handlersInProfileOnly({
    name: 'checkout-handlers-in-profile-only',
    description:
      'Checkout responses carry no payment_handlers; the profile advertises the handlers. A checker that requires them in every checkout envelope fails it.',
    permitted_by:
      'Document 1 §Checkout resource: proto "Carries `payment_handlers` with the handlers usable for payment.", a Notes column (known members, not individually required); §Profile document: the profile\'s payment_handlers.',
    // Without handlers in the profile too, there is none to pay with.
    conflicts: ['profile-no-payment-handlers'],
    hides: ['checkout-no-payment-handlers', 'checkout-payment-handlers-empty'],
  }),
  checkoutSessions.tokenDeclined({
    name: 'checkout-test-token-declined',
    description:
      "Complete answers HTTP 200 with the session still ready_for_complete and an unrecoverable payment_declined error pointing at no field: the provider declines the config's token. The payment is not accepted, so no order is placed; a checker must report the refusal as a reason not to test, not fail the complete.",
    permitted_by:
      'Document 1 §States and transitions: "| ready_for_complete | Complete Checkout | payment accepted, synchronous case | completed | Response carries `order` (`id`, `permalink_url`). |"',
  }),
  variation({
    name: 'checkout-billing-address-unverified',
    capability: 'shopping.checkout',
    description:
      'Complete answers the session, still ready_for_complete, with a recoverable invalid error at $.payment.instruments[0].billing_address: the payment provider could not verify the billing address the instrument carries. A checker must report what the business asks for as a reason not to test, not fail the complete.',
    permitted_by:
      'Document 1 §Checkout: "Complete MAY return messages requiring buyer or address fields; the business uses `messages` to state such expectations."',
    // Asked only once a declined token (checkout-test-token-declined) has not refused the payment.
    plug: {
      'checkout.payment-refusal': (refusal, { render }) => refusal ?? resource(render([billingAddressUnverified()])),
    },
  }),
  // Order
  variation({
    name: 'order-readable-by-any-platform',
    capability: 'shopping.order',
    description:
      'Any platform may read any order. A checker that requires another platform to get unauthorized fails it.',
    permitted_by:
      'Document 1 §Order: "`unauthorized` (caller may not read it)"; who may read is the business\'s policy.',
    hides: [
      'order-foreign-read-403',
      'order-foreign-read-403-with-order',
      'error-status-success',
      'error-without-messages',
    ],
    plug: { 'order.readable': () => true },
  }),
  variation({
    name: 'checkout-currency-from-destination',
    capability: 'shopping.order',
    description:
      "A session states USD until its shipping destination is chosen, then CAD; the order is in CAD. A checker that takes the currency of the first response for the checkout's fails it.",
    permitted_by:
      'Document 1 §Checkout resource: currency "ISO 4217", nothing on whether it may change during the session; §Cart resource: currency "decided by the business from context or geo-IP".',
    plug: {
      'checkout.currency': (currency, { session }) =>
        session.fulfillment?.selectedDestinationId ? DESTINATION_CURRENCY : currency,
    },
  }),
  variation({
    name: 'order-id-is-checkout-id',
    capability: 'shopping.order',
    description:
      "An order takes the id of the checkout session that placed it, so id and checkout_id are equal. A checker that tells an order's responses from its checkout's by id alone mixes them up.",
    permitted_by:
      'Document 1 §Order resource: id "Order identifier", checkout_id "Originating checkout for reconciliation"; whether the two may be equal is not shown.',
    hides: ['order-checkout-id-wrong', 'idempotency-complete-not-stored'],
    // One checkout places one order, so its id serves for both.
    plug: { 'order.id': (_id, { session }) => session.id },
  }),
  variation({
    name: 'order-without-attribution',
    capability: 'shopping.order',
    description: 'Orders carry no attribution, though the checkout was created with one.',
    permitted_by: 'Document 1 §Order resource: attribution, Required "no".',
    hides: ['order-attribution-not-checkouts'],
    plug: { 'order.json': ({ attribution: _, ...json }) => json },
  }),
  variation({
    name: 'order-attribution-annotated',
    capability: 'shopping.order',
    description:
      "The order's attribution is the checkout's plus a member of the business's own, naming the channel the order came through.",
    permitted_by:
      'Document 1 §Shared value objects: "Full member lists of Context, Buyer, Attribution, … beyond those given here: not shown" (ORD-008 is a derived reading: members only one side carries are reported, not failed).',
    plug: {
      'order.json': (json) =>
        json.attribution ? { ...json, attribution: { ...(json.attribution as object), channel: 'agent' } } : json,
    },
  }),
  variation({
    name: 'order-fulfillment-pending',
    capability: 'shopping.order',
    description:
      'Until shipping is planned, fulfillment is an empty object: no expectations, no events. A checker that requires them fails it.',
    permitted_by:
      'Document 1 §Order resource: fulfillment "`expectations` and `events`", known members (spec README, reading conventions).',
    plug: { 'order.json': (json) => ({ ...json, fulfillment: {} }) },
  }),
  variation({
    name: 'order-line-price-object',
    capability: 'shopping.order',
    description:
      "Order lines state item.price as a Price object (amount and currency). A checker that takes the checkout line's integer for the order line's fails it.",
    permitted_by: 'Document 1 §Order resource: order line item "`item` (`id`, `title`, `price`)", type not shown.',
    plug: {
      'order.json': (json, { order }) => ({
        ...json,
        line_items: (json.line_items as Json[]).map((line) => ({
          ...line,
          item: { ...(line.item as Json), price: { amount: (line.item as Json).price, currency: order.currency } },
        })),
      }),
    },
  }),
  variation({
    name: 'cart-not-found-echoes-id',
    capability: 'shopping.cart',
    description:
      'The not_found error for an unknown cart also echoes the id asked for, as a top-level id. A checker that takes any answer with an id for a cart fails it.',
    permitted_by:
      'Document 1 §Cart: Get of an unknown cart "returns HTTP 200, `proto.status` `error`, message `code` `not_found`, `severity` `unrecoverable`, plus `continue_url`"; §Errors gives the error response shape, and no sentence excludes further members.',
    plug: {
      'cart.not-found': (reply, { req }) =>
        reply.kind === 'business-error' ? { ...reply, extra: { ...reply.extra, id: req.id } } : reply,
    },
  }),
  checkoutSessions.notFoundEchoesId({
    name: 'checkout-not-found-echoes-id',
    description:
      'The not_found error for an unknown session also echoes the id asked for, as a top-level id. A checker that takes any answer with an id for a session fails it.',
    permitted_by:
      'Document 1 §Errors: the error response shape is "`proto` (status `error`, required), `messages` (required array), `continue_url` (optional)", and no sentence excludes further members.',
  }),
  variation({
    name: 'order-not-found-echoes-id',
    capability: 'shopping.order',
    description:
      'The not_found error for an unknown order also echoes the id asked for, as a top-level id. A checker that takes any answer with an id for an order fails it.',
    permitted_by:
      'Document 1 §Order: "Failures are HTTP 200 with `proto.status` `error` and a message with `code` `not_found`"; no sentence excludes further members.',
    plug: {
      'order.not-found': (reply, { req }) =>
        reply.kind === 'business-error' ? { ...reply, extra: { ...reply.extra, id: req.id } } : reply,
    },
  }),
  variation({
    name: 'order-readable-later',
    capability: 'shopping.order',
    description:
      'An order is readable a moment after the checkout completes: Get Order answers not_found for its first 1.5 s. A checker that reads the order once, at once, fails it.',
    permitted_by:
      'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes and the order semantics of completion: not shown."',
    plug: { 'order.found': (order) => (order && performance.now() - order.placedAt < 1500 ? undefined : order) },
  }),
  variation({
    name: 'order-expectation-quantity-object',
    capability: 'shopping.order',
    description:
      "A fulfillment expectation states each line's quantity as an object, {total}, as order lines do. A checker that requires an integer there fails it.",
    permitted_by:
      'Document 1 §Order resource: "Fulfillment expectation: `id`, `line_items` (array of `id`, `quantity`)", with no type given for that quantity; the order line item\'s own quantity is the object `total`, `fulfilled`.',
    plug: {
      'order.json': (json) => {
        const f = json.fulfillment as { expectations?: Json[] } | undefined;
        if (!f?.expectations) return json;
        const expectations = f.expectations.map((e) => ({
          ...e,
          line_items: (e.line_items as Json[]).map((l) => ({ ...l, quantity: { total: l.quantity } })),
        }));
        return { ...json, fulfillment: { ...f, expectations } };
      },
    },
  }),
] as const;
