/** The hook points of the shopping module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { BusinessError, HandlerRequest, Reply, ReplyMessage } from '../shared/replies.js';
import type { Missing, SessionHooks } from '../shared/session-hooks.js';
import type {
  CartRecord,
  FulfillmentState,
  Json,
  LineRecord,
  OrderRecord,
  ReferenceStore,
  RequestLine,
  SessionRecord,
} from './store.js';

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

/** A fulfillment group of a session: its id and the lines it ships. */
export interface Group {
  id: string;
  lineIds: string[];
}

/**
 * The hook points of checkout sessions: the session service's (shared/session-hooks.ts) under
 * `checkout.`, and checkout's own.
 */
export type CheckoutHooks = SessionHooks<'checkout', SessionRecord, ReferenceStore> & {
  /** The most of one item a line may hold; more is cut down with a quantity_adjusted warning. */
  'checkout.quantity-cap': Hook<number>;
  /** The quantity_adjusted warning of the request line at `index`. */
  'checkout.quantity-adjusted': Hook<ReplyMessage, { index: number; line: RequestLine }>;
  /** The fulfillment a new session starts with when its create carries none. */
  'checkout.offered-fulfillment': Hook<FulfillmentState | undefined>;
  /** Whether an update's fulfillment is taken (otherwise the session keeps the one it had). */
  'checkout.takes-fulfillment': Hook<boolean, { session: SessionRecord }>;
  /** Whether the business selects the first destination itself when the platform selects none. */
  'checkout.selects-destination': Hook<boolean>;
  /** The option the business selects itself in a group where the platform chose none (undefined: none). */
  'checkout.preselected-option': Hook<string | undefined, { options: readonly { id: string }[] }>;
  /** The fulfillment groups of a session's lines. */
  'checkout.groups': Hook<Group[], { session: SessionRecord }>;
  /** Whether the groups are listed, with no options yet, before a destination is selected. */
  'checkout.lists-groups-early': Hook<boolean>;
  /** The groups of the shipping method as answered, once a destination is selected. */
  'checkout.groups-json': Hook<Json[]>;
  /** What the session still needs of its buyer. */
  'checkout.buyer-missing': Hook<Missing[], { buyer?: Json }>;
  /** What the session still needs of its destinations. */
  'checkout.destination-missing': Hook<Missing[], { destinations: Json[] }>;
  /** The discount the business takes off a session's total. */
  'checkout.discount': Hook<number>;
  /** The session's totals; `fulfillment` holds the fulfillment entry, if an option is chosen. */
  'checkout.totals': Hook<Json[], { subtotal: number; shipping: number; fulfillment: Json[]; taxRate: number }>;
  /** The session's currency (and so its order's). */
  'checkout.currency': Hook<string, { session: SessionRecord }>;
};

/** The hook points of orders. */
export interface OrderHooks {
  /** A new order's id. */
  'order.id': Hook<string, { store: ReferenceStore; session: SessionRecord }>;
  /** The order Get Order answers, of the one asked for (undefined: none). */
  'order.found': Hook<OrderRecord | undefined, { store: ReferenceStore }>;
  /** The answer to an order that does not exist. */
  'order.not-found': Hook<Reply, { req: HandlerRequest }>;
  /** Whether the platform asking may read the order. */
  'order.readable': Hook<boolean, { order: OrderRecord; req: HandlerRequest }>;
  /** The refusal of a platform that may not read the order (undefined: the order is answered). */
  'order.foreign-refusal': Hook<Reply | undefined>;
  /** The order as answered. */
  'order.json': Hook<Json, { order: OrderRecord }>;
  /** The HTTP status of an order answered; `foreign`: to a platform that may not read it. */
  'order.status': Hook<number, { foreign: boolean }>;
}

/** Every hook point of the shopping module. */
export type ShoppingHooks = CartHooks & CheckoutHooks & OrderHooks;
