import type { LodgingHooks } from './lodging/hooks.js';
import type { ShoppingHooks } from './shopping/hooks.js';

/** Every hook point of the reference business: the shared layer's and each module's. */
export type HookPoints = ShoppingHooks & LodgingHooks;
