import type { Operation, Service } from '../../protocol/operations.js';
import type { Hooks } from './hooks.js';
import type { HandlerRequest, Reply } from './replies.js';

/** One operation's handler: the shared layer has already authenticated, parsed and keyed the request. */
export type Handler<H = object> = (req: HandlerRequest<H>) => Reply;

/**
 * A service of the reference business: the capabilities it advertises and a handler per operation
 * of the operations table. The shared layer (server.ts, shared/) serves the profile from what the
 * modules declare, and holds the mechanics every module gets.
 */
export interface ServiceModule<H = object> {
  service: Service;
  /** Dialect-free capabilities this module implements and the profile advertises. */
  capabilities: readonly string[];
  handlers: Record<string, Handler<H>>;
  /** Members the module adds to the envelope of its responses (the payment handlers of a session). */
  envelope?(op: Operation): Record<string, unknown>;
  /** Whether the module holds the resource an operation on `{id}` names (an unknown one gets not_found). */
  holds?(op: Operation, id: string): boolean;
  /** How the module refuses a request without members the spec requires, where not as the shared layer does. */
  refuseMissing?(absent: string[]): Reply | undefined;
  /** The resources it holds that a platform could still cancel (`cart <id>`): what a run left behind. */
  open?(): string[];
  /** The sessions it holds that a complete reached (`checkout session <id>`): orders placed, bookings made. */
  completed?(): string[];
}

/** What a module is built with: the hook points of the faults and variations on, and their names. */
export interface ModuleEnv<H = object> {
  hooks: Hooks<H>;
  /** The protocol version the business states (its 'version.protocol' hook point's). */
  version: string;
}

/** Makes a module: its own store, built once per business. */
export type ModuleFactory<H = object> = (env: ModuleEnv<H>) => ServiceModule<H>;
