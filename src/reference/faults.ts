import { fault, Switches, type Fault } from './switches.js';
import { COMMON_FAULTS } from './common/faults.js';
import { LODGING_FAULTS } from './lodging/faults.js';

export type { Fault };

export const FAULTS = [
  // Profile
  fault({
    name: 'profile-version-format',
    capability: 'profile',
    description: 'proto.version in the profile is "v1", not a date.',
    breaks: ['PROF-001'],
  }),
  fault({
    name: 'profile-services-not-array',
    capability: 'profile',
    description: 'A service registry value is a lone object instead of an array of entries.',
    breaks: ['PROF-002'],
  }),
  fault({
    name: 'profile-capabilities-not-array',
    capability: 'profile',
    description: 'Capability registry values are lone objects instead of arrays.',
    breaks: ['PROF-003'],
  }),
  fault({
    name: 'profile-handlers-not-array',
    capability: 'profile',
    description: 'The payment handler registry value is a lone object instead of an array.',
    breaks: ['PROF-004'],
  }),
  fault({
    name: 'profile-entry-version-format',
    capability: 'profile',
    description: 'Capability entries carry version "1.0"; responses still echo the real version.',
    breaks: ['PROF-005', 'VER-002'],
  }),
  fault({
    name: 'profile-services-missing',
    capability: 'discovery',
    description: 'The profile advertises its capabilities but has no proto.services at all: no service can be reached.',
    breaks: ['PROF-002', 'PROF-006'],
  }),
  fault({
    name: 'profile-no-endpoint',
    capability: 'discovery',
    description:
      'The shopping rest entry has no endpoint, so no shopping capability can be reached; common and lodging still can.',
    breaks: ['PROF-006'],
  }),
  fault({
    name: 'jwk-private-member',
    capability: 'profile',
    description: 'The signing key is published with its private member d.',
    breaks: ['PROF-007'],
  }),
  fault({
    name: 'jwk-alg-curve-mismatch',
    capability: 'profile',
    description: 'A P-256 key states alg ES384.',
    breaks: ['PROF-008'],
  }),
  fault({
    name: 'jwk-ec-missing-y',
    capability: 'profile',
    description: 'An EC key lacks its y coordinate.',
    breaks: ['PROF-009'],
  }),
  fault({
    name: 'profile-content-type-text',
    capability: 'profile',
    description: 'The profile is served as text/plain.',
    breaks: ['PROF-011'],
  }),
  fault({
    name: 'profile-content-type-json-seq',
    capability: 'profile',
    description: 'The profile is served as application/json-seq (RFC 7464 JSON text sequences), not application/json.',
    breaks: ['PROF-011'],
  }),
  fault({
    name: 'profile-service-version-format',
    capability: 'profile',
    description: 'Service entries carry version "1.0"; capability entries are right.',
    breaks: ['PROF-005'],
  }),
  // Envelope
  fault({
    name: 'envelope-missing-version',
    capability: 'envelope',
    description: 'Service responses carry the envelope without version.',
    breaks: ['ENV-001'],
  }),
  fault({
    name: 'envelope-version-format',
    capability: 'envelope',
    description: 'Service responses state version "1.0".',
    breaks: ['ENV-002', 'VER-001'],
  }),
  fault({
    name: 'error-status-success',
    capability: 'envelope',
    description: 'Business error responses say status success.',
    breaks: ['BOOK-002', 'CART-006', 'CART-007', 'CHK-009', 'ENV-003', 'ORD-004', 'ORD-005', 'PROD-001'],
  }),
  fault({
    name: 'error-without-messages',
    capability: 'envelope',
    description: 'Business error responses say status error but carry no messages.',
    breaks: ['BOOK-002', 'CART-006', 'CART-007', 'CHK-009', 'ENV-004', 'ORD-004', 'ORD-005', 'PROD-001'],
  }),
  fault({
    name: 'message-type-vocabulary',
    capability: 'envelope',
    description: 'Lookup not_found messages use type "information" instead of info.',
    breaks: ['ENV-005', 'LKUP-004'],
  }),
  fault({
    name: 'response-content-type-text',
    capability: 'envelope',
    description: 'Service responses are sent as text/plain.',
    breaks: ['ENV-006'],
  }),
  fault({
    name: 'envelope-status-vocabulary',
    capability: 'envelope',
    description: 'Successful responses say status "ok".',
    breaks: ['ENV-007'],
  }),
  fault({
    name: 'transport-error-shape',
    capability: 'envelope',
    description: 'HTTP 400 bodies are {"error": "..."} without code and content.',
    breaks: ['ENV-008', 'LKUP-007'],
  }),
  fault({
    name: 'transport-error-no-content',
    capability: 'envelope',
    description: 'HTTP error bodies carry code but no content.',
    breaks: ['ENV-008'],
  }),
  fault({
    name: 'envelope-missing',
    capability: 'envelope',
    description: 'Service responses carry no proto envelope at all.',
    breaks: [
      'ASK-003',
      'BOOK-002',
      'BOOK-009',
      'CART-002',
      'CART-006',
      'CART-007',
      'CHK-009',
      'CHK-017',
      'ENV-001',
      'ENV-003',
      'LKUP-001',
      'LLKP-001',
      'LOC-001',
      'LOC-009',
      'LSRCH-001',
      'ORD-001',
      'ORD-004',
      'ORD-005',
      'PROD-001',
      'PROD-002',
      'SRCH-001',
    ],
  }),
  fault({
    name: 'error-messages-empty',
    capability: 'envelope',
    description: 'Business error responses say status error with an empty messages array.',
    breaks: ['BOOK-002', 'CART-006', 'CART-007', 'CHK-009', 'ENV-004', 'ORD-004', 'ORD-005', 'PROD-001'],
  }),
  fault({
    name: 'message-severity-vocabulary',
    capability: 'envelope',
    description: 'Error messages state severity "fatal" instead of unrecoverable.',
    breaks: ['BOOK-002', 'CART-006', 'CART-007', 'CHK-009', 'ENV-005', 'ORD-004', 'ORD-005', 'PROD-001'],
  }),
  fault({
    name: 'transport-error-html',
    capability: 'envelope',
    description: 'HTTP error bodies are an HTML page, not JSON.',
    breaks: ['ENV-006', 'ENV-008', 'LKUP-007'],
  }),
  fault({
    name: 'profile-keys-not-array',
    capability: 'profile',
    description: 'keys is a single key object, not an array.',
    breaks: ['PROF-007', 'PROF-008', 'PROF-009', 'PROF-012'],
  }),
  // Discovery
  fault({
    name: 'product-endpoint-missing',
    capability: 'discovery',
    description: 'POST /catalog/product is not routed: 404, although lookup is advertised.',
    breaks: ['DISC-001', 'PROD-001', 'PROD-002', 'PROD-003'],
  }),
  fault({
    name: 'search-endpoint-405',
    capability: 'discovery',
    description: 'POST /catalog/search answers 405: the route only takes GET.',
    breaks: ['DISC-001', 'SRCH-001', 'SRCH-004', 'SRCH-014'],
  }),
  fault({
    name: 'cart-cancel-endpoint-missing',
    capability: 'discovery',
    description: 'POST /carts/{id}/cancel is not routed: 404, although cart is advertised.',
    breaks: ['CART-005', 'DISC-001'],
  }),
  fault({
    name: 'checkout-complete-endpoint-501',
    capability: 'discovery',
    description: 'POST /checkout-sessions/{id}/complete answers 501 Not Implemented.',
    breaks: ['CHK-007', 'DISC-001'],
  }),
  fault({
    name: 'order-endpoint-missing',
    capability: 'discovery',
    description: 'GET /orders/{id} is not routed: 404 for every order, placed ones too.',
    breaks: ['DISC-001', 'ORD-001', 'ORD-004'],
  }),
  // Catalog
  fault({
    name: 'search-results-member',
    capability: 'shopping.catalog.search',
    description: 'Search names its array "results" instead of products.',
    breaks: ['SRCH-001', 'SRCH-014'],
  }),
  fault({
    name: 'search-default-page-20',
    capability: 'shopping.catalog.search',
    description: 'Search returns 20 products when no limit is given.',
    breaks: ['SRCH-003'],
  }),
  fault({
    name: 'search-default-page-short',
    capability: 'shopping.catalog.search',
    description: 'Without a limit, search pages hold 5 products although more follow.',
    breaks: ['SRCH-011'],
  }),
  fault({
    name: 'search-ignores-limit',
    capability: 'shopping.catalog.search',
    description: 'Search ignores pagination.limit and always returns 10.',
    breaks: ['SRCH-004'],
  }),
  fault({
    name: 'product-missing-description',
    capability: 'shopping.catalog.search',
    description: 'Products are sent without description.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
  }),
  fault({
    name: 'lookup-variant-ids-only',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup only resolves variant ids; product ids come back not_found.',
    breaks: ['LKUP-002'],
  }),
  fault({
    name: 'lookup-rejects-variant-ids',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup only resolves product ids; variant ids come back not_found.',
    breaks: ['LKUP-003'],
  }),
  fault({
    name: 'lookup-drops-inputs',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup variants carry no inputs.',
    breaks: ['LKUP-006'],
  }),
  fault({
    name: 'lookup-not-found-404',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup whose ids do not all resolve answers HTTP 404.',
    breaks: ['LKUP-004', 'LKUP-005'],
  }),
  fault({
    name: 'lookup-silent-not-found',
    capability: 'shopping.catalog.lookup',
    description: 'Unresolved lookup ids are dropped without a not_found message.',
    breaks: ['LKUP-004'],
  }),
  // Catalog search, pagination and filters
  fault({
    name: 'search-cursor-repeats',
    capability: 'shopping.catalog.search',
    description: 'Each next page starts again with the last product of the page before.',
    breaks: ['SRCH-005'],
  }),
  fault({
    name: 'search-last-page-has-next',
    capability: 'shopping.catalog.search',
    description: 'The last page still says has_next_page true, and its cursor leads to an empty page.',
    breaks: ['SRCH-012'],
  }),
  fault({
    name: 'search-filters-or',
    capability: 'shopping.catalog.search',
    description: 'Search filters combine with OR: a product matching either filter comes back.',
    breaks: ['SRCH-008'],
  }),
  fault({
    name: 'search-no-match-404',
    capability: 'shopping.catalog.search',
    description: 'A query that matches nothing answers HTTP 404.',
    breaks: ['SRCH-014'],
  }),
  fault({
    name: 'search-ignores-price-filter',
    capability: 'shopping.catalog.search',
    description: 'Search applies the category filter and ignores price.max.',
    breaks: ['SRCH-008'],
  }),
  fault({
    name: 'search-has-next-without-cursor',
    capability: 'shopping.catalog.search',
    description: 'Pages say has_next_page true but carry no cursor.',
    breaks: ['SRCH-012'],
  }),
  fault({
    name: 'search-no-match-404-nearest',
    capability: 'shopping.catalog.search',
    description: 'A query that matches nothing answers HTTP 404, its body still listing the products it ranks nearest.',
    breaks: ['SRCH-014'],
  }),
  fault({
    name: 'search-products-no-price-range',
    capability: 'shopping.catalog.search',
    description: 'Search lists products without price_range; their variants still carry prices.',
    breaks: ['SRCH-002'],
  }),
  fault({
    name: 'search-later-pages-without-cursor',
    capability: 'shopping.catalog.search',
    description: 'The first page carries its cursor, but later pages say has_next_page true without one.',
    breaks: ['SRCH-012'],
  }),
  fault({
    name: 'search-filters-refused-400',
    capability: 'shopping.catalog.search',
    description: 'A search with filters answers HTTP 400.',
    breaks: ['SRCH-008'],
  }),
  fault({
    name: 'search-no-match-no-products',
    capability: 'shopping.catalog.search',
    description: 'A search that finds nothing answers 200 without a products member.',
    breaks: ['SRCH-014'],
  }),
  // Catalog lookup and product detail
  fault({
    name: 'lookup-batch-500',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum crashes with HTTP 500.',
    breaks: ['LKUP-007'],
  }),
  fault({
    name: 'lookup-batch-wrong-code',
    capability: 'shopping.catalog.lookup',
    description:
      'A lookup over the batch maximum answers HTTP 400 with code invalid_request instead of request_too_large.',
    breaks: ['LKUP-007'],
  }),
  fault({
    name: 'lookup-none-resolve-suggests',
    capability: 'shopping.catalog.lookup',
    description: "When no id resolves, lookup offers the catalog's last product instead of an empty list.",
    breaks: ['LKUP-005'],
  }),
  fault({
    name: 'lookup-batch-413',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum answers HTTP 413 instead of 400 request_too_large.',
    breaks: ['LKUP-007'],
  }),
  fault({
    name: 'product-detail-variants-only',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail resolves variant ids only; product ids come back not_found.',
    breaks: ['PROD-002'],
  }),
  fault({
    name: 'product-detail-products-only',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail resolves product ids only; variant ids come back not_found.',
    breaks: ['PROD-003'],
  }),
  fault({
    name: 'product-no-selected',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail omits selected for products with options.',
    breaks: ['PROD-004'],
  }),
  fault({
    name: 'product-no-option-signals',
    capability: 'shopping.catalog.lookup',
    description: 'Option values never carry available and exists.',
    breaks: ['PROD-005'],
  }),
  fault({
    name: 'product-signals-ignore-selection',
    capability: 'shopping.catalog.lookup',
    description: 'exists is computed over the whole product, ignoring the selections.',
    breaks: ['PROD-006'],
  }),
  fault({
    name: 'product-variants-ignore-selection',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail returns every variant whatever the selections.',
    breaks: ['PROD-007', 'PROD-008'],
  }),
  fault({
    name: 'product-relaxes-from-front',
    capability: 'shopping.catalog.lookup',
    description: 'Relaxation drops the first preference instead of the last.',
    breaks: ['PROD-007'],
  }),
  fault({
    name: 'product-not-found-404',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail of an unknown id answers HTTP 404.',
    breaks: ['PROD-001'],
  }),
  fault({
    name: 'lookup-inputs-extra-id',
    capability: 'shopping.catalog.lookup',
    description: "Lookup inputs also name the product's handle, which the request never carried.",
    breaks: ['LKUP-006'],
  }),
  fault({
    name: 'product-selected-wrong-label',
    capability: 'shopping.catalog.lookup',
    description: "selected names a value other than the featured variant's for the first option.",
    breaks: ['PROD-004'],
  }),
  fault({
    name: 'product-selected-unknown-option',
    capability: 'shopping.catalog.lookup',
    description: 'selected names an option the product does not have.',
    breaks: ['PROD-004'],
  }),
  fault({
    name: 'product-signals-available-wrong',
    capability: 'shopping.catalog.lookup',
    description: 'Option values say available false whatever the stock.',
    breaks: ['PROD-006'],
  }),
  fault({
    name: 'lookup-and-detail-203',
    capability: 'shopping.catalog.lookup',
    description:
      'Lookup and product detail answer their products with HTTP 203 Non-Authoritative Information (a transforming proxy in front of them), not 200; the bodies are whole.',
    breaks: ['ENV-009', 'LKUP-001', 'LKUP-003', 'LKUP-004', 'LKUP-005', 'PROD-002', 'PROD-003'],
  }),
  fault({
    name: 'lookup-first-id-only',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup resolves only the first identifier of a batch; the others come back not_found.',
    breaks: ['LKUP-002'],
  }),
  fault({
    name: 'lookup-answers-featured-product',
    capability: 'shopping.catalog.lookup',
    description:
      "Lookup answers every request with the catalog's featured product (its last) in place of the products the ids resolve to; unknown ids still get their not_found message.",
    breaks: ['LKUP-002', 'LKUP-003', 'LKUP-005'],
  }),
  fault({
    name: 'lookup-batch-413-request-too-large',
    capability: 'shopping.catalog.lookup',
    description: 'A lookup over the batch maximum answers HTTP 413 with code request_too_large, not HTTP 400.',
    breaks: ['LKUP-007'],
  }),
  fault({
    name: 'product-detail-id-is-handle',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail states the product's handle (city-sneaker) as its id, where search and lookup state prod-002.",
    breaks: ['PROD-002'],
  }),
  fault({
    name: 'product-detail-product-array',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail answers product as a one-element array ([{…}]), the way lookup answers products.',
    breaks: ['PROD-002', 'PROD-003'],
  }),
  fault({
    name: 'product-detail-variant-id-wrong-product',
    capability: 'shopping.catalog.lookup',
    description:
      "Product detail of a variant id answers the catalog's first product, whichever product holds the variant.",
    breaks: ['PROD-003'],
  }),
  fault({
    name: 'product-selected-empty',
    capability: 'shopping.catalog.lookup',
    description: 'Product detail states selected as an empty array for products with options.',
    breaks: ['PROD-004'],
  }),
  fault({
    name: 'product-signals-no-exists',
    capability: 'shopping.catalog.lookup',
    description: 'Option values carry available but never exists.',
    breaks: ['PROD-005'],
  }),
  fault({
    name: 'product-signals-no-available',
    capability: 'shopping.catalog.lookup',
    description: 'Option values carry exists but never available.',
    breaks: ['PROD-005'],
  }),
  fault({
    name: 'product-signals-exists-inverted',
    capability: 'shopping.catalog.lookup',
    description:
      'exists is inverted: a value says exists false exactly when a variant has it with the other selections.',
    breaks: ['PROD-006'],
  }),
  fault({
    name: 'product-unmatched-selection-not-found',
    capability: 'shopping.catalog.lookup',
    description: 'Selections no variant matches are answered not_found (an error response), not relaxed.',
    breaks: ['PROD-007'],
  }),
  fault({
    name: 'lookup-detail-without-variants',
    capability: 'shopping.catalog.lookup',
    description: 'Lookup and product detail answer their products without the variants member; search lists them.',
    breaks: ['LKUP-001', 'LKUP-003', 'PROD-002', 'PROD-007'],
  }),
  fault({
    name: 'catalog-variant-ids-numeric',
    capability: 'shopping.catalog.lookup',
    description:
      "Variant ids are stated as JSON numbers, the database's integer keys (var-001-2 is 12); requests still take the string ids.",
    breaks: ['LKUP-001', 'LKUP-003', 'PROD-002', 'SRCH-002'],
  }),
  fault({
    name: 'catalog-out-of-stock-as-null',
    capability: 'shopping.catalog.search',
    description: 'Search lists an out-of-stock variant as null in its place, and a product with none in stock as null.',
    breaks: ['SRCH-001'],
  }),
  fault({
    name: 'product-unmatched-variants-null',
    capability: 'shopping.catalog.lookup',
    description:
      'Product detail lists the variants its selections rule out as null in their place, instead of leaving them out.',
    breaks: ['PROD-002'],
  }),
  fault({
    name: 'product-option-labels-numeric',
    capability: 'shopping.catalog.lookup',
    description:
      'Product option values state numeric labels as JSON numbers (Size 8, not "8"); variants state theirs as strings.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
  }),
  fault({
    name: 'product-option-names-localized',
    capability: 'shopping.catalog.lookup',
    description:
      'Product options state their name as a localized object ({"en": "Size"}); variants name their options with strings.',
    breaks: ['LKUP-001', 'PROD-002', 'SRCH-002'],
  }),
  // Cart
  fault({
    name: 'cart-create-200',
    capability: 'shopping.cart',
    description: 'Create Cart answers 200 instead of 201.',
    breaks: ['CART-001', 'ENV-009'],
  }),
  fault({
    name: 'cart-no-currency',
    capability: 'shopping.cart',
    description: 'Carts are sent without currency.',
    breaks: ['CART-002'],
  }),
  fault({
    name: 'cart-get-empty',
    capability: 'shopping.cart',
    description: 'Get Cart returns the cart with no line items.',
    breaks: ['CART-003'],
  }),
  fault({
    name: 'cart-get-null-line',
    capability: 'shopping.cart',
    description: "Get Cart returns the cart's lines followed by a null entry (a removed line left in the list).",
    breaks: ['CART-002'],
  }),
  fault({
    name: 'cart-get-lines-by-id',
    capability: 'shopping.cart',
    description: 'Get Cart returns line_items as an object keyed by line id, not as an array.',
    breaks: ['CART-002', 'CART-003'],
  }),
  fault({
    name: 'cart-update-merges',
    capability: 'shopping.cart',
    description: 'Update Cart merges the new lines into the old ones instead of replacing them.',
    breaks: ['CART-004'],
  }),
  fault({
    name: 'cart-cancel-needs-reason',
    capability: 'shopping.cart',
    description: 'Cancel Cart rejects an empty JSON object with HTTP 400.',
    breaks: ['CART-005'],
  }),
  fault({
    name: 'cart-not-found-424',
    capability: 'shopping.cart',
    description:
      'Get of an unknown cart answers HTTP 424, the platform-profile status, instead of the not_found business outcome.',
    breaks: ['CART-006'],
  }),
  fault({
    name: 'cart-not-found-404',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart answers HTTP 404.',
    breaks: ['CART-006'],
  }),
  fault({
    name: 'cart-out-of-stock-no-continue-url',
    capability: 'shopping.cart',
    description: 'The out_of_stock error carries no continue_url.',
    breaks: ['CART-007'],
  }),
  fault({
    name: 'cart-out-of-stock-creates-cart',
    capability: 'shopping.cart',
    description: 'A cart whose items are all out of stock is created anyway.',
    breaks: ['CART-007'],
  }),
  fault({
    name: 'cart-echoes-id-uppercased',
    capability: 'shopping.cart',
    description: 'Get and cancel answer the cart with its id upper-cased.',
    breaks: ['CART-003', 'CART-005'],
  }),
  fault({
    name: 'cart-writes-202',
    capability: 'shopping.cart',
    description: 'Update and cancel answer 202 Accepted instead of 200.',
    breaks: ['CART-004', 'CART-005', 'ENV-009'],
  }),
  fault({
    name: 'cart-not-found-empty-continue-url',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart gives the not_found error with continue_url "", a member that names no URL.',
    breaks: ['CART-006'],
  }),
  fault({
    name: 'cart-not-found-no-continue-url',
    capability: 'shopping.cart',
    description: 'Get of an unknown cart gives the not_found error without continue_url.',
    breaks: ['CART-006'],
  }),
  fault({
    name: 'cart-update-keeps-last-line',
    capability: 'shopping.cart',
    description:
      "Update Cart keeps as many lines as were sent, but the cart's own last ones instead of the lines sent.",
    breaks: ['CART-004'],
  }),
  fault({
    name: 'cart-reads-203',
    capability: 'shopping.cart',
    description: 'Get Cart answers 203 Non-Authoritative Information instead of 200.',
    breaks: ['CART-003', 'ENV-009'],
  }),
  fault({
    name: 'cart-id-number',
    capability: 'shopping.cart',
    description:
      'Carts carry their id as a JSON number (a database sequence), not the string a path parameter id is; paths still reach the cart by its digits.',
    breaks: ['CART-002'],
  }),
  // Checkout
  fault({
    name: 'checkout-create-200',
    capability: 'shopping.checkout',
    description: 'Create Checkout answers 200 instead of 201.',
    breaks: ['CHK-001', 'ENV-009'],
  }),
  fault({
    name: 'checkout-missing-without-path',
    capability: 'shopping.checkout',
    description: 'missing messages carry no path.',
    breaks: ['CHK-016'],
  }),
  fault({
    name: 'checkout-bad-status',
    capability: 'shopping.checkout',
    description: 'A new session says status "open", outside the five states.',
    breaks: ['CHK-001', 'CHK-017'],
  }),
  fault({
    name: 'checkout-no-payment-handlers',
    capability: 'shopping.checkout',
    needs: ['profile-no-payment-handlers'],
    description:
      'Checkout responses carry no payment_handlers, and the profile names none either: no handler to pay with.',
    breaks: ['CHK-004'],
  }),
  fault({
    name: 'checkout-never-ready',
    capability: 'shopping.checkout',
    description: 'A session with buyer, destination and option stays incomplete.',
    breaks: ['CHK-005'],
  }),
  fault({
    name: 'checkout-null-group-entries',
    capability: 'shopping.checkout',
    description:
      "A session's fulfillment groups, and each group's options, start with a null entry (a removed warehouse and option left in the lists).",
    breaks: ['CHK-017'],
  }),
  fault({
    name: 'checkout-null-method-entry',
    capability: 'shopping.checkout',
    description: "A session's fulfillment methods end with a null entry (a withdrawn method left in the list).",
    breaks: ['CHK-017'],
  }),
  fault({
    name: 'checkout-totals-stale',
    capability: 'shopping.checkout',
    description: 'Totals are computed at create and never again: an update that changes a quantity keeps the old ones.',
    breaks: ['CHK-018'],
  }),
  fault({
    name: 'checkout-complete-no-order',
    capability: 'shopping.checkout',
    description: 'A completed session carries no order.',
    breaks: ['CHK-007'],
  }),
  fault({
    name: 'checkout-cancelled-spelling',
    capability: 'shopping.checkout',
    description: 'Cancel answers status "cancelled" instead of canceled.',
    breaks: ['CHK-008', 'CHK-017'],
  }),
  fault({
    name: 'checkout-completed-spelling',
    capability: 'shopping.checkout',
    description: 'Complete places the order but answers status "complete" instead of completed.',
    breaks: ['CHK-007', 'CHK-017'],
  }),
  fault({
    name: 'checkout-unavailable-no-continue-url',
    capability: 'shopping.checkout',
    description: 'The item_unavailable error carries no continue_url.',
    breaks: ['CHK-009'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-info',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted messages are of type info, not warning.',
    breaks: ['CHK-010'],
  }),
  fault({
    name: 'checkout-incomplete-silent',
    capability: 'shopping.checkout',
    description: 'Incomplete sessions carry no messages saying what is missing.',
    breaks: ['CHK-015'],
  }),
  fault({
    name: 'checkout-unavailable-creates-session',
    capability: 'shopping.checkout',
    description:
      'A create whose items are all unavailable answers item_unavailable, but a session is created anyway (its id in the answer).',
    breaks: ['CHK-009', 'CHK-017', 'ENV-009'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-wrong-path',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted warnings point at the line, $.line_items[0], not at its quantity.',
    breaks: ['CHK-010'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-no-path',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted warnings carry no path.',
    breaks: ['CHK-010'],
  }),
  fault({
    name: 'checkout-update-during-completion',
    capability: 'shopping.checkout',
    description: 'An update while complete_in_progress is applied.',
    breaks: ['CHK-011'],
  }),
  fault({
    name: 'checkout-in-progress-silent',
    capability: 'shopping.checkout',
    description: 'An update while complete_in_progress returns the session unchanged, but with no message saying why.',
    breaks: ['CHK-011'],
  }),
  fault({
    name: 'checkout-create-ignores-line-items',
    capability: 'shopping.checkout',
    description:
      'Create always refuses with a recoverable missing error for $.line_items, although the request carries them.',
    breaks: ['CHK-001', 'CHK-009'],
  }),
  fault({
    name: 'checkout-create-500',
    capability: 'shopping.checkout',
    description: 'Create answers HTTP 500.',
    breaks: ['CHK-001', 'CHK-009'],
  }),
  fault({
    name: 'checkout-in-progress-warning',
    capability: 'shopping.checkout',
    description:
      'An update while complete_in_progress returns the session unchanged with a warning, not a recoverable error.',
    breaks: ['CHK-011'],
  }),
  fault({
    name: 'checkout-in-progress-unrecoverable',
    capability: 'shopping.checkout',
    description: 'An update while complete_in_progress returns the session unchanged with an unrecoverable error.',
    breaks: ['CHK-011'],
  }),
  fault({
    name: 'checkout-order-no-permalink',
    capability: 'shopping.checkout',
    description: "A completed session's order carries an id but no permalink_url.",
    breaks: ['CHK-007'],
  }),
  fault({
    name: 'checkout-cancel-202',
    capability: 'shopping.checkout',
    description: 'Cancel Checkout answers 202 Accepted instead of 200.',
    breaks: ['CHK-008', 'ENV-009'],
  }),
  fault({
    name: 'checkout-update-500',
    capability: 'shopping.checkout',
    description: 'Update answers HTTP 500.',
    breaks: ['CHK-005'],
  }),
  fault({
    name: 'checkout-payment-handlers-empty',
    capability: 'shopping.checkout',
    needs: ['profile-no-payment-handlers'],
    description: 'Checkout responses carry an empty payment handler registry, and the profile names no handler either.',
    breaks: ['CHK-004'],
  }),
  fault({
    name: 'checkout-payment-handler-no-id',
    capability: 'shopping.checkout',
    needs: ['profile-no-payment-handlers'],
    description:
      'Checkout responses name a payment handler entry without id, and the profile names no handler either: Complete has no handler_id to name.',
    breaks: ['CHK-004'],
  }),
  fault({
    name: 'checkout-missing-path-not-json',
    capability: 'shopping.checkout',
    description: 'missing messages carry a bare field name (buyer.email), not a JSON path.',
    breaks: ['CHK-016'],
  }),
  fault({
    name: 'checkout-missing-unrecoverable',
    capability: 'shopping.checkout',
    description: 'missing messages say severity unrecoverable.',
    breaks: ['CHK-016'],
  }),
  fault({
    name: 'checkout-complete-asks-billing-addr',
    capability: 'shopping.checkout',
    description:
      'Complete always asks for a billing address (missing $.payment.instruments[0].billing_address), although the instrument carries one; the session stays ready_for_complete.',
    breaks: ['CHK-007'],
  }),
  fault({
    name: 'checkout-complete-201',
    capability: 'shopping.checkout',
    description: 'Complete places the order and answers 201 Created, not the 200 the Complete Checkout row gives.',
    breaks: ['CHK-007', 'ENV-009'],
  }),
  fault({
    name: 'checkout-in-progress-409',
    capability: 'shopping.checkout',
    description:
      'An update while complete_in_progress returns the session unchanged with a recoverable error, but as HTTP 409, not the HTTP 200 of a business outcome.',
    breaks: ['CHK-011', 'ENV-008'],
  }),
  fault({
    name: 'checkout-in-progress-says-ready',
    capability: 'shopping.checkout',
    description:
      'An update while complete_in_progress leaves the buyer as it was and says so with a recoverable error, but answers status ready_for_complete.',
    breaks: ['CHK-011'],
  }),
  fault({
    name: 'checkout-unavailable-out-of-stock',
    capability: 'shopping.checkout',
    description:
      "A create whose items are all unavailable is refused with code out_of_stock (the cart's code), not item_unavailable.",
    breaks: ['CHK-009'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-double-root',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted paths start with a doubled root, $$.line_items[0].quantity, which is no JSON path.',
    breaks: ['CHK-010'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-order-shape',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted paths point at $.line_items[0].quantity.total, the order line's shape, a member the session line's integer quantity does not have.",
    breaks: ['CHK-010'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-path-array',
    capability: 'shopping.checkout',
    description: 'quantity_adjusted paths are sent as an array holding the path string, not as the string.',
    breaks: ['CHK-010', 'ENV-005'],
  }),
  fault({
    name: 'checkout-quantity-adjusted-one-based',
    capability: 'shopping.checkout',
    description:
      "quantity_adjusted warnings count lines from 1: the first line's quantity is $.line_items[1].quantity, a line the session does not have.",
    breaks: ['CHK-010'],
  }),
  // Order
  fault({
    name: 'order-no-fulfillment',
    capability: 'shopping.order',
    description: 'Orders are sent without fulfillment.',
    breaks: ['ORD-001'],
  }),
  fault({
    name: 'order-expectations-not-array',
    capability: 'shopping.order',
    description: 'fulfillment.expectations is a single object, not an array of expectations.',
    breaks: ['ORD-001'],
  }),
  fault({
    name: 'order-checkout-id-wrong',
    capability: 'shopping.order',
    description: 'checkout_id names the order instead of its checkout.',
    breaks: ['ORD-002'],
  }),
  fault({
    name: 'order-currency-differs',
    capability: 'shopping.order',
    description: 'Orders are in EUR whatever the checkout currency was.',
    breaks: ['ORD-003'],
  }),
  fault({
    name: 'order-not-found-422',
    capability: 'shopping.order',
    description:
      'Get of an unknown order answers HTTP 422, the platform-profile status, instead of the not_found business outcome.',
    breaks: ['ORD-004'],
  }),
  fault({
    name: 'order-not-found-404',
    capability: 'shopping.order',
    description: 'Get of an unknown order answers HTTP 404.',
    breaks: ['ORD-004'],
  }),
  fault({
    name: 'order-foreign-read-403',
    capability: 'shopping.order',
    description: 'Another platform reading an order gets HTTP 403 instead of the unauthorized business outcome.',
    breaks: ['ORD-005'],
  }),
  fault({
    name: 'order-foreign-read-403-with-order',
    capability: 'shopping.order',
    description: 'Another platform reading an order gets HTTP 403, but the body is the order itself.',
    breaks: ['ENV-008', 'ORD-005'],
  }),
  fault({
    name: 'order-get-202',
    capability: 'shopping.order',
    description: 'Get Order answers the order with HTTP 202 instead of 200.',
    breaks: ['ENV-009', 'ORD-001'],
  }),
  fault({
    name: 'order-get-returns-first-order',
    capability: 'shopping.order',
    description: "Get Order answers the platform's first order, whatever id was asked for.",
    breaks: ['ORD-001'],
  }),
  fault({
    name: 'order-id-number',
    capability: 'shopping.order',
    description:
      'Orders carry their id as a JSON number (a database sequence), in the completed session and in Get Order, not the string a path parameter id is; paths still reach the order by its digits.',
    breaks: ['CHK-007', 'CHK-017'],
  }),
  // Request validation
  fault({
    name: 'agent-header-unchecked',
    capability: 'headers',
    description:
      'Requests without Proto-Agent, or with a value that is no dictionary or has no profile, are served as an anonymous platform.',
    breaks: ['HDR-005', 'HDR-006'],
  }),
  fault({
    name: 'agent-header-lenient-parse',
    capability: 'headers',
    description: 'A Proto-Agent value that is no RFC 8941 dictionary is taken whole as the profile URL and served.',
    breaks: ['HDR-006'],
  }),
  fault({
    name: 'agent-header-missing-500',
    capability: 'headers',
    description:
      'A request without Proto-Agent crashes the handler: HTTP 500, not a 4xx. A malformed one still gets 400.',
    breaks: ['HDR-005'],
  }),
  fault({
    name: 'agent-header-any-dictionary',
    capability: 'headers',
    description: 'Any RFC 8941 dictionary in Proto-Agent is served, with a profile member or not.',
    breaks: ['HDR-006'],
  }),
  fault({
    name: 'malformed-json-500',
    capability: 'errors',
    description:
      'A body the JSON parser rejects crashes the handler: HTTP 500. An empty body, which it takes for null, still gets 400.',
    breaks: ['ERR-001'],
  }),
  // Response signatures: each acts at one point of src/reference/shared/signing.ts
  fault({
    name: 'response-signature-wrong-components',
    capability: 'signatures',
    description: 'Signature-Input lists content-type, but the signature is computed over a base without it.',
    breaks: ['SIG-001'],
  }),
  fault({
    name: 'response-signature-tampered',
    capability: 'signatures',
    description: 'Response signatures have their first byte flipped.',
    breaks: ['SIG-001'],
  }),
  fault({
    name: 'response-signature-unknown-kid',
    capability: 'signatures',
    description: 'Responses are signed under keyid ref-retired-key, which the profile does not publish.',
    breaks: ['PROF-012'],
  }),
  fault({
    name: 'response-digest-raw-bytes',
    capability: 'signatures',
    description: 'Content-Digest is computed over the body bytes as sent, not their RFC 8785 canonical form.',
    breaks: ['SIG-002'],
  }),
  fault({
    name: 'response-digest-wrong',
    capability: 'signatures',
    description: 'Content-Digest is over something other than the body.',
    breaks: ['SIG-002'],
  }),
  fault({
    name: 'response-digest-quoted',
    capability: 'signatures',
    description:
      'Content-Digest carries its digest as a quoted string, sha-256="…", not the byte sequence sha-256=:…: (RFC 9530, RFC 8941), so it cannot be read.',
    breaks: ['SIG-002'],
  }),
  fault({
    name: 'response-signature-input-missing',
    capability: 'signatures',
    description:
      'Responses carry Signature without Signature-Input ("Required with message signatures"), so nothing says what the signature covers or whose key made it.',
    breaks: ['SIG-001'],
  }),
  fault({
    name: 'response-signature-absent-component',
    capability: 'signatures',
    description:
      "Signature-Input covers proto-agent, copied from the request's components, a header the response does not carry: the signature base cannot be rebuilt.",
    breaks: ['SIG-001'],
  }),
  fault({
    name: 'complete-responses-unsigned',
    capability: 'signatures',
    description: 'Complete checkout responses are not signed (a RECOMMENDED).',
    breaks: ['SIG-003'],
  }),
  fault({
    name: 'order-responses-unsigned',
    capability: 'signatures',
    description: 'Order responses are not signed (a SHOULD).',
    breaks: ['SIG-004'],
  }),
  // Authentication: each acts at one point of src/reference/shared/auth.ts, with auth on
  fault({
    name: 'auth-missing-credential-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'With X-API-Key required, a request without any key is served.',
    breaks: ['AUTH-001'],
  }),
  fault({
    name: 'auth-missing-credential-403',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'A request without a key gets 403 instead of 401.',
    breaks: ['AUTH-001'],
  }),
  fault({
    name: 'auth-invalid-credential-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'Any X-API-Key value is accepted; only its absence is refused.',
    breaks: ['AUTH-002'],
  }),
  fault({
    name: 'auth-forbidden-accepted',
    capability: 'auth',
    needs: ['auth-api-key'],
    description: 'A key that carries no permission is served like a full one: no 403.',
    breaks: ['AUTH-003'],
  }),
  // Platform profiles: each acts at one point of src/reference/shared/platform-profiles.ts, with fetching on
  fault({
    name: 'platform-profile-fetch-failure-500',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'A platform profile that cannot be fetched crashes the request: 500 instead of 424.',
    breaks: ['PLAT-001'],
  }),
  fault({
    name: 'platform-profile-malformed-accepted',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'Whatever the platform profile URL returns is accepted: no 422 for one that is no profile.',
    breaks: ['PLAT-002'],
  }),
  fault({
    name: 'platform-profile-unknown-key-rejected',
    capability: 'discovery',
    needs: ['platform-profiles-fetched'],
    description: 'A platform profile carrying a key of an unknown type is rejected whole with 422.',
    breaks: ['PROF-010'],
  }),
  // Request signatures: each acts at one point of src/reference/shared/request-signatures.ts, with signatures required
  fault({
    name: 'request-signature-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A signed request is served whether its signature verifies or not.',
    breaks: ['SIG-005'],
  }),
  fault({
    name: 'request-digest-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'Content-Digest is never compared with the body.',
    breaks: ['SIG-006'],
  }),
  fault({
    name: 'request-keyid-unchecked',
    capability: 'signatures',
    needs: ['requires-signatures'],
    description: 'A signature under a keyid the platform profile does not publish is served unverified.',
    breaks: ['SIG-007'],
  }),
  // Transport
  fault({
    name: 'tls-1-2-accepted',
    capability: 'transport',
    needs: ['https-tls-1-3'],
    description: 'The HTTPS server also completes TLS 1.2 handshakes.',
    breaks: ['TLS-001'],
  }),
  fault({
    name: 'required-members-422',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 422, the platform-profile status, with code and content and the missing messages that point at it: neither 400 nor a business outcome (200).',
    breaks: ['ERR-002'],
  }),
  fault({
    name: 'required-members-as-warnings',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with an error response whose missing messages pointing at it are warnings, not errors: nothing says the request was refused.',
    breaks: ['ERR-002'],
  }),
  fault({
    name: 'required-members-other-code',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with an error response whose errors pointing at it say code invalid, not the missing the spec gives for a required field absent.',
    breaks: ['ERR-002'],
  }),
  fault({
    name: 'required-members-path-segments',
    capability: 'errors',
    description:
      'A request without a required member gets HTTP 200 with missing errors whose path is an array of segments (["line_items"]), not a JSON path string.',
    breaks: ['BOOK-016', 'CHK-016', 'ENV-005', 'ERR-002'],
  }),
  fault({
    name: 'required-members-made-anyway',
    capability: 'errors',
    description:
      'A create without a required member says so with a missing error pointing at it, but makes the resource with a default all the same (HTTP 200, the resource and its id).',
    breaks: ['ENV-009', 'ERR-002'],
  }),
  fault({
    name: 'required-members-defaulted',
    capability: 'errors',
    description:
      'A request without a required member is served with a default in its place: no ids is an empty lookup, no id a not_found, no line_items a default basket.',
    breaks: ['ERR-002'],
  }),
  fault({
    name: 'mtls-unchecked',
    capability: 'auth',
    needs: ['mtls-required'],
    description:
      'A client certificate is asked for but never required: requests without one, or with an untrusted one, are served.',
    breaks: ['AUTH-001', 'AUTH-002'],
  }),
  fault({
    name: 'mtls-any-certificate',
    capability: 'auth',
    needs: ['mtls-required'],
    description: "Any client certificate is accepted, signed by the business's CA or not.",
    breaks: ['AUTH-002'],
  }),
  // Versions
  fault({
    name: 'envelope-version-not-advertised',
    capability: 'envelope',
    description: 'Responses state proto.version 2099-01-01, well-formed but nowhere in the profile.',
    breaks: ['VER-001'],
  }),
  fault({
    name: 'response-version-of-lodging',
    capability: 'envelope',
    description:
      'The lodging capabilities are advertised (and echoed) at 2026-01-20, a version nothing else states; shopping responses state that version as their proto.version.',
    breaks: ['VER-001'],
  }),
  fault({
    name: 'profile-versions-missing',
    capability: 'profile',
    description:
      'The profile states no version: none in proto, none in any service or capability entry. Responses state theirs as before.',
    breaks: ['PROF-001', 'PROF-005'],
  }),
  fault({
    name: 'capability-echo-without-version',
    capability: 'envelope',
    description: 'Responses echo their capability as an entry without a version ({}).',
    breaks: ['VER-002'],
  }),
  fault({
    name: 'capability-version-echo-differs',
    capability: 'envelope',
    description: 'Responses echo their capability at version 2099-01-01, not the version the profile advertises.',
    breaks: ['VER-002'],
  }),
  // Idempotency: each acts at one point of the shared layer (src/reference/shared/idempotency.ts)
  fault({
    name: 'idempotency-not-stored',
    capability: 'idempotency',
    description:
      'Idempotency-Key is required but never looked up: a replay is processed again, a changed body under the same key too.',
    breaks: ['IDEM-001', 'IDEM-002', 'IDEM-003', 'IDEM-004'],
  }),
  fault({
    name: 'idempotency-mismatch-accepted',
    capability: 'idempotency',
    description: 'The same key with a changed body is processed as a new request, not refused with 409.',
    breaks: ['IDEM-003', 'IDEM-004'],
  }),
  fault({
    name: 'idempotency-conflict-after-apply',
    capability: 'idempotency',
    description: 'The same key with a changed body answers 409, but only after applying the change.',
    breaks: ['IDEM-004'],
  }),
  fault({
    name: 'idempotency-conflict-422',
    capability: 'idempotency',
    description: 'The same key with a changed body is refused with 422 instead of 409.',
    breaks: ['IDEM-003'],
  }),
  fault({
    name: 'idempotency-replay-conflicts',
    capability: 'idempotency',
    description: 'A byte-identical replay is refused with 409 instead of returning the stored result.',
    breaks: ['IDEM-001'],
  }),
  fault({
    name: 'idempotency-replay-status-200',
    capability: 'idempotency',
    description: 'A replay returns the stored body with HTTP 200, whatever the stored status was (201 for a create).',
    breaks: ['ENV-009', 'IDEM-001'],
  }),
  fault({
    name: 'idempotency-complete-not-stored',
    capability: 'idempotency',
    description: 'Complete bypasses the idempotency store: a replayed complete runs again and places a second order.',
    breaks: ['IDEM-001', 'IDEM-002'],
  }),
  fault({
    name: 'idempotency-in-progress-reprocessed',
    capability: 'idempotency',
    needs: ['checkout-async-completion'],
    description:
      'A complete answered complete_in_progress is not taken for a stored result: its replay is processed again, settles the completion at once and answers the completed session with its order, not the stored answer.',
    breaks: ['IDEM-001'],
  }),
  fault({
    name: 'idempotency-key-optional',
    capability: 'idempotency',
    description:
      'A state-changing request without Idempotency-Key is processed instead of refused with 400 (a SHOULD).',
    breaks: ['IDEM-005'],
  }),
  ...COMMON_FAULTS,
  ...LODGING_FAULTS,
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

export function isFaultName(name: string): name is FaultName {
  return FAULTS.some((f) => f.name === name);
}

/** The faults switched on in one reference business. */
export class FaultSet extends Switches<FaultName> {}
