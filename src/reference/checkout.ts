/** The checkout capability of the reference business (Document 1 §Checkout, §Checkout resource, §States and transitions). */
import { isObject } from '../dialect/dialect.js';
import { placeOrder } from './order.js';
import { authorize } from './payment.js';
import { PAYMENT_HANDLER_ID } from './profile.js';
import {
  asRecoverableErrors, businessError, recoverable, recoveryUrl, resource, transportError, unrecoverable,
  type HandlerRequest, type Reply, type ReplyMessage,
} from './replies.js';
import {
  assignLineIds, CURRENCY, isReply, leaveOut, lineJson, parseLineItems, subtotalOf,
  type FulfillmentState, type Json, type ReferenceStore, type RequestLine, type SessionRecord,
} from './store.js';

/** Most of one item a session sells; more is cut down with a quantity_adjusted warning. */
const MAX_QUANTITY = 10;
const TAX_RATE = 0.08;
const METHOD_ID = 'fm-1';
const GROUP_ID = 'grp-1';
const OPTIONS = [
  { id: 'standard', title: 'Standard', amount: 500 },
  { id: 'express', title: 'Express', amount: 1500 },
] as const;


/** POST /checkout-sessions */
export function create(store: ReferenceStore, req: HandlerRequest): Reply {
  const { faults } = req;
  const input = parseSessionInput(req.body);
  if (isReply(input)) return input;
  const { kept, messages } = leaveOut(input.lines, (l) => !l.product.unavailable && l.variant.available, 'item_unavailable', 'cannot be sold and was left out');
  if (kept.length === 0) {
    return businessError(
      [unrecoverable('item_unavailable', 'None of the requested items can be sold; no checkout session was created.')],
      faults.has('checkout-unavailable-no-continue-url') ? undefined : { continue_url: recoveryUrl(req.base) },
    );
  }
  messages.push(...capQuantities(kept, req));
  const session: SessionRecord = {
    id: store.newId('chk'),
    status: 'incomplete',
    lines: [],
    instruments: [],
    nextLine: 1,
    nextDestination: 1,
    issuedDestinations: new Set(),
  };
  apply(session, input, kept, req);
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
  const refused = refuseChange(session, req, 'updated');
  if (refused) return refused;
  const inProgress = session.status === 'complete_in_progress';
  if (inProgress && !req.faults.has('checkout-update-during-completion')) {
    return resource(sessionJson(session, req, [
      recoverable('complete_in_progress', 'Completion is in progress; the session was left unchanged.'),
    ]));
  }
  const input = parseSessionInput(req.body);
  if (isReply(input)) return input;
  const { kept, messages } = leaveOut(input.lines, (l) => !l.product.unavailable && l.variant.available, 'item_unavailable', 'cannot be sold and was left out');
  if (kept.length === 0) {
    // Open in the spec: an update whose items are all unavailable leaves the session as it was.
    return resource(sessionJson(session, req, asRecoverableErrors(messages)));
  }
  messages.push(...capQuantities(kept, req));
  apply(session, input, kept, req, !inProgress);
  return resource(sessionJson(session, req, messages));
}

/** POST /checkout-sessions/{id}/complete */
export function complete(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  const refused = refuseChange(session, req, 'completed');
  if (refused) return refused;
  if (session.status === 'complete_in_progress') {
    return resource(sessionJson(session, req, [
      recoverable('complete_in_progress', 'Completion is already in progress.'),
    ]));
  }
  const payment = req.body.payment;
  if (!isObject(payment) || !Array.isArray(payment.instruments) || payment.instruments.length === 0
    || !payment.instruments.every(isObject)) {
    return transportError(400, 'invalid_request', 'payment.instruments is required: a non-empty array of payment instruments');
  }
  if (session.status !== 'ready_for_complete') {
    return resource(sessionJson(session, req, [
      recoverable('not_ready', 'The session is not ready for completion; see the missing messages.'),
    ]));
  }
  const instruments = payment.instruments as Json[];
  const index = Math.max(0, instruments.findIndex((i) => i.selected === true));
  const instrument = instruments[index];
  if (instrument.handler_id !== PAYMENT_HANDLER_ID) {
    return resource(sessionJson(session, req, [
      recoverable('invalid_handler', `handler_id must name a handler of this business (${PAYMENT_HANDLER_ID})`,
        `$.payment.instruments[${index}].handler_id`),
    ]));
  }
  const credential = isObject(instrument.credential) ? instrument.credential : {};
  const outcome = authorize(credential.token);
  if (outcome === 'decline') {
    return resource(sessionJson(session, req, [
      recoverable('payment_declined', 'The payment was declined; try another instrument.', `$.payment.instruments[${index}]`),
    ]));
  }
  // Credentials are secrets: never stored, never echoed.
  session.instruments = instruments.map(({ credential: _secret, ...rest }) => rest);
  if (outcome === 'hold') {
    session.status = 'complete_in_progress';
  } else {
    session.status = 'completed';
    const option = OPTIONS.find((o) => o.id === session.fulfillment?.selectedOptionId) ?? OPTIONS[0];
    const order = placeOrder(store, session, req.platform, sessionTotals(session, req), option.title);
    session.orderId = order.id;
  }
  return resource(sessionJson(session, req, []));
}

