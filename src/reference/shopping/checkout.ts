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
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { keptInstruments } from '../shared/payment.js';
import { CHECKOUT_SESSIONS, move, readiness, refuseCancel, refuseUpdate, startComplete } from '../shared/session.js';
import type { Missing, SessionOperation } from '../shared/session-hooks.js';
import type { Hooks } from '../shared/hooks.js';
import type { CheckoutHooks, Group, OrderHooks } from './hooks.js';
import {
  assignLineIds,
  CURRENCY,
  isReply,
  leaveOut,
  lineJson,
  parseLineItems,
  subtotalOf,
  type FulfillmentState,
  type Json,
  type ReferenceStore,
  type RequestLine,
  type SessionRecord,
  type StoreHooks,
} from './store.js';

/** Most of one item a session sells; more is cut down with a quantity_adjusted warning. */
const MAX_QUANTITY = 10;
const TAX_RATE = 0.08;
const METHOD_ID = 'fm-1';
const OPTIONS = [
  { id: 'standard', title: 'Standard', amount: 500 },
  { id: 'express', title: 'Express', amount: 1500 },
] as const;
/** How long an accepted asynchronous completion stays complete_in_progress, at least. */
const ASYNC_COMPLETION_MS = 500;
/**
 * The read of the session after the complete that finds it finished: the checker polls at 250 and
 * 750 ms, and the number of polls its verdicts quote must not depend on how loaded the machine is.
 */
const FINISHED_AT_READ = 2;

type HandlerRequest = Request<CheckoutHooks & OrderHooks>;

/** POST /checkout-sessions */
export function create(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const refusal = hooks.run('checkout.create-refusal', undefined, { req });
  if (refusal) return refusal;
  const input = parseSessionInput(req.body, req.hooks);
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
    // A session kept all the same is made from the unsellable lines, before anyone checks them.
    const leaked = hooks.run('checkout.unavailable-keeps-session', false);
    if (leaked) {
      apply(session, input, input.lines, req);
      store.sessions.set(session.id, session);
    }
    const what = 'None of the requested items can be sold';
    return hooks.run(
      'checkout.unavailable',
      businessError([unrecoverable('item_unavailable', `${what}; no checkout session was created.`)], {
        continue_url: recoveryUrl(req.base),
        ...(leaked ? { id: session.id } : {}),
      }),
      { what, leftOut: messages },
    );
  }
  messages.push(...capQuantities(kept, req));
  apply(session, input, kept, req);
  session.fulfillment ??= hooks.run('checkout.offered-fulfillment', undefined);
  store.sessions.set(session.id, session);
  return answer(store, session, req, 'create', messages, 201);
}

/** GET /checkout-sessions/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const session = find(store, req);
  if (!session) return notFound(req);
  return answer(store, session, req, 'get');
}

/** PUT /checkout-sessions/{id}: full replacement of buyer, line items and fulfillment. */
export function update(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const session = find(store, req);
  if (!session) return notFound(req);
  const refusal = hooks.run('checkout.update-refusal', undefined, { session, req });
  if (refusal) return refusal;
  const refused = refuseUpdate(
    CHECKOUT_SESSIONS,
    session,
    (extra) => sessionJson(session, req, extra),
    hooks.run('checkout.in-progress', 'error'),
  );
  if (refused)
    return session.status === 'complete_in_progress' ? hooks.run('checkout.in-progress-refusal', refused) : refused;
  // An update the in-progress hook let through is applied, and the status left as it was.
  const inProgress = session.status === 'complete_in_progress';
  const input = parseSessionInput(req.body, req.hooks);
  if (isReply(input)) return input;
  const inputRefusal = hooks.run('checkout.input-refusal', undefined, { req });
  if (inputRefusal) return inputRefusal;
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
  // A fulfillment not taken leaves the session the one it had.
  const takesFulfillment = hooks.run('checkout.takes-fulfillment', true, { session });
  // Instruments an update carries are kept only without their credentials.
  if (hooks.run('checkout.update-instruments', 'ignored') !== 'ignored' && !inProgress) {
    session.instruments = keptInstruments(req.body);
  }
  apply(session, takesFulfillment ? input : { ...input, keepFulfillment: true }, kept, req, !inProgress);
  return answer(store, session, req, 'update', messages);
}

