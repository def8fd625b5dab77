import type { ServiceModule } from '../shared/module.js';
import type { VariationSet } from '../variations.js';

/** The common service module (Document 2): location search and lookup, and ask. */
export function commonModule(_variations: VariationSet): ServiceModule {
  return {
    service: 'common',
    capabilities: ['common.location.search', 'common.location.lookup', 'common.ask'],
    handlers: {},
  };
}
