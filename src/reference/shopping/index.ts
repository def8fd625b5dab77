import { paymentHandlers } from '../profile.js';
import type { ModuleEnv, ServiceModule } from '../shared/module.js';
import * as cart from './cart.js';
import type { ShoppingHooks } from './hooks.js';
import * as catalog from './catalog.js';
import * as checkout from './checkout.js';
import * as order from './order.js';
import { createStore } from './store.js';
import { cancelable, reachedComplete } from '../shared/session.js';

/**
 * The shopping service module (Document 1): its own store, and a handler per operation of the
 * operations table. The shared layer (server.ts and shared/) routes to it.
 */
export function shoppingModule({ hooks, version }: ModuleEnv<ShoppingHooks>): ServiceModule<ShoppingHooks> {
  const store = createStore(hooks);
  return {
    service: 'shopping',
    // A checkout "Carries payment_handlers".
    envelope: (op) => {
      if (op.capability !== 'shopping.checkout') return {};
      const registry = hooks.run('checkout.payment-handlers', paymentHandlers(version));
      return registry ? { payment_handlers: registry } : {};
    },
    // A business may leave the catalog unadvertised: its routes stay up.
    capabilities: [
      ...hooks.run('catalog.capabilities', ['shopping.catalog.search', 'shopping.catalog.lookup']),
      'shopping.cart',
      'shopping.checkout',
      'shopping.order',
    ],
    holds: (op, id) =>
      (op.capability === 'shopping.cart'
        ? store.carts
        : op.capability === 'shopping.checkout'
          ? store.sessions
          : store.orders
      ).has(id),
    open: () => [
      ...[...store.carts.values()].filter((c) => !c.canceled).map((c) => `cart ${c.id}`),
      ...[...store.sessions.values()].filter((s) => cancelable(s.status)).map((s) => `checkout session ${s.id}`),
    ],
    completed: () =>
      [...store.sessions.values()].filter((s) => reachedComplete(s.status)).map((s) => `checkout session ${s.id}`),
    handlers: {
      'catalog.search': catalog.search,
      'catalog.lookup': catalog.lookup,
      'catalog.product': catalog.product,
      'cart.create': (r) => cart.create(store, r),
      'cart.get': (r) => cart.get(store, r),
      'cart.update': (r) => cart.update(store, r),
      'cart.cancel': (r) => cart.cancel(store, r),
      'checkout.create': (r) => checkout.create(store, r),
      'checkout.get': (r) => checkout.get(store, r),
      'checkout.update': (r) => checkout.update(store, r),
      'checkout.complete': (r) => checkout.complete(store, r),
      'checkout.cancel': (r) => checkout.cancel(store, r),
      'order.get': (r) => order.get(store, r),
    },
  };
}