/** POST /checkout-sessions/{id}/cancel */
export function cancel(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  const refused = refuseChange(session, req, 'canceled');
  if (refused) return refused;
  if (session.status === 'complete_in_progress') {
    return resource(sessionJson(session, req, [
      recoverable('complete_in_progress', 'Completion is in progress; the session cannot be canceled now.'),
    ]));
  }
  session.status = 'canceled';
  return resource(sessionJson(session, req, []));
}

const find = (store: ReferenceStore, req: HandlerRequest) => (req.id === undefined ? undefined : store.sessions.get(req.id));

const notFound = (req: HandlerRequest) =>
  businessError([unrecoverable('not_found', `no checkout session ${req.id ?? ''}`)], { continue_url: recoveryUrl(req.base) });

/**
 * A completed or canceled session is final. The spec leaves update, complete and cancel of one
 * open; this business answers the session unchanged with an unrecoverable invalid_state error.
 */
function refuseChange(session: SessionRecord, req: HandlerRequest, verb: string): Reply | undefined {
  if (session.status !== 'completed' && session.status !== 'canceled') return undefined;
  return resource(sessionJson(session, req, [
    unrecoverable('invalid_state', `The session is ${session.status} and cannot be ${verb}.`),
  ]));
}

/** What a create or update request asks for, validated before anything changes. */
interface SessionInput {
  lines: RequestLine[];
  buyer?: Json;
  fulfillment?: FulfillmentRequest;
}

interface FulfillmentRequest {
  destinations: Json[];
  selectedDestinationId?: unknown;
  selectedOptionId?: unknown;
}

function parseSessionInput(body: Json): SessionInput | Reply {
  if (body.buyer !== undefined && !isObject(body.buyer)) return transportError(400, 'invalid_request', 'buyer must be an object');
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
  if (!Array.isArray(value.methods)) return transportError(400, 'invalid_request', 'fulfillment.methods must be an array');
  if (value.methods.length === 0) return undefined;
  const method = value.methods[0];
  if (!isObject(method)) return transportError(400, 'invalid_request', 'fulfillment.methods[0] must be an object');
  if (method.type !== undefined && method.type !== 'shipping') {
    return transportError(400, 'invalid_request', `fulfillment.methods[0].type ${String(method.type)} is not offered; this business ships`);
  }
  const destinations = method.destinations ?? [];
  if (!Array.isArray(destinations) || !destinations.every(isObject)) {
    return transportError(400, 'invalid_request', 'fulfillment.methods[0].destinations must be an array of postal addresses');
  }
  const groups = method.groups ?? [];
  if (!Array.isArray(groups) || !groups.every(isObject)) {
    return transportError(400, 'invalid_request', 'fulfillment.methods[0].groups must be an array of groups');
  }
  const group = (groups as Json[]).find((g) => g.id === GROUP_ID) ?? (groups as Json[])[0];
  return {
    destinations: destinations as Json[],
    selectedDestinationId: method.selected_destination_id,
    selectedOptionId: group?.selected_option_id,
  };
}

/** Writes a validated input into the session (full replacement) and recomputes its status. */
function apply(session: SessionRecord, input: SessionInput, lines: RequestLine[], req: HandlerRequest, recompute = true): void {
  session.lines = assignLineIds(lines, session.lines, () => `li_${session.nextLine++}`);
  session.buyer = input.buyer;
  session.fulfillment = input.fulfillment && fulfillmentState(session, input.fulfillment);
  if (!recompute) return;
  session.status = missing(session, req).length === 0 ? 'ready_for_complete' : 'incomplete';
}

function fulfillmentState(session: SessionRecord, req: FulfillmentRequest): FulfillmentState {
  const used = new Set<string>();
  const destinations = req.destinations.map((d) => {
    const { id: requested, type: _type, ...address } = d;
    const keep = typeof requested === 'string' && session.issuedDestinations.has(requested) && !used.has(requested);
    const id = keep ? requested : `dest-${session.nextDestination++}`;
    used.add(id);
    session.issuedDestinations.add(id);
    return { id, type: 'shipping_address', ...address };
  });
  const ids = destinations.map((d) => d.id);
  const selectedDestinationId = typeof req.selectedDestinationId === 'string' && ids.includes(req.selectedDestinationId)
    ? req.selectedDestinationId : ids[0];
  const selectedOptionId = destinations.length > 0 && OPTIONS.some((o) => o.id === req.selectedOptionId)
    ? req.selectedOptionId as string : undefined;
  return { destinations, selectedDestinationId, selectedOptionId };
}

