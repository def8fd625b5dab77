/** Plugs that records of several modules share. */
import type { Plugs } from './hooks.js';
import type { LayerHooks } from './layer-hooks.js';
import { transportError } from './replies.js';

/** An operation's route refused with a status of its own: the endpoint is missing, or takes another method. */
export const unrouted = (operation: string, status: number, code: string): Plugs<LayerHooks> => ({
  'route.refusal': (refusal, { op, method, path }) =>
    op.name === operation ? transportError(status, code, `${method} ${path}: ${code}`) : refusal,
});
