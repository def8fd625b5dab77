import { Switches } from './switches.js';

/**
 * Named variations of the reference business: each makes a choice the spec permits that differs
 * from the reference's default. A run against the business with any of them on must fail, warn
 * and error on nothing. `permitted_by` cites the sentence (or the "not shown") that allows the
 * choice; the description says what a naive checker would get wrong.
 */
export interface Variation {
  name: string;
  /** Area the variation touches: a dialect-free capability, or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  permitted_by: string;
  /** Variations that cannot be on together with this one. */
  conflicts?: string[];
  /**
   * Faults this variation leaves nothing to break, or changes what they break (no keys to leak,
   * no has_next_page to misstate): the pair is refused, and the composition test skips it.
   */
  hides?: string[];
}

const variation = <N extends string>(v: Variation & { name: N }) => v;

export const VARIATIONS = [
  // Profile
  variation({ name: 'profile-several-service-entries', capability: 'profile',
    description: 'The shopping service lists an mcp entry before its rest entry. A checker that takes the first entry finds no REST endpoint.',
    permitted_by: 'Document 1 §Service entry: "keyed by service identifier; each value is an array", transport "`rest` for this binding".' }),
  variation({ name: 'profile-no-keys', capability: 'profile',
    description: 'The profile publishes no keys member. A checker that requires signing keys fails it.',
    permitted_by: 'Document 1 §Profile document: keys, Required "no".',
    hides: ['jwk-private-member', 'jwk-alg-curve-mismatch', 'jwk-ec-missing-y'] }),
  variation({ name: 'profile-extra-members', capability: 'profile',
    description: 'The profile and its entries carry members the spec does not list. A checker with closed schemas fails it.',
    permitted_by: 'Document 1 §Profile document: "Additional members are allowed."' }),
  variation({ name: 'profile-draft-version', capability: 'profile',
    description: 'Every version, in the profile and in responses, is "draft". A checker that only accepts dates fails it.',
    permitted_by: 'Document 1 §Versioning: "the value `draft` marks an unreleased version".' }),
  variation({ name: 'profile-keys-without-alg', capability: 'profile',
    description: 'Keys state neither alg nor use. A checker that requires alg fails them.',
    permitted_by: 'Document 1 §Public JWK: alg, Required "no"; "When absent the verifier derives it from crv."' }),
  variation({ name: 'profile-extension-capabilities', capability: 'profile',
    description: 'The profile also advertises capabilities this tool does not know (org.proto.shopping.discount, com.example.loyalty). A checker must list them as not covered, not fail or ignore them.',
    permitted_by: 'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: vocabularies "are open".' }),
  variation({ name: 'profile-no-payment-handlers', capability: 'profile',
    description: 'The profile has no payment_handlers registry; checkout responses still carry theirs. A checker that requires it in the profile fails it.',
    permitted_by: 'Document 1 §Response envelope: payment_handlers, Required "no".',
    hides: ['profile-handlers-not-array'] }),
  // Discovery and HTTP framing
  variation({ name: 'endpoint-trailing-slash', capability: 'discovery',
    description: 'The rest endpoint ends with a slash. A checker that appends paths blindly requests //catalog/search.',
    permitted_by: 'Document 1 §Service entry: endpoint "Base address of the service: this is {base_url}"; the spec does not say how it ends.' }),
  variation({ name: 'endpoint-other-origin', capability: 'discovery',
    description: 'The services live on another origin (another port) than the profile. A checker that assumes the profile\'s origin misses them.',
    permitted_by: 'Document 1 §Service entry: endpoint "string (URL) Base address of the service"; nothing ties it to the profile\'s origin.' }),
  variation({ name: 'content-type-charset', capability: 'envelope',
    description: 'Responses say Content-Type: application/json; charset=utf-8. A checker comparing the whole header fails them.',
    permitted_by: 'Document 1 §What the service does: "content type `application/json`"; media type parameters are not excluded.' }),
  variation({ name: 'envelope-status-omitted', capability: 'envelope',
    description: 'Successful responses leave proto.status out. A checker that requires status on every response fails them.',
    permitted_by: 'Document 1 §Response envelope: status, Required "no"; "MUST be `error` in an error response".' }),
  variation({ name: 'envelope-echoes-registries', capability: 'envelope',
    description: 'Every response envelope also echoes the services registry and a map_order. A checker expecting only version and capabilities fails them.',
    permitted_by: 'Document 1 §Response envelope: services and map_order, Required "no".' }),
  variation({ name: 'chunked-responses', capability: 'envelope',
    description: 'Responses are sent with chunked transfer coding and no Content-Length. A checker that relies on Content-Length reads nothing.',
    permitted_by: 'Not shown: the spec fixes no HTTP framing (RFC 9112 allows either).' }),
  variation({ name: 'transport-errors-detailed', capability: 'envelope',
    description: 'HTTP error bodies carry details and a request_id beside code and content. A checker with a closed error shape fails them.',
    permitted_by: 'Document 1 §Errors: "a JSON body containing `code` and `content`".' }),
  // Catalog
  variation({ name: 'search-pagination-minimal', capability: 'shopping.catalog.search',
    description: 'A page with more to come carries only a cursor; the last page carries no pagination at all: no has_next_page, no total_count. A checker that requires has_next_page false on the last page fails it.',
    permitted_by: 'Document 1 §Shared value objects: Pagination response "`cursor` (string), `has_next_page` (boolean), `total_count` (integer)", none required.',
    hides: ['search-last-page-has-next'] }),
  variation({ name: 'search-total-count-estimate', capability: 'shopping.catalog.search',
    description: 'total_count is an estimate, rounded up to the next ten. A checker that requires it to equal the products walked fails it.',
    permitted_by: 'Document 1 §Shared value objects: Pagination response "`total_count` (integer)"; its exactness is not shown.' }),
  variation({ name: 'search-available-variants-only', capability: 'shopping.catalog.search',
    description: 'Search lists only the available variants of each product. A checker that derives product-detail signals from search\'s variants expects the wrong ones.',
    permitted_by: 'Document 1 §Catalog resources: variants "array of Variant", with no word on listing every one; Variant "`availability` (object with `available` boolean)", a known member.' }),
  variation({ name: 'search-hierarchical-categories', capability: 'shopping.catalog.search',
    description: 'Category values are paths ("Shop > Footwear"), and a category filter matches any segment of them, case-insensitively. A checker matching filters exactly fails correct results.',
    permitted_by: 'Document 1 §Catalog resources: Search Filters "categories (array of string)"; how a category matches is not shown.' }),
  variation({ name: 'search-nearest-when-no-match', capability: 'shopping.catalog.search',
    description: 'A query that matches nothing returns the three products the business ranks nearest. A checker that requires an empty array fails it.',
    permitted_by: 'Not shown: what a search that finds nothing returns.' }),
  variation({ name: 'search-products-without-options', capability: 'shopping.catalog.search',
    description: 'Search products carry no options member; their variants still carry theirs. A checker that reads option names from product.options finds none.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".' }),
  variation({ name: 'search-cursor-top-level', capability: 'shopping.catalog.search',
    description: 'Search reads the cursor from a top-level cursor member and ignores pagination.cursor. A checker must report that its cursor went unread, not fail the walk.',
    permitted_by: 'Document 1 §POST /catalog/search: "The name of the request member that carries the cursor is not shown."' }),
  variation({ name: 'search-products-without-categories', capability: 'shopping.catalog.search',
    description: 'Products state no categories. A checker that builds its filter test from them must say it could not, not fail.',
    permitted_by: 'Document 1 §Catalog resources: categories, Required "no".' }),
  variation({ name: 'lookup-batch-max-5', capability: 'shopping.catalog.lookup',
    description: 'Lookup takes at most 5 identifiers. A checker that looks up larger batches in its other checks fails them.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."' }),
  variation({ name: 'lookup-accepts-sku', capability: 'shopping.catalog.lookup',
    description: 'Lookup also resolves SKUs. A checker must pass the optional secondary identifier, not doubt it.',
    permitted_by: 'Document 1 §POST /catalog/lookup: `ids` "MAY accept secondary identifiers (SKU, handle)".' }),
  variation({ name: 'variants-without-sku', capability: 'shopping.catalog.lookup',
    description: 'Variants carry no sku. A checker that looks a variant up by its SKU has nothing to try.',
    permitted_by: 'Document 1 §Catalog resources: Variant "`id`, `sku`, …", known members.' }),
  variation({ name: 'lookup-batch-429', capability: 'shopping.catalog.lookup',
    description: 'Lookups of more than 8 identifiers are rate limited with HTTP 429. A checker probing the batch maximum must stop and say so, not fail the batch rule.',
    permitted_by: 'Document 1 §Errors: "429 | Rate limited."' }),
  variation({ name: 'lookup-batch-unlimited', capability: 'shopping.catalog.lookup',
    description: 'Lookup has no batch maximum the checker reaches. A checker must report that it found none, not fail.',
    permitted_by: 'Document 1 §Limits: "The maximum number is not shown."' }),
  variation({ name: 'product-detail-without-options', capability: 'shopping.catalog.lookup',
    description: 'Product detail lists no options member, so there are no option values to carry signals. A checker must observe that, not fail.',
    permitted_by: 'Document 1 §Catalog resources: options, Required "no".' }),
  variation({ name: 'ids-need-escaping', capability: 'shopping.cart',
    description: 'Cart, checkout session and order ids hold "/", "+", ":" and spaces. A checker that puts ids in paths unescaped reaches the wrong resource.',
    permitted_by: 'Document 1 §Endpoints: "Path parameter `id` is a string"; its characters are not restricted.' }),
  // Cart
  variation({ name: 'cart-lines-reordered', capability: 'shopping.cart',
    description: 'The cart lists its lines sorted by item id, not in request order. A checker comparing lines in order fails Get Cart.',
    permitted_by: 'Document 1 §Cart resource: line_items "array of Line item (response)", "Replaced in full on update"; no order is fixed.' }),
  variation({ name: 'cart-readable-after-cancel', capability: 'shopping.cart',
    description: 'A canceled cart still reads as the cart. A checker expecting not_found fails it.',
    permitted_by: 'Document 1 §States and transitions: "the effect of cancel on later reads: not shown".' }),
  variation({ name: 'cart-partial-totals', capability: 'shopping.cart',
    description: 'Cart totals hold only a subtotal: tax and shipping are not yet known, so there is no total entry. A checker that requires a total entry fails it.',
    permitted_by: 'Document 1 §Cart resource: totals "Estimated; may be partial."' }),
  // Checkout
  variation({ name: 'checkout-create-requires-currency', capability: 'shopping.checkout',
    description: 'Create needs currency beside line_items, and says so with a recoverable missing error (HTTP 200, no session). Without the member in the config, a checker must report what is missing, not fail.',
    permitted_by: 'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."',
    conflicts: ['checkout-create-requires-currency-400'] }),
  variation({ name: 'checkout-requires-phone', capability: 'shopping.checkout',
    description: 'The session is not ready without buyer.phone_number, which its missing message names. A checker with a fixed recipe (email, address, option) never reaches ready.',
    permitted_by: 'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §States and transitions: "Messages name what is missing."',
    conflicts: ['checkout-update-400-without-phone'] }),
  variation({ name: 'checkout-no-auto-selection', capability: 'shopping.checkout',
    description: 'The business selects no destination and no option by itself: the platform must send selected_destination_id and selected_option_id. A checker relying on the business choosing never reaches ready.',
    permitted_by: 'Document 1 §Checkout: update carries "selected_destination_id … and groups holding `id` and `selected_option_id` when choosing an option".',
    conflicts: ['checkout-option-preselected'] }),
  variation({ name: 'checkout-option-preselected', capability: 'shopping.checkout',
    description: 'The business selects the cheapest option as soon as a destination is known, so one update makes the session ready. A checker that insists on choosing an option itself sends a needless update.',
    permitted_by: 'Document 1 §Checkout resource: fulfillment is an extension where "the business returns the resulting fulfillment state".',
    conflicts: ['checkout-no-auto-selection'] }),
  variation({ name: 'checkout-several-groups', capability: 'shopping.checkout',
    description: 'Each line ships from its own warehouse: one fulfillment group per line, each with its own options to choose. A checker that only chooses in the first group never reaches ready.',
    permitted_by: 'Document 1 §Checkout resource: fulfillment method "groups (array of group …)".' }),
  variation({ name: 'checkout-async-completion', capability: 'shopping.checkout',
    description: 'Complete answers complete_in_progress; a Get a moment later shows completed with the order. A checker that requires completed in the complete response fails it.',
    permitted_by: 'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."' }),
  variation({ name: 'checkout-async-completion-202', capability: 'shopping.checkout',
    description: 'Complete answers 202 Accepted with the session complete_in_progress; a Get a moment later shows completed. A checker that holds every complete answer to 200 fails it.',
    permitted_by: 'Document 1 §States and transitions: "Transition into `complete_in_progress`, asynchronous completion outcomes … not shown."' }),
  variation({ name: 'checkout-tax-inclusive', capability: 'shopping.checkout',
    description: 'Prices include tax: totals carry subtotal, fulfillment, the included tax for information, and total = subtotal + fulfillment. A checker that sums every other entry into total fails it.',
    permitted_by: 'Document 1 §Shared value objects: Totals entry "type …, amount (integer)"; no arithmetic between entries is fixed.' }),
  variation({ name: 'totals-with-discount', capability: 'shopping.checkout',
    description: 'Cart and checkout totals carry a "discount" entry (a promotion taken off the total). A checker with a closed list of totals types fails them.',
    permitted_by: 'Document 1 §Shared value objects: Totals entry "`type` (`subtotal`, `tax`, `fee`, `fulfillment`, `total`)", the types that appear; the list is not said to be closed.' }),
  variation({ name: 'checkout-create-requires-currency-400', capability: 'shopping.checkout',
    description: 'Create needs currency beside line_items and refuses a request without it with HTTP 400. Without the member in the config, a checker must report it cannot go on, not fail.',
    permitted_by: 'Document 1 §Checkout: "other required and optional members beyond `line_items`: not shown."; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-create-requires-currency'] }),
  variation({ name: 'checkout-update-400-without-phone', capability: 'shopping.checkout',
    description: 'An update without buyer.phone_number is refused with HTTP 400. A checker must report what it could not supply, not fail.',
    permitted_by: 'Document 1 §Shared value objects: Buyer "full member lists … not shown"; §Errors: "400 | … missing required parameters".',
    conflicts: ['checkout-requires-phone'] }),
  variation({ name: 'checkout-methods-offered-at-create', capability: 'shopping.checkout',
    description: 'Create already returns a shipping method, with no destination: the platform fills in that method. A checker that sends a method of its own, or none, never reaches ready.',
    permitted_by: 'Document 1 §Checkout resource: fulfillment "the business returns the resulting fulfillment state"; when methods first appear is not shown.' }),
  variation({ name: 'checkout-no-quantity-cap', capability: 'shopping.checkout',
    description: 'Any quantity is accepted, so no quantity_adjusted warning ever comes. A checker must observe that, not fail.',
    permitted_by: 'Document 1 §Checkout resource: messages "Typical: … warning `quantity_adjusted`"; a cap is the business\'s.' }),
  variation({ name: 'checkout-quantity-path-filter', capability: 'shopping.checkout',
    description: 'quantity_adjusted points at the line by a filter expression, $.line_items[?(@.id==\'li_1\')].quantity. A checker that only reads indexes fails it.',
    permitted_by: 'Document 1 §Shared value objects: Message path "JSON path of the field concerned".' }),
  variation({ name: 'checkout-lines-without-price', capability: 'shopping.checkout',
    description: 'Line items state no item.price. A checker that needs a price to judge recomputed totals must say so, not fail.',
    permitted_by: 'Document 1 §Shared value objects: Line item (response) "`item` (`id`, `title`, `price` integer)", known members.' }),
  variation({ name: 'checkout-one-per-line', capability: 'shopping.checkout',
    description: 'Each line holds one unit at most: larger quantities are cut to 1 with quantity_adjusted. A checker expecting a changed quantity to change the totals must see that it did not change.',
    permitted_by: 'Document 1 §Checkout resource: messages "warning `quantity_adjusted` with path to the line quantity".' }),
  variation({ name: 'checkout-no-currency-member', capability: 'shopping.checkout',
    description: 'Sessions state no currency member. A checker comparing an order\'s currency with the checkout\'s must say there is nothing to compare, not fail.',
    permitted_by: 'Document 1 §Checkout resource: "currency | string | ISO 4217.", in a table with no Required column; no sentence requires it.' }),
  variation({ name: 'checkout-missing-code-required', capability: 'shopping.checkout',
    description: 'An incomplete session names what is missing with code "required" and a path, not "missing". A checker that requires code missing fails it.',
    permitted_by: 'Document 1 §Checkout resource: messages "Typical: `type` error, `code` `missing` …".',
    // Only code missing says a field is absent: a field asked for again under another code may be a value the business rejects.
    hides: ['checkout-missing-without-path', 'checkout-never-ready'] }),
  variation({ name: 'checkout-unknown-session-404', capability: 'shopping.checkout',
    description: 'Reading an unknown checkout session answers HTTP 404 with code and content. A checker that takes any 404 for a missing route reports the endpoint as absent.',
    permitted_by: 'Not shown: what Get Checkout answers for an unknown session.' }),
  // Order
  variation({ name: 'order-readable-by-any-platform', capability: 'shopping.order',
    description: 'Any platform may read any order. A checker that requires another platform to get unauthorized fails it.',
    permitted_by: 'Document 1 §Order: "`unauthorized` (caller may not read it)"; who may read is the business\'s policy.',
    hides: ['order-foreign-read-403', 'error-status-success', 'error-without-messages'] }),
  variation({ name: 'order-fulfillment-pending', capability: 'shopping.order',
    description: 'Until shipping is planned, fulfillment is an empty object: no expectations, no events. A checker that requires them fails it.',
    permitted_by: 'Document 1 §Order resource: fulfillment "`expectations` and `events`", known members (spec README, reading conventions).' }),
  variation({ name: 'order-line-price-object', capability: 'shopping.order',
    description: 'Order lines state item.price as a Price object (amount and currency). A checker that takes the checkout line\'s integer for the order line\'s fails it.',
    permitted_by: 'Document 1 §Order resource: order line item "`item` (`id`, `title`, `price`)", type not shown.' }),
  // Authentication
  variation({ name: 'auth-api-key', capability: 'discovery',
    description: 'Every service request needs an X-API-Key; without it the answer is 401, and a key without permissions gets 403. The config carries the key for both platforms; a checker must send it, and never print it.',
    permitted_by: 'Document 1 §Authentication: "Authentication is optional and set by each business"; "API key in header `X-API-Key`".',
    conflicts: ['auth-bearer', 'auth-checkout-only'] }),
  variation({ name: 'auth-bearer', capability: 'discovery',
    description: 'Every service request needs an OAuth 2.0 bearer token in Authorization. A checker that only knows API keys, or prints the token, fails it.',
    permitted_by: 'Document 1 §Authentication: "OAuth 2.0 bearer token in `Authorization: Bearer <ACCESS_TOKEN>`".',
    conflicts: ['auth-api-key', 'auth-checkout-only'] }),
  variation({ name: 'auth-checkout-only', capability: 'discovery',
    description: 'The catalog and the cart are public; checkout and order need an X-API-Key. A checker that expects 401 everywhere, or sends credentials only when told every operation needs them, fails it.',
    permitted_by: 'Document 1 §Authentication: "a business may require it for some operations and leave others open (for example a public cart)".',
    conflicts: ['auth-api-key', 'auth-bearer'] }),
  variation({ name: 'capability-versions-differ', capability: 'profile',
    description: `The cart capability is advertised and echoed at an older version (2025-10-15) than the service and the other capabilities. A checker that requires one version everywhere fails it.`,
    permitted_by: 'Document 1 §What the service does: "Capabilities are adopted independently."; §Versioning: "A business advertises capability versions in its profile; responses echo the version".' }),
  variation({ name: 'platform-profiles-fetched', capability: 'discovery',
    description: 'The business fetches the platform profile each Proto-Agent names (on loopback), answering 424 when it cannot and 422 when it is no profile, and tolerating key types it does not know. A checker that sends an unreachable profile URL gets 424 everywhere.',
    permitted_by: 'Document 1 §Errors: "422 | Platform profile content malformed (discovery failure)", "424 | Platform profile URL valid but fetching it failed"; whether a business fetches the profile is not shown.' }),
  variation({ name: 'requires-signatures', capability: 'discovery',
    description: 'Every state-changing request must carry a Content-Digest and an RFC 9421 signature by a key of the platform profile Proto-Agent names; otherwise 401. Reads stay open. A checker that cannot sign, or signs over the wrong components, is refused.',
    permitted_by: 'Document 1 §Authentication: "HTTP Message Signatures (RFC 9421)" among the mechanisms a business may use; Signature "Required when authenticating with message signatures".' }),
  variation({ name: 'https-tls-1-3', capability: 'transport',
    description: 'The business is served over HTTPS with TLS 1.3 only, with a self-signed certificate the run is given as its CA. A checker that assumes plain http, or accepts a TLS 1.2 handshake, is wrong about it.',
    permitted_by: 'Document 1 §What the service does: "Transport is HTTPS with TLS 1.3 as the minimum version."' }),
  variation({ name: 'required-members-as-messages', capability: 'errors',
    description: 'A request without a required member (ids, id, line_items) gets HTTP 200 with an error response whose missing messages point at it, not a 400. A checker that only accepts 400 fails it.',
    permitted_by: 'Document 1 §Errors: "Codes that appear: … `missing` (required field absent, with `path`)"; business outcomes "including … validation problems" use HTTP 200 (§What the service does).' }),
  variation({ name: 'mtls-required', capability: 'transport',
    description: 'Served over TLS 1.3, and every service request must come with a client certificate signed by the business\'s CA (a bundled test CA); without one, or with another, the answer is 401. The profile stays public. A checker that cannot present a certificate is refused.',
    permitted_by: 'Document 1 §Authentication: "Mechanisms that the REST binding may use: … 4. Mutual TLS."' }),
  // Signatures
  variation({ name: 'responses-signed-everywhere', capability: 'signatures',
    description: 'Every service response is signed and carries a Content-Digest, not only complete and order responses. A checker that expects signatures only where the spec advises them stumbles on the rest.',
    permitted_by: 'Document 1 §Authentication: "Response signing is recommended for complete checkout responses and optional for create, get, update and cancel checkout."' }),
  variation({ name: 'responses-signed-ed25519', capability: 'signatures',
    description: 'Responses are signed with the Ed25519 key instead of the P-256 one. A checker that only verifies ECDSA fails them.',
    permitted_by: 'Document 1 §Public JWK: crv "Well-known: `P-256`, `P-384` (EC); `Ed25519` (OKP)"; "OKP keys are recommended for signers that opt into bot-authentication".' }),
  // Idempotency
  variation({ name: 'idempotency-replay-reserialised', capability: 'idempotency',
    description: 'A replay returns the stored result written out again: members sorted, indented. A checker that compares replay bytes fails it.',
    permitted_by: 'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; the result is JSON (§What the service does, RFC 8259), whose member order and whitespace carry no meaning.' }),
  variation({ name: 'idempotency-compares-json', capability: 'idempotency',
    description: 'Bodies under one key are compared as canonical JSON: the same body indented is a match. A checker that requires a byte comparison fails it.',
    permitted_by: 'Document 1 §Limits: "a duplicate key with a matching body returns the stored result"; what makes a body matching is not shown.' }),
  variation({ name: 'idempotency-key-per-operation', capability: 'idempotency',
    description: 'A key is scoped to one operation and path: the same key on another operation is a new request. A checker that expects a 409 across operations fails it.',
    permitted_by: 'Document 1 §Limits: "The server stores the key with the result"; the scope of a key across operations is not shown.' }),
] as const;

export type VariationName = (typeof VARIATIONS)[number]['name'];

/** Why a fault and a variation cannot be on together, or undefined when they can. */
export function clash(fault: string, variation: string): string | undefined {
  const v = VARIATIONS.find((x) => x.name === variation) as Variation | undefined;
  return v?.hides?.includes(fault) ? `--variation ${variation} leaves --fault ${fault} nothing to break (or changes what it breaks)` : undefined;
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
