/** The cart capability of the reference business (Document 1 §Cart, §Cart resource). */
import { isObject } from '../../dialect/dialect.js';
import {
  asRecoverableErrors,
  businessError,
  recoveryUrl,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import type { CartHooks, CartOperation, ReplaceLines } from './hooks.js';
import {
  assignLineIds,
  CURRENCY,
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

type HandlerRequest = Request<CartHooks>;

/** POST /carts */
export function create(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const problem = optionalMembers(req.body);
  if (problem) return problem;
  const parsed = parseLineItems(req.body.line_items, req.hooks);
  if (isReply(parsed)) return parsed;
  const { kept, messages } = leaveOut(
    parsed,
    (l) => l.variant.available,
    'out_of_stock',
    'is out of stock and was not added',
  );
  if (kept.length === 0) {
    const refusal = hooks.run(
      'cart.out-of-stock',
      businessError([unrecoverable('out_of_stock', 'Every requested item is out of stock; no cart was created.')], {
        continue_url: recoveryUrl(req.base),
      }),
      { req },
    );
    if (refusal) return refusal;
  }
  const cart: CartRecord = {
    id: hooks.run('cart.id', store.newId('cart'), { store }),
    lines: [],
    expiresAt: Date.now() + CART_TTL_MS,
    nextLine: 1,
  };
  // A cart of nothing but out-of-stock items that the hook let through is made of those items.
  const unchecked = kept.length === 0;
  cart.lines = assignLineIds(unchecked ? parsed : kept, [], () => `li_${cart.nextLine++}`);
  if (isObject(req.body.buyer)) cart.buyer = req.body.buyer;
  if (isObject(req.body.context)) cart.context = req.body.context;
  store.carts.set(cart.id, cart);
  return answer(cart, req, 'create', unchecked ? [] : messages, 201);
}

/** GET /carts/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) return notFound(req, 'get');
  return answer(cart, req, 'get', [], 200);
}

/** PUT /carts/{id}: the line items are replaced in full; buyer and context when given. */
export function update(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) return notFound(req, 'update');
  if (cart.canceled)
    return resource(cartJson(cart, req, [unrecoverable('invalid_state', 'The cart was canceled and cannot change.')]));
  const problem = optionalMembers(req.body);
  if (problem) return problem;
  const parsed = parseLineItems(req.body.line_items, req.hooks);
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
  cart.lines = req.hooks.run('cart.replace-lines', replaceLines)(kept, cart, next);
  if (isObject(req.body.buyer)) cart.buyer = req.body.buyer;
  if (isObject(req.body.context)) cart.context = req.body.context;
  cart.expiresAt = Date.now() + CART_TTL_MS;
  return answer(cart, req, 'update', messages, 200);
}

/**
 * POST /carts/{id}/cancel: answers the cart; afterwards it is gone (reads give not_found), or,
 * with cart-readable-after-cancel, it stays readable but can no longer change.
 */
export function cancel(store: ReferenceStore, req: HandlerRequest): Reply {
  const cart = find(store, req.id);
  if (!cart) return notFound(req, 'cancel');
  const refusal = req.hooks.run('cart.cancel-refusal', undefined, { req });
  if (refusal) return refusal;
  if (req.hooks.run('cart.readable-after-cancel', false)) cart.canceled = true;
  else store.carts.delete(cart.id);
  return answer(cart, req, 'cancel', [], 200);
}

/** Document 1 §Cart: "Replaced in full on update". */
const replaceLines: ReplaceLines = (kept, cart, next) => assignLineIds(kept, cart.lines, next);

/** The cart as an operation answers it. */
function answer(cart: CartRecord, req: HandlerRequest, op: CartOperation, messages: ReplyMessage[], status: number) {
  const json = req.hooks.run('cart.json', cartJson(cart, req, messages), { cart, op });
  return resource(json, req.hooks.run('cart.status', status, { op }));
}

function find(store: ReferenceStore, id: string | undefined): CartRecord | undefined {
  const cart = id === undefined ? undefined : store.carts.get(id);
  if (cart && cart.expiresAt <= Date.now()) {
    store.carts.delete(cart.id);
    return undefined;
  }
  return cart;
}

const notFound = (req: HandlerRequest, op: CartOperation) =>
  req.hooks.run(
    'cart.not-found',
    businessError([unrecoverable('not_found', `no cart ${req.id ?? ''}`)], { continue_url: recoveryUrl(req.base) }),
    { req, op },
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
  return {
    id: cart.id,
    line_items: cart.lines.map(lineJson),
    ...(cart.buyer ? { buyer: cart.buyer } : {}),
    ...(cart.context ? { context: cart.context } : {}),
    currency: CURRENCY,
    totals: req.hooks.run(
      'cart.totals',
      [
        { type: 'subtotal', amount: subtotal },
        { type: 'total', amount: subtotal },
      ],
      { subtotal },
    ),
    ...(messages.length ? { messages } : {}),
    continue_url: `${req.base}/carts/${cart.id}`,
    expires_at: new Date(cart.expiresAt).toISOString(),
  };
}
