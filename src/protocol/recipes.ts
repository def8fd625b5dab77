/**
 * One request recipe per operation: the body the checker builds for it. Scenarios never write a
 * body themselves; they give a recipe its inputs. The config's `requests` member adds members
 * per operation (a business may need more than the spec shows), merged into every request of
 * that operation; where both set the same member, the recipe's value stands, since a check
 * depends on it.
 */
import type { Json, RunConfig } from '../config/config.js';
import { envelopeOf, isObject, type Dialect } from '../dialect/dialect.js';
import { OPERATIONS } from './operations.js';

export type { Json };

/** A line item of a create or update request (Document 1 §Shared value objects). */
export interface LineItemRequest {
  item: { id: string };
  quantity: number;
  /** Addresses an existing line on update. */
  id?: string;
}

export interface Selection {
  name: string;
  label: string;
}

/** What each recipe is built from. Operations without a body take nothing. */
export interface RecipeInputs {
  'catalog.search': { query?: string; filters?: Json; limit?: number; cursor?: string };
  'catalog.lookup': { ids: string[]; filters?: Json };
  'catalog.product': { id: string; selected?: Selection[]; preferences?: string[]; filters?: Json };
  'cart.create': { lineItems: LineItemRequest[] };
  'cart.get': undefined;
  'cart.update': { lineItems: LineItemRequest[] };
  'cart.cancel': undefined;
  'checkout.create': { lineItems: LineItemRequest[]; members?: Json };
  'checkout.get': undefined;
  /** A full replacement: the resource as last received, with the changes applied. */
  'checkout.update': { resource: Json; changes: Json };
  'checkout.complete': { instrument: Json };
  'checkout.cancel': undefined;
  'order.get': undefined;
  'location.search': {
    query?: string;
    distance?: Json;
    serves?: Json;
    filters?: Json;
    context?: Json;
    signals?: Json;
    limit?: number;
    cursor?: string;
  };
  'location.lookup': {
    ids: string[];
    distance?: Json;
    serves?: Json;
    filters?: Json;
    context?: Json;
    signals?: Json;
  };
  ask: { query: string; conversation?: Json; ids?: string[] };
  /** `members`: what the business asked for beyond property and stays (Document 3 §Endpoints: not shown). */
  'booking.create': { property: Json; stays: Json[]; members?: Json };
  'booking.get': undefined;
  'booking.update': { resource: Json; changes: Json };
  'booking.complete': { instrument: Json };
  'booking.cancel': undefined;
}

export type OperationName = keyof RecipeInputs;
export type RecipeInput<K extends OperationName> = RecipeInputs[K];

type Recipes = { [K in OperationName]: (input: RecipeInputs[K]) => Json | undefined };

/**
 * The request member that carries a search cursor back is not shown (Document 1 §POST
 * /catalog/search); the checker sends it as `pagination.cursor`, here and only here.
 */
const pagination = (limit?: number, cursor?: string): Json =>
  limit !== undefined || cursor !== undefined
    ? { pagination: { ...(limit !== undefined ? { limit } : {}), ...(cursor !== undefined ? { cursor } : {}) } }
    : {};

const defined = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A full-replacement update: the whole resource as last received, less its messages, with the changes. */
const replacement = ({ resource, changes }: { resource: Json; changes: Json }): Json => {
  const { messages: _messages, ...rest } = resource;
  return { ...rest, ...changes };
};

/** Cancel sends an empty JSON object (Document 1 §Cart, §Checkout; Document 3 §Endpoints). */
const empty = (): Json => ({});

