/**
 * Every endpoint of the three documents, as data: the client, the endpoint-existence probe and
 * the reference business all read this table.
 */
export const SERVICES = ['shopping', 'common', 'lodging'] as const;
export type Service = (typeof SERVICES)[number];

export interface Operation {
  /** Stable name used in evidence and by suites, e.g. `cart.create`. */
  name: string;
  service: Service;
  /** Dialect-free capability, e.g. `shopping.cart`. */
  capability: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Relative to the service endpoint; `{id}` is the path parameter. */
  path: string;
  /** The success status the spec states. */
  success: 200 | 201;
  /** Whether the spec requires an `Idempotency-Key` on this operation. */
  idempotency: 'required' | 'optional' | 'none';
  /** Schema of the success body, in schemas/. */
  responseSchema: string;
  /** Creates a resource: probing it can change state. */
  creates?: boolean;
  /**
   * Completes a session or a booking (places an order, makes a booking): nothing undoes it, so no
   * request of it is sent without --allow irreversible, whatever a probe means by it.
   */
  irreversible?: true;
  /** Request members the spec marks required (Document 1 request tables). */
  required?: string[];
  /**
   * Members inside a required one that the operation cannot work without, as paths: `property.id`; `stays[].id`
   * is the member of every element of the array. The requests suite leaves each out in turn, as it does `required`.
   */
  requiredWithin?: string[];
  /**
   * Members the request is shown with whose absence a business may fill itself (a default, an id
   * of its own): left out in turn too, and what the business does is reported, never failed.
   */
  shownWithin?: string[];
}

const op = (o: Operation): Operation => o;

/** The item id of every request line (Document 1 §Shared value objects: "item (object with id, required)"). */
export const LINE_ITEM_ID = 'line_items[].item.id';

