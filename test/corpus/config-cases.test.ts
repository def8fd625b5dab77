import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import type { RunConfig } from '../../src/config/config.js';
import {
  OUT_OF_STOCK_PRODUCT_ID,
  UNAVAILABLE_PRODUCT_ID,
  PRODUCTS,
} from '../../src/reference/shopping/catalog-data.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { startReferenceBusiness } from '../../src/reference/server.js';
import type { VariationName } from '../../src/reference/variations.js';
import type { RunReport } from '../../src/report/run-report.js';
import { eachCase, narrowedTo, scopeOf, troubles, unexplained, type Scope, caseConcurrency } from './harness.js';
import { pinnedCorpus } from './pinned.js';

const pinned = pinnedCorpus('config-cases');

/**
 * What a business needs beyond the spec, or a config that differs from the one the business
 * writes: the checks that cannot go on say what is missing, nothing fails, and the rest conclude.
 */
interface ConfigCase {
  name: string;
  variations: VariationName[];
  config: (c: RunConfig) => RunConfig;
  /** Check ID to the verdict and a pattern its message must match. */
  expect: Record<string, [string, RegExp]>;
  /** A notice the run must give. */
  notice?: RegExp;
}

const unavailable = PRODUCTS.find((p) => p.id === UNAVAILABLE_PRODUCT_ID)!.variants[0].id;

