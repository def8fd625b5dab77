import { Switches } from './switches.js';

/**
 * Named faults of the reference business. Each breaks one behaviour the way a real
 * implementation might, and lists, completely, the requirement IDs a run must fail because of it.
 */
export interface Fault {
  name: string;
  /** Area the fault breaks: a dialect-free capability or `profile`, `envelope`, `discovery`. */
  capability: string;
  description: string;
  expect: string[];
}

const fault = <N extends string>(f: Fault & { name: N }) => f;

export const FAULTS = [
  // Profile
  fault({ name: 'profile-version-format', capability: 'profile', description: 'proto.version in the profile is "v1", not a date.', expect: ['PROF-001'] }),
  fault({ name: 'profile-services-not-array', capability: 'profile', description: 'A service registry value is a lone object instead of an array of entries.', expect: ['PROF-002'] }),
  fault({ name: 'profile-capabilities-not-array', capability: 'profile', description: 'Capability registry values are lone objects instead of arrays.', expect: ['PROF-003'] }),
  fault({ name: 'profile-handlers-not-array', capability: 'profile', description: 'The payment handler registry value is a lone object instead of an array.', expect: ['PROF-004'] }),
  fault({ name: 'profile-entry-version-format', capability: 'profile', description: 'Capability entries carry version "1.0".', expect: ['PROF-005'] }),
  fault({ name: 'profile-no-endpoint', capability: 'discovery', description: 'The shopping rest entry has no endpoint, so no capability can be reached.', expect: ['PROF-006'] }),
  fault({ name: 'jwk-private-member', capability: 'profile', description: 'The signing key is published with its private member d.', expect: ['PROF-007'] }),
  fault({ name: 'jwk-alg-curve-mismatch', capability: 'profile', description: 'A P-256 key states alg ES384.', expect: ['PROF-008'] }),
  fault({ name: 'jwk-ec-missing-y', capability: 'profile', description: 'An EC key lacks its y coordinate.', expect: ['PROF-009'] }),
  fault({ name: 'profile-content-type-text', capability: 'profile', description: 'The profile is served as text/plain.', expect: ['PROF-011'] }),
  // Envelope
  fault({ name: 'envelope-missing-version', capability: 'envelope', description: 'Service responses carry the envelope without version.', expect: ['ENV-001'] }),
  fault({ name: 'envelope-version-format', capability: 'envelope', description: 'Service responses state version "1.0".', expect: ['ENV-002'] }),
  fault({ name: 'error-status-success', capability: 'envelope', description: 'Business error responses say status success.', expect: ['ENV-003', 'PROD-001', 'CART-006', 'CART-007', 'CHK-009', 'ORD-004', 'ORD-005'] }),
  fault({ name: 'error-without-messages', capability: 'envelope', description: 'Business error responses say status error but carry no messages.', expect: ['ENV-004', 'PROD-001', 'CART-006', 'CART-007', 'CHK-009', 'ORD-004', 'ORD-005'] }),
  fault({ name: 'message-type-vocabulary', capability: 'envelope', description: 'Lookup not_found messages use type "information" instead of info.', expect: ['ENV-005', 'LKUP-004'] }),
  fault({ name: 'response-content-type-text', capability: 'envelope', description: 'Service responses are sent as text/plain.', expect: ['ENV-006'] }),
  fault({ name: 'envelope-status-vocabulary', capability: 'envelope', description: 'Successful responses say status "ok".', expect: ['ENV-007'] }),
  fault({ name: 'transport-error-shape', capability: 'envelope', description: 'HTTP 400 bodies are {"error": "..."} without code and content.', expect: ['ENV-008', 'LKUP-007'] }),
  // Discovery
  fault({ name: 'product-endpoint-missing', capability: 'discovery', description: 'POST /catalog/product is not routed: 404, although lookup is advertised.', expect: ['DISC-001', 'PROD-001', 'PROD-002', 'PROD-003'] }),
  // Catalog
  fault({ name: 'search-results-member', capability: 'shopping.catalog.search', description: 'Search names its array "results" instead of products.', expect: ['SRCH-001', 'SRCH-014'] }),
  fault({ name: 'search-default-page-20', capability: 'shopping.catalog.search', description: 'Search returns 20 products when no limit is given.', expect: ['SRCH-003'] }),
  fault({ name: 'search-default-page-short', capability: 'shopping.catalog.search', description: 'Without a limit, search pages hold 5 products although more follow.', expect: ['SRCH-011'] }),
  fault({ name: 'search-ignores-limit', capability: 'shopping.catalog.search', description: 'Search ignores pagination.limit and always returns 10.', expect: ['SRCH-004'] }),
  fault({ name: 'product-missing-description', capability: 'shopping.catalog.search', description: 'Products are sent without description.', expect: ['SRCH-002', 'LKUP-001', 'PROD-002'] }),
  fault({ name: 'lookup-variant-ids-only', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves variant ids; product ids come back not_found.', expect: ['LKUP-002'] }),
  fault({ name: 'lookup-rejects-variant-ids', capability: 'shopping.catalog.lookup', description: 'Lookup only resolves product ids; variant ids come back not_found.', expect: ['LKUP-003'] }),
  fault({ name: 'lookup-drops-inputs', capability: 'shopping.catalog.lookup', description: 'Lookup variants carry no inputs.', expect: ['LKUP-006'] }),
  fault({ name: 'lookup-not-found-404', capability: 'shopping.catalog.lookup', description: 'A lookup whose ids do not all resolve answers HTTP 404.', expect: ['LKUP-004', 'LKUP-005'] }),
  fault({ name: 'lookup-silent-not-found', capability: 'shopping.catalog.lookup', description: 'Unresolved lookup ids are dropped without a not_found message.', expect: ['LKUP-004'] }),
  // Catalog search, pagination and filters
  fault({ name: 'search-cursor-repeats', capability: 'shopping.catalog.search', description: 'Each next page starts again with the last product of the page before.', expect: ['SRCH-005'] }),
  fault({ name: 'search-last-page-has-next', capability: 'shopping.catalog.search', description: 'The last page still says has_next_page true, and its cursor leads to an empty page.', expect: ['SRCH-012'] }),
  fault({ name: 'search-filters-or', capability: 'shopping.catalog.search', description: 'Search filters combine with OR: a product matching either filter comes back.', expect: ['SRCH-008'] }),
  fault({ name: 'search-no-match-404', capability: 'shopping.catalog.search', description: 'A query that matches nothing answers HTTP 404.', expect: ['SRCH-014'] }),
  // Catalog lookup and product detail
  fault({ name: 'lookup-batch-500', capability: 'shopping.catalog.lookup', description: 'A lookup over the batch maximum crashes with HTTP 500.', expect: ['LKUP-007'] }),
  fault({ name: 'lookup-batch-413', capability: 'shopping.catalog.lookup', description: 'A lookup over the batch maximum answers HTTP 413 instead of 400 request_too_large.', expect: ['LKUP-007'] }),
  fault({ name: 'product-detail-variants-only', capability: 'shopping.catalog.lookup', description: 'Product detail resolves variant ids only; product ids come back not_found.', expect: ['PROD-002'] }),
  fault({ name: 'product-detail-products-only', capability: 'shopping.catalog.lookup', description: 'Product detail resolves product ids only; variant ids come back not_found.', expect: ['PROD-003'] }),
  fault({ name: 'product-no-selected', capability: 'shopping.catalog.lookup', description: 'Product detail omits selected for products with options.', expect: ['PROD-004'] }),
  fault({ name: 'product-no-option-signals', capability: 'shopping.catalog.lookup', description: 'Option values never carry available and exists.', expect: ['PROD-005'] }),
  fault({ name: 'product-signals-ignore-selection', capability: 'shopping.catalog.lookup', description: 'exists is computed over the whole product, ignoring the selections.', expect: ['PROD-006'] }),
  fault({ name: 'product-variants-ignore-selection', capability: 'shopping.catalog.lookup', description: 'Product detail returns every variant whatever the selections.', expect: ['PROD-007', 'PROD-008'] }),
  fault({ name: 'product-relaxes-from-front', capability: 'shopping.catalog.lookup', description: 'Relaxation drops the first preference instead of the last.', expect: ['PROD-007'] }),
  fault({ name: 'product-not-found-404', capability: 'shopping.catalog.lookup', description: 'Product detail of an unknown id answers HTTP 404.', expect: ['PROD-001'] }),
  // Cart
  fault({ name: 'cart-create-200', capability: 'shopping.cart', description: 'Create Cart answers 200 instead of 201.', expect: ['CART-001'] }),
  fault({ name: 'cart-no-currency', capability: 'shopping.cart', description: 'Carts are sent without currency.', expect: ['CART-002'] }),
  fault({ name: 'cart-get-empty', capability: 'shopping.cart', description: 'Get Cart returns the cart with no line items.', expect: ['CART-003'] }),
  fault({ name: 'cart-update-merges', capability: 'shopping.cart', description: 'Update Cart merges the new lines into the old ones instead of replacing them.', expect: ['CART-004'] }),
  fault({ name: 'cart-cancel-needs-reason', capability: 'shopping.cart', description: 'Cancel Cart rejects an empty JSON object with HTTP 400.', expect: ['CART-005'] }),
  fault({ name: 'cart-not-found-404', capability: 'shopping.cart', description: 'Get of an unknown cart answers HTTP 404.', expect: ['CART-006'] }),
  fault({ name: 'cart-out-of-stock-no-continue-url', capability: 'shopping.cart', description: 'The out_of_stock error carries no continue_url.', expect: ['CART-007'] }),
  fault({ name: 'cart-out-of-stock-creates-cart', capability: 'shopping.cart', description: 'A cart whose items are all out of stock is created anyway.', expect: ['CART-007'] }),
  // Checkout
  fault({ name: 'checkout-create-200', capability: 'shopping.checkout', description: 'Create Checkout answers 200 instead of 201.', expect: ['CHK-001'] }),
  fault({ name: 'checkout-missing-without-path', capability: 'shopping.checkout', description: 'missing messages carry no path.', expect: ['CHK-016'] }),
  fault({ name: 'checkout-bad-status', capability: 'shopping.checkout', description: 'A new session says status "open", outside the five states.', expect: ['CHK-001', 'CHK-017'] }),
  fault({ name: 'checkout-no-payment-handlers', capability: 'shopping.checkout', description: 'Checkout responses carry no payment_handlers.', expect: ['CHK-004'] }),
  fault({ name: 'checkout-never-ready', capability: 'shopping.checkout', description: 'A session with buyer, destination and option stays incomplete.', expect: ['CHK-005'] }),
  fault({ name: 'checkout-totals-stale', capability: 'shopping.checkout', description: 'Totals are computed at create and never again: an update that changes a quantity keeps the old ones.', expect: ['CHK-018'] }),
  fault({ name: 'checkout-complete-no-order', capability: 'shopping.checkout', description: 'A completed session carries no order.', expect: ['CHK-007'] }),
  fault({ name: 'checkout-cancelled-spelling', capability: 'shopping.checkout', description: 'Cancel answers status "cancelled" instead of canceled.', expect: ['CHK-008', 'CHK-017'] }),
  fault({ name: 'checkout-unavailable-no-continue-url', capability: 'shopping.checkout', description: 'The item_unavailable error carries no continue_url.', expect: ['CHK-009'] }),
  fault({ name: 'checkout-quantity-adjusted-info', capability: 'shopping.checkout', description: 'quantity_adjusted messages are of type info, not warning.', expect: ['CHK-010'] }),
  fault({ name: 'checkout-incomplete-silent', capability: 'shopping.checkout', description: 'Incomplete sessions carry no messages saying what is missing.', expect: ['CHK-015'] }),
  fault({ name: 'checkout-unavailable-creates-session', capability: 'shopping.checkout', description: 'A create whose items are all unavailable answers item_unavailable, but a session is created anyway (its id in the answer).', expect: ['CHK-009', 'CHK-017'] }),
  fault({ name: 'checkout-quantity-adjusted-wrong-path', capability: 'shopping.checkout', description: 'quantity_adjusted warnings point at the line, $.line_items[0], not at its quantity.', expect: ['CHK-010'] }),
  fault({ name: 'checkout-quantity-adjusted-no-path', capability: 'shopping.checkout', description: 'quantity_adjusted warnings carry no path.', expect: ['CHK-010'] }),
  fault({ name: 'checkout-update-during-completion', capability: 'shopping.checkout', description: 'An update while complete_in_progress is applied.', expect: ['CHK-011'] }),
  // Order
  fault({ name: 'order-no-fulfillment', capability: 'shopping.order', description: 'Orders are sent without fulfillment.', expect: ['ORD-001'] }),
  fault({ name: 'order-expectations-not-array', capability: 'shopping.order', description: 'fulfillment.expectations is a single object, not an array of expectations.', expect: ['ORD-001'] }),
  fault({ name: 'order-checkout-id-wrong', capability: 'shopping.order', description: 'checkout_id names the order instead of its checkout.', expect: ['ORD-002'] }),
  fault({ name: 'order-currency-differs', capability: 'shopping.order', description: 'Orders are in EUR whatever the checkout currency was.', expect: ['ORD-003'] }),
  fault({ name: 'order-not-found-404', capability: 'shopping.order', description: 'Get of an unknown order answers HTTP 404.', expect: ['ORD-004'] }),
  fault({ name: 'order-foreign-read-403', capability: 'shopping.order', description: 'Another platform reading an order gets HTTP 403 instead of the unauthorized business outcome.', expect: ['ORD-005'] }),
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}

/** The faults switched on in one reference business. */
export class FaultSet extends Switches<FaultName> {}
