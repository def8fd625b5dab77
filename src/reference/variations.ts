import { Switches, variation, type Variation } from './switches.js';
import { COMMON_VARIATIONS } from './common/variations.js';
import { LODGING_VARIATIONS } from './lodging/variations.js';
import { FAULTS } from './faults.js';

export type { Variation };

export const VARIATIONS = [
  // Profile
  variation({
    name: 'profile-several-service-entries',
    capability: 'profile',
    description:
      'The shopping service lists an mcp entry before its rest entry. A checker that takes the first entry finds no REST endpoint.',
    permitted_by:
      'Document 1 §Service entry: "keyed by service identifier; each value is an array", transport "`rest` for this binding".',
  }),
  variation({
    name: 'profile-no-keys',
    capability: 'profile',
    description: 'The profile publishes no keys member. A checker that requires signing keys fails it.',
    permitted_by: 'Document 1 §Profile document: keys, Required "no".',
    hides: ['jwk-private-member', 'jwk-alg-curve-mismatch', 'jwk-ec-missing-y'],
  }),
  variation({
    name: 'profile-keys-empty',
    capability: 'profile',
    description:
      'The profile publishes keys as an empty array, and signs nothing. A checker that takes the keys member for keys expects signed complete and order responses.',
    permitted_by:
      'Document 1 §Profile document: keys "array of public JWK", Required "no"; "Any signing keys a profile publishes MUST appear here" (here there are none).',
    hides: ['jwk-private-member', 'jwk-alg-curve-mismatch', 'jwk-ec-missing-y'],
  }),
  variation({
    name: 'profile-extra-members',
    capability: 'profile',
    description:
      'The profile and its entries carry members the spec does not list. A checker with closed schemas fails it.',
    permitted_by: 'Document 1 §Profile document: "Additional members are allowed."',
  }),
  variation({
    name: 'profile-draft-version',
    capability: 'profile',
    description:
      'Every version, in the profile and in responses, is "draft". A checker that only accepts dates fails it.',
    permitted_by: 'Document 1 §Versioning: "the value `draft` marks an unreleased version".',
  }),
  variation({
    name: 'profile-kid-names',
    capability: 'profile',
    description:
      "The keys' kid values are names of the business's own (reference-ec-2026), not RFC 7638 thumbprints; responses are signed under those names. A checker that requires thumbprint kids everywhere fails it.",
    permitted_by:
      'Document 1 §Public JWK: kid "For keys used in dual-audience signatures it MUST be the key\'s JWK SHA-256 thumbprint (RFC 7638); otherwise any stable string"; which keys are dual-audience is not shown.',
  }),
  variation({
    name: 'profile-keys-without-alg',
    capability: 'profile',
    description: 'Keys state neither alg nor use. A checker that requires alg fails them.',
    permitted_by: 'Document 1 §Public JWK: alg, Required "no"; "When absent the verifier derives it from crv."',
  }),
  variation({
    name: 'profile-extension-capabilities',
    capability: 'profile',
    description:
      'The profile also advertises capabilities this tool does not know (org.proto.shopping.discount, com.example.loyalty). A checker must list them as not covered, not fail or ignore them.',
    permitted_by:
      'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: vocabularies "are open".',
  }),
  variation({
    name: 'profile-no-payment-handlers',
    capability: 'profile',
    description:
      'The profile has no payment_handlers registry; checkout responses still carry theirs. A checker that requires it in the profile fails it.',
    permitted_by: 'Document 1 §Response envelope: payment_handlers, Required "no".',
    hides: ['profile-handlers-not-array'],
  }),
  // Discovery and HTTP framing
  variation({
    name: 'endpoint-trailing-slash',
    capability: 'discovery',
    description: 'The rest endpoint ends with a slash. A checker that appends paths blindly requests //catalog/search.',
    permitted_by:
      'Document 1 §Service entry: endpoint "Base address of the service: this is {base_url}"; the spec does not say how it ends.',
  }),
  variation({
    name: 'endpoint-other-origin',
    capability: 'discovery',
    description:
      "The services live on another origin (another port) than the profile. A checker that assumes the profile's origin misses them.",
    permitted_by:
      'Document 1 §Service entry: endpoint "string (URL) Base address of the service"; nothing ties it to the profile\'s origin.',
  }),
  variation({
    name: 'content-type-charset',
    capability: 'envelope',
    description:
      'Responses say Content-Type: application/json; charset=utf-8. A checker comparing the whole header fails them.',
    permitted_by:
      'Document 1 §What the service does: "content type `application/json`"; media type parameters are not excluded.',
  }),
  variation({
    name: 'envelope-status-omitted',
    capability: 'envelope',
    description:
      'Successful responses leave proto.status out. A checker that requires status on every response fails them.',
    permitted_by: 'Document 1 §Response envelope: status, Required "no"; "MUST be `error` in an error response".',
  }),
  variation({
    name: 'envelope-echoes-registries',
    capability: 'envelope',
    description:
      'Every response envelope also echoes the services registry and a map_order. A checker expecting only version and capabilities fails them.',
    permitted_by: 'Document 1 §Response envelope: services and map_order, Required "no".',
  }),
  variation({
    name: 'envelope-echoes-unadvertised-capability',
    capability: 'envelope',
    description:
      'Every service response also echoes com.example.gift_wrap, a vendor capability the profile does not advertise. A checker that expects every echoed capability in the profile, or looks up its advertised versions unguarded, fails it.',
    permitted_by:
      'Not shown: Document 1 §Response envelope: capabilities is a "Capability registry keyed by reverse-domain name"; §Versioning: "A business advertises capability versions in its profile; responses echo the version in `proto.capabilities` entries", and says nothing of a capability the profile does not advertise.',
  }),
  variation({
    name: 'chunked-responses',
    capability: 'envelope',
    description:
      'Responses are sent with chunked transfer coding and no Content-Length. A checker that relies on Content-Length reads nothing.',
    permitted_by: 'Not shown: the spec fixes no HTTP framing (RFC 9112 allows either).',
  }),
  variation({
    name: 'transport-errors-detailed',
    capability: 'envelope',
    description:
      'HTTP error bodies carry details and a request_id beside code and content. A checker with a closed error shape fails them.',
    permitted_by: 'Document 1 §Errors: "a JSON body containing `code` and `content`".',
  }),
  // Catalog
  variation({
    name: 'search-pagination-minimal',
    capability: 'shopping.catalog.search',
    description:
      'A page with more to come carries only a cursor; the last page carries no pagination at all: no has_next_page, no total_count. A checker that requires has_next_page false on the last page fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)", none required.',
    hides: ['search-last-page-has-next'],
  }),
  variation({
    name: 'search-cursor-on-last-page',
    capability: 'shopping.catalog.search',
    description:
      'The last page carries a cursor too, and it leads to an empty page. A checker that reads a cursor as "more follow" walks past the end, or fails a short last page.',
    permitted_by:
      'Not shown: Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)" says nothing of a cursor on the last page.',
  }),
  variation({
    name: 'search-total-count-estimate',
    capability: 'shopping.catalog.search',
    description:
      'total_count is an estimate, rounded up to the next ten. A checker that requires it to equal the products walked fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Pagination response "`total_count` (integer)"; its exactness is not shown.',
  }),
  variation({
    name: 'search-available-variants-only',
    capability: 'shopping.catalog.search',
    description:
      "Search lists only the available variants of each product. A checker that derives product-detail signals from search's variants expects the wrong ones.",
    permitted_by:
      'Document 1 §Catalog resources: variants "array of Variant", with no word on listing every one; Variant "`availability` (object with `available` boolean)", a known member.',
  }),
  variation({
    name: 'search-hierarchical-categories',
    capability: 'shopping.catalog.search',
    description:
      'Category values are paths ("Shop > Footwear"), and a category filter matches any segment of them, case-insensitively. A checker matching filters exactly fails correct results.',
    permitted_by:
      'Document 1 §Catalog resources: Search Filters "categories (array of string)"; how a category matches is not shown.',
  }),
  variation({
    name: 'search-nearest-when-no-match',
    capability: 'shopping.catalog.search',
    description:
      'A query that matches nothing returns the three products the business ranks nearest. A checker that requires an empty array fails it.',
    permitted_by: 'Not shown: what a search that finds nothing returns.',
  }),
  variation({
    name: 'search-products-without-options',
    capability: 'shopping.catalog.search',
    description:
      'Search products carry no options member; their variants still carry theirs. A checker that reads option names from product.options finds none.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".',
  }),
  variation({
    name: 'search-cursor-top-level',
    capability: 'shopping.catalog.search',
    description:
      'Search reads the cursor from a top-level cursor member and ignores pagination.cursor. A checker must report that its cursor went unread, not fail the walk.',
    permitted_by:
      'Document 1 §POST /catalog/search: "The name of the request member that carries the cursor is not shown."',
  }),
  variation({
    name: 'search-products-without-categories',
    capability: 'shopping.catalog.search',
    description:
      'Products state no categories. A checker that builds its filter test from them must say it could not, not fail.',
    permitted_by: 'Document 1 §Catalog resources: categories, Required "no".',
  }),
  variation({
    name: 'lookup-batch-max-5',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup takes at most 5 identifiers. A checker that looks up larger batches in its other checks fails them.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."',
  }),
  variation({
    name: 'lookup-accepts-sku',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup also resolves SKUs. A checker must pass the optional secondary identifier, not doubt it.',
    permitted_by: 'Document 1 §POST /catalog/lookup: `ids` "MAY accept secondary identifiers (SKU, handle)".',
  }),
  variation({
    name: 'variants-without-sku',
    capability: 'shopping.catalog.lookup',
    description: 'Variants carry no sku. A checker that looks a variant up by its SKU has nothing to try.',
    permitted_by: 'Document 1 §Catalog resources: Variant "`id`, `sku`, …", known members.',
  }),
  variation({
    name: 'lookup-batch-429',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookups of more than 8 identifiers are rate limited with HTTP 429. A checker probing the batch maximum must stop and say so, not fail the batch rule.',
    permitted_by: 'Document 1 §Errors: "429 | Rate limited."',
  }),
  variation({
    name: 'lookup-batch-unlimited',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup has no batch maximum the checker reaches. A checker must report that it found none, not fail.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."',
  }),
  variation({
    name: 'lookup-batch-counts-distinct-ids',
    capability: 'shopping.catalog.lookup',
    description:
      'A repeated identifier counts once against the lookup batch maximum. A checker that probes the maximum with one id repeated never reaches it.',
    permitted_by:
      'Not shown: Document 1 §Limits: "Requests above the allowed size get HTTP 400 with `request_too_large`. The maximum number is not shown."; how repeated identifiers count is not shown.',
  }),
  variation({
    name: 'variants-sku-is-id',
    capability: 'shopping.catalog.lookup',
    description:
      "Each variant's sku is its id. A checker that looks the variant up by that SKU proves nothing about secondary identifiers.",
    permitted_by:
      'Not shown: Document 1 §Catalog resources: Variant "`id`, `sku`, `title`, …" says nothing of how a SKU relates to the id.',
  }),
  variation({
    name: 'product-detail-variants-without-options',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail variants carry no options member; search and lookup list them with theirs. A checker that reads a returned variant's selections from its own options judges nothing.",
    permitted_by:
      'Document 1 §Catalog resources: Variant "`id`, `sku`, `title`, `description` (Description), `price` (Price), `availability` (object with `available` boolean), `options` (array of `name`, `label`)", with no Required column.',
  }),
  variation({
    name: 'search-featured-variant-only',
    capability: 'shopping.catalog.search',
    description:
      'Search lists only the featured (first) variant of each product. A checker that takes a combination search does not list for one that does not exist asks for one that does.',
    permitted_by:
      'Document 1 §Catalog resources: variants "array of Variant", "First item is the featured variant", with no word on listing every one.',
  }),
  variation({
    name: 'product-detail-without-options',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail lists no options member, so there are no option values to carry signals. A checker must observe that, not fail.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".',
  }),
  variation({
    name: 'product-one-size-option',
    capability: 'shopping.catalog.lookup',
    description:
      'Products without options state one option of a single value (Size: One Size), which their one variant states too; product detail gives them no selected. A checker that counts a value once per variant, or takes any option for a configurable one, demands selected of a product that is not configurable.',
    permitted_by:
      'Document 1 §Catalog resources: selected "required when the product has configurable options, may be empty or omitted otherwise".',
  }),
  variation({
    name: 'catalog-not-advertised',
    capability: 'discovery',
    description:
      "The profile advertises cart, checkout and order but no catalog capability; the catalog endpoints still answer the business's own storefront. A checker that searches or looks up products anyway, to find items to buy, uses capabilities the business never offered.",
    permitted_by: 'Document 1 §What the service does: "Capabilities are adopted independently."',
    // Nothing judges the catalog: a fault that breaks a catalog requirement has that much less to break.
    hides: FAULTS.filter((f) => f.breaks.some((id) => /^(SRCH|LKUP|PROD)-/.test(id))).map((f) => f.name),
  }),
  variation({
    name: 'ids-need-escaping',
    capability: 'shopping.cart',
    description:
      'Cart, checkout session and order ids hold "/", "+", ":" and spaces. A checker that puts ids in paths unescaped reaches the wrong resource.',
    permitted_by: 'Document 1 §Endpoints: "Path parameter `id` is a string"; its characters are not restricted.',
  }),
  // Cart
  variation({
    name: 'cart-lines-reordered',
    capability: 'shopping.cart',
    description:
      'The cart lists its lines sorted by item id, not in request order. A checker comparing lines in order fails Get Cart.',
    permitted_by:
      'Document 1 §Cart resource: line_items "array of Line item (response)", "Replaced in full on update"; no order is fixed.',
  }),
  variation({
    name: 'cart-readable-after-cancel',
    capability: 'shopping.cart',
    description: 'A canceled cart still reads as the cart. A checker expecting not_found fails it.',
    permitted_by: 'Document 1 §States and transitions: "the effect of cancel on later reads: not shown".',
  }),
  variation({
    name: 'cart-partial-totals',
    capability: 'shopping.cart',
    description:
      'Cart totals hold only a subtotal: tax and shipping are not yet known, so there is no total entry. A checker that requires a total entry fails it.',
    permitted_by: 'Document 1 §Cart resource: totals "Estimated; may be partial."',
  }),
  // Checkout
  variation({
    name: 'checkout-create-requires-currency',
    capability: 'shopping.checkout',
    description:
      'Create needs currency beside line_items, and says so with a recoverable missing error (HTTP 200, no session). Without the member in the config, a checker must report what is missing, not fail.',
    permitted_by: 'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."',
    conflicts: ['checkout-create-requires-currency-400'],
  }),
  variation({
    name: 'checkout-create-requires-buyer-email',
    capability: 'shopping.checkout',
    description:
      'Create opens a session only with buyer.email, and says so with a recoverable missing error at $.buyer.email (HTTP 200, no session). A checker that creates with line_items alone, and does not send the buyer its config has when asked, never gets a session.',
    permitted_by:
      'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."; §Errors: `missing` (required field absent, with `path`).',
  }),
  variation({
    name: 'checkout-requires-phone',
    capability: 'shopping.checkout',
    description:
      'The session is not ready without buyer.phone_number, which its missing message names. A checker with a fixed recipe (email, address, option) never reaches ready.',
    permitted_by:
      'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §States and transitions: "Messages name what is missing."',
    conflicts: ['checkout-update-400-without-phone'],
  }),
  variation({
    name: 'checkout-no-auto-selection',
    capability: 'shopping.checkout',
    description:
      'The business selects no destination and no option by itself: the platform must send selected_destination_id and selected_option_id. A checker relying on the business choosing never reaches ready.',
    permitted_by:
      'Document 1 §Checkout: update carries "selected_destination_id … and groups holding `id` and `selected_option_id` when choosing an option".',
    conflicts: ['checkout-option-preselected'],
  }),
  variation({
    name: 'checkout-option-preselected',
    capability: 'shopping.checkout',
    description:
      'The business selects the cheapest option as soon as a destination is known, so one update makes the session ready. A checker that insists on choosing an option itself sends a needless update.',
    permitted_by:
      'Document 1 §Checkout resource: fulfillment is an extension where "the business returns the resulting fulfillment state".',
    conflicts: ['checkout-no-auto-selection'],
  }),
  variation({
    name: 'checkout-several-groups',
    capability: 'shopping.checkout',
    description:
      'Each line ships from its own warehouse: one fulfillment group per line, each with its own options to choose. A checker that only chooses in the first group never reaches ready.',
    permitted_by: 'Document 1 §Checkout resource: fulfillment method "groups (array of group …)".',
  }),
  variation({
    name: 'checkout-payment-before-ready',
    capability: 'shopping.checkout',
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
  }),
  variation({
    name: 'checkout-groups-without-options',
    capability: 'shopping.checkout',
    description:
      'The business selects no destination itself, and until one is selected lists the fulfillment group with no options (options: []), which it quotes once it knows where to ship. A checker that takes the first option of every group it sees breaks on the empty list.',
    permitted_by:
      'Document 1 §Checkout resource: Fulfillment method "`groups` (array of group: `id`, `line_item_ids`, `selected_option_id`, `options` array …)"; "the business returns the resulting fulfillment state"; when options are known is not shown.',
  }),
  variation({
    name: 'checkout-full-address-required',
    capability: 'shopping.checkout',
    description:
      'A shipping destination counts only with every Postal address member non-empty (street_address, address_locality, address_region, address_country, postal_code); a member left out or empty is named in a missing message. A checker whose default address leaves one out never reaches ready.',
    permitted_by:
      'Document 1 §Shared value objects: Postal address "`street_address`, `address_locality`, `address_region`, `address_country`, `postal_code` (all strings)"; §States and transitions: "something still missing | incomplete | Messages name what is missing."',
  }),
  variation({
    name: 'checkout-buyer-before-fulfillment',
    capability: 'shopping.checkout',
    description:
      "Checkout goes step by step: the fulfillment an update carries is taken only when the session already knew the buyer's email before that update; otherwise the session keeps the fulfillment it had (none, or a method it offered) and its missing message names $.fulfillment.methods. A checker that sends the shipping method only in its first update never reaches ready.",
    permitted_by:
      'Document 1 §Checkout resource: fulfillment "the platform submits desired method types, destinations …; the business returns the resulting fulfillment state"; §Checkout 2: "All `buyer` fields are optional so state can be built up across calls."',
  }),
  variation({
    name: 'checkout-async-completion',
    capability: 'shopping.checkout',
    description:
      'Complete answers complete_in_progress; a Get a moment later shows completed with the order. A checker that requires completed in the complete response fails it.',
    permitted_by:
      'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."',
  }),
  variation({
    name: 'checkout-async-completion-202',
    capability: 'shopping.checkout',
    description:
      'Complete answers 202 Accepted with the session complete_in_progress; a Get a moment later shows completed. A checker that holds every complete answer to 200 fails it.',
    permitted_by:
      'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."',
  }),
  variation({
    name: 'checkout-tax-inclusive',
    capability: 'shopping.checkout',
    description:
      'Prices include tax: totals carry subtotal, fulfillment, the included tax for information, and total = subtotal + fulfillment. A checker that sums every other entry into total fails it.',
    permitted_by:
      'Document 1 §Shared value objects: Totals entry "type …, amount (integer)"; no arithmetic between entries is fixed.',
  }),
  variation({
    name: 'totals-with-discount',
    capability: 'shopping.checkout',
    description:
      'Cart and checkout totals carry a "discount" entry (a promotion taken off the total). A checker with a closed list of totals types fails them.',
    permitted_by:
      'Document 1 §Shared value objects: Totals entry "`type` (`subtotal`, `tax`, `fee`, `fulfillment`, `total`)", the types that appear; the list is not said to be closed.',
  }),
  variation({
    name: 'checkout-create-requires-currency-400',
    capability: 'shopping.checkout',
    description:
      'Create needs currency beside line_items and refuses a request without it with HTTP 400. Without the member in the config, a checker must report it cannot go on, not fail.',
    permitted_by:
      'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-create-requires-currency'],
  }),
  variation({
    name: 'checkout-update-400-without-phone',
    capability: 'shopping.checkout',
    description:
      'An update without buyer.phone_number is refused with HTTP 400. A checker must report what it could not supply, not fail.',
    permitted_by:
      'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-requires-phone'],
  }),
  variation({
    name: 'checkout-methods-offered-at-create',
    capability: 'shopping.checkout',
    description:
      'Create already returns a shipping method, with no destination: the platform fills in that method. A checker that sends a method of its own, or none, never reaches ready.',
    permitted_by:
      'Document 1 §Checkout resource: fulfillment "the business returns the resulting fulfillment state"; when methods first appear is not shown.',
  }),
  variation({
    name: 'checkout-no-quantity-cap',
    capability: 'shopping.checkout',
    description:
      'Any quantity is accepted, so no quantity_adjusted warning ever comes. A checker must observe that, not fail.',
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: … warning `quantity_adjusted`"; a cap is the business\'s.',
  }),
  variation({
    name: 'checkout-quantity-path-filter',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted points at the line by a filter expression, $.line_items[?(@.id=='li_1')].quantity. A checker that only reads indexes fails it.",
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".',
  }),
  variation({
    name: 'checkout-lines-without-price',
    capability: 'shopping.checkout',
    description:
      'Line items state no item.price. A checker that needs a price to judge recomputed totals must say so, not fail.',
    permitted_by:
      'Document 1 §Shared value objects: Line item (response) "`item` (`id`, `title`, `price` integer)", known members.',
  }),
  variation({
    name: 'checkout-one-per-line',
    capability: 'shopping.checkout',
    description:
      'Each line holds one unit at most: larger quantities are cut to 1 with quantity_adjusted. A checker expecting a changed quantity to change the totals must see that it did not change.',
    permitted_by:
      'Document 1 §Checkout resource: messages "warning `quantity_adjusted` with path to the line quantity".',
  }),
  variation({
    name: 'checkout-no-currency-member',
    capability: 'shopping.checkout',
    description:
      "Sessions state no currency member. A checker comparing an order's currency with the checkout's must say there is nothing to compare, not fail.",
    permitted_by:
      'Document 1 §Checkout resource: "currency | string | ISO 4217.", in a table with no Required column; no sentence requires it.',
  }),
  variation({
    name: 'checkout-missing-code-required',
    capability: 'shopping.checkout',
    description:
      'An incomplete session names what is missing with code "required" and a path, not "missing". A checker that requires code missing fails it.',
    permitted_by: 'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing` …".',
    // Only code missing says a field is absent: a field asked for again under another code may be a value the business
    // rejects.
    hides: ['checkout-missing-without-path', 'checkout-never-ready'],
  }),
  variation({
    name: 'checkout-missing-no-severity',
    capability: 'shopping.checkout',
    description:
      'An incomplete session names what is missing with type error, code missing and a path, but states no severity. A checker that requires severity recoverable on every missing message fails it.',
    permitted_by:
      'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing`, `path` of the missing field, `severity` `recoverable`"; the Message table lists severity as "used on errors" and no sentence requires it.',
  }),
  variation({
    name: 'checkout-unavailable-per-line',
    capability: 'shopping.checkout',
    description:
      'A create whose items are all unavailable is refused with one recoverable item_unavailable error per line, pointing at it ($.line_items[0]), then the unrecoverable item_unavailable error. A checker that judges the first item_unavailable message only, or reads errors with a path as fields the config must supply, fails the refusal or leaves it untested.',
    permitted_by:
      'Document 1 §Checkout 6: "HTTP 200 with `proto.status` `error`, message `code` `item_unavailable`, `severity` `unrecoverable`, and `continue_url`"; further messages are not excluded, and §Shared value objects: Message path "JSON path of the field concerned".',
  }),
  variation({
    name: 'checkout-unknown-session-404',
    capability: 'shopping.checkout',
    description:
      'Reading an unknown checkout session answers HTTP 404 with code and content. A checker that takes any 404 for a missing route reports the endpoint as absent.',
    permitted_by: 'Not shown: what Get Checkout answers for an unknown session.',
  }),
  variation({
    name: 'checkout-handlers-in-profile-only',
    capability: 'shopping.checkout',
    description:
      'Checkout responses carry no payment_handlers; the profile advertises the handlers. A checker that requires them in every checkout envelope fails it.',
    permitted_by:
      'Document 1 §Checkout resource: proto "Carries `payment_handlers` with the handlers usable for payment.", a Notes column (known members, not individually required); §Profile document: the profile\'s payment_handlers.',
    // Without handlers in the profile too, there is none to pay with.
    conflicts: ['profile-no-payment-handlers'],
    hides: ['checkout-no-payment-handlers', 'checkout-payment-handlers-empty'],
  }),
  variation({
    name: 'checkout-test-token-declined',
    capability: 'shopping.checkout',
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
  }),
  variation({
    name: 'checkout-currency-from-destination',
    capability: 'shopping.order',
    description:
      "A session states USD until its shipping destination is chosen, then CAD; the order is in CAD. A checker that takes the currency of the first response for the checkout's fails it.",
    permitted_by:
      'Document 1 §Checkout resource: currency "ISO 4217", nothing on whether it may change during the session; §Cart resource: currency "decided by the business from context or geo-IP".',
  }),
  variation({
    name: 'order-id-is-checkout-id',
    capability: 'shopping.order',
    description:
      "An order takes the id of the checkout session that placed it, so id and checkout_id are equal. A checker that tells an order's responses from its checkout's by id alone mixes them up.",
    permitted_by:
      'Document 1 §Order resource: id "Order identifier", checkout_id "Originating checkout for reconciliation"; whether the two may be equal is not shown.',
    hides: ['order-checkout-id-wrong', 'idempotency-complete-not-stored'],
  }),
  variation({
    name: 'order-fulfillment-pending',
    capability: 'shopping.order',
    description:
      'Until shipping is planned, fulfillment is an empty object: no expectations, no events. A checker that requires them fails it.',
    permitted_by:
      'Document 1 §Order resource: fulfillment "`expectations` and `events`", known members (spec README, reading conventions).',
  }),
  variation({
    name: 'order-line-price-object',
    capability: 'shopping.order',
    description:
      "Order lines state item.price as a Price object (amount and currency). A checker that takes the checkout line's integer for the order line's fails it.",
    permitted_by: 'Document 1 §Order resource: order line item "`item` (`id`, `title`, `price`)", type not shown.',
  }),
  // Authentication
  variation({
    name: 'auth-api-key',
    capability: 'discovery',
    description:
      'Every service request needs an X-API-Key; without it the answer is 401, and a key without permissions gets 403. The config carries the key for both platforms; a checker must send it, and never print it.',
    permitted_by:
      'Document 1 §Authentication: "Authentication is optional and set by each business"; "API key in header `X-API-Key`".',
    conflicts: ['auth-bearer', 'auth-checkout-only'],
  }),
  variation({
    name: 'auth-bearer',
    capability: 'discovery',
    description:
      'Every service request needs an OAuth 2.0 bearer token in Authorization. A checker that only knows API keys, or prints the token, fails it.',
    permitted_by: 'Document 1 §Authentication: "OAuth 2.0 bearer token in `Authorization: Bearer <ACCESS_TOKEN>`".',
    conflicts: ['auth-api-key', 'auth-checkout-only'],
  }),
  variation({
    name: 'auth-checkout-only',
    capability: 'discovery',
    description:
      'The catalog and the cart are public; checkout and order need an X-API-Key. A checker that expects 401 everywhere, or sends credentials only when told every operation needs them, fails it.',
    permitted_by:
      'Document 1 §Authentication: "a business may require it for some operations and leave others open (for example a public cart)".',
    conflicts: ['auth-api-key', 'auth-bearer'],
  }),
  variation({
    name: 'capability-versions-differ',
    capability: 'profile',
    description: `The cart capability is advertised and echoed at an older version (2025-10-15) than the service and the other capabilities. A checker that requires one version everywhere fails it.`,
    permitted_by:
      'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: "A business advertises capability versions in its profile; responses echo the version".',
  }),
  variation({
    name: 'versions-by-layer',
    capability: 'profile',
    description:
      "Each layer of the profile states its own version: proto.version the usual date, the service entries 2026-03-02, the capability entries 2026-02-03 (echoed so in responses). Shopping responses state the profile's proto.version, common responses their service entry's, lodging responses their capabilities'. A checker that wants one version everywhere, or one particular layer echoed, fails it.",
    permitted_by:
      'Document 1 §Versioning: "The version appears in each service entry, each capability entry, and `proto.version` of every response"; which of them a response states, and whether they agree, is not shown.',
  }),
  variation({
    name: 'platform-profiles-fetched',
    capability: 'discovery',
    description:
      'The business fetches the platform profile each Proto-Agent names (on loopback), answering 424 when it cannot and 422 when it is no profile, and tolerating key types it does not know. A checker that sends an unreachable profile URL gets 424 everywhere.',
    permitted_by:
      'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; whether a business fetches the profile is not shown.',
  }),
  variation({
    name: 'platform-profiles-fetched-on-complete',
    capability: 'discovery',
    description:
      'The business fetches the platform profile Proto-Agent names only when a complete (checkout or booking) asks it to take a payment, answering 424 or 422 there as platform-profiles-fetched does; every other operation is served without resolving it. A checker that takes one fetch of a broken profile as the business resolving it everywhere fails the other operations.',
    permitted_by:
      'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; whether, and when, a business fetches the profile is not shown.',
    conflicts: ['platform-profiles-fetched', 'requires-signatures', 'signatures-on-complete-only'],
  }),
  variation({
    name: 'requires-signatures',
    capability: 'discovery',
    description:
      'Every state-changing request must carry a Content-Digest and an RFC 9421 signature by a key of the platform profile Proto-Agent names; otherwise 401. Reads stay open. A checker that cannot sign, or signs over the wrong components, is refused.',
    permitted_by:
      'Document 1 §Authentication: "HTTP Message Signatures (RFC 9421)" among the mechanisms a business may use; Signature "Required when authenticating with message signatures".',
  }),
  variation({
    name: 'signatures-on-complete-only',
    capability: 'discovery',
    description:
      'Only complete (checkout and booking) must carry a Content-Digest and an RFC 9421 signature by a key of the platform profile; every other request is served signed or not, its signature unread. The config says so (signing.required_for). A checker that expects 401 for a broken signature where the config does not say signatures are verified fails it.',
    permitted_by:
      'Document 1 §Authentication: "a business may require it for some operations and leave others open (for example a public cart)"; "HTTP Message Signatures (RFC 9421)" among the mechanisms.',
    conflicts: ['requires-signatures'],
  }),
  variation({
    name: 'https-tls-1-3',
    capability: 'transport',
    description:
      'The business is served over HTTPS with TLS 1.3 only, with a self-signed certificate the run is given as its CA. A checker that assumes plain http, or accepts a TLS 1.2 handshake, is wrong about it.',
    permitted_by: 'Document 1 §What the service does: "Transport is HTTPS with TLS 1.3 as the minimum version."',
  }),
  variation({
    name: 'required-members-as-messages',
    capability: 'errors',
    description:
      'A request without a required member (ids, id, line_items) gets HTTP 200 with an error response whose missing messages point at it, not a 400. A checker that only accepts 400 fails it.',
    permitted_by:
      'Document 1 §Errors: "Codes that appear: … `missing` (required field absent, with `path`)"; business outcomes "including … validation problems" use HTTP 200 (§What the service does).',
  }),
  variation({
    name: 'mtls-required',
    capability: 'transport',
    description:
      "Served over TLS 1.3, and every service request must come with a client certificate signed by the business's CA (a bundled test CA); without one, or with another, the answer is 401. The profile stays public. A checker that cannot present a certificate is refused.",
    permitted_by: 'Document 1 §Authentication: "Mechanisms that the REST binding may use: … 4. Mutual TLS."',
  }),
  // Signatures
  variation({
    name: 'responses-signed-everywhere',
    capability: 'signatures',
    description:
      'Every service response is signed and carries a Content-Digest, not only complete and order responses. A checker that expects signatures only where the spec advises them stumbles on the rest.',
    permitted_by:
      'Document 1 §Authentication: "Response signing is recommended for complete checkout responses and optional for create, get, update and cancel checkout."',
  }),
  variation({
    name: 'responses-signed-ed25519',
    capability: 'signatures',
    description:
      'Responses are signed with the Ed25519 key instead of the P-256 one. A checker that only verifies ECDSA fails them.',
    permitted_by:
      'Document 1 §Public JWK: crv "Well-known: `P-256`, `P-384` (EC); `Ed25519` (OKP)"; "OKP keys are recommended for signers that opt into bot-authentication".',
  }),
  variation({
    name: 'responses-also-signed-es512',
    capability: 'signatures',
    description:
      'Signed responses carry a second signature, sig2, by a P-521 key (alg ES512) the profile publishes beside the others. A checker that fails a signature by a key it cannot use, or counts it as verified, is wrong about it.',
    permitted_by:
      'Document 1 §Versioning: "Key, curve and algorithm vocabularies in profiles are open and tolerate unknown values"; §Public JWK: verifiers "MUST tolerate unrecognised key types, curves and algorithms; an unsupported key affects only the signature that references it (signature failure reason `algorithm_unsupported`)".',
  }),
  variation({
    name: 'responses-also-signed-request-bound',
    capability: 'signatures',
    description:
      'Signed responses carry a further signature, sig3, that also covers the request\'s method ("@method";req, RFC 9421 §2.4). A checker that rebuilds it without the request fails it, one that skips it silently claims more than it verified.',
    permitted_by:
      'Document 1 §Authentication: "HTTP Message Signatures (RFC 9421)"; response headers `Signature`, `Signature-Input` "all optional"; which components a response signature covers is not shown.',
  }),
  variation({
    name: 'profile-response-signed',
    capability: 'signatures',
    description:
      "The profile document's own response is signed and carries a Content-Digest, as service responses are. A checker that verifies it before it has read the keys finds an unknown keyid.",
    permitted_by:
      'Document 1 §Authentication: "Response headers (all optional): `Signature`, `Signature-Input`, `Content-Digest`".',
  }),
  // Idempotency
  variation({
    name: 'idempotency-replay-reserialised',
    capability: 'idempotency',
    description:
      'A replay returns the stored result written out again: members sorted, indented. A checker that compares replay bytes fails it.',
    permitted_by:
      'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; the result is JSON (§What the service does, RFC 8259), whose member order and whitespace carry no meaning.',
  }),
  variation({
    name: 'idempotency-compares-json',
    capability: 'idempotency',
    description:
      'Bodies under one key are compared as canonical JSON: the same body indented is a match. A checker that requires a byte comparison fails it.',
    permitted_by:
      'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; what makes a body matching is not shown.',
  }),
  variation({
    name: 'idempotency-key-per-operation',
    capability: 'idempotency',
    description:
      'A key is scoped to one operation and path: the same key on another operation is a new request. A checker that expects a 409 across operations fails it.',
    permitted_by:
      'Document 1 §Limits: "The server stores the key with the result"; the scope of a key across operations is not shown.',
  }),
  ...COMMON_VARIATIONS,
  ...LODGING_VARIATIONS,
] as const;

export type VariationName = (typeof VARIATIONS)[number]['name'];

/** Why a fault and a variation cannot be on together, or undefined when they can. */
export function clash(fault: string, variation: string): string | undefined {
  const v = VARIATIONS.find((x) => x.name === variation) as Variation | undefined;
  return v?.hides?.includes(fault)
    ? `--variation ${variation} leaves --fault ${fault} nothing to break (or changes what it breaks)`
    : undefined;
}

export function isVariationName(name: string): name is VariationName {
  return VARIATIONS.some((v) => v.name === name);
}

/** The variations switched on in one reference business. */
export class VariationSet extends Switches<VariationName> {}

/** The variations of the list that can be on together: each kept unless it conflicts with one kept before. */
export function compatible(names: readonly VariationName[]): VariationName[] {
  const kept: VariationName[] = [];
  for (const name of names) {
    const v = VARIATIONS.find((x) => x.name === name) as Variation;
    if (!kept.some((k) => v.conflicts?.includes(k))) kept.push(name);
  }
  return kept;
}
