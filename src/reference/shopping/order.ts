/** The order capability of the reference business (Document 1 §Order, §Order resource). */
import {
  businessError,
  resource,
  unrecoverable,
  type HandlerRequest as Request,
  type Reply,
} from '../shared/replies.js';
import type { OrderHooks } from './hooks.js';
import { lineJson, type Json, type OrderRecord, type ReferenceStore, type SessionRecord } from './store.js';

type HandlerRequest = Request<OrderHooks>;

/** What a completed checkout settled, for the order it places. */
interface Settled {
  /** The profile URL of the platform that completed the checkout: the only reader. */
  platform: string;
  totals: Json[];
  /** Title of the shipping option chosen. */
  shipping: string;
  currency: string;
  req: HandlerRequest;
}

/** Places the order of a session that completed; only `platform` may read it. */
export function placeOrder(
  store: ReferenceStore,
  session: SessionRecord,
  { platform, totals, shipping, currency, req }: Settled,
): OrderRecord {
  const f = session.fulfillment;
  const chosen = f?.destinations.find((d) => d.id === f.selectedDestinationId);
  let destination: Json | undefined;
  if (chosen) {
    const { id: _id, type: _type, ...address } = chosen;
    destination = address;
  }
  const order: OrderRecord = {
    id: req.hooks.run('order.id', store.newId('ord'), { store, session }),
    checkoutId: session.id,
    ...(session.attribution ? { attribution: structuredClone(session.attribution) } : {}),
    platform,
    lines: session.lines.map((l) => ({ ...l })),
    destination,
    shipping,
    currency,
    totals: totals.map((t) => ({ ...t })),
    placedAt: performance.now(),
  };
  store.orders.set(order.id, order);
  return order;
}

/** GET /orders/{id} */
export function get(store: ReferenceStore, req: HandlerRequest): Reply {
  const { hooks } = req;
  const asked = req.id === undefined ? undefined : store.orders.get(req.id);
  const order = hooks.run('order.found', asked, { store });
  if (!order)
    return hooks.run('order.not-found', businessError([unrecoverable('not_found', `no order ${req.id ?? ''}`)]), {
      req,
    });
  // Who may read an order is this business's policy: the platform that placed it.
  const foreign = !hooks.run('order.readable', order.platform === req.platform, { order, req });
  const refusal = foreign
    ? hooks.run(
        'order.foreign-refusal',
        businessError([unrecoverable('unauthorized', 'This order belongs to another platform.')]),
      )
    : undefined;
  if (refusal) return refusal;
  const json: Json = {
    id: order.id,
    checkout_id: order.checkoutId,
    permalink_url: `${req.base}/orders/${encodeURIComponent(order.id)}`,
    line_items: order.lines.map((l) => ({ ...lineJson(l), quantity: { total: l.quantity, fulfilled: 0 } })),
    fulfillment: {
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
    currency: order.currency,
    totals: order.totals,
    ...(order.attribution ? { attribution: order.attribution } : {}),
  };
  return resource(hooks.run('order.json', json, { order }), hooks.run('order.status', 200, { foreign }));
}