/** POST /checkout-sessions/{id}/complete */
export function complete(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const session = find(store, req);
  if (!session) return notFound(req);
  const render = (extra: ReplyMessage[]) => sessionJson(session, req, extra);
  if (hooks.run('checkout.complete-again', false, { session })) {
    finish(store, session, req, req.platform);
    return resource(render([]));
  }
  if (session.status === 'ready_for_complete') {
    // What the business asks for, then what the payment provider refuses: the session stays ready, nothing is placed.
    const asks = hooks.run('checkout.complete-asks', [], { session });
    if (asks.length) return resource(render(asks));
    const refusal = hooks.run('checkout.payment-refusal', undefined, { session, render });
    if (refusal) return refusal;
  }
  // A business that takes an incomplete session as ready (a fault) moves it there first.
  if (session.status === 'incomplete' && !hooks.run('checkout.complete-needs-ready', true, { session: session }))
    move(CHECKOUT_SESSIONS, session, 'update', 'ready_for_complete');
  const started = startComplete(CHECKOUT_SESSIONS, session, req.body, render);
  if (isReply(started)) return started;
  // A held payment places nothing (yet); an accepted one completes at once, or a moment later.
  if (started === 'accepted') {
    const completes = hooks.run('checkout.completes', 'at-once');
    if (completes === 'later') {
      move(CHECKOUT_SESSIONS, session, 'complete', 'complete_in_progress');
      session.completion = { at: Date.now() + ASYNC_COMPLETION_MS, platform: req.platform, reads: 0 };
    } else if (completes === 'at-once') {
      finish(store, session, req, req.platform);
    }
  }
  return answer(store, session, req, 'complete');
}

/** POST /checkout-sessions/{id}/cancel */
export function cancel(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const session = find(store, req);
  if (!session) return notFound(req);
  const render = (extra: ReplyMessage[]) => sessionJson(session, req, extra);
  const refused = refuseCancel(CHECKOUT_SESSIONS, session, render);
  if (refused) return refused;
  const refusal = hooks.run('checkout.cancel-refusal', undefined, { session, render });
  if (refusal) return refusal;
  if (hooks.run('checkout.cancel-applied', true)) move(CHECKOUT_SESSIONS, session, 'cancel', 'canceled');
  return answer(store, session, req, 'cancel');
}

/** The session as an operation that went through answers it. */
function answer(
  store: ReferenceStore,
  session: SessionRecord,
  req: HandlerRequest,
  op: SessionOperation,
  messages: ReplyMessage[] = [],
  status = 200,
): Reply {
  const json = req.hooks.run('checkout.answer', sessionJson(session, req, messages), { op, session, req, store });
  return resource(json, req.hooks.run('checkout.status', status, { op, session, req }));
}

/** Places the order of an accepted payment: the session is completed. */
function finish(store: ReferenceStore, session: SessionRecord, req: HandlerRequest, platform: string): void {
  move(CHECKOUT_SESSIONS, session, session.status === 'complete_in_progress' ? 'settle' : 'complete', 'completed');
  session.completion = undefined;
  const titles = groupsOf(session, req).map((g) => optionOf(session, g.id)?.title ?? OPTIONS[0].title);
  const order = placeOrder(store, session, {
    platform,
    totals: sessionTotals(session, req),
    shipping: [...new Set(titles)].join(', '),
    currency: currencyOf(session, req),
    req,
  });
  session.orderId = order.id;
}

/** The session, with an asynchronous completion finished once its time and its read have come. */
function find(store: ReferenceStore, req: HandlerRequest): SessionRecord | undefined {
  const session = req.id === undefined ? undefined : store.sessions.get(req.id);
  const completion = session?.completion;
  if (session && completion && ++completion.reads >= FINISHED_AT_READ && completion.at <= Date.now())
    finish(store, session, req, completion.platform);
  return session;
}

/** Unknown sessions: not shown by the spec; this business answers not_found. */
const notFound = (req: HandlerRequest) =>
  req.hooks.run(
    'checkout.not-found',
    businessError([unrecoverable('not_found', `no checkout session ${req.id ?? ''}`)], {
      continue_url: recoveryUrl(req.base),
    }),
    { req },
  );

