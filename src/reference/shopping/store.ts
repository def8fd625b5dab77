/**
 * The in-memory state of one reference business: carts, checkout sessions and orders. One store
 * is made per startReferenceBusiness call, so two servers in one process never share state.
 * Also the line-item handling that carts, sessions and orders share.
 */
import { randomUUID } from 'node:crypto';
import { isObject } from '../../dialect/dialect.js';
import { CURRENCY, findItem, type SeedProduct, type SeedVariant } from './catalog-data.js';
import { transportError, type Reply, type ReplyMessage } from '../shared/replies.js';
import type { SessionStatus } from '../shared/session.js';
import type { Hook, Hooks } from '../shared/hooks.js';

export type Json = Record<string, unknown>;

/** One line of a cart, session or order. */
export interface LineRecord {
  id: string;
  product: SeedProduct;
  variant: SeedVariant;
  quantity: number;
}

export interface CartRecord {
  id: string;
  lines: LineRecord[];
  /** Set by cancel when canceled carts stay readable (cart-readable-after-cancel). */
  canceled?: boolean;
  buyer?: Json;
  context?: Json;
  expiresAt: number;
  nextLine: number;
}

export interface FulfillmentState {
  destinations: Json[];
  selectedDestinationId?: string;
  /** Group id to the option chosen in it; groups exist once a destination is selected. */
  selectedOptions: Record<string, string>;
}

export interface SessionRecord {
  id: string;
  status: SessionStatus;
  lines: LineRecord[];
  buyer?: Json;
  /** Referral context the platform sent, kept as sent (Document 1 §Shared value objects). */
  attribution?: Json;
  fulfillment?: FulfillmentState;
  instruments: Json[];
  orderId?: string;
  /** Totals computed once at create and never again (the checkout-totals-stale fault). */
  frozenTotals?: Json[];
  /** The total entry as at create, kept while the rest is recomputed (the checkout-total-entry-stale fault). */
  frozenTotal?: Json;
  /** An accepted, asynchronous completion under way (checkout-async-completion): when it may finish, for whom. */
  completion?: {
    at: number;
    platform: string;
    /** Reads of the session since the complete. */
    reads: number;
  };
  nextLine: number;
  nextDestination: number;
  /** Destination ids this session has issued, so a resubmitted id is kept. */
  issuedDestinations: Set<string>;
}

export interface OrderRecord {
  id: string;
  checkoutId: string;
  /** The profile URL of the platform that completed the checkout: the only reader. */
  platform: string;
  lines: LineRecord[];
  destination?: Json;
  /** Title of the shipping option chosen at checkout. */
  shipping: string;
  currency: string;
  totals: Json[];
  /** The checkout's attribution, as a snapshot. */
  attribution?: Json;
  /** When it was placed (performance.now()). */
  placedAt: number;
}

export interface ReferenceStore {
  carts: Map<string, CartRecord>;
  sessions: Map<string, SessionRecord>;
  orders: Map<string, OrderRecord>;
  newId(prefix: 'cart' | 'chk' | 'ord'): string;
}

/** The hook points of the store (declared here, not in hooks.ts, which imports this file's types). */
export interface StoreHooks {
  /** A new cart, checkout session or order id, made of a random hex string. */
  'store.id': Hook<string, { prefix: 'cart' | 'chk' | 'ord'; hex: string }>;
  /** The item id a request line carries, as sent (a line without one is refused). */
  'store.line-item-id': Hook<unknown, { index: number }>;
}

export function createStore(hooks: Hooks<StoreHooks>): ReferenceStore {
  return {
    carts: new Map(),
    sessions: new Map(),
    orders: new Map(),
    newId: (prefix) => {
      const hex = randomUUID().replace(/-/g, '');
      return hooks.run('store.id', `${prefix}_${hex}`, { prefix, hex });
    },
  };
}

/** One validated request line, before it is given its line id. */
export interface RequestLine {
  /** The `id` the request carried, if any. */
  lineId?: string;
  product: SeedProduct;
  variant: SeedVariant;
  quantity: number;
}

/**
 * Validates `line_items` of a create or update request: a non-empty array of
 * `{item: {id}, quantity}` with known ids and integer quantities of at least 1.
 */
export function parseLineItems(value: unknown, hooks: Hooks<StoreHooks>): RequestLine[] | Reply {
  if (!Array.isArray(value) || value.length === 0) {
    return transportError(400, 'invalid_request', 'line_items is required: a non-empty array of line items');
  }
  const lines: RequestLine[] = [];
  for (const [i, entry] of value.entries()) {
    const itemId = hooks.run('store.line-item-id', isObject(entry?.item) ? entry.item.id : undefined, { index: i });
    if (!isObject(entry) || typeof itemId !== 'string') {
      return transportError(400, 'invalid_request', `line_items[${i}].item.id is required: a string`);
    }
    const quantity = entry.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return transportError(400, 'invalid_request', `line_items[${i}].quantity must be an integer of at least 1`);
    }
    const found = findItem(itemId);
    if (!found)
      return transportError(
        400,
        'invalid_request',
        `line_items[${i}].item.id ${itemId} is not an item of this business`,
      );
    lines.push({
      lineId: typeof entry.id === 'string' ? entry.id : undefined,
      product: found.product,
      variant: found.variant,
      quantity,
    });
  }
  return lines;
}

export { isReply } from '../shared/replies.js';

/**
 * Gives request lines their line ids: a line naming an existing line keeps its id (once), any
 * other line gets a fresh one from `next`.
 */
export function assignLineIds(requested: RequestLine[], existing: LineRecord[], next: () => string): LineRecord[] {
  const known = new Set(existing.map((l) => l.id));
  const used = new Set<string>();
  return requested.map((r) => {
    const keep = r.lineId !== undefined && known.has(r.lineId) && !used.has(r.lineId);
    const id = keep ? (r.lineId as string) : next();
    used.add(id);
    return { id, product: r.product, variant: r.variant, quantity: r.quantity };
  });
}

export const itemTitle = (l: { product: SeedProduct; variant: SeedVariant }) =>
  l.product.variants.length > 1 ? `${l.product.title} (${l.variant.title})` : l.product.title;

/** Taken off cart and checkout totals with the totals-with-discount variation. */
export const DISCOUNT = 300;

export const lineAmount = (l: LineRecord) => l.variant.price * l.quantity;

export const subtotalOf = (lines: LineRecord[]) => lines.reduce((sum, l) => sum + lineAmount(l), 0);

/** A response line item. */
export function lineJson(l: LineRecord): Json {
  const amount = lineAmount(l);
  return {
    id: l.id,
    item: { id: l.variant.id, title: itemTitle(l), price: l.variant.price },
    quantity: l.quantity,
    totals: [
      { type: 'subtotal', amount },
      { type: 'total', amount },
    ],
  };
}

export { CURRENCY };
/**
 * Leaves out the request lines that cannot be sold, each with a warning naming the request line
 * (`out_of_stock` for a cart, `item_unavailable` for a checkout).
 */
export function leaveOut(
  lines: RequestLine[],
  sellable: (l: RequestLine) => boolean,
  code: string,
  why: string,
): { kept: RequestLine[]; messages: ReplyMessage[] } {
  const messages: ReplyMessage[] = [];
  const kept = lines.filter((l, i) => {
    if (sellable(l)) return true;
    messages.push({ type: 'warning', code, content: `${l.variant.id} ${why}`, path: `$.line_items[${i}]` });
    return false;
  });
  return { kept, messages };
}