const CASES: ConfigCase[] = [
  {
    // The run names a platform profile the business cannot fetch, and the business resolves every one (424): the
    // run's problem, said once; every check a 424 answered is not-tested, none fails.
    name: 'a platform profile the business cannot fetch',
    variations: ['platform-profiles-fetched'],
    config: (c) => ({ ...c, agent_profile: 'http://127.0.0.1:9/.well-known/proto' }),
    expect: {
      'cart.create-201': [
        'not-tested',
        /^the business could not use the platform profile http:\/\/127\.0\.0\.1:9\/\.well-known\/proto the run names \(HTTP 424\)/,
      ],
      'catalog-search.response': ['not-tested', /could not use the platform profile .* --agent-profile$/],
    },
    notice:
      /^the business answered 424 or 422 to \d+ request\(s\) naming the platform profile http:\/\/127\.0\.0\.1:9\/\.well-known\/proto: .* --agent-profile$/,
  },
  {
    // Signals naming an address the business distrusts: it refuses the requests that carry them (403), which shows
    // nothing of whether signals filter; the checks that needed them are not-tested, none fails nor names a check
    // that passed as blocking it.
    name: 'signals the business refuses',
    variations: ['signals-public-resolver-403'],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        locations: { ...c.fixtures?.locations, signals: { 'org.proto.buyer_ip': '8.8.8.8' } },
      },
    }),
    expect: {
      'location-search.context-no-filter': ['not-tested', /^the business refused the request \(HTTP 403: /],
      'location-lookup.context-no-filter': [
        'not-tested',
        /^with the signals, the business refused the request \(HTTP 403: /,
      ],
    },
  },
  {
    // No stays: the booking probes name sessions the business never issued, and it looks the resource up first.
    name: 'no booking fixtures, and a business that looks the resource up before the body',
    variations: ['resource-looked-up-first'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, booking: undefined } }),
    expect: {
      'requests.booking.cancel.malformed-json': [
        'not-tested',
        /^the probe has a problem of its own \(not_found\), which the business answered before reading the body/,
      ],
    },
  },
  {
    // The services live on an origin of their own that the config does not list: no credentials go there, and the
    // 401s that follow are the run's doing, not the business's.
    name: 'credentials withheld from the services origin',
    variations: ['endpoint-other-origin', 'auth-api-key'],
    config: (c) => ({ ...c, auth: { ...c.auth, origins: [] } }),
    expect: {
      'cart.create-201': ['not-tested', /gets no credentials, so its 401 is not judged: list it in auth\.origins/],
      'requests.cart.create.credential-missing': ['not-tested', /gets no credentials/],
    },
    notice: /^credentials are not sent to http:\/\/127\.0\.0\.1:\d+ \(the endpoint of .*\): .* auth\.origins/,
  },
  {
    // A platform profile the user names is one the run does not host: 422 and 424 cannot be provoked.
    name: 'the config names an agent profile of its own',
    variations: [],
    config: (c) => ({ ...c, agent_profile: 'https://platform.example/.well-known/proto' }),
    expect: {
      'requests.cart.get.platform-profile-unreachable': [
        'not-applicable',
        /^the run hosts no platform profile the business can fetch/,
      ],
    },
  },
  {
    // Authentication the config says is required, with no credential to present: nothing to take away.
    name: 'auth required, and no credential',
    variations: [],
    config: (c) => ({ ...c, auth: { required_for: ['cart.create'] } }),
    expect: {
      'requests.cart.create.credential-missing': [
        'not-applicable',
        /^the config does not say this operation needs authentication/,
      ],
    },
  },
  {
    // The request probes of Document 2 take their search and location from the config, and go on without them.
    name: 'the config names no locations at all',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: undefined } }),
    expect: {
      'requests.location.search.agent-missing': ['pass', /held/],
      'requests.location.lookup.agent-missing': ['pass', /held/],
    },
  },
  {
    // Lookup adopted without search, and no ids to look up: nothing to find them with.
    name: 'lookup without search, and no ids',
    variations: ['location-lookup-without-search'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures?.locations, ids: undefined } } }),
    expect: {
      'location-lookup.canonical-ids': [
        'not-tested',
        /^needs fixtures\.locations\.ids in --config \(or location search, to find some\)/,
      ],
      // The requests it can judge without ids: an id it never issued is a request it serves.
      'requests.location.lookup.agent-missing': ['pass', /held/],
    },
  },
  {
    name: 'a location query in the config, and no location ids',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { query: c.fixtures?.locations?.query } } }),
    expect: { 'requests.location.lookup.agent-missing': ['pass', /held/] },
  },
  {
    name: 'create needs currency, refused with a missing message, and the config lacks it',
    variations: ['checkout-create-requires-currency'],
    config: ({ requests: _r, ...c }) => c,
    expect: {
      'checkout.create': ['not-tested', /checkout create needs \$\.currency \(missing: .*requests\."checkout\.create"/],
      'checkout.missing-messages': ['pass', /held on \d+ checkout responses with a message of code missing/],
      'checkout.item-unavailable': ['not-tested', /\$\.currency/],
    },
  },
  {
    name: 'create needs currency, refused with HTTP 400, and the config lacks it',
    variations: ['checkout-create-requires-currency-400'],
    config: ({ requests: _r, ...c }) => c,
    expect: { 'checkout.create': ['not-tested', /answered HTTP 400 \("currency is required/] },
  },
  {
    name: 'a phone the config lacks, asked for in a message',
    variations: ['checkout-requires-phone'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, buyer: undefined } }),
    expect: {
      'checkout.create': ['pass', /held/],
      'checkout.ready': ['not-tested', /asking for \$\.buyer\.phone_number \(missing: A phone number is required/],
    },
  },
  {
    name: 'a phone the config lacks, refused with HTTP 400',
    variations: ['checkout-update-400-without-phone'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, buyer: undefined } }),
    expect: {
      'checkout.ready': ['not-tested', /update answered HTTP 400 \("buyer\.phone_number is required"\)/],
      'checkout.totals-recomputed': ['not-tested', /HTTP 400/],
    },
  },
  {
    name: 'the configured items are ones the business cannot sell',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, item_ids: [unavailable] } }),
    expect: { 'checkout.create': ['not-tested', /refused the items \(item_unavailable: .*set fixtures\.item_ids/] },
  },
  {
    // The cart lifecycle needs two: an update to one line shows replacement only from a cart of two.
    name: 'the config names a single item',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, item_ids: (c.fixtures?.item_ids ?? []).slice(0, 1) } }),
    expect: { 'cart.create-201': ['not-tested', /two purchasable items \(fixtures\.item_ids\)/] },
  },
  {
    name: 'everything the session needs comes with the create',
    variations: ['checkout-option-preselected'],
    config: (c) => ({
      ...c,
      requests: {
        'checkout.create': {
          buyer: { email: 'buyer@proto-conformance.example' },
          fulfillment: {
            methods: [{ type: 'shipping', destinations: [{ address_country: 'US', postal_code: '62701' }] }],
          },
        },
      },
    }),
    expect: {
      'checkout.create': ['pass', /held/],
      'checkout.ready': ['pass', /held/],
      'checkout.cancel-from-incomplete': ['not-tested', /ready at create, so it was never incomplete/],
    },
  },
  {
    name: 'the search filters come from the config',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['kitchen'], price: { max: 4000 } } },
    }),
    expect: { 'catalog-search.filters-and': ['pass', /held/] },
  },
  {
    // A short last page without a limit is full enough (SRCH-015); one page leaves nothing to walk.
    name: 'a search query matching two products',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, search_query: 'set' } }),
    expect: {
      'catalog-search.default-page-full': ['pass', /2 products, and this was the last page/],
      'catalog-search.has-next-page': ['not-tested', /a search spanning two pages to walk/],
      'catalog-search.filters-and': ['pass', /held/],
    },
  },
  {
    // Without has_next_page and without a cursor, the page is the last: nothing to follow.
    name: 'two products, and pagination only as a cursor',
    variations: ['search-pagination-minimal'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, search_query: 'set' } }),
    expect: { 'catalog-search.default-page-full': ['pass', /2 products, and this was the last page/] },
  },
  {
    // has_next_page false with a cursor: the page is the last, and there is nothing to walk.
    name: 'two products, and a cursor on the last page',
    variations: ['search-cursor-on-last-page'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, search_query: 'set' } }),
    expect: { 'catalog-search.has-next-page': ['not-tested', /a search spanning two pages to walk/] },
  },
  {
    // Only a cursor, on every page: followed once, it leads to an empty page, so the short page was the last.
    name: 'two products, a cursor alone on every page',
    variations: ['search-pagination-minimal', 'search-cursor-on-last-page'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, search_query: 'set' } }),
    expect: {
      'catalog-search.default-page-full': ['pass', /2 products, and this was the last page/],
      'catalog-search.has-next-page': ['pass', /held/],
    },
  },
  {
    // An empty page after an empty page tells nothing of whether the cursor was read.
    name: 'a query matching nothing, a cursor alone on every page',
    variations: ['search-pagination-minimal', 'search-cursor-on-last-page'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, search_query: 'zqxjv' } }),
    expect: {
      'catalog-search.products-valid': ['not-tested', /a search that returns products/],
      'catalog-search.cursor-read': ['info', /the first two pages are empty/],
    },
  },
  {
    // A variant search did not list, detailed without its options: its selections are unknown, so it is not judged.
    name: 'variants detailed without options, search listing the available',
    variations: ['search-available-variants-only', 'product-detail-variants-without-options'],
    config: (c) => c,
    expect: {
      'catalog-product.variants-match': ['pass', /held/],
      'catalog-product.relaxation': [
        'not-tested',
        /^asked for Size=9 with Color=Blue, the business returned variants whose options neither they nor an earlier answer state$/,
      ],
    },
  },
  {
    // Search lists one variant of the one product it finds: its guess at a missing combination exists, and nothing
    // needs relaxing.
    name: 'search lists featured variants, and finds one product of two options',
    variations: ['search-featured-variant-only'],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_query: 'merino', product_ids: PRODUCTS.slice(1, 3).map((p) => p.id) },
    }),
    expect: {
      'catalog-product.relaxation': ['not-tested', /^Size=S with Color=Navy exists, so nothing needed relaxing$/],
    },
  },
  {
    // Product ids alone: lookup takes those given (prod-003, its options of two values), variant ids come from the
    // products found.
    name: 'product ids configured, no variant ids',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, product_ids: ['prod-003'], variant_ids: undefined } }),
    expect: {
      'catalog-lookup.product-ids': ['pass', /held/],
      'catalog-lookup.variant-ids': ['pass', /held/],
      'catalog-lookup.sku': ['info', /^SKU SKU-003-1 is not accepted/],
      'catalog-product.selected': ['pass', /held/],
    },
  },
  {
    // Variant ids alone: lookup takes the one given, product ids come from the first search page.
    name: 'variant ids configured, no product ids',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, product_ids: undefined, variant_ids: ['var-004-3'] } }),
    expect: {
      'catalog-lookup.product-ids': ['pass', /held/],
      'catalog-lookup.variant-ids': ['pass', /held/],
      'catalog-lookup.sku': ['info', /^SKU SKU-004-3 is not accepted/],
    },
  },
  {
    // No ids, and a search that finds nothing: the lookup checks say what they need.
    name: 'no catalog ids, a query finding nothing',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, product_ids: undefined, variant_ids: undefined, search_query: 'zqxjv' },
    }),
    expect: {
      'catalog-lookup.product-ids': [
        'not-tested',
        /^needs fixtures\.product_ids in --config \(or the search capability, to find some\)$/,
      ],
      'catalog-lookup.variant-ids': [
        'not-tested',
        /^needs fixtures\.variant_ids in --config \(or the search capability, to find some\)$/,
      ],
      // With no id to look up, products are found by search alone: no lookup of nothing.
      'catalog-lookup.endpoints-exist': [
        'not-tested',
        /^none of the run's \d+ answered requests was one of the requests to shopping\.catalog\.lookup endpoints$/,
      ],
    },
  },
  {
    // The camp mug first: one option of one value, stated by the product and its variant, is nothing to configure.
    name: 'a one-size product configured first',
    variations: ['product-one-size-option'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, product_ids: ['prod-010', 'prod-002'] } }),
    expect: { 'catalog-product.product-id': ['pass', /held/], 'catalog-product.selected': ['pass', /held/] },
  },
  {
    // No items configured, and no catalog advertised to find them in: the catalog routes that still answer are not
    // used.
    name: 'no item ids, no catalog advertised',
    variations: ['catalog-not-advertised'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, item_ids: undefined } }),
    expect: {
      'cart.create-201': [
        'not-tested',
        /^needs fixtures\.item_ids in --config \(or a catalog to find purchasable items in\)$/,
      ],
      'checkout.create': [
        'not-tested',
        /^needs fixtures\.item_ids in --config \(or a catalog to find purchasable items in\)$/,
      ],
    },
  },
  {
    // No items configured, and the first product known is sold out: its variants say available false, so the items come
    // from the next ones.
    name: 'no item ids, a sold-out product first',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, item_ids: undefined, product_ids: [OUT_OF_STOCK_PRODUCT_ID, 'prod-001', 'prod-002'] },
    }),
    expect: {
      'catalog-lookup.product-ids': ['pass', /held/],
      'checkout.create': ['pass', /held/],
      'checkout.ready': ['pass', /held/],
      'checkout.complete': ['pass', /held/],
    },
  },
  {
    // The offered method outlives the first update, still without a destination: the next update gives it one.
    name: 'method offered, buyer before shipping',
    variations: ['checkout-methods-offered-at-create', 'checkout-buyer-before-fulfillment'],
    config: (c) => c,
    expect: { 'checkout.ready': ['pass', /held/], 'checkout.complete': ['pass', /held/] },
  },
  {
    // Several category values: a product in any one of them is inside the filter.
    name: 'the configured filters name two categories',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['kitchen', 'home'], price: { max: 4000 } } },
    }),
    expect: { 'catalog-search.filters-and': ['pass', /held/] },
  },
  {
    // The business filters on categories it does not state: nothing stated, nothing outside.
    name: 'configured filters, products stating no categories',
    variations: ['search-products-without-categories'],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['kitchen'], price: { max: 4000 } } },
    }),
    expect: { 'catalog-search.filters-and': ['pass', /held/] },
  },
  {
    // "Kitchen" matches the path "Shop > Kitchen": how a category matches is not shown.
    name: 'configured filters, categories stated as paths',
    variations: ['search-hierarchical-categories'],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['Kitchen'], price: { max: 4000 } } },
    }),
    expect: { 'catalog-search.filters-and': ['pass', /held/] },
  },
  {
    name: 'the configured filters match nothing',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['kitchen'], price: { max: 100 } } },
    }),
    expect: { 'catalog-search.filters-and': ['info', /no product came back for filters/] },
  },
  {
    name: 'the configured price.max is not a number',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, search_filters: { categories: ['kitchen'], price: { max: '40.00' } } },
    }),
    expect: { 'catalog-search.filters-and': ['not-tested', /a product with categories and a price/] },
  },
  {
    // Any question is valid (Document 2 §POST /ask): without fixtures.ask the checks put their own, and ground on the
    // product ids.
    name: 'the config names no questions to ask',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, ask: undefined } }),
    expect: {
      'ask.answer': ['pass', /held/],
      'ask.grounding-ids': ['pass', /held/],
      'ask.disclosure-warning': ['pass', /held/],
    },
  },
  {
    name: 'stays the business cannot offer',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, booking: { ...c.fixtures!.booking!, stays: c.fixtures!.booking!.sold_out_stays! } },
    }),
    expect: {
      'booking.create': ['not-tested', /refused the stays \(inventory_exhausted: .*set fixtures\.booking\.stays/],
      'booking.ready': ['not-tested', /refused the stays/],
      'booking.inventory-exhausted': ['pass', /held/],
    },
  },
  {
    // Refused with HTTP 400, not inventory_exhausted: the config's sold-out stays are at fault, not the business.
    name: 'sold-out stays the business cannot read',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        booking: {
          ...c.fixtures!.booking!,
          sold_out_stays: c.fixtures!.booking!.sold_out_stays!.map(({ stay_dates: _d, ...s }) => s),
        },
      },
    }),
    expect: {
      'booking.inventory-exhausted': ['not-tested', /booking create answered HTTP 400 .*stay_dates/],
      'booking.create': ['pass', /held/],
    },
  },
  {
    name: 'guests lack the phone the business needs',
    variations: ['booking-requires-guest-phone'],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        booking: {
          ...c.fixtures!.booking!,
          guests: c.fixtures!.booking!.guests!.map(({ phone_number: _p, ...g }) => g),
        },
      },
    }),
    expect: {
      'booking.create': ['pass', /held/],
      'booking.ready': ['not-tested', /phone_number/],
    },
  },
  {
    // The business refuses the config's own people (HTTP 400): a refused partial update, or a
    // refused invalid email, then says nothing about what that update left out or got wrong.
    name: 'guests without ids, refused with HTTP 400',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        booking: { ...c.fixtures!.booking!, guests: c.fixtures!.booking!.guests!.map(({ id: _id, ...g }) => g) },
      },
    }),
    expect: {
      'booking.create': ['pass', /held/],
      'booking.partial-update': ['not-tested', /refused an update with the config's whole people too \(HTTP 400/],
      'booking.invalid-guest-200': ['not-tested', /refused an update with the config's whole people too \(HTTP 400/],
    },
  },
  {
    // No guests in the config: the flow books for its own two (DEFAULT_GUESTS), which a business that asks only for
    // names accepts.
    name: 'no guests in the config',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, booking: { ...c.fixtures!.booking!, guests: undefined } } }),
    expect: {
      'booking.ready': ['pass', /held/],
      'booking.get': ['pass', /held/],
      'booking.invalid-guest-200': ['pass', /held/],
    },
  },
  {
    // No guest to send: the partial update carries the booker alone, and nothing gets ready.
    name: 'an empty list of guests',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, booking: { ...c.fixtures!.booking!, guests: [] } } }),
    expect: {
      'booking.partial-update': ['pass', /held/],
      'booking.ready': ['not-tested', /\$\.guests \(missing/],
      'booking.invalid-guest-200': ['not-tested', /no guest to give an invalid email/],
    },
  },
  {
    // Without sold-out stays, the sold-out scenario says which fixture it needs; the rest goes on.
    name: 'no sold-out stays configured',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, booking: { ...c.fixtures!.booking!, sold_out_stays: undefined } },
    }),
    expect: {
      'booking.inventory-exhausted': ['not-tested', /^needs fixtures\.booking\.sold_out_stays in --config$/],
      'booking.create': ['pass', /held/],
    },
  },
  {
    // No booker in the config: the test booker is sent, and the instrument is billed to the test address.
    name: 'the config names no booker',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, booking: { ...c.fixtures!.booking!, booker: undefined } } }),
    expect: { 'booking.ready': ['pass', /held/], 'booking.complete': ['pass', /held/] },
  },
  {
    // No payment token: a session is still driven to ready, and only completing is not tested.
    name: 'booking fixtures, no payment token',
    variations: [],
    config: ({ payment: _p, ...c }) => c,
    expect: { 'booking.ready': ['pass', /held/], 'booking.complete': ['not-tested', /payment\.token/] },
  },
  {
    // No payment.handler_id: the instrument names the session's first handler, or the profile's when the session names
    // none.
    name: 'no handler id in config, handlers in profile only',
    variations: ['booking-handlers-in-profile-only'],
    config: (c) => ({ ...c, payment: { ...c.payment!, handler_id: undefined } }),
    expect: { 'booking.complete': ['pass', /held/], 'checkout.complete': ['pass', /held/] },
  },
  {
    // The session needs an instrument before it is ready, and the config has no token to make one with.
    name: 'payment asked before ready, no token',
    variations: ['booking-payment-before-ready'],
    config: ({ payment: _p, ...c }) => c,
    expect: {
      'booking.create': ['pass', /held/],
      'booking.ready': ['not-tested', /asking for \$\.payment\.instruments \(missing/],
    },
  },
  {
    // Two permitted choices together: the note every answer carries is no note of a new conversation.
    name: 'ids per turn, a message on every answer',
    variations: ['ask-conversation-id-per-turn', 'ask-extra-message'],
    config: (c) => c,
    expect: { 'ask.follow-up': ['info', /seems to issue an id per turn/] },
  },
  {
    name: 'the config names no second platform',
    variations: [],
    config: ({ second_platform: _s, ...c }) => c,
    expect: { 'order.other-platform': ['not-tested', /needs second_platform in --config/] },
  },
  {
    // Another platform named by its headers alone: the agent header the config gives is the other platform's.
    name: 'a second platform by headers alone',
    variations: [],
    config: (c) => ({
      ...c,
      second_platform: { headers: { 'Proto-Agent': 'profile="https://second-platform.example/.well-known/proto"' } },
    }),
    expect: { 'order.other-platform': ['pass', /held/] },
  },
  {
    // A second platform with neither a profile nor headers is no other platform.
    name: 'a second platform naming nothing',
    variations: [],
    config: (c) => ({ ...c, second_platform: {} }),
    expect: { 'order.other-platform': ['not-tested', /needs second_platform in --config/] },
  },
  {
    // Which payments a business holds is its own (Document 1 §States and transitions: "Transition into
    // complete_in_progress … not shown").
    name: 'the in-progress token completes at once',
    variations: [],
    config: (c) => ({ ...c, payment: { ...c.payment!, in_progress_token: c.payment!.token } }),
    expect: {
      'checkout.in-progress-unchanged': [
        'not-tested',
        /payment\.in_progress_token to leave the session complete_in_progress/,
      ],
    },
  },
  {
    // A fixture radius the business rejects: the radius checks need another, they do not fail the business.
    name: 'a location radius the business cannot honour',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, max_meters: 200_000 } },
    }),
    expect: {
      'location-search.within-radius': [
        'not-tested',
        /a fixtures\.locations\.max_meters the business honours \(it rejected \{.*"max":200000\}: HTTP 200: /,
      ],
      'location-search.and': ['not-tested', /max_meters the business honours/],
      'location-search.and-serves': ['not-tested', /max_meters the business honours/],
    },
  },
  {
    // One location, one page: nothing to walk.
    name: 'a location query matching one location',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: 'madrid' } } }),
    expect: {
      'location-search.no-repeats': [
        'not-tested',
        /a search spanning two pages of 2 \(the first holds 1; set fixtures\.locations\.query\)/,
      ],
      'location-search.walk-complete': ['not-tested', /the first holds 1;/],
    },
  },
  {
    // Four locations make exactly two pages of 2: enough to walk.
    name: 'a location query filling exactly two pages',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: 'lisboa coffee' } },
    }),
    expect: { 'location-search.no-repeats': ['pass', /held/], 'location-search.walk-complete': ['pass', /held/] },
  },
  {
    // Honoured, a radius short of half the Earth's circumference owes only the locations within it.
    name: 'any radius honoured, an unsupported_max of 1,000 km',
    variations: ['location-any-radius'],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, unsupported_max: 1_000_000 } },
    }),
    expect: { 'location-search.unsupported-max': ['pass', /held/] },
  },
  {
    // Lookup ids found by a search for the query: one location, too few to place two ids around a batch maximum.
    name: 'no location ids, a query finding one location',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, ids: undefined, query: 'madrid' } },
    }),
    expect: {
      'location-lookup.canonical-ids': ['pass', /held/],
      'location-lookup.batch-limit': ['not-tested', /needs two canonical ids in fixtures\.locations\.ids/],
    },
  },
  {
    // Two ids are enough for the batch; a search for the query finds neither, so it cannot tell which serve the target.
    name: 'two location ids, a query finding neither',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        locations: { ...c.fixtures!.locations!, ids: ['LIS-001', 'LIS-003'], query: 'madrid' },
      },
    }),
    expect: {
      'location-lookup.batch-limit': ['pass', /held/],
      'location-lookup.serves-applied': [
        'not-tested',
        /^search for "madrid" finds none of the requested locations, so it cannot tell which serve the target/,
      ],
    },
  },
  {
    name: 'a search needing a query, none configured',
    variations: ['location-search-needs-query'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: undefined } } }),
    expect: {
      'location-lookup.serves-applied': ['not-tested', /^search without query finds none of the requested locations/],
    },
  },
  {
    // Lookup rejects the radius with a business error (HTTP 200): the config's radius is at fault, not the business.
    name: 'a lookup radius the business cannot honour',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, max_meters: 200_000 } },
    }),
    expect: {
      'location-lookup.distance-applied': [
        'not-tested',
        /^lookup rejected distance \{.*"max":200000\} \(HTTP 200: .*invalid_distance.*\): set fixtures\.locations\.max_meters/,
      ],
    },
  },
  {
    // store-1002 is Belém's alias, not Parque das Nações': it does not resolve to the location the config names.
    name: 'an alias the config ties to another location',
    variations: [],
    config: (c) => ({
      ...c,
      fixtures: {
        ...c.fixtures,
        locations: { ...c.fixtures!.locations!, aliases: { 'store-1002': 'LIS-003', alfama: 'LIS-004' } },
      },
    }),
    expect: {
      'location-lookup.inputs-exact': ['pass', /held/],
      'location-lookup.aliases': [
        'info',
        /^aliases not resolved to their locations \(accepting them is optional\): store-1002$/,
      ],
      'location-lookup.merged-inputs': ['pass', /held/],
    },
  },
  {
    // No not_found, but a note of another code on every answer: that note is no not_found to judge.
    name: 'no not_found for unknown location ids, a note of another code',
    variations: ['location-lookup-no-not-found', 'location-lookup-hours-note'],
    config: (c) => c,
    expect: { 'location-lookup.not-found': ['info', /^unknown ids got no not_found message/] },
  },
  {
    // Eleven locations without query: two pages of 10 (pagination.limit 50 is refused), and the cursor goes unread.
    name: 'an unwalkable search, no location query',
    variations: ['location-search-cursor-top-level', 'location-search-page-limit-20'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: undefined } } }),
    expect: {
      'location-lookup.serves-applied': [
        'not-tested',
        /^needs a search that can be walked whole \(the page asked for with pagination\.cursor equals the first/,
      ],
    },
  },
  {
    // Any radius honoured, no query where one is needed: an empty answer with an info note is an answer, not a
    // rejection.
    name: 'any radius, no query where needed',
    variations: ['location-search-needs-query', 'location-any-radius'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: undefined } } }),
    expect: { 'location-search.unsupported-max': ['pass', /^held$/] },
  },
  {
    // has_next_page false ends the walk, whatever cursor the page carries: one page, nothing to walk.
    name: 'one location, cursor on last page',
    variations: ['location-search-last-page-cursor'],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, query: 'madrid' } } }),
    expect: { 'location-search.no-repeats': ['not-tested', /the first holds 1;/] },
  },
  {
    // A cursor alone on every page, the last too: it leads to an empty page, which ends the walk.
    name: 'location cursors alone, last too',
    variations: ['location-search-pagination-minimal', 'location-search-last-page-cursor'],
    config: (c) => c,
    expect: { 'location-search.no-repeats': ['pass', /held/], 'location-search.walk-complete': ['pass', /held/] },
  },
  {
    // Belém lies 6,072 m from the center: within 6,090 m, by 0.3%, so it is no stray beyond the radius.
    name: 'radius just past a location',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, max_meters: 6090 } } }),
    expect: { 'location-search.within-radius': ['pass', /held/], 'location-lookup.distance-applied': ['pass', /held/] },
  },
  {
    // Parque das Nações lies 6,708 m from the center: beyond 6,688 m, by 0.3%, so it is not owed within the radius.
    name: 'radius just short of a location',
    variations: [],
    config: (c) => ({ ...c, fixtures: { ...c.fixtures, locations: { ...c.fixtures!.locations!, max_meters: 6688 } } }),
    expect: { 'location-lookup.distance-applied': ['pass', /held/] },
  },
];

