import { suites } from '../../suites/index.js';
import { Switches } from './switches.js';

/**
 * Named faults of the reference business. Each breaks one behaviour the way a real
 * implementation might, and names, completely, what a run against it shows:
 * - `fails`: every check that must fail (or warn);
 * - `skips`: every check that may then end blocked or not-tested instead of its usual verdict
 *   (a `suite.*` entry stands for every check of a suite); every other check keeps its verdict.
 * The requirement IDs a fault fails (`expect`) follow from its checks.
 */
export interface Fault {
  name: string;
  /** Area the fault breaks: a dialect-free capability or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  fails: readonly string[];
  skips?: readonly string[];
}

const fault = <N extends string>(f: Fault & { name: N }) => f;

export const FAULTS = [
  // Profile
  fault({ name: 'profile-version-format', capability: 'profile', description: 'proto.version in the profile is "v1", not a date.', fails: ['profile.version'] }),
  fault({ name: 'profile-services-not-array', capability: 'profile', description: 'A service registry value is a lone object instead of an array of entries.', fails: ['profile.services-registry'] }),
  fault({ name: 'profile-capabilities-not-array', capability: 'profile', description: 'Capability registry values are lone objects instead of arrays.', fails: ['profile.capabilities-registry'] }),
  fault({ name: 'profile-handlers-not-array', capability: 'profile', description: 'The payment handler registry value is a lone object instead of an array.', fails: ['profile.payment-handlers-registry'] }),
  fault({ name: 'profile-entry-version-format', capability: 'profile', description: 'Capability entries carry version "1.0".', fails: ['profile.entry-versions'] }),
  fault({ name: 'profile-no-endpoint', capability: 'discovery', description: 'The shopping rest entry has no endpoint, so no capability can be reached.', fails: ['profile.rest-endpoint'], skips: ['catalog-search.*', 'catalog-lookup.*', 'catalog-product.*', 'cart.*', 'checkout.*', 'order.*', 'envelope.*'] }),
  fault({ name: 'jwk-private-member', capability: 'profile', description: 'The signing key is published with its private member d.', fails: ['profile.keys-no-private'] }),
  fault({ name: 'jwk-alg-curve-mismatch', capability: 'profile', description: 'A P-256 key states alg ES384.', fails: ['profile.keys-alg-curve'] }),
  fault({ name: 'jwk-ec-missing-y', capability: 'profile', description: 'An EC key lacks its y coordinate.', fails: ['profile.keys-members'] }),
  fault({ name: 'profile-content-type-text', capability: 'profile', description: 'The profile is served as text/plain.', fails: ['profile.content-type'] }),
  fault({ name: 'profile-service-version-format', capability: 'profile', description: 'Service entries carry version "1.0"; capability entries are right.', fails: ['profile.entry-versions'] }),
  // Envelope
  fault({ name: 'envelope-missing-version', capability: 'envelope', description: 'Service responses carry the envelope without version.', fails: ['envelope.present'], skips: ['envelope.version-format'] }),
  fault({ name: 'envelope-version-format', capability: 'envelope', description: 'Service responses state version "1.0".', fails: ['envelope.version-format'] }),
  fault({ name: 'error-status-success', capability: 'envelope', description: 'Business error responses say status success.', fails: ['catalog-product.not-found', 'cart.not-found', 'cart.out-of-stock', 'checkout.item-unavailable', 'order.other-platform', 'order.not-found', 'envelope.error-status'], skips: ['envelope.error-messages'] }),
  fault({ name: 'error-without-messages', capability: 'envelope', description: 'Business error responses say status error but carry no messages.', fails: ['catalog-product.not-found', 'cart.not-found', 'cart.out-of-stock', 'checkout.item-unavailable', 'order.other-platform', 'order.not-found', 'envelope.error-messages'], skips: ['envelope.error-status'] }),
  fault({ name: 'message-type-vocabulary', capability: 'envelope', description: 'Lookup not_found messages use type "information" instead of info.', fails: ['catalog-lookup.not-found-info', 'envelope.message-vocabulary'] }),
  fault({ name: 'response-content-type-text', capability: 'envelope', description: 'Service responses are sent as text/plain.', fails: ['envelope.content-type'] }),
  fault({ name: 'envelope-status-vocabulary', capability: 'envelope', description: 'Successful responses say status "ok".', fails: ['envelope.status-vocabulary'] }),
  fault({ name: 'transport-error-shape', capability: 'envelope', description: 'HTTP 400 bodies are {"error": "..."} without code and content.', fails: ['catalog-lookup.batch-limit', 'envelope.transport-error-body'] }),
  fault({ name: 'transport-error-no-content', capability: 'envelope', description: 'HTTP error bodies carry code but no content.', fails: ['envelope.transport-error-body'] }),
  fault({ name: 'envelope-missing', capability: 'envelope', description: 'Service responses carry no proto envelope at all.', fails: ['catalog-search.response', 'catalog-lookup.response', 'catalog-product.product-id', 'catalog-product.not-found', 'cart.not-found', 'cart.out-of-stock', 'checkout.item-unavailable', 'order.resource', 'order.other-platform', 'order.not-found', 'cart.resource', 'checkout.resource', 'checkout.payment-handlers', 'envelope.present', 'envelope.error-status'], skips: ['catalog-search.products-valid', 'catalog-search.default-page-size', 'catalog-search.default-page-full', 'catalog-search.cursor-read', 'catalog-search.no-repeats', 'catalog-search.has-next-page', 'catalog-search.total-count', 'catalog-search.filters-and', 'catalog-lookup.product-ids', 'catalog-lookup.inputs', 'envelope.version-format', 'envelope.error-messages', 'envelope.status-vocabulary'] }),
  fault({ name: 'error-messages-empty', capability: 'envelope', description: 'Business error responses say status error with an empty messages array.', fails: ['catalog-product.not-found', 'cart.not-found', 'cart.out-of-stock', 'checkout.item-unavailable', 'order.other-platform', 'order.not-found', 'envelope.error-messages'], skips: ['envelope.error-status'] }),
  fault({ name: 'message-severity-vocabulary', capability: 'envelope', description: 'Error messages state severity "fatal" instead of unrecoverable.', fails: ['catalog-product.not-found', 'cart.not-found', 'cart.out-of-stock', 'checkout.item-unavailable', 'order.other-platform', 'order.not-found', 'envelope.message-vocabulary'] }),
  fault({ name: 'transport-error-html', capability: 'envelope', description: 'HTTP error bodies are an HTML page, not JSON.', fails: ['catalog-lookup.batch-limit', 'envelope.content-type', 'envelope.transport-error-body'] }),
  fault({ name: 'profile-keys-not-array', capability: 'profile', description: 'keys is a single key object, not an array.', fails: ['profile.keys-no-private', 'profile.keys-alg-curve', 'profile.keys-members'] }),
  // Discovery
  fault({ name: 'product-endpoint-missing', capability: 'discovery', description: 'POST /catalog/product is not routed: 404, although lookup is advertised.', fails: ['catalog-product.product-id', 'catalog-product.variant-id', 'catalog-product.not-found', 'catalog-lookup.endpoints-exist'], skips: ['catalog-product.selected', 'catalog-product.signals-present', 'catalog-product.signals-relative', 'catalog-product.variants-match', 'catalog-product.relaxation'] }),
  fault({ name: 'search-endpoint-405', capability: 'discovery', description: 'POST /catalog/search answers 405: the route only takes GET.', fails: ['catalog-search.response', 'catalog-search.limit-honoured', 'catalog-search.no-match', 'catalog-search.endpoints-exist'], skips: ['catalog-search.products-valid', 'catalog-search.default-page-size', 'catalog-search.default-page-full', 'catalog-search.cursor-read', 'catalog-search.no-repeats', 'catalog-search.has-next-page', 'catalog-search.total-count', 'catalog-search.filters-and', 'catalog-product.relaxation'] }),
  fault({ name: 'cart-cancel-endpoint-missing', capability: 'discovery', description: 'POST /carts/{id}/cancel is not routed: 404, although cart is advertised.', fails: ['cart.cancel', 'cart.endpoints-exist'] }),
  fault({ name: 'checkout-complete-endpoint-501', capability: 'discovery', description: 'POST /checkout-sessions/{id}/complete answers 501 Not Implemented.', fails: ['checkout.complete', 'checkout.endpoints-exist'], skips: ['checkout.in-progress-unchanged', 'order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'order.endpoints-exist'] }),
  fault({ name: 'order-endpoint-missing', capability: 'discovery', description: 'GET /orders/{id} is not routed: 404 for every order, placed ones too.', fails: ['order.resource', 'order.not-found', 'order.endpoints-exist'], skips: ['order.checkout-id', 'order.currency', 'order.other-platform'] }),
  // Catalog
  fault({ name: 'search-results-member', capability: 'shopping.catalog.search', description: 'Search names its array "results" instead of products.', fails: ['catalog-search.response', 'catalog-search.no-match'], skips: ['catalog-search.products-valid', 'catalog-search.default-page-size', 'catalog-search.default-page-full', 'catalog-search.cursor-read', 'catalog-search.no-repeats', 'catalog-search.has-next-page', 'catalog-search.total-count', 'catalog-search.filters-and', 'catalog-product.relaxation'] }),
  fault({ name: 'search-default-page-20', capability: 'shopping.catalog.search', description: 'Search returns 20 products when no limit is given.', fails: ['catalog-search.default-page-size'] }),
  fault({ name: 'search-default-page-short', capability: 'shopping.catalog.search', description: 'Without a limit, search pages hold 5 products although more follow.', fails: ['catalog-search.default-page-full'] }),
  fault({ name: 'search-ignores-limit', capability: 'shopping.catalog.search', description: 'Search ignores pagination.limit and always returns 10.', fails: ['catalog-search.limit-honoured'] }),
  fault({ name: 'product-missing-description', capability: 'shopping.catalog.search', description: 'Products are sent without description.', fails: ['catalog-search.products-valid', 'catalog-lookup.response', 'catalog-product.product-id'], skips: ['catalog-lookup.product-ids', 'catalog-lookup.inputs'] }),
  fault({ name: 'lookup-variant-ids-only', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves variant ids; product ids come back not_found.', fails: ['catalog-lookup.product-ids'], skips: ['catalog-lookup.inputs'] }),
  fault({ name: 'lookup-rejects-variant-ids', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves product ids; variant ids come back not_found.', fails: ['catalog-lookup.variant-ids'], skips: ['catalog-lookup.variant-inputs', 'catalog-lookup.sku'] }),
  fault({ name: 'lookup-drops-inputs', capability: 'shopping.catalog.lookup', description: 'Lookup variants carry no inputs.', fails: ['catalog-lookup.inputs', 'catalog-lookup.variant-inputs'] }),
  fault({ name: 'lookup-not-found-404', capability: 'shopping.catalog.lookup', description: 'A lookup whose ids do not all resolve answers HTTP 404.', fails: ['catalog-lookup.not-found-info', 'catalog-lookup.none-resolve-empty'], skips: ['catalog-lookup.batch-limit'] }),
  fault({ name: 'lookup-silent-not-found', capability: 'shopping.catalog.lookup', description: 'Unresolved lookup ids are dropped without a not_found message.', fails: ['catalog-lookup.not-found-info'] }),
  // Catalog search, pagination and filters
  fault({ name: 'search-cursor-repeats', capability: 'shopping.catalog.search', description: 'Each next page starts again with the last product of the page before.', fails: ['catalog-search.no-repeats'] }),
  fault({ name: 'search-last-page-has-next', capability: 'shopping.catalog.search', description: 'The last page still says has_next_page true, and its cursor leads to an empty page.', fails: ['catalog-search.has-next-page'] }),
  fault({ name: 'search-filters-or', capability: 'shopping.catalog.search', description: 'Search filters combine with OR: a product matching either filter comes back.', fails: ['catalog-search.filters-and'] }),
  fault({ name: 'search-no-match-404', capability: 'shopping.catalog.search', description: 'A query that matches nothing answers HTTP 404.', fails: ['catalog-search.no-match'] }),
  fault({ name: 'search-ignores-price-filter', capability: 'shopping.catalog.search', description: 'Search applies the category filter and ignores price.max.', fails: ['catalog-search.filters-and'] }),
  fault({ name: 'search-has-next-without-cursor', capability: 'shopping.catalog.search', description: 'Pages say has_next_page true but carry no cursor.', fails: ['catalog-search.has-next-page'], skips: ['catalog-search.cursor-read', 'catalog-search.no-repeats', 'catalog-search.total-count'] }),
  fault({ name: 'search-no-match-no-products', capability: 'shopping.catalog.search', description: 'A search that finds nothing answers 200 without a products member.', fails: ['catalog-search.no-match'] }),
  // Catalog lookup and product detail
  fault({ name: 'lookup-batch-500', capability: 'shopping.catalog.lookup', description: 'A lookup over the batch maximum crashes with HTTP 500.', fails: ['catalog-lookup.batch-limit'] }),
  fault({ name: 'lookup-batch-413', capability: 'shopping.catalog.lookup', description: 'A lookup over the batch maximum answers HTTP 413 instead of 400 request_too_large.', fails: ['catalog-lookup.batch-limit'] }),
  fault({ name: 'product-detail-variants-only', capability: 'shopping.catalog.lookup', description: 'Product detail resolves variant ids only; product ids come back not_found.', fails: ['catalog-product.product-id'], skips: ['catalog-product.selected', 'catalog-product.signals-present', 'catalog-product.signals-relative', 'catalog-product.variants-match', 'catalog-product.relaxation'] }),
  fault({ name: 'product-detail-products-only', capability: 'shopping.catalog.lookup', description: 'Product detail resolves product ids only; variant ids come back not_found.', fails: ['catalog-product.variant-id'] }),
  fault({ name: 'product-no-selected', capability: 'shopping.catalog.lookup', description: 'Product detail omits selected for products with options.', fails: ['catalog-product.selected'] }),
  fault({ name: 'product-no-option-signals', capability: 'shopping.catalog.lookup', description: 'Option values never carry available and exists.', fails: ['catalog-product.signals-present'] }),
  fault({ name: 'product-signals-ignore-selection', capability: 'shopping.catalog.lookup', description: 'exists is computed over the whole product, ignoring the selections.', fails: ['catalog-product.signals-relative'] }),
  fault({ name: 'product-variants-ignore-selection', capability: 'shopping.catalog.lookup', description: 'Product detail returns every variant whatever the selections.', fails: ['catalog-product.variants-match', 'catalog-product.relaxation'] }),
  fault({ name: 'product-relaxes-from-front', capability: 'shopping.catalog.lookup', description: 'Relaxation drops the first preference instead of the last.', fails: ['catalog-product.relaxation'] }),
  fault({ name: 'product-not-found-404', capability: 'shopping.catalog.lookup', description: 'Product detail of an unknown id answers HTTP 404.', fails: ['catalog-product.not-found'] }),
  fault({ name: 'lookup-inputs-extra-id', capability: 'shopping.catalog.lookup', description: 'Lookup inputs also name the product\'s handle, which the request never carried.', fails: ['catalog-lookup.inputs'] }),
  fault({ name: 'product-selected-wrong-label', capability: 'shopping.catalog.lookup', description: 'selected names a value other than the featured variant\'s for the first option.', fails: ['catalog-product.selected'] }),
  fault({ name: 'product-selected-unknown-option', capability: 'shopping.catalog.lookup', description: 'selected names an option the product does not have.', fails: ['catalog-product.selected'] }),
  fault({ name: 'product-signals-available-wrong', capability: 'shopping.catalog.lookup', description: 'Option values say available false whatever the stock.', fails: ['catalog-product.signals-relative'] }),
  // Cart
  fault({ name: 'cart-create-200', capability: 'shopping.cart', description: 'Create Cart answers 200 instead of 201.', fails: ['cart.create-201'] }),
  fault({ name: 'cart-no-currency', capability: 'shopping.cart', description: 'Carts are sent without currency.', fails: ['cart.resource'] }),
  fault({ name: 'cart-get-empty', capability: 'shopping.cart', description: 'Get Cart returns the cart with no line items.', fails: ['cart.get-same'] }),
  fault({ name: 'cart-update-merges', capability: 'shopping.cart', description: 'Update Cart merges the new lines into the old ones instead of replacing them.', fails: ['cart.update-replaces'] }),
  fault({ name: 'cart-cancel-needs-reason', capability: 'shopping.cart', description: 'Cancel Cart rejects an empty JSON object with HTTP 400.', fails: ['cart.cancel'] }),
  fault({ name: 'cart-not-found-404', capability: 'shopping.cart', description: 'Get of an unknown cart answers HTTP 404.', fails: ['cart.not-found'] }),
  fault({ name: 'cart-out-of-stock-no-continue-url', capability: 'shopping.cart', description: 'The out_of_stock error carries no continue_url.', fails: ['cart.out-of-stock'] }),
  fault({ name: 'cart-out-of-stock-creates-cart', capability: 'shopping.cart', description: 'A cart whose items are all out of stock is created anyway.', fails: ['cart.out-of-stock'] }),
  fault({ name: 'cart-echoes-id-uppercased', capability: 'shopping.cart', description: 'Get and cancel answer the cart with its id upper-cased.', fails: ['cart.get-same', 'cart.cancel'] }),
  fault({ name: 'cart-writes-202', capability: 'shopping.cart', description: 'Update and cancel answer 202 Accepted instead of 200.', fails: ['cart.update-replaces', 'cart.cancel'] }),
  fault({ name: 'cart-reads-203', capability: 'shopping.cart', description: 'Get Cart answers 203 Non-Authoritative Information instead of 200.', fails: ['cart.get-same'] }),
  // Checkout
  fault({ name: 'checkout-create-200', capability: 'shopping.checkout', description: 'Create Checkout answers 200 instead of 201.', fails: ['checkout.create'], skips: ['checkout.ready', 'checkout.cancel-from-ready'] }),
  fault({ name: 'checkout-missing-without-path', capability: 'shopping.checkout', description: 'missing messages carry no path.', fails: ['checkout.missing-messages'] }),
  fault({ name: 'checkout-bad-status', capability: 'shopping.checkout', description: 'A new session says status "open", outside the five states.', fails: ['checkout.create', 'checkout.resource'], skips: ['checkout.ready', 'checkout.cancel-from-ready', 'checkout.cancel-from-incomplete', 'checkout.totals-recomputed', 'checkout.quantity-adjusted-path'] }),
  fault({ name: 'checkout-no-payment-handlers', capability: 'shopping.checkout', description: 'Checkout responses carry no payment_handlers.', fails: ['checkout.payment-handlers'] }),
  fault({ name: 'checkout-never-ready', capability: 'shopping.checkout', description: 'A session with buyer, destination and option stays incomplete.', fails: ['checkout.ready'], skips: ['checkout.cancel-from-ready', 'checkout.complete', 'checkout.in-progress-unchanged', 'order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'order.endpoints-exist'] }),
  fault({ name: 'checkout-totals-stale', capability: 'shopping.checkout', description: 'Totals are computed at create and never again: an update that changes a quantity keeps the old ones.', fails: ['checkout.totals-recomputed'] }),
  fault({ name: 'checkout-complete-no-order', capability: 'shopping.checkout', description: 'A completed session carries no order.', fails: ['checkout.complete'], skips: ['order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'order.endpoints-exist'] }),
  fault({ name: 'checkout-cancelled-spelling', capability: 'shopping.checkout', description: 'Cancel answers status "cancelled" instead of canceled.', fails: ['checkout.cancel-from-ready', 'checkout.cancel-from-incomplete', 'checkout.resource'] }),
  fault({ name: 'checkout-unavailable-no-continue-url', capability: 'shopping.checkout', description: 'The item_unavailable error carries no continue_url.', fails: ['checkout.item-unavailable'] }),
  fault({ name: 'checkout-quantity-adjusted-info', capability: 'shopping.checkout', description: 'quantity_adjusted messages are of type info, not warning.', fails: ['checkout.quantity-adjusted-path'] }),
  fault({ name: 'checkout-incomplete-silent', capability: 'shopping.checkout', description: 'Incomplete sessions carry no messages saying what is missing.', fails: ['checkout.incomplete-names-missing'], skips: ['checkout.missing-messages'] }),
  fault({ name: 'checkout-unavailable-creates-session', capability: 'shopping.checkout', description: 'A create whose items are all unavailable answers item_unavailable, but a session is created anyway (its id in the answer).', fails: ['checkout.item-unavailable', 'checkout.resource'] }),
  fault({ name: 'checkout-quantity-adjusted-wrong-path', capability: 'shopping.checkout', description: 'quantity_adjusted warnings point at the line, $.line_items[0], not at its quantity.', fails: ['checkout.quantity-adjusted-path'] }),
  fault({ name: 'checkout-quantity-adjusted-no-path', capability: 'shopping.checkout', description: 'quantity_adjusted warnings carry no path.', fails: ['checkout.quantity-adjusted-path'] }),
  fault({ name: 'checkout-update-during-completion', capability: 'shopping.checkout', description: 'An update while complete_in_progress is applied.', fails: ['checkout.in-progress-unchanged'] }),
  fault({ name: 'checkout-in-progress-silent', capability: 'shopping.checkout', description: 'An update while complete_in_progress returns the session unchanged, but with no message saying why.', fails: ['checkout.in-progress-unchanged'] }),
  fault({ name: 'checkout-create-ignores-line-items', capability: 'shopping.checkout', description: 'Create always refuses with a recoverable missing error for $.line_items, although the request carries them.', fails: ['checkout.create', 'checkout.item-unavailable'], skips: ['checkout.ready', 'checkout.cancel-from-ready', 'checkout.cancel-from-incomplete', 'checkout.totals-recomputed', 'checkout.complete', 'checkout.quantity-adjusted-path', 'checkout.in-progress-unchanged', 'order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'checkout.resource', 'checkout.payment-handlers', 'checkout.incomplete-names-missing', 'order.endpoints-exist'] }),
  fault({ name: 'checkout-create-500', capability: 'shopping.checkout', description: 'Create answers HTTP 500.', fails: ['checkout.create', 'checkout.item-unavailable'], skips: ['checkout.ready', 'checkout.cancel-from-ready', 'checkout.cancel-from-incomplete', 'checkout.totals-recomputed', 'checkout.complete', 'checkout.quantity-adjusted-path', 'checkout.in-progress-unchanged', 'order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'checkout.resource', 'checkout.payment-handlers', 'checkout.incomplete-names-missing', 'checkout.missing-messages', 'order.endpoints-exist'] }),
  fault({ name: 'checkout-update-500', capability: 'shopping.checkout', description: 'Update answers HTTP 500.', fails: ['checkout.ready'], skips: ['checkout.cancel-from-ready', 'checkout.totals-recomputed', 'checkout.complete', 'checkout.in-progress-unchanged', 'order.resource', 'order.checkout-id', 'order.currency', 'order.other-platform', 'order.endpoints-exist'] }),
  fault({ name: 'checkout-payment-handlers-empty', capability: 'shopping.checkout', description: 'Checkout responses carry an empty payment handler registry.', fails: ['checkout.payment-handlers'] }),
  fault({ name: 'checkout-missing-path-not-json', capability: 'shopping.checkout', description: 'missing messages carry a bare field name (buyer.email), not a JSON path.', fails: ['checkout.missing-messages'] }),
  fault({ name: 'checkout-missing-unrecoverable', capability: 'shopping.checkout', description: 'missing messages say severity unrecoverable.', fails: ['checkout.missing-messages'] }),
  // Order
  fault({ name: 'order-no-fulfillment', capability: 'shopping.order', description: 'Orders are sent without fulfillment.', fails: ['order.resource'] }),
  fault({ name: 'order-expectations-not-array', capability: 'shopping.order', description: 'fulfillment.expectations is a single object, not an array of expectations.', fails: ['order.resource'] }),
  fault({ name: 'order-checkout-id-wrong', capability: 'shopping.order', description: 'checkout_id names the order instead of its checkout.', fails: ['order.checkout-id'] }),
  fault({ name: 'order-currency-differs', capability: 'shopping.order', description: 'Orders are in EUR whatever the checkout currency was.', fails: ['order.currency'] }),
  fault({ name: 'order-not-found-404', capability: 'shopping.order', description: 'Get of an unknown order answers HTTP 404.', fails: ['order.not-found'] }),
  fault({ name: 'order-foreign-read-403', capability: 'shopping.order', description: 'Another platform reading an order gets HTTP 403 instead of the unauthorized business outcome.', fails: ['order.other-platform'] }),
  fault({ name: 'order-get-returns-first-order', capability: 'shopping.order', description: 'Get Order answers the platform\'s first order, whatever id was asked for.', fails: ['order.resource'], skips: ['order.checkout-id', 'order.currency', 'order.other-platform'] }),
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}

/** Every check of the bundled suites, scenarios and rules alike, by ID. */
const CHECKS = new Map(suites.flatMap((s) => [...s.scenarios.flatMap((sc) => sc.checks), ...(s.rules ?? []).map((r) => r.check)]).map((c) => [c.id, c]));

/** The requirement IDs a fault must fail: those its failing checks cite. */
export function expectedRequirements(f: Fault): string[] {
  return [...new Set(f.fails.flatMap((id) => {
    const c = CHECKS.get(id);
    if (!c) throw new Error(`fault ${f.name} names ${id}, which is no check`);
    return c.requirements;
  }))].sort();
}

/** Whether a check is one a fault pins as skipped: named, or in a `suite.*` entry. */
export function pinnedSkip(f: Fault, checkId: string): boolean {
  return (f.skips ?? []).some((s) => (s.endsWith('.*') ? checkId.startsWith(s.slice(0, -1)) : s === checkId));
}

/** The faults switched on in one reference business. */
export class FaultSet extends Switches<FaultName> {}
