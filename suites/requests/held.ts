import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { createBooking } from '../shared/booking-flow.js';
import { createCheckout, lineItems, purchasableItems, resourceOf } from '../shared/checkout-flow.js';

/** A resource the scenario made for its probes to act on: its id, the answer that made it, the items it holds. */
export interface Held {
  id: string;
  x: Exchange;
  items: string[];
}

/**
 * The real resource an operation on `{id}` is probed on (a cart, a checkout or booking session),
 * made when first asked for and made again once a served probe used it up (a cancel, a complete).
 * None when the run cannot make one (no items, no stays, a refused create): the probe then names
 * an id the business never issued.
 */
export interface HeldResource {
  get(): Promise<Held | undefined>;
  /** A served probe used it up: the next one gets a new resource. */
  spend(): void;
}

/** What makes the resource an operation acts on, by its capability. */
const MAKERS: Record<string, (t: ScenarioContext) => Promise<Held | undefined>> = {
  'shopping.cart': async (t) => {
    const items = await purchasableItems(t, 1);
    if (!items.length) return undefined;
    const x = await t.call('cart.create', { input: { lineItems: lineItems(items) }, tolerateTransportError: true });
    const id = resourceOf(t, x).id;
    if (typeof id !== 'string') return undefined;
    t.cleanup(() => t.call('cart.cancel', { id, tolerateTransportError: true }));
    return { id, x, items };
  },
  'shopping.checkout': async (t) => {
    const items = await purchasableItems(t, 1);
    if (!items.length) return undefined;
    // createCheckout cancels the session when the scenario ends.
    const created = await createCheckout(t, items);
    return created.kind === 'session' ? { id: String(resourceOf(t, created.x).id), x: created.x, items } : undefined;
  },
  'lodging.booking': async (t) => {
    const b = t.config.fixtures?.booking;
    if (!b?.property || !b.stays?.length) return undefined;
    const created = await createBooking(t);
    return created.kind === 'session'
      ? { id: String(resourceOf(t, created.x).id), x: created.x, items: [] }
      : undefined;
  },
};

/** The held resource of an operation on `{id}` whose scenario may write; none for the others (an order). */
export function heldFor(t: ScenarioContext, op: Operation): HeldResource | undefined {
  const make = MAKERS[op.capability];
  if (!op.path.includes('{id}') || op.idempotency !== 'required' || !make) return undefined;
  let current: Promise<Held | undefined> | undefined;
  return {
    get: () => (current ??= make(t)),
    spend: () => {
      current = undefined;
    },
  };
}

/** Whether a served request of the operation leaves its resource unusable for the next probe. */
export const usesUp = (op: Operation) => op.name.endsWith('.cancel') || op.name.endsWith('.complete');
