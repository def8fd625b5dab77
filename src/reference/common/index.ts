import type { ServiceModule } from '../shared/module.js';
import type { VariationSet } from '../variations.js';
import { ask, createAskStore } from './ask.js';
import * as locations from './locations.js';

/** The common service module (Document 2): location search and lookup, and ask. */
export function commonModule(_variations: VariationSet): ServiceModule {
  const asks = createAskStore();
  return {
    service: 'common',
    capabilities: ['common.location.search', 'common.location.lookup', 'common.ask'],
    handlers: {
      ask: (r) => ask(asks, r),
      'location.search': locations.search,
      'location.lookup': locations.lookup,
    },
  };
}
