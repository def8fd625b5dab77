import { paymentHandlers } from '../profile.js';
import type { ModuleEnv, ServiceModule } from '../shared/module.js';
import { missingMembers } from '../shared/replies.js';
import * as booking from './booking.js';
import { createLodgingStore } from './store.js';

/** The lodging service module (Document 3): booking sessions, with its own store. */
export function lodgingModule({ variations }: ModuleEnv): ServiceModule {
  const store = createLodgingStore();
  return {
    service: 'lodging',
    capabilities: ['lodging.booking'],
    // A booking session's envelope "Includes payment_handlers"; the handler faults and booking-handlers-in-profile-only
    // act here.
    envelope: (_op, faults) =>
      faults.has('booking-no-payment-handlers') || variations.has('booking-handlers-in-profile-only')
        ? {}
        : { payment_handlers: paymentHandlers(variations, faults.has('booking-payment-handlers-not-array')) },
    refuseMissing: (absent) =>
      variations.has('booking-missing-member-unrecoverable') ? missingMembers(absent, 'unrecoverable') : undefined,
    handlers: {
      'booking.create': (r) => booking.create(store, r),
      'booking.get': (r) => booking.get(store, r),
      'booking.update': (r) => booking.update(store, r),
      'booking.complete': (r) => booking.complete(store, r),
      'booking.cancel': (r) => booking.cancel(store, r),
    },
  };
}