/** What a create or update request asks for, validated before anything changes. */
interface SessionInput {
  lines: RequestLine[];
  buyer?: Json;
  attribution?: Json;
  fulfillment?: FulfillmentRequest;
  /** The session keeps the fulfillment it had, whatever the request carries (checkout.takes-fulfillment). */
  keepFulfillment?: boolean;
}

interface FulfillmentRequest {
  destinations: Json[];
  selectedDestinationId?: unknown;
  /** Group id to requested option id; a group sent without an id counts as the first group. */
  selectedOptions: Record<string, unknown>;
}

function parseSessionInput(body: Json, hooks: Hooks<StoreHooks>): SessionInput | Reply {
  if (body.buyer !== undefined && !isObject(body.buyer))
    return transportError(400, 'invalid_request', 'buyer must be an object');
  const lines = parseLineItems(body.line_items, hooks);
  if (isReply(lines)) return lines;
  const fulfillment = parseFulfillment(body.fulfillment);
  if (isReply(fulfillment)) return fulfillment;
  const attribution = isObject(body.attribution) ? body.attribution : undefined;
  return { lines, buyer: body.buyer as Json | undefined, attribution, fulfillment };
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
  session.buyer = req.hooks.run('checkout.buyer-written', input.buyer, { session });
  session.attribution = input.attribution;
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
  // This business picks the first destination itself, unless it leaves the choice to the platform.
  const selects = req.hooks.run('checkout.selects-destination', true);
  const selectedDestinationId = requested ?? (selects ? ids[0] : undefined);
  const state: FulfillmentState = { destinations, selectedDestinationId, selectedOptions: {} };
  groupsOf({ ...session, fulfillment: state }, req).forEach((g, i) => {
    const asked = f.selectedOptions[g.id] ?? f.selectedOptions[`#${i}`];
    if (OPTIONS.some((o) => o.id === asked)) state.selectedOptions[g.id] = asked as string;
    else {
      const preselected = req.hooks.run('checkout.preselected-option', undefined, { options: OPTIONS });
      if (preselected !== undefined) state.selectedOptions[g.id] = preselected;
    }
  });
  return state;
}

/**
 * The fulfillment groups of a session once a destination is selected (or, `listed`, before): one
 * for all lines.
 */
function groupsOf(session: SessionRecord, req: HandlerRequest, listed = false): Group[] {
  if (!listed && !session.fulfillment?.selectedDestinationId) return [];
  return req.hooks.run('checkout.groups', [{ id: 'grp-1', lineIds: session.lines.map((l) => l.id) }], { session });
}

const optionOf = (session: SessionRecord, groupId: string) =>
  OPTIONS.find((o) => o.id === session.fulfillment?.selectedOptions[groupId]);

/** What the session still needs before it can be completed, as [path, what] pairs. */
function missing(session: SessionRecord, req: HandlerRequest): Missing[] {
  const { hooks } = req;
  const given = (path: string, held: boolean) => hooks.run('checkout.given', held, { path });
  const out: Missing[] = [];
  const email = session.buyer?.email;
  const buyer: Missing[] = given('$.buyer.email', typeof email === 'string' && email.length > 0)
    ? []
    : [['$.buyer.email', "The buyer's email is required."]];
  out.push(...hooks.run('checkout.buyer-missing', buyer, { buyer: session.buyer }));
  if (hooks.run('checkout.update-instruments', 'ignored') === 'required' && session.instruments.length === 0) {
    out.push(['$.payment.instruments', 'A payment instrument is required.']);
  }
  const f = session.fulfillment;
  if (!f || f.destinations.length === 0) {
    out.push(['$.fulfillment.methods', 'A shipping method with a destination is required.']);
  } else {
    out.push(...hooks.run('checkout.destination-missing', [], { destinations: f.destinations }));
    const selected = '$.fulfillment.methods[0].selected_destination_id';
    if (!given(selected, Boolean(f.selectedDestinationId))) out.push([selected, 'Choose a destination.']);
    groupsOf(session, req).forEach((g, i) => {
      const path = `$.fulfillment.methods[0].groups[${i}].selected_option_id`;
      if (!given(path, optionOf(session, g.id) !== undefined)) out.push([path, 'Choose a shipping option.']);
    });
  }
  return hooks.run('checkout.missing', out, { session });
}

