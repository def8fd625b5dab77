/** The cart capability of the reference business (Document 1 §Cart, §Cart resource). */
import { isObject } from '../../dialect/dialect.js';
import {
  asRecoverableErrors,
  businessError,
  recoveryUrl,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import {
  assignLineIds,
  CURRENCY,
  DISCOUNT,
  isReply,
  leaveOut,
  lineJson,
  parseLineItems,
  subtotalOf,
  type CartRecord,
  type Json,
  type ReferenceStore,
} from './store.js';

/** Carts expire a day after their last change; the spec leaves the duration open. */
const CART_TTL_MS = 24 * 60 * 60 * 1000;

/** POST /carts */
export function create(store: ReferenceStore, req: HandlerRequest): Reply {
  const { faults } = req;
  const problem = optionalMembers(req.body);
  if (problem) return problem;
  const parsed = parseLineItems(req.body.line_items);
  if (isReply(parsed)) return parsed;
  const { kept, messages } = leaveOut(
    parsed,
    (l) => l.variant.available,
    'out_of_stock',
    'is out of stock and was not added',
  );
  if (kept.length === 0 && !faults.has('cart-out-of-stock-creates-cart')) {
    return businessError(
      [unrecoverable('out_of_stock', 'Every requested item is out of stock; no cart was created.')],
      faults.has('cart-out-of-stock-no-continue-url') ? undefined : { continue_url: recoveryUrl(req.base) },
    );
  }
  const cart: CartRecord = {
    id: faults.has('cart-id-number') ? String(nextCartNumber(store)) : store.newId('cart'),
    lines: [],
    expiresAt: Date.now() + CART_TTL_MS,
    nextLine: 1,
  };
  // With the fault, a cart of nothing but out-of-stock items is created with those items, as if
  // stock were never checked.
  const unchecked = kept.length === 0;
  cart.lines = assignLineIds(unchecked ? parsed : kept, [], () => `li_${cart.nextLine++}`);
  if (isObject(req.body.buyer)) cart.buyer = req.body.buyer;
  if (isObject(req.body.context)) cart.context = req.body.context;
  store.carts.set(cart.id, cart);
  return resource(cartJson(cart, req, unchecked ? [] : messages), faults.has('cart-create-200') ? 200 : 201);
}

/** GET /carts/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) {
    if (req.faults.has('cart-not-found-404')) return transportError(404, 'not_found', `no cart ${req.id}`);
    if (req.faults.has('cart-not-found-424')) return transportError(424, 'not_found', `no cart ${req.id}`);
    return notFound(req);
  }
  const json = cartJson(cart, req, []);
  if (req.faults.has('cart-get-empty')) json.line_items = [];
  // cart-get-null-line: a removed line is left in the list as null.
  if (req.faults.has('cart-get-null-line')) json.line_items = [...(json.line_items as Json[]), null];
  // cart-get-lines-by-id: the lines are sent as an object keyed by line id, not as an array.
  if (req.faults.has('cart-get-lines-by-id'))
    json.line_items = Object.fromEntries((json.line_items as Json[]).map((l) => [String(l.id), l]));
  if (req.faults.has('cart-echoes-id-uppercased')) json.id = cart.id.toUpperCase();
  return resource(json, req.faults.has('cart-reads-203') ? 203 : 200);
}

/** PUT /carts/{id}: the line items are replaced in full; buyer and context when given. */
export function update(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) return notFound(req);
  if (cart.canceled)
    return resource(cartJson(cart, req, [unrecoverable('invalid_state', 'The cart was canceled and cannot change.')]));
  const problem = optionalMembers(req.body);
  if (problem) return problem;
  const parsed = parseLineItems(req.body.line_items);
  if (isReply(parsed)) return parsed;
  const { kept, messages } = leaveOut(
    parsed,
    (l) => l.variant.available,
    'out_of_stock',
    'is out of stock and was not added',
  );
  if (kept.length === 0) {
    // Open in the spec: an update of nothing but out-of-stock items leaves the cart as it was.
    const errors = asRecoverableErrors(messages);
    return resource(cartJson(cart, req, errors));
  }
  const next = () => `li_${cart.nextLine++}`;
  if (req.faults.has('cart-update-merges')) {
    const replaced = assignLineIds(kept, cart.lines, next);
    const touched = new Set(replaced.map((l) => l.id));
    cart.lines = [...cart.lines.filter((l) => !touched.has(l.id)), ...replaced];
  } else if (req.faults.has('cart-update-keeps-last-line')) {
    // As many lines as asked for, but the cart's own last ones, not the ones sent.
    cart.lines = cart.lines.slice(-kept.length);
  } else {
    cart.lines = assignLineIds(kept, cart.lines, next);
  }
  if (isObject(req.body.buyer)) cart.buyer = req.body.buyer;
  if (isObject(req.body.context)) cart.context = req.body.context;
  cart.expiresAt = Date.now() + CART_TTL_MS;
  return resource(cartJson(cart, req, messages), req.faults.has('cart-writes-202') ? 202 : 200);
}