/**
 * What the session still needs before it can be completed, as [path, what] pairs. With
 * checkout-never-ready the option choice is never registered, so the session stays incomplete
 * and, being incomplete, still names something missing.
 */
function missing(session: SessionRecord, req: HandlerRequest): [string, string][] {
  const out: [string, string][] = [];
  const email = session.buyer?.email;
  if (typeof email !== 'string' || email.length === 0) out.push(['$.buyer.email', 'The buyer\'s email is required.']);
  const f = session.fulfillment;
  if (!f || f.destinations.length === 0) {
    out.push(['$.fulfillment.methods', 'A shipping method with a destination is required.']);
  } else if (!f.selectedOptionId || req.faults.has('checkout-never-ready')) {
    out.push(['$.fulfillment.methods[0].groups[0].selected_option_id', 'Choose a shipping option.']);
  }
  return out;
}

/** The status as sent. */
function displayedStatus(session: SessionRecord, req: HandlerRequest): string {
  if (session.status === 'canceled' && req.faults.has('checkout-cancelled-spelling')) return 'cancelled';
  return session.status;
}

/** Cuts quantities above the maximum; the warning's path names the line in the response. */
function capQuantities(lines: RequestLine[], req: HandlerRequest): ReplyMessage[] {
  const messages: ReplyMessage[] = [];
  lines.forEach((l, i) => {
    if (l.quantity <= MAX_QUANTITY) return;
    messages.push({
      type: 'warning',
      code: 'quantity_adjusted',
      content: `Quantity of ${l.variant.id} reduced from ${l.quantity} to ${MAX_QUANTITY}, the most one order may hold.`,
      ...(req.faults.has('checkout-quantity-adjusted-no-path') ? {} : { path: `$.line_items[${i}].quantity` }),
    });
    l.quantity = MAX_QUANTITY;
  });
  return messages;
}

export function sessionTotals(session: SessionRecord, req: HandlerRequest): Json[] {
  const subtotal = subtotalOf(session.lines);
  const option = OPTIONS.find((o) => o.id === session.fulfillment?.selectedOptionId);
  const shipping = option?.amount ?? 0;
  const tax = Math.round(subtotal * TAX_RATE);
  // checkout-totals-stale: the fulfillment entry appears, but total is what it was before.
  const total = subtotal + tax + (req.faults.has('checkout-totals-stale') ? 0 : shipping);
  return [
    { type: 'subtotal', amount: subtotal },
    ...(option ? [{ type: 'fulfillment', amount: shipping, display_text: option.title }] : []),
    { type: 'tax', amount: tax },
    { type: 'total', amount: total },
  ];
}

function fulfillmentJson(session: SessionRecord, f: FulfillmentState): Json {
  const lineIds = session.lines.map((l) => l.id);
  const method: Json = {
    id: METHOD_ID,
    type: 'shipping',
    line_item_ids: lineIds,
    destinations: f.destinations,
    ...(f.selectedDestinationId ? { selected_destination_id: f.selectedDestinationId } : {}),
  };
  if (f.destinations.length > 0) {
    method.groups = [{
      id: GROUP_ID,
      line_item_ids: lineIds,
      options: OPTIONS.map((o) => ({ id: o.id, title: o.title, totals: [{ type: 'total', amount: o.amount }] })),
      ...(f.selectedOptionId ? { selected_option_id: f.selectedOptionId } : {}),
    }];
  }
  return { methods: [method] };
}

function sessionJson(session: SessionRecord, req: HandlerRequest, extra: ReplyMessage[]): Json {
  const status = displayedStatus(session, req);
  const withoutPath = req.faults.has('checkout-missing-without-path');
  const missingMessages = status === 'incomplete'
    ? missing(session, req).map(([path, content]) => recoverable('missing', content, withoutPath ? undefined : path)) : [];
  return {
    id: session.id,
    status,
    currency: CURRENCY,
    line_items: session.lines.map(lineJson),
    ...(session.buyer ? { buyer: session.buyer } : {}),
    totals: sessionTotals(session, req),
    links: [{ type: 'terms_of_service', url: `${req.base}/terms` }],
    ...(session.fulfillment ? { fulfillment: fulfillmentJson(session, session.fulfillment) } : {}),
    payment: { instruments: session.instruments },
    messages: [...missingMessages, ...extra],
    continue_url: `${req.base}/checkout/${session.id}`,
    ...(session.orderId && !req.faults.has('checkout-complete-no-order')
      ? { order: { id: session.orderId, permalink_url: `${req.base}/orders/${session.orderId}` } } : {}),
  };
}
