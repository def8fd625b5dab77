/** The hook points of the shopping module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { BusinessError, HandlerRequest, Reply } from '../shared/replies.js';
import type { CartRecord, Json, LineRecord, ReferenceStore, RequestLine } from './store.js';

/** Which cart operation is answering. */
export type CartOperation = 'create' | 'get' | 'update' | 'cancel';

/** How an update turns the lines it keeps into the cart's lines (ids for new lines from `next`). */
export type ReplaceLines = (kept: RequestLine[], cart: CartRecord, next: () => string) => LineRecord[];

export interface CartHooks {
  /** A new cart's id. */
  'cart.id': Hook<string, { store: ReferenceStore }>;
  /** The answer to a create of nothing but out-of-stock items; none creates the cart of them anyway. */
  'cart.out-of-stock': Hook<BusinessError | undefined, { req: HandlerRequest<CartHooks> }>;
  /** The answer to a cart that does not exist (or has expired). */
  'cart.not-found': Hook<Reply, { req: HandlerRequest<CartHooks>; op: CartOperation }>;
  /** How an update replaces the cart's lines (Document 1 §Cart: in full). */
  'cart.replace-lines': Hook<ReplaceLines>;
  /** A refusal of a cancel before it is applied. */
  'cart.cancel-refusal': Hook<Reply | undefined, { req: HandlerRequest<CartHooks> }>;
  /** Whether a canceled cart stays readable (the effect of cancel on reads is not shown). */
  'cart.readable-after-cancel': Hook<boolean>;
  /** The cart's totals. */
  'cart.totals': Hook<Json[], { subtotal: number }>;
  /** The cart as answered. */
  'cart.json': Hook<Json, { cart: CartRecord; op: CartOperation }>;
  /** The HTTP status of a cart answered. */
  'cart.status': Hook<number, { op: CartOperation }>;
}

/** Every hook point of the shopping module. */
export type ShoppingHooks = CartHooks;
