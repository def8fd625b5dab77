import type { ModuleEnv, ServiceModule } from '../shared/module.js';
import { ask, createAskStore } from './ask.js';
import * as locations from './locations.js';

/** The common service module (Document 2): location search and lookup, and ask. */
export function commonModule({ variations }: ModuleEnv): ServiceModule {
  const asks = createAskStore();
  // location-lookup-without-search: lookup and ask are adopted without search, which is not advertised.
  const search = variations.has('location-lookup-without-search') ? [] : ['common.location.search'];
  return {
    service: 'common',
    capabilities: [...search, 'common.location.lookup', 'common.ask'],
    handlers: {
      ask: (r) => ask(asks, r),
      'location.search': locations.search,
      'location.lookup': locations.lookup,
    },
  };
}