const RECIPES: Recipes = {
  'catalog.search': (i) => defined({ query: i.query, filters: i.filters, ...pagination(i.limit, i.cursor) }),
  'catalog.lookup': (i) => defined({ ids: i.ids, filters: i.filters }),
  'catalog.product': (i) => defined({ id: i.id, selected: i.selected, preferences: i.preferences, filters: i.filters }),
  'cart.create': (i) => ({ line_items: i.lineItems }),
  'cart.get': () => undefined,
  'cart.update': (i) => ({ line_items: i.lineItems }),
  'cart.cancel': empty,
  'checkout.create': (i) => ({ ...i.members, line_items: i.lineItems }),
  'checkout.get': () => undefined,
  'checkout.update': replacement,
  // signals: environment observations only (Document 1 §Shared value objects); the checker has none.
  'checkout.complete': (i) => ({ payment: { instruments: [i.instrument] }, signals: {} }),
  'checkout.cancel': empty,
  'order.get': () => undefined,
  'location.search': (i) =>
    defined({
      query: i.query,
      distance: i.distance,
      serves: i.serves,
      filters: i.filters,
      context: i.context,
      signals: i.signals,
      ...pagination(i.limit, i.cursor),
    }),
  'location.lookup': (i) =>
    defined({
      ids: i.ids,
      distance: i.distance,
      serves: i.serves,
      filters: i.filters,
      context: i.context,
      signals: i.signals,
    }),
  ask: (i) => defined({ query: i.query, conversation: i.conversation, ids: i.ids }),
  'booking.create': (i) => ({ ...i.members, property: i.property, stays: i.stays }),
  'booking.get': () => undefined,
  'booking.update': replacement,
  'booking.complete': (i) => ({ payment: { instruments: [i.instrument] }, signals: {} }),
  'booking.cancel': empty,
};

/** Operations that send a body, and so may be extended by the config's `requests` member. */
export const OPERATIONS_WITH_BODY: readonly string[] = OPERATIONS.filter((o) => o.method !== 'GET').map((o) => o.name);

/** The body of one request: the recipe's, with the config's extra members merged in. */
export function requestBody<K extends OperationName>(
  name: K,
  input: RecipeInput<K> | undefined,
  config: RunConfig,
  dialect: Dialect,
): Json | undefined {
  const recipe = RECIPES[name] as (i: RecipeInput<K> | undefined) => Json | undefined;
  const body = recipe(input);
  if (body === undefined) return undefined;
  const withoutEnvelope = stripEnvelope(body, dialect);
  const extra = config.requests?.[name];
  return extra ? mergeUnder(withoutEnvelope, extra) : withoutEnvelope;
}

/** A resource echoed back on update never carries the response envelope. */
function stripEnvelope(body: Json, dialect: Dialect): Json {
  if (envelopeOf(dialect, body) === undefined) return body;
  const { [dialect.envelopeKey]: _envelope, ...rest } = body;
  return rest;
}

/** A key of the `requests` member that reaches into each element of an array: `line_items[]`. */
const EACH = /^(.+)\[\]$/;

/**
 * `base` with the members of `extra` it lacks, recursively into objects both hold. A key `name[]`
 * merges its object into every element of base's array `name` (each line item); where base has no
 * such array, there is no element to reach and nothing is added.
 */
export function mergeUnder(base: Json, extra: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const each = EACH.exec(key)?.[1];
    if (each !== undefined) {
      const elements = out[each];
      if (Array.isArray(elements) && isObject(value))
        out[each] = elements.map((e) => (isObject(e) ? mergeUnder(e, value) : e));
      continue;
    }
    const mine = out[key];
    if (mine === undefined) out[key] = value;
    else if (isObject(mine) && isObject(value)) out[key] = mergeUnder(mine, value);
  }
  return out;
}

/**
 * The payment instrument of a complete request (Document 1 §Checkout resource): the config's
 * `payment.instrument` when given, else one built for the business's handler. The token always
 * comes from the config, so secrets live in one place.
 */
export function paymentInstrument(config: RunConfig, handlerId: unknown, token: string, billingAddress: Json): Json {
  const given = config.payment?.instrument;
  const base: Json = given ?? {
    id: 'instrument-1',
    handler_id: config.payment?.handler_id ?? handlerId,
    type: config.payment?.instrument_type ?? 'card',
    selected: true,
    display: { brand: 'visa', last_digits: '4242', description: 'Test card' },
    billing_address: billingAddress,
  };
  const credential = isObject(base.credential) ? base.credential : { type: 'token' };
  return { ...base, credential: { ...credential, token } };
}