describe('configs that differ from what the business writes', () => {
  it('pins no case that is gone', () => {
    expect(pinned.stale(CASES.map((c) => c.name))).toEqual([]);
  });

  eachCase(CASES)('$name', (c) => {
    it('fails nothing, and says what it could not do', async ({ expect }) => {
      const scope = scopeOf(Object.keys(c.expect));
      const report = await runCase(c, scope);
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      for (const [id, [verdict, message]] of Object.entries(c.expect)) {
        const found = report.checks.find((x) => x.id === id)!;
        expect([id, found.verdict]).toEqual([id, verdict]);
        expect(found.message).toMatch(message);
      }
      if (c.notice) expect(report.notices).toEqual(expect.arrayContaining([expect.stringMatching(c.notice)]));
      const { actual, expected } = await pinned.compare(c.name, report, scope, () => runCase(c, scope));
      expect(actual).toEqual(expected);
    });
  });
});

async function runCase(c: ConfigCase, scope: Scope): Promise<RunReport> {
  const business = await startReferenceBusiness({ variations: c.variations });
  try {
    return await check({
      url: business.url,
      config: c.config(referenceRunConfig(c.variations, business)),
      allow: 'irreversible',
      ...narrowedTo(scope),
      ...caseConcurrency([c.name]),
    });
  } finally {
    await business.close();
  }
}