/**
 * POST /carts/{id}/cancel: answers the cart; afterwards it is gone (reads give not_found), or,
 * with cart-readable-after-cancel, it stays readable but can no longer change.
 */
export function cancel(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) return notFound(req);
  if (req.faults.has('cart-cancel-needs-reason') && typeof req.body.reason !== 'string') {
    return transportError(400, 'invalid_request', 'reason is required to cancel a cart');
  }
  if (req.variations.has('cart-readable-after-cancel')) cart.canceled = true;
  else store.carts.delete(cart.id);
  const json = cartJson(cart, req, []);
  if (req.faults.has('cart-echoes-id-uppercased')) json.id = cart.id.toUpperCase();
  return resource(json, req.faults.has('cart-writes-202') ? 202 : 200);
}

/** cart-id-number: carts numbered in sequence, one count per business, as a database would. */
const cartNumbers = new WeakMap<ReferenceStore, number>();
function nextCartNumber(store: ReferenceStore): number {
  const n = (cartNumbers.get(store) ?? 1000) + 1;
  cartNumbers.set(store, n);
  return n;
}

function find(store: ReferenceStore, id: string | undefined): CartRecord | undefined {
  const cart = id === undefined ? undefined : store.carts.get(id);
  if (cart && cart.expiresAt <= Date.now()) {
    store.carts.delete(cart.id);
    return undefined;
  }
  return cart;
}

const notFound = (req: HandlerRequest) =>
  businessError(
    [unrecoverable('not_found', `no cart ${req.id ?? ''}`)],
    // cart-not-found-empty-continue-url: the member is there, but names no URL.
    req.faults.has('cart-not-found-no-continue-url')
      ? {}
      : { continue_url: req.faults.has('cart-not-found-empty-continue-url') ? '' : recoveryUrl(req.base) },
  );

function optionalMembers(body: Json): Reply | undefined {
  for (const key of ['buyer', 'context'] as const) {
    if (body[key] !== undefined && !isObject(body[key]))
      return transportError(400, 'invalid_request', `${key} must be an object`);
  }
  return undefined;
}

function cartJson(cart: CartRecord, req: HandlerRequest, messages: ReplyMessage[]): Json {
  const subtotal = subtotalOf(cart.lines);
  const lines = req.variations.has('cart-lines-reordered')
    ? [...cart.lines].sort((a, b) => b.variant.id.localeCompare(a.variant.id))
    : cart.lines;
  const json: Json = {
    // cart-id-number: the id written as a JSON number; paths still carry its digits.
    id: req.faults.has('cart-id-number') ? Number(cart.id) : cart.id,
    line_items: lines.map(lineJson),
    ...(cart.buyer ? { buyer: cart.buyer } : {}),
    ...(cart.context ? { context: cart.context } : {}),
    currency: CURRENCY,
    totals: req.variations.has('cart-partial-totals')
      ? [{ type: 'subtotal', amount: subtotal }]
      : req.variations.has('totals-with-discount')
        ? [
            { type: 'subtotal', amount: subtotal },
            { type: 'discount', amount: DISCOUNT },
            { type: 'total', amount: subtotal - DISCOUNT },
          ]
        : [
            { type: 'subtotal', amount: subtotal },
            { type: 'total', amount: subtotal },
          ],
    ...(messages.length ? { messages } : {}),
    continue_url: `${req.base}/carts/${cart.id}`,
    expires_at: new Date(cart.expiresAt).toISOString(),
  };
  if (req.faults.has('cart-no-currency')) delete json.currency;
  return json;
}
