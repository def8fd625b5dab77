import type { ScenarioContext } from '../../src/engine/context.js';
import type { OperationName, RecipeInput } from '../../src/protocol/recipes.js';
import { unknownId } from '../shared/catalog-fixtures.js';
import { lineItems, NEEDS_ITEMS, purchasableItems } from '../shared/checkout-flow.js';
import { bookingRequest } from '../shared/booking-flow.js';
import { question } from '../ask/questions.js';

/**
 * A request per operation that the business would serve: ids it never issued where the request
 * acts on a resource (so it changes nothing, and answers not_found), items it sells where it
 * creates one (cancelled afterwards). What the request-validation rules send, with one thing broken.
 */
type Probes = {
  [K in OperationName]: (
    t: ScenarioContext,
  ) => Promise<{ id?: string; input?: RecipeInput<K> }> | { id?: string; input?: RecipeInput<K> };
};

const unknownLine = () => [{ item: { id: unknownId() }, quantity: 1 }];
const sold = async (t: ScenarioContext) => lineItems(t.need(await purchasableItems(t, 1), NEEDS_ITEMS));

export const PROBES: Probes = {
  'catalog.search': () => ({ input: { query: unknownId() } }),
  'catalog.lookup': () => ({ input: { ids: [unknownId()] } }),
  'catalog.product': () => ({ input: { id: unknownId() } }),
  'cart.create': async (t) => ({ input: { lineItems: await sold(t) } }),
  'cart.get': () => ({ id: unknownId() }),
  'cart.update': () => ({ id: unknownId(), input: { lineItems: unknownLine() } }),
  'cart.cancel': () => ({ id: unknownId() }),
  'checkout.create': async (t) => ({ input: { lineItems: await sold(t) } }),
  'checkout.get': () => ({ id: unknownId() }),
  'checkout.update': () => ({ id: unknownId(), input: { resource: { line_items: unknownLine() }, changes: {} } }),
  'checkout.complete': () => ({
    id: unknownId(),
    input: { instrument: { id: 'instrument-1', handler_id: unknownId(), type: 'card' } },
  }),
  'checkout.cancel': () => ({ id: unknownId() }),
  'order.get': () => ({ id: unknownId() }),
  // Locations: a search, and a lookup of a location the business has (an unknown id would do too).
  'location.search': (t) => ({ input: { query: t.config.fixtures?.locations?.query } }),
  'location.lookup': (t) => ({ input: { ids: [t.config.fixtures?.locations?.ids?.[0] ?? unknownId()] } }),
  // Any question is a request the business serves (Document 2 §POST /ask).
  ask: (t) => ({ input: { query: question(t) } }),
  // Booking: a stay the config says the business offers (cancelled afterwards); unknown sessions otherwise.
  'booking.create': (t) => ({ input: bookingRequest(t) }),
  'booking.get': () => ({ id: unknownId() }),
  'booking.update': () => ({ id: unknownId(), input: { resource: { stays: [] }, changes: {} } }),
  'booking.complete': () => ({
    id: unknownId(),
    input: { instrument: { id: 'instrument-1', handler_id: unknownId(), type: 'card' } },
  }),
  'booking.cancel': () => ({ id: unknownId() }),
};
