import { paymentHandlers } from '../profile.js';
import type { ModuleEnv, ServiceModule } from '../shared/module.js';
import * as booking from './booking.js';
import type { LodgingHooks } from './hooks.js';
import { createLodgingStore } from './store.js';
import { cancelable, reachedComplete } from '../shared/session.js';

/** The lodging service module (Document 3): booking sessions, with its own store. */
export function lodgingModule({ hooks, version }: ModuleEnv<LodgingHooks>): ServiceModule<LodgingHooks> {
  const store = createLodgingStore();
  return {
    service: 'lodging',
    capabilities: ['lodging.booking'],
    // A booking session's envelope "Includes payment_handlers".
    envelope: () => {
      const registry = hooks.run('booking.payment-handlers', paymentHandlers(version));
      return registry ? { payment_handlers: registry } : {};
    },
    holds: (_op, id) => store.bookings.has(id),
    refuseMissing: (absent) => hooks.run('booking.missing-members', undefined, { absent }),
    open: () => [...store.bookings.values()].filter((b) => cancelable(b.status)).map((b) => `booking session ${b.id}`),
    completed: () =>
      [...store.bookings.values()].filter((b) => reachedComplete(b.status)).map((b) => `booking session ${b.id}`),
    handlers: {
      'booking.create': (r) => booking.create(store, r),
      'booking.get': (r) => booking.get(store, r),
      'booking.update': (r) => booking.update(store, r),
      'booking.complete': (r) => booking.complete(store, r),
      'booking.cancel': (r) => booking.cancel(store, r),
    },
  };
}
