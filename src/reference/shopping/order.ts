/** The order capability of the reference business (Document 1 §Order, §Order resource). */
import {
  businessError,
  resource,
  transportError,
  unrecoverable,
  type HandlerRequest,
  type Reply,
} from '../shared/replies.js';
import {
  lineJson,
  sessionCurrency,
  type Json,
  type OrderRecord,
  type ReferenceStore,
  type SessionRecord,
} from './store.js';

/** Places the order of a session that completed; only `platform` may read it. */
export function placeOrder(
  store: ReferenceStore,
  session: SessionRecord,
  platform: string,
  totals: Json[],
  shipping: string,
  req: HandlerRequest,
): OrderRecord {
  const f = session.fulfillment;
  const chosen = f?.destinations.find((d) => d.id === f.selectedDestinationId);
  let destination: Json | undefined;
  if (chosen) {
    const { id: _id, type: _type, ...address } = chosen;
    destination = address;
  }
  const order: OrderRecord = {
    // order-id-is-checkout-id: one checkout places one order, so its id serves for both.
    id: req.faults.has('order-id-number')
      ? String(nextOrderNumber(store))
      : req.variations.has('order-id-is-checkout-id')
        ? session.id
        : store.newId('ord'),
    checkoutId: session.id,
    platform,
    lines: session.lines.map((l) => ({ ...l })),
    destination,
    shipping,
    currency: sessionCurrency(session, req.variations),
    totals: totals.map((t) => ({ ...t })),
  };
  store.orders.set(order.id, order);
  return order;
}

/** order-id-number: orders numbered in sequence, one count per business, as a database would. */
const orderNumbers = new WeakMap<ReferenceStore, number>();
function nextOrderNumber(store: ReferenceStore): number {
  const n = (orderNumbers.get(store) ?? 5000) + 1;
  orderNumbers.set(store, n);
  return n;
}

/** GET /orders/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const { faults } = req;
  const asked = req.id === undefined ? undefined : store.orders.get(req.id);
  // The faulty business answers the platform's first order, whichever was asked for.
  const order =
    asked && faults.has('order-get-returns-first-order')
      ? [...store.orders.values()].find((o) => o.platform === asked.platform)
      : asked;
  if (!order) {
    if (faults.has('order-not-found-404')) return transportError(404, 'not_found', `no order ${req.id ?? ''}`);
    if (faults.has('order-not-found-422')) return transportError(422, 'not_found', `no order ${req.id ?? ''}`);
    return businessError([unrecoverable('not_found', `no order ${req.id ?? ''}`)]);
  }
  // Who may read an order is this business's policy: the platform that placed it, or any (a variation).
  const foreign = order.platform !== req.platform && !req.variations.has('order-readable-by-any-platform');
  if (foreign && !faults.has('order-foreign-read-403-with-order')) {
    if (faults.has('order-foreign-read-403'))
      return transportError(403, 'forbidden', 'This order belongs to another platform.');
    return businessError([unrecoverable('unauthorized', 'This order belongs to another platform.')]);
  }
  const json: Json = {
    // order-id-number: the id written as a JSON number; paths still carry its digits.
    id: faults.has('order-id-number') ? Number(order.id) : order.id,
    checkout_id: faults.has('order-checkout-id-wrong') ? order.id : order.checkoutId,
    permalink_url: `${req.base}/orders/${encodeURIComponent(order.id)}`,
    line_items: order.lines.map((l) => {
      const line = lineJson(l);
      const item = req.variations.has('order-line-price-object')
        ? { ...(line.item as Json), price: { amount: l.variant.price, currency: order.currency } }
        : line.item;
      return { ...line, item, quantity: { total: l.quantity, fulfilled: 0 } };
    }),
    fulfillment: req.variations.has('order-fulfillment-pending')
      ? {}
      : {
          expectations: [
            {
              id: 'exp-1',
              line_items: order.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
              method_type: 'shipping',
              ...(order.destination ? { destination: order.destination } : {}),
              description: `${order.shipping} shipping`,
            },
          ],
          events: [],
        },
    currency: faults.has('order-currency-differs') ? 'EUR' : order.currency,
    totals: order.totals,
  };
  if (faults.has('order-no-fulfillment')) delete json.fulfillment;
  if (faults.has('order-expectations-not-array') && json.fulfillment) {
    const f = json.fulfillment as Json;
    if (Array.isArray(f.expectations)) f.expectations = f.expectations[0];
  }
  // order-foreign-read-403-with-order: the refusal's status is set, and the order sent all the same.
  if (foreign) return resource(json, 403);
  return resource(json, faults.has('order-get-202') ? 202 : 200);
}
