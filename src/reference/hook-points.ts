import type { CommonHooks } from './common/hooks.js';
import type { LodgingHooks } from './lodging/hooks.js';
import type { LayerHooks } from './shared/layer-hooks.js';
import type { ShoppingHooks } from './shopping/hooks.js';

/** Every hook point of the reference business: the shared layer's and each module's. */
export type HookPoints = LayerHooks & ShoppingHooks & CommonHooks & LodgingHooks;