/** Cuts quantities above the maximum; the warning's path names the line in the response. */
function capQuantities(lines: RequestLine[], req: HandlerRequest): ReplyMessage[] {
  const messages: ReplyMessage[] = [];
  const max = req.hooks.run('checkout.quantity-cap', MAX_QUANTITY);
  lines.forEach((l, index) => {
    if (l.quantity <= max) return;
    const warning: ReplyMessage = {
      type: 'warning',
      code: 'quantity_adjusted',
      content: `Quantity of ${l.variant.id} reduced from ${l.quantity} to ${max}, the most one line may hold.`,
      path: `$.line_items[${index}].quantity`,
    };
    messages.push(req.hooks.run('checkout.quantity-adjusted', warning, { index, line: l }));
    l.quantity = max;
  });
  return messages;
}

/** The totals: tax added on top (8%). */
function sessionTotals(session: SessionRecord, req: HandlerRequest): Json[] {
  const subtotal = subtotalOf(session.lines);
  const chosen = groupsOf(session, req)
    .map((g) => optionOf(session, g.id))
    .filter((o) => o !== undefined);
  const shipping = chosen.reduce((sum, o) => sum + o.amount, 0);
  const fulfillment = chosen.length
    ? [{ type: 'fulfillment', amount: shipping, display_text: chosen.map((o) => o.title).join(', ') }]
    : [];
  const tax = Math.round(subtotal * TAX_RATE);
  const discount = req.hooks.run('checkout.discount', 0);
  return req.hooks.run(
    'checkout.totals',
    [
      { type: 'subtotal', amount: subtotal },
      ...fulfillment,
      { type: 'tax', amount: tax },
      ...(discount ? [{ type: 'discount', amount: discount, display_text: 'Welcome offer' }] : []),
      { type: 'total', amount: subtotal + tax + shipping - discount },
    ],
    { subtotal, shipping, fulfillment, taxRate: TAX_RATE },
  );
}

const currencyOf = (session: SessionRecord, req: HandlerRequest) =>
  req.hooks.run('checkout.currency', CURRENCY, { session });

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
    method.groups = req.hooks.run(
      'checkout.groups-json',
      groups.map((g) => ({
        id: g.id,
        line_item_ids: g.lineIds,
        options: OPTIONS.map((o) => ({ id: o.id, title: o.title, totals: [{ type: 'total', amount: o.amount }] })),
        ...(f.selectedOptions[g.id] ? { selected_option_id: f.selectedOptions[g.id] } : {}),
      })),
    );
  } else if (req.hooks.run('checkout.lists-groups-early', false) && f.destinations.length > 0) {
    // Groups listed before a destination is chosen have nothing to choose yet.
    method.groups = groupsOf(session, req, true).map((g) => ({ id: g.id, line_item_ids: g.lineIds, options: [] }));
  }
  return { methods: [method] };
}

function sessionJson(session: SessionRecord, req: HandlerRequest, extra: ReplyMessage[]): Json {
  const { hooks } = req;
  const missingMessages =
    session.status === 'incomplete'
      ? hooks.run(
          'checkout.missing-messages',
          missing(session, req).map(([path, content]) =>
            hooks.run('checkout.missing-message', recoverable('missing', content, path)),
          ),
        )
      : [];
  return hooks.run(
    'checkout.json',
    {
      id: session.id,
      status: hooks.run('checkout.status-shown', session.status, { status: session.status }),
      currency: currencyOf(session, req),
      line_items: session.lines.map(lineJson),
      ...(session.buyer ? { buyer: session.buyer } : {}),
      ...(session.attribution ? { attribution: session.attribution } : {}),
      totals: sessionTotals(session, req),
      links: [{ type: 'terms_of_service', url: `${req.base}/terms` }],
      ...(session.fulfillment ? { fulfillment: fulfillmentJson(session, session.fulfillment, req) } : {}),
      payment: { instruments: session.instruments },
      messages: [...missingMessages, ...extra],
      continue_url: `${req.base}/checkout/${encodeURIComponent(session.id)}`,
      ...(session.orderId
        ? { order: { id: session.orderId, permalink_url: `${req.base}/orders/${encodeURIComponent(session.orderId)}` } }
        : {}),
    },
    { session },
  );
}