export const OPERATIONS: readonly Operation[] = [
  op({
    name: 'catalog.search',
    service: 'shopping',
    capability: 'shopping.catalog.search',
    method: 'POST',
    path: '/catalog/search',
    success: 200,
    idempotency: 'none',
    responseSchema: 'catalog-search-response.schema.json',
  }),
  op({
    name: 'catalog.lookup',
    service: 'shopping',
    capability: 'shopping.catalog.lookup',
    method: 'POST',
    path: '/catalog/lookup',
    success: 200,
    idempotency: 'none',
    responseSchema: 'catalog-lookup-response.schema.json',
    required: ['ids'],
  }),
  op({
    name: 'catalog.product',
    service: 'shopping',
    capability: 'shopping.catalog.lookup',
    method: 'POST',
    path: '/catalog/product',
    success: 200,
    idempotency: 'none',
    responseSchema: 'catalog-product-response.schema.json',
    required: ['id'],
  }),
  op({
    name: 'cart.create',
    service: 'shopping',
    capability: 'shopping.cart',
    method: 'POST',
    path: '/carts',
    success: 201,
    idempotency: 'required',
    responseSchema: 'cart.schema.json',
    creates: true,
    required: ['line_items'],
    requiredWithin: [LINE_ITEM_ID],
  }),
  op({
    name: 'cart.get',
    service: 'shopping',
    capability: 'shopping.cart',
    method: 'GET',
    path: '/carts/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'cart.schema.json',
  }),
  op({
    name: 'cart.update',
    service: 'shopping',
    capability: 'shopping.cart',
    method: 'PUT',
    path: '/carts/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'cart.schema.json',
    required: ['line_items'],
    requiredWithin: [LINE_ITEM_ID],
  }),
  op({
    name: 'cart.cancel',
    service: 'shopping',
    capability: 'shopping.cart',
    method: 'POST',
    path: '/carts/{id}/cancel',
    success: 200,
    idempotency: 'required',
    responseSchema: 'cart.schema.json',
  }),
  op({
    name: 'checkout.create',
    service: 'shopping',
    capability: 'shopping.checkout',
    method: 'POST',
    path: '/checkout-sessions',
    success: 201,
    idempotency: 'required',
    responseSchema: 'checkout.schema.json',
    creates: true,
    required: ['line_items'],
    requiredWithin: [LINE_ITEM_ID],
  }),
  op({
    name: 'checkout.get',
    service: 'shopping',
    capability: 'shopping.checkout',
    method: 'GET',
    path: '/checkout-sessions/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'checkout.schema.json',
  }),
  op({
    name: 'checkout.update',
    service: 'shopping',
    capability: 'shopping.checkout',
    method: 'PUT',
    path: '/checkout-sessions/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'checkout.schema.json',
  }),
  op({
    name: 'checkout.complete',
    service: 'shopping',
    capability: 'shopping.checkout',
    method: 'POST',
    path: '/checkout-sessions/{id}/complete',
    success: 200,
    idempotency: 'required',
    // Id, status and what completing made: "Response carries `order`"; "has `status` `completed` and `confirmation`".
    responseSchema: 'checkout.schema.json#/$defs/completeAnswer',
    irreversible: true,
  }),
  op({
    name: 'checkout.cancel',
    service: 'shopping',
    capability: 'shopping.checkout',
    method: 'POST',
    path: '/checkout-sessions/{id}/cancel',
    success: 200,
    idempotency: 'required',
    // Only id and status: "returns the session with status canceled" (Document 1 §Checkout 5).
    responseSchema: 'checkout.schema.json#/$defs/cancelAnswer',
  }),
  op({
    name: 'order.get',
    service: 'shopping',
    capability: 'shopping.order',
    method: 'GET',
    path: '/orders/{id}',
    success: 200,
    idempotency: 'none',
    responseSchema: 'order.schema.json',
  }),
  op({
    name: 'location.search',
    service: 'common',
    capability: 'common.location.search',
    method: 'POST',
    path: '/locations/search',
    success: 200,
    idempotency: 'optional',
    responseSchema: 'location-search-response.schema.json',
  }),
  op({
    name: 'location.lookup',
    service: 'common',
    capability: 'common.location.lookup',
    method: 'POST',
    path: '/locations/lookup',
    success: 200,
    idempotency: 'optional',
    responseSchema: 'location-lookup-response.schema.json',
    required: ['ids'],
  }),
  op({
    name: 'ask',
    service: 'common',
    capability: 'common.ask',
    method: 'POST',
    path: '/ask',
    success: 200,
    idempotency: 'optional',
    responseSchema: 'ask-response.schema.json',
    required: ['query'],
  }),
  op({
    name: 'booking.create',
    service: 'lodging',
    capability: 'lodging.booking',
    method: 'POST',
    path: '/booking-sessions',
    success: 201,
    idempotency: 'required',
    responseSchema: 'booking-session.schema.json',
    creates: true,
    required: ['property', 'stays'],
    // Document 3 §Endpoints: "`property` (object with `id`) and `stays` (array; each with `id`,
    // `accommodation_type.id`, `rate_plan.id`, `occupancy`, `stay_dates`)", but "the required and optional status of
    // every member beyond those shown: not shown". What a stay is (which room, when) cannot be left out; a stay's id,
    // rate plan and occupancy a business may default or assign.
    requiredWithin: ['property.id', 'stays[].accommodation_type.id', 'stays[].stay_dates'],
    shownWithin: ['stays[].id', 'stays[].rate_plan.id', 'stays[].occupancy'],
  }),
  op({
    name: 'booking.get',
    service: 'lodging',
    capability: 'lodging.booking',
    method: 'GET',
    path: '/booking-sessions/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'booking-session.schema.json',
  }),
  op({
    name: 'booking.update',
    service: 'lodging',
    capability: 'lodging.booking',
    method: 'PUT',
    path: '/booking-sessions/{id}',
    success: 200,
    idempotency: 'required',
    responseSchema: 'booking-session.schema.json',
  }),
  op({
    name: 'booking.complete',
    service: 'lodging',
    capability: 'lodging.booking',
    method: 'POST',
    path: '/booking-sessions/{id}/complete',
    success: 200,
    idempotency: 'required',
    // Id, status and what completing made: "Response carries `order`"; "has `status` `completed` and `confirmation`".
    responseSchema: 'booking-session.schema.json#/$defs/completeAnswer',
    irreversible: true,
  }),
  op({
    name: 'booking.cancel',
    service: 'lodging',
    capability: 'lodging.booking',
    method: 'POST',
    path: '/booking-sessions/{id}/cancel',
    success: 200,
    idempotency: 'required',
    // Only id and status: "Status updated in the response" (Document 3 §States and transitions).
    responseSchema: 'booking-session.schema.json#/$defs/cancelAnswer',
  }),
];

const byName = new Map(OPERATIONS.map((o) => [o.name, o]));

export function operation(name: string): Operation {
  const found = byName.get(name);
  if (!found) throw new Error(`unknown operation ${name}`);
  return found;
}

export function operationsOf(capability: string): Operation[] {
  return OPERATIONS.filter((o) => o.capability === capability);
}

/** Every capability the three documents define, dialect-free. */
export const CAPABILITIES: readonly string[] = [...new Set(OPERATIONS.map((o) => o.capability))];

export function serviceOf(capability: string): Service {
  return capability.split('.')[0] as Service;
}
