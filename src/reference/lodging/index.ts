import type { ServiceModule } from '../shared/module.js';
import type { VariationSet } from '../variations.js';

/** The lodging service module (Document 3): booking sessions. */
export function lodgingModule(_variations: VariationSet): ServiceModule {
  return {
    service: 'lodging',
    capabilities: ['lodging.booking'],
    handlers: {},
  };
}
