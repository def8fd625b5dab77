/**
 * The checkout capability of the reference business (Document 1 §Checkout, §Checkout resource, §States and
 * transitions).
 */
import { isObject } from '../../dialect/dialect.js';
import { placeOrder } from './order.js';
import {
  asRecoverableErrors,
  businessError,
  recoverable,
  recoveryUrl,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { billingAddressUnverified, keptInstruments, providerDeclined } from '../shared/payment.js';
import {
  CHECKOUT_SESSIONS,
  move,
  readiness,
  refuseCancel,
  refuseUpdate,
  startComplete,
  type InProgressAnswer,
} from '../shared/session.js';
import {
  assignLineIds,
  DISCOUNT,
  isReply,
  leaveOut,
  lineJson,
  parseLineItems,
  sessionCurrency,
  subtotalOf,
  type FulfillmentState,
  type Json,
  type ReferenceStore,
  type RequestLine,
  type SessionRecord,
} from './store.js';

/** Most of one item a session sells; more is cut down with a quantity_adjusted warning. */
const MAX_QUANTITY = 10;
const TAX_RATE = 0.08;
const METHOD_ID = 'fm-1';
const ADDRESS_MEMBERS = [
  'street_address',
  'address_locality',
  'address_region',
  'address_country',
  'postal_code',
] as const;
const OPTIONS = [
  { id: 'standard', title: 'Standard', amount: 500 },
  { id: 'express', title: 'Express', amount: 1500 },
] as const;
/** How long an accepted asynchronous completion stays complete_in_progress. */
// Between the checker's first poll (250 ms) and its second (750 ms), with room for a loaded machine:
// the number of polls, which verdicts quote, must not depend on timing.
const ASYNC_COMPLETION_MS = 500;

/** POST /checkout-sessions */
export function create(store: ReferenceStore, req: HandlerRequest): Reply {
  const { faults } = req;
  if (faults.has('checkout-create-500'))
    return transportError(500, 'internal_error', 'the session store is unavailable');
  if (faults.has('checkout-create-ignores-line-items')) {
    return businessError([recoverable('missing', 'line_items are required.', '$.line_items')]);
  }
  if (req.variations.has('checkout-create-requires-currency') && typeof req.body.currency !== 'string') {
    return businessError([recoverable('missing', 'currency is required to open a checkout session.', '$.currency')]);
  }
  // checkout-create-requires-buyer-email: a session opens only for a buyer it can write to.
  if (
    req.variations.has('checkout-create-requires-buyer-email') &&
    !(isObject(req.body.buyer) && typeof req.body.buyer.email === 'string')
  ) {
    return businessError([
      recoverable('missing', 'A buyer email is required to open a checkout session.', '$.buyer.email'),
    ]);
  }
  if (req.variations.has('checkout-create-requires-currency-400') && typeof req.body.currency !== 'string') {
    return transportError(400, 'invalid_request', 'currency is required to open a checkout session');
  }
  const input = parseSessionInput(req.body);
  if (isReply(input)) return input;
  const { kept, messages } = leaveOut(
    input.lines,
    (l) => !l.product.unavailable && l.variant.available,
    'item_unavailable',
    'cannot be sold and was left out',
  );
  const session: SessionRecord = {
    id: store.newId('chk'),
    status: 'incomplete',
    lines: [],
    instruments: [],
    nextLine: 1,
    nextDestination: 1,
    issuedDestinations: new Set(),
  };
  if (kept.length === 0) {
    // With the fault, the session is made from the unsellable lines before anyone checks them.
    const leaked = faults.has('checkout-unavailable-creates-session');
    if (leaked) {
      apply(session, input, input.lines, req);
      store.sessions.set(session.id, session);
    }
    return businessError(
      [
        // checkout-unavailable-per-line: first each line, as a recoverable error pointing at it.
        ...(req.variations.has('checkout-unavailable-per-line') ? asRecoverableErrors(messages) : []),
        unrecoverable(
          faults.has('checkout-unavailable-out-of-stock') ? 'out_of_stock' : 'item_unavailable',
          'None of the requested items can be sold; no checkout session was created.',
        ),
      ],
      {
        ...(faults.has('checkout-unavailable-no-continue-url') ? {} : { continue_url: recoveryUrl(req.base) }),
        ...(leaked ? { id: session.id } : {}),
      },
    );
  }
  messages.push(...capQuantities(kept, req));
  apply(session, input, kept, req);
  // checkout-methods-offered-at-create: a shipping method comes with the session, waiting for a destination.
  if (!session.fulfillment && req.variations.has('checkout-methods-offered-at-create'))
    session.fulfillment = { destinations: [], selectedOptions: {} };
  if (faults.has('checkout-totals-stale')) session.frozenTotals = sessionTotals(session, req);
  store.sessions.set(session.id, session);
  const json = sessionJson(session, req, messages);
  if (faults.has('checkout-bad-status')) json.status = 'open';
  return resource(json, faults.has('checkout-create-200') ? 200 : 201);
}

/** GET /checkout-sessions/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  return resource(sessionJson(session, req, []));
}

/** PUT /checkout-sessions/{id}: full replacement of buyer, line items and fulfillment. */
export function update(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  if (req.faults.has('checkout-update-500'))
    return transportError(500, 'internal_error', 'the session could not be saved');
  const refused = refuseUpdate(
    CHECKOUT_SESSIONS,
    session,
    (extra) => sessionJson(session, req, extra),
    inProgressAnswer(req),
  );
  if (refused) return session.status === 'complete_in_progress' ? misstatedInProgress(refused, req) : refused;
  // checkout-update-during-completion: the update is applied, and the status left as it was.
  const inProgress = session.status === 'complete_in_progress';
  const input = parseSessionInput(req.body);
  if (isReply(input)) return input;
  if (req.variations.has('checkout-update-400-without-phone') && typeof input.buyer?.phone_number !== 'string') {
    return transportError(400, 'invalid_request', 'buyer.phone_number is required');
  }
  const { kept, messages } = leaveOut(
    input.lines,
    (l) => !l.product.unavailable && l.variant.available,
    'item_unavailable',
    'cannot be sold and was left out',
  );
  if (kept.length === 0) {
    // Open in the spec: an update whose items are all unavailable leaves the session as it was.
    return resource(sessionJson(session, req, asRecoverableErrors(messages)));
  }
  messages.push(...capQuantities(kept, req));
  // checkout-buyer-before-fulfillment: shipping is quoted only for a session whose buyer was known before this update;
  // until then the fulfillment an update carries is ignored and the session keeps the one it had.
  const buyerKnown = typeof session.buyer?.email === 'string' && session.buyer.email.length > 0;
  const fulfillmentIgnored = req.variations.has('checkout-buyer-before-fulfillment') && !buyerKnown;
  // checkout-payment-before-ready: the instruments an update carries are kept, their credentials taken out.
  if (
    (req.variations.has('checkout-payment-before-ready') || req.variations.has('checkout-payment-after-shipping')) &&
    !inProgress
  ) {
    session.instruments = keptInstruments(req.body);
  }
  apply(session, fulfillmentIgnored ? { ...input, keepFulfillment: true } : input, kept, req, !inProgress);
  return resource(sessionJson(session, req, messages));
}

/** POST /checkout-sessions/{id}/complete */
export function complete(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  // idempotency-complete-not-stored: with no stored result, a retried complete is run again and places another order.
  const rerun = req.faults.has('idempotency-complete-not-stored') && session.status === 'completed';
  if (rerun) {
    finish(store, session, req, req.platform);
    return resource(sessionJson(session, req, []));
  }
  // idempotency-in-progress-reprocessed: the completion asked again (a replay let through) is settled at once.
  if (req.faults.has('idempotency-in-progress-reprocessed') && session.status === 'complete_in_progress') {
    finish(store, session, req, req.platform);
    return resource(sessionJson(session, req, []));
  }
  // checkout-complete-asks-billing-addr: a billing address is asked for, whatever the instrument carries.
  if (req.faults.has('checkout-complete-asks-billing-addr') && session.status === 'ready_for_complete') {
    return resource(
      sessionJson(session, req, [
        recoverable('missing', 'A billing address is required.', '$.payment.instruments[0].billing_address'),
      ]),
    );
  }
  // The payment provider refuses (variations): the session stays ready_for_complete and nothing is placed.
  const refusal = session.status === 'ready_for_complete' ? providerRefusal(req) : undefined;
  if (refusal) return resource(sessionJson(session, req, [refusal]));
  const started = startComplete(CHECKOUT_SESSIONS, session, req.body, (extra) => sessionJson(session, req, extra));
  if (isReply(started)) return started;
  // A held payment places nothing (yet); an accepted one completes at once, or a moment later (async variations).
  if (
    started === 'accepted' &&
    (req.variations.has('checkout-async-completion') || req.variations.has('checkout-async-completion-202'))
  ) {
    move(CHECKOUT_SESSIONS, session, 'complete', 'complete_in_progress');
    session.completion = { at: Date.now() + ASYNC_COMPLETION_MS, platform: req.platform };
    // checkout-async-completion-202: the accepted-but-unfinished completion says so with 202 Accepted.
    if (req.variations.has('checkout-async-completion-202')) return resource(sessionJson(session, req, []), 202);
  } else if (started === 'accepted') {
    finish(store, session, req, req.platform);
  }
  // checkout-complete-201: the order placed is answered as a resource created.
  return resource(
    sessionJson(session, req, []),
    req.faults.has('checkout-complete-201') && session.status === 'completed' ? 201 : 200,
  );
}

/** POST /checkout-sessions/{id}/cancel */
export function cancel(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  const refused = refuseCancel(CHECKOUT_SESSIONS, session, (extra) => sessionJson(session, req, extra));
  if (refused) return refused;
  move(CHECKOUT_SESSIONS, session, 'cancel', 'canceled');
  return resource(sessionJson(session, req, []), req.faults.has('checkout-cancel-202') ? 202 : 200);
}

/**
 * A refusal by the payment provider, where a variation has one: the config's token declined, or its billing address
 * unverified.
 */
function providerRefusal(req: HandlerRequest): ReplyMessage | undefined {
  if (req.variations.has('checkout-test-token-declined')) return providerDeclined();
  if (req.variations.has('checkout-billing-address-unverified')) return billingAddressUnverified();
  return undefined;
}

/** Places the order of an accepted payment: the session is completed. */
function finish(store: ReferenceStore, session: SessionRecord, req: HandlerRequest, platform: string): void {
  move(CHECKOUT_SESSIONS, session, session.status === 'complete_in_progress' ? 'settle' : 'complete', 'completed');
  session.completion = undefined;
  const titles = groupsOf(session, req).map((g) => optionOf(session, g.id)?.title ?? OPTIONS[0].title);
  const order = placeOrder(store, session, platform, sessionTotals(session, req), [...new Set(titles)].join(', '), req);
  session.orderId = order.id;
}

/** The session, with an asynchronous completion finished once its time has come. */
function find(store: ReferenceStore, req: HandlerRequest): SessionRecord | undefined {
  const session = req.id === undefined ? undefined : store.sessions.get(req.id);
  if (session?.completion && session.completion.at <= Date.now())
    finish(store, session, req, session.completion.platform);
  return session;
}

/** An in-progress refusal as the faults misstate it: an HTTP 409, or the status ready_for_complete. */
function misstatedInProgress(refused: Reply, req: HandlerRequest): Reply {
  if (refused.kind !== 'resource') return refused;
  if (req.faults.has('checkout-in-progress-409')) return { ...refused, status: 409 };
  if (req.faults.has('checkout-in-progress-says-ready'))
    return { ...refused, body: { ...refused.body, status: 'ready_for_complete' } };
  return refused;
}

/**
 * Unknown sessions: not shown by the spec; this business answers not_found, or a 404 (checkout-unknown-session-404).
 */
const notFound = (req: HandlerRequest) =>
  req.variations.has('checkout-unknown-session-404')
    ? transportError(404, 'not_found', `no checkout session ${req.id ?? ''}`)
    : businessError([unrecoverable('not_found', `no checkout session ${req.id ?? ''}`)], {
        continue_url: recoveryUrl(req.base),
      });

/** How this business answers an update while complete_in_progress: as the spec says, unless a fault is on. */
function inProgressAnswer(req: HandlerRequest): InProgressAnswer {
  if (req.faults.has('checkout-update-during-completion')) return 'applied';
  if (req.faults.has('checkout-in-progress-silent')) return 'silent';
  if (req.faults.has('checkout-in-progress-warning')) return 'warning';
  return req.faults.has('checkout-in-progress-unrecoverable') ? 'unrecoverable' : 'error';
}

/** What a create or update request asks for, validated before anything changes. */
interface SessionInput {
  lines: RequestLine[];
  buyer?: Json;
  fulfillment?: FulfillmentRequest;
  /** The session keeps the fulfillment it had, whatever the request carries (checkout-buyer-before-fulfillment). */
  keepFulfillment?: boolean;
}

interface FulfillmentRequest {
  destinations: Json[];
  selectedDestinationId?: unknown;
  /** Group id to requested option id; a group sent without an id counts as the first group. */
  selectedOptions: Record<string, unknown>;
}

function parseSessionInput(body: Json): SessionInput | Reply {
  if (body.buyer !== undefined && !isObject(body.buyer))
    return transportError(400, 'invalid_request', 'buyer must be an object');
  const lines = parseLineItems(body.line_items);
  if (isReply(lines)) return lines;
  const fulfillment = parseFulfillment(body.fulfillment);
  if (isReply(fulfillment)) return fulfillment;
  return { lines, buyer: body.buyer as Json | undefined, fulfillment };
}

/**
 * `fulfillment.methods`: this business offers one shipping method, so only the first method is
 * read. On first submission it carries type and destinations; later also id,
 * selected_destination_id and groups with selected_option_id.
 */
function parseFulfillment(value: unknown): FulfillmentRequest | undefined | Reply {
  if (value === undefined) return undefined;
  if (!isObject(value)) return transportError(400, 'invalid_request', 'fulfillment must be an object');
  if (value.methods === undefined) return undefined;
  if (!Array.isArray(value.methods))
    return transportError(400, 'invalid_request', 'fulfillment.methods must be an array');
  if (value.methods.length === 0) return undefined;
  const method = value.methods[0];
  if (!isObject(method)) return transportError(400, 'invalid_request', 'fulfillment.methods[0] must be an object');
  if (method.type !== undefined && method.type !== 'shipping') {
    return transportError(
      400,
      'invalid_request',
      `fulfillment.methods[0].type ${String(method.type)} is not offered; this business ships`,
    );
  }
  const destinations = method.destinations ?? [];
  if (!Array.isArray(destinations) || !destinations.every(isObject)) {
    return transportError(
      400,
      'invalid_request',
      'fulfillment.methods[0].destinations must be an array of postal addresses',
    );
  }
  const groups = method.groups ?? [];
  if (!Array.isArray(groups) || !groups.every(isObject)) {
    return transportError(400, 'invalid_request', 'fulfillment.methods[0].groups must be an array of groups');
  }
  const selectedOptions: Record<string, unknown> = {};
  (groups as Json[]).forEach((g, i) => {
    selectedOptions[typeof g.id === 'string' ? g.id : `#${i}`] = g.selected_option_id;
  });
  return {
    destinations: destinations as Json[],
    selectedDestinationId: method.selected_destination_id,
    selectedOptions,
  };
}

/** Writes a validated input into the session (full replacement) and recomputes its status. */
function apply(
  session: SessionRecord,
  input: SessionInput,
  lines: RequestLine[],
  req: HandlerRequest,
  recompute = true,
): void {
  session.lines = assignLineIds(lines, session.lines, () => `li_${session.nextLine++}`);
  session.buyer = input.buyer;
  if (!input.keepFulfillment)
    session.fulfillment = input.fulfillment && fulfillmentState(session, input.fulfillment, req);
  if (!recompute) return;
  move(CHECKOUT_SESSIONS, session, 'update', readiness(missing(session, req).length));
}

function fulfillmentState(session: SessionRecord, f: FulfillmentRequest, req: HandlerRequest): FulfillmentState {
  const used = new Set<string>();
  const destinations = f.destinations.map((d) => {
    const { id: requested, type: _type, ...address } = d;
    const keep = typeof requested === 'string' && session.issuedDestinations.has(requested) && !used.has(requested);
    const id = keep ? requested : `dest-${session.nextDestination++}`;
    used.add(id);
    session.issuedDestinations.add(id);
    return { id, type: 'shipping_address', ...address };
  });
  const ids = destinations.map((d) => d.id);
  const requested =
    typeof f.selectedDestinationId === 'string' && ids.includes(f.selectedDestinationId)
      ? f.selectedDestinationId
      : undefined;
  // This business picks the first destination itself, unless it leaves every choice to the platform.
  const choosesNone =
    req.variations.has('checkout-no-auto-selection') || req.variations.has('checkout-groups-without-options');
  const selectedDestinationId = requested ?? (choosesNone ? undefined : ids[0]);
  const state: FulfillmentState = { destinations, selectedDestinationId, selectedOptions: {} };
  groupsOf({ ...session, fulfillment: state }, req).forEach((g, i) => {
    const asked = f.selectedOptions[g.id] ?? f.selectedOptions[`#${i}`];
    if (OPTIONS.some((o) => o.id === asked)) state.selectedOptions[g.id] = asked as string;
    else if (req.variations.has('checkout-option-preselected')) state.selectedOptions[g.id] = OPTIONS[0].id;
  });
  return state;
}

/**
 * The fulfillment groups of a session once a destination is selected (or, `listed`, before): one for all lines, or one
 * per line (checkout-several-groups).
 */
function groupsOf(session: SessionRecord, req: HandlerRequest, listed = false): { id: string; lineIds: string[] }[] {
  if (!listed && !session.fulfillment?.selectedDestinationId) return [];
  if (req.variations.has('checkout-several-groups'))
    return session.lines.map((l) => ({ id: `grp-${l.id}`, lineIds: [l.id] }));
  return [{ id: 'grp-1', lineIds: session.lines.map((l) => l.id) }];
}

const optionOf = (session: SessionRecord, groupId: string) =>
  OPTIONS.find((o) => o.id === session.fulfillment?.selectedOptions[groupId]);

/**
 * What the session still needs before it can be completed, as [path, what] pairs. With
 * checkout-never-ready the first option choice is never taken into account, so the session stays
 * incomplete and, being incomplete, still names something missing.
 */
function missing(session: SessionRecord, req: HandlerRequest): [string, string][] {
  const out: [string, string][] = [];
  const email = session.buyer?.email;
  if (typeof email !== 'string' || email.length === 0) out.push(['$.buyer.email', "The buyer's email is required."]);
  if (req.variations.has('checkout-requires-phone') && typeof session.buyer?.phone_number !== 'string') {
    out.push(['$.buyer.phone_number', 'A phone number is required for delivery.']);
  }
  if (req.variations.has('checkout-payment-before-ready') && session.instruments.length === 0) {
    out.push(['$.payment.instruments', 'A payment instrument is required.']);
  }
  const f = session.fulfillment;
  if (!f || f.destinations.length === 0) {
    out.push(['$.fulfillment.methods', 'A shipping method with a destination is required.']);
    return out;
  }
  // checkout-full-address-required: a destination ships only with every member of its postal address.
  if (req.variations.has('checkout-full-address-required')) {
    for (const [i, d] of f.destinations.entries()) {
      for (const m of ADDRESS_MEMBERS) {
        if (typeof d[m] !== 'string' || d[m] === '')
          out.push([`$.fulfillment.methods[0].destinations[${i}].${m}`, `The destination's ${m} is required.`]);
      }
    }
  }
  if (!f.selectedDestinationId) out.push(['$.fulfillment.methods[0].selected_destination_id', 'Choose a destination.']);
  groupsOf(session, req).forEach((g, i) => {
    if (!optionOf(session, g.id) || (i === 0 && req.faults.has('checkout-never-ready'))) {
      out.push([`$.fulfillment.methods[0].groups[${i}].selected_option_id`, 'Choose a shipping option.']);
    }
  });
  // checkout-payment-after-shipping: the instrument is asked for last, once shipping (and so the amount) is settled.
  if (req.variations.has('checkout-payment-after-shipping') && out.length === 0 && session.instruments.length === 0) {
    out.push(['$.payment.instruments', 'A payment instrument is required now that shipping is chosen.']);
  }
  return out;
}

/** The status as sent. */
function displayedStatus(session: SessionRecord, req: HandlerRequest): string {
  if (session.status === 'canceled' && req.faults.has('checkout-cancelled-spelling')) return 'cancelled';
  if (session.status === 'completed' && req.faults.has('checkout-completed-spelling')) return 'complete';
  return session.status;
}

/** Cuts quantities above the maximum; the warning's path names the line in the response. */
function capQuantities(lines: RequestLine[], req: HandlerRequest): ReplyMessage[] {
  const messages: ReplyMessage[] = [];
  const max = req.variations.has('checkout-no-quantity-cap')
    ? Number.POSITIVE_INFINITY
    : req.variations.has('checkout-one-per-line')
      ? 1
      : MAX_QUANTITY;
  lines.forEach((l, i) => {
    if (l.quantity <= max) return;
    messages.push({
      type: req.faults.has('checkout-quantity-adjusted-info') ? 'info' : 'warning',
      code: 'quantity_adjusted',
      content: `Quantity of ${l.variant.id} reduced from ${l.quantity} to ${max}, the most one line may hold.`,
      ...(req.faults.has('checkout-quantity-adjusted-no-path') ? {} : { path: quantityPath(i, l, req) }),
      ...(req.faults.has('checkout-quantity-adjusted-path-array')
        ? { path: [quantityPath(i, l, req)] as unknown as string }
        : {}),
    });
    l.quantity = max;
  });
  return messages;
}

/** Where a quantity_adjusted warning points: the line's quantity, by index or (a variation) by filter. */
function quantityPath(index: number, line: RequestLine, req: HandlerRequest): string {
  if (req.faults.has('checkout-quantity-adjusted-wrong-path')) return `$.line_items[${index}]`;
  if (req.faults.has('checkout-quantity-adjusted-one-based')) return `$.line_items[${index + 1}].quantity`;
  if (req.faults.has('checkout-quantity-adjusted-double-root')) return `$$.line_items[${index}].quantity`;
  if (req.faults.has('checkout-quantity-adjusted-order-shape')) return `$.line_items[${index}].quantity.total`;
  if (req.variations.has('checkout-quantity-path-filter'))
    return `$.line_items[?(@.item.id=='${line.variant.id}')].quantity`;
  return `$.line_items[${index}].quantity`;
}

/**
 * The totals: tax added on top (8%), or, with checkout-tax-inclusive, included in the prices and
 * shown for information only. checkout-totals-stale keeps the totals of the session's create.
 */
export function sessionTotals(session: SessionRecord, req: HandlerRequest): Json[] {
  const subtotal = subtotalOf(session.lines);
  const chosen = groupsOf(session, req)
    .map((g) => optionOf(session, g.id))
    .filter((o) => o !== undefined);
  const shipping = chosen.reduce((sum, o) => sum + o.amount, 0);
  const fulfillment = chosen.length
    ? [{ type: 'fulfillment', amount: shipping, display_text: chosen.map((o) => o.title).join(', ') }]
    : [];
  if (req.variations.has('checkout-tax-inclusive')) {
    const included = Math.round(subtotal - subtotal / (1 + TAX_RATE));
    return [
      { type: 'subtotal', amount: subtotal },
      ...fulfillment,
      { type: 'tax', amount: included, display_text: 'Included in prices' },
      { type: 'total', amount: subtotal + shipping },
    ];
  }
  const tax = Math.round(subtotal * TAX_RATE);
  const discount = req.variations.has('totals-with-discount') ? DISCOUNT : 0;
  return [
    { type: 'subtotal', amount: subtotal },
    ...fulfillment,
    { type: 'tax', amount: tax },
    ...(discount ? [{ type: 'discount', amount: discount, display_text: 'Welcome offer' }] : []),
    { type: 'total', amount: subtotal + tax + shipping - discount },
  ];
}

function fulfillmentJson(session: SessionRecord, f: FulfillmentState, req: HandlerRequest): Json {
  const method: Json = {
    id: METHOD_ID,
    type: 'shipping',
    line_item_ids: session.lines.map((l) => l.id),
    destinations: f.destinations,
    ...(f.selectedDestinationId ? { selected_destination_id: f.selectedDestinationId } : {}),
  };
  const groups = groupsOf(session, req);
  if (groups.length > 0) {
    method.groups = groups.map((g) => ({
      id: g.id,
      line_item_ids: g.lineIds,
      options: OPTIONS.map((o) => ({ id: o.id, title: o.title, totals: [{ type: 'total', amount: o.amount }] })),
      ...(f.selectedOptions[g.id] ? { selected_option_id: f.selectedOptions[g.id] } : {}),
    }));
    // checkout-null-group-entries: a removed warehouse and a removed option are left in the lists as null.
    if (req.faults.has('checkout-null-group-entries')) {
      method.groups = [
        null,
        ...(method.groups as Json[]).map((g) => ({ ...g, options: [null, ...(g.options as Json[])] })),
      ];
    }
  } else if (req.variations.has('checkout-groups-without-options') && f.destinations.length > 0) {
    // checkout-groups-without-options: the groups are listed before a destination is chosen, with nothing to choose
    // yet.
    method.groups = groupsOf(session, req, true).map((g) => ({ id: g.id, line_item_ids: g.lineIds, options: [] }));
  }
  // checkout-null-method-entry: a withdrawn method is left in the list as null.
  return { methods: req.faults.has('checkout-null-method-entry') ? [method, null] : [method] };
}

/** A response line; with checkout-lines-without-price its item states no price. */
function priced(line: Json, req: HandlerRequest): Json {
  if (!req.variations.has('checkout-lines-without-price')) return line;
  const { price: _price, ...item } = line.item as Json;
  return { ...line, item };
}

/** One message naming a missing field; faults drop the path's JSON form, or make it unrecoverable. */
function missingMessage(code: string, content: string, path: string | undefined, req: HandlerRequest): ReplyMessage {
  const message = recoverable(
    code,
    content,
    path && req.faults.has('checkout-missing-path-not-json') ? path.replace(/^\$\./, '') : path,
  );
  if (req.faults.has('checkout-missing-unrecoverable')) return { ...message, severity: 'unrecoverable' };
  // missing-no-severity: the message states no severity (the spec's example has one; the table says "Typical").
  if (req.variations.has('checkout-missing-no-severity')) return (({ severity: _s, ...rest }) => rest)(message);
  return message;
}

function sessionJson(session: SessionRecord, req: HandlerRequest, extra: ReplyMessage[]): Json {
  const status = displayedStatus(session, req);
  const withoutPath = req.faults.has('checkout-missing-without-path');
  const code = req.variations.has('checkout-missing-code-required') ? 'required' : 'missing';
  const missingMessages =
    status === 'incomplete' && !req.faults.has('checkout-incomplete-silent')
      ? missing(session, req).map(([path, content]) =>
          missingMessage(code, content, withoutPath ? undefined : path, req),
        )
      : [];
  return {
    id: session.id,
    status,
    ...(req.variations.has('checkout-no-currency-member')
      ? {}
      : { currency: sessionCurrency(session, req.variations) }),
    line_items: session.lines.map((l) => priced(lineJson(l), req)),
    ...(session.buyer ? { buyer: session.buyer } : {}),
    totals: session.frozenTotals ?? sessionTotals(session, req),
    links: [{ type: 'terms_of_service', url: `${req.base}/terms` }],
    ...(session.fulfillment ? { fulfillment: fulfillmentJson(session, session.fulfillment, req) } : {}),
    // checkout-payment-after-shipping shows payment only once it holds an instrument.
    ...(req.variations.has('checkout-payment-after-shipping') && session.instruments.length === 0
      ? {}
      : { payment: { instruments: session.instruments } }),
    messages: [...missingMessages, ...extra],
    continue_url: `${req.base}/checkout/${encodeURIComponent(session.id)}`,
    ...(session.orderId && !req.faults.has('checkout-complete-no-order')
      ? {
          order: {
            id: req.faults.has('order-id-number') ? Number(session.orderId) : session.orderId,
            ...(req.faults.has('checkout-order-no-permalink')
              ? {}
              : { permalink_url: `${req.base}/orders/${encodeURIComponent(session.orderId)}` }),
          },
        }
      : {}),
  };
}
