import type { ServiceModule } from '../shared/module.js';
import type { VariationSet } from '../variations.js';
import * as booking from './booking.js';
import { createLodgingStore } from './store.js';

/** The lodging service module (Document 3): booking sessions, with its own store. */
export function lodgingModule(_variations: VariationSet): ServiceModule {
  const store = createLodgingStore();
  return {
    service: 'lodging',
    capabilities: ['lodging.booking'],
    handlers: {
      'booking.create': (r) => booking.create(store, r),
      'booking.get': (r) => booking.get(store, r),
      'booking.update': (r) => booking.update(store, r),
      'booking.complete': (r) => booking.complete(store, r),
      'booking.cancel': (r) => booking.cancel(store, r),
    },
  };
}
