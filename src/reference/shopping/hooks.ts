/** The hook points of the shopping module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { BusinessError, HandlerRequest, Reply, ReplyMessage } from '../shared/replies.js';
import type { Missing, SessionHooks } from '../shared/session-hooks.js';
import type { CatalogItem, SeedProduct, SeedVariant, Selection } from './catalog-data.js';
import type {
  CartRecord,
  FulfillmentState,
  Json,
  LineRecord,
  OrderRecord,
  ReferenceStore,
  RequestLine,
  SessionRecord,
  StoreHooks,
} from './store.js';

/** Which cart operation is answering. */
export type CartOperation = 'create' | 'get' | 'update' | 'cancel';

/** How an update turns the lines it keeps into the cart's lines (ids for new lines from `next`). */
export type ReplaceLines = (kept: RequestLine[], cart: CartRecord, next: () => string) => LineRecord[];

export interface CartHooks extends StoreHooks {
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

/** Which catalog operation is answering. */
export type CatalogOperation = 'search' | 'lookup' | 'product';

/** How an id resolves to a product and the variant it names (a product id names its first). */
export type Resolve = (id: string) => CatalogItem | undefined;

/** How a search's filters judge a product: one category filter value, the price ceiling, and the two together. */
export interface SearchFilter {
  category: (category: string, filter: string) => boolean;
  price: (product: SeedProduct, max: number) => boolean;
  combine: (inCategory: boolean, inPrice: boolean) => boolean;
}

/** An option as a product states it: its name, and its values (labels, and in product detail their signals). */
export interface OptionJson {
  name: unknown;
  values: Json[];
}

/** One request identifier that resolved to a variant, as lookup states it in the variant's inputs. */
export interface LookupInput {
  id: string;
  match: string;
}

/** An option value's signals relative to the selections: whether a variant has it, and one in stock. */
export interface Signals {
  available?: boolean;
  exists?: boolean;
}

/** How product detail computes an option value's signals from the selections of the request. */
export type SignalsOf = (product: SeedProduct, option: string, label: string, selections: Selection[]) => Signals;

/** How relaxation drops one selection once only selections named in preferences are left (ranked by them). */
export type Relax = (ranked: Selection[]) => Selection[];

export interface CatalogHooks {
  /** The catalog capabilities the profile advertises. */
  'catalog.capabilities': Hook<string[]>;
  /** How lookup and product detail resolve an id. */
  'catalog.resolve': Hook<Resolve, { op: 'lookup' | 'product' }>;
  /** What the id at `index` of a lookup (product detail: its one id) is answered as; none is not_found. */
  'catalog.hit': Hook<CatalogItem | undefined, { op: 'lookup' | 'product'; index: number }>;
  /** A product as every catalog answer states it, before what the operation adds. */
  'catalog.product': Hook<Json, { product: SeedProduct }>;
  /** A variant as products state it. */
  'catalog.variant': Hook<Json, { variant: SeedVariant }>;
  /** An option as products state it. */
  'catalog.option': Hook<OptionJson>;
  /** A product as an operation answers it, with what the operation added. */
  'catalog.listed': Hook<Json, { product: SeedProduct; op: CatalogOperation }>;
  /** A search, lookup or product detail answered (not a refusal, nor a not_found). */
  'catalog.answer': Hook<Reply, { op: CatalogOperation }>;
  /** A refusal of a search before it is run. */
  'search.refusal': Hook<Reply | undefined, { categories: string[]; maxPrice: number | undefined }>;
  /** How the search filters judge a product (Document 1 §Catalog resources: Search Filters). */
  'search.filter': Hook<SearchFilter, { categories: string[]; maxPrice: number | undefined }>;
  /** What a search that matches nothing answers: the products to list after all, or a reply. */
  'search.no-match': Hook<Reply | readonly SeedProduct[], { listed: (product: SeedProduct) => Json }>;
  /** The size of a search page: the limit asked for (at most the maximum), or the default. */
  'search.limit': Hook<number, { requested: number | undefined }>;
  /** The cursor a search request carries (the member that carries it is not shown). */
  'search.cursor': Hook<unknown, { body: Json }>;
  /** Where the next page starts, and whether there is one. */
  'search.next': Hook<{ next: number; more: boolean }, { page: SeedProduct[]; found: number }>;
  /** The pagination member of a search page (none: left out); `cursor` leads to the next page. */
  'search.pagination': Hook<Json | undefined, { more: boolean; offset: number; found: number; cursor: string }>;
  /** The products a search page lists. */
  'search.products': Hook<(Json | null)[]>;
  /** A refusal of a lookup before its batch size is judged. */
  'lookup.refusal': Hook<Reply | undefined, { ids: string[] }>;
  /** The most ids a lookup takes, and how many the request counts as. */
  'lookup.batch': Hook<{ max: number; size: number }, { ids: string[] }>;
  /** The answer to a lookup of more ids than the maximum (Document 1 §Limits). */
  'lookup.too-large': Hook<Reply, { max: number }>;
  /** The message for a lookup id that resolves to nothing (`before`: how many of the request did so before it). */
  'lookup.not-found': Hook<ReplyMessage | undefined, { id: string; before: number }>;
  /** The inputs a variant of a lookup answer carries: the request ids that resolved to it; none, no inputs. */
  'lookup.inputs': Hook<LookupInput[] | undefined, { product: SeedProduct }>;
  /** The products a lookup answers; `featured` is the catalog's featured product. */
  'lookup.products': Hook<Json[], { featured: Json }>;
  /** The answer to product detail of an id that resolves to nothing. */
  'product.not-found': Hook<Reply, { id: string }>;
  /** The answer to selections no variant matches; none relaxes them (Document 1 §Product detail). */
  'product.unmatched': Hook<Reply | undefined, { product: SeedProduct }>;
  /** Which selection relaxation drops next: the last of the preferences. */
  'product.relax': Hook<Relax>;
  /** The variants product detail lists, given every variant and which ones the selections keep. */
  'product.variants': Hook<(Json | null)[], { variants: Json[]; kept: boolean[] }>;
  /** How product detail computes an option value's available and exists. */
  'product.signals': Hook<SignalsOf>;
  /** The answer to product detail carrying filters, when the business does not apply them: none applies them. */
  'product.filters-refusal': Hook<Reply | undefined, { filters: unknown }>;
  /** Which variants product detail's filters keep (Document 1: filters "Narrows returned variants"): price.max. */
  'product.filters': Hook<(variant: SeedVariant) => boolean, { filters: unknown }>;
  /** The selected of a product detail answer, anchoring the featured variant; none leaves it out. */
  'product.selected': Hook<Selection[] | undefined, { product: SeedProduct }>;
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
export type CheckoutHooks = SessionHooks<'checkout', SessionRecord, ReferenceStore> &
  StoreHooks & {
    /** The most of one item a line may hold; more is cut down with a quantity_adjusted warning. */
    'checkout.quantity-cap': Hook<number>;
    /** The quantity_adjusted warning of the request line at `index`. */
    'checkout.quantity-adjusted': Hook<ReplyMessage, { index: number; line: RequestLine }>;
    /** The fulfillment a new session starts with when its create carries none. */
    'checkout.offered-fulfillment': Hook<FulfillmentState | undefined>;
    /** The buyer a create or update writes into the session (the request's: a full replacement). */
    'checkout.buyer-written': Hook<Json | undefined, { session: SessionRecord }>;
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
export type ShoppingHooks = CartHooks & CatalogHooks & StoreHooks & CheckoutHooks & OrderHooks;
