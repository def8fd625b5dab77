import type { ModuleEnv, ServiceModule } from '../shared/module.js';
import { ask, createAskStore } from './ask.js';
import type { CommonHooks } from './hooks.js';
import * as locations from './locations.js';

/** The common service module (Document 2): location search and lookup, and ask. */
export function commonModule({ hooks }: ModuleEnv<CommonHooks>): ServiceModule<CommonHooks> {
  const asks = createAskStore();
  return {
    service: 'common',
    capabilities: [
      ...hooks.run('location.capabilities', ['common.location.search', 'common.location.lookup']),
      'common.ask',
    ],
    handlers: {
      ask: (r) => ask(asks, r),
      'location.search': locations.search,
      'location.lookup': locations.lookup,
    },
  };
}
