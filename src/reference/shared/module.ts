import type { Operation, Service } from '../../protocol/operations.js';
import type { FaultSet } from '../faults.js';
import type { VariationSet } from '../variations.js';
import type { HandlerRequest, Reply } from './replies.js';

/** One operation's handler: the shared layer has already authenticated, parsed and keyed the request. */
export type Handler = (req: HandlerRequest) => Reply;

/**
 * A service of the reference business: the capabilities it advertises and a handler per operation
 * of the operations table. The shared layer (server.ts, shared/) serves the profile from what the
 * modules declare, and holds the mechanics every module gets.
 */
export interface ServiceModule {
  service: Service;
  /** Dialect-free capabilities this module implements and the profile advertises. */
  capabilities: readonly string[];
  handlers: Record<string, Handler>;
  /** Members the module adds to the envelope of its responses (the payment handlers of a session). */
  envelope?(op: Operation, faults: FaultSet): Record<string, unknown>;
  /** How the module refuses a request without members the spec requires, where not as the shared layer does. */
  refuseMissing?(absent: string[]): Reply | undefined;
}

/** Makes a module: its own store, built once per business. */
export type ModuleFactory = (variations: VariationSet) => ServiceModule;
