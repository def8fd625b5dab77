import type { ScenarioContext } from '../../src/engine/context.js';
import type { OperationName, RecipeInput } from '../../src/protocol/recipes.js';
import { unknownId } from '../shared/catalog-fixtures.js';
import { lineItems, neededItems, resourceOf, withBuyer } from '../shared/checkout-flow.js';
import { bookingRequest, withPeople } from '../shared/booking-flow.js';
import { question } from '../ask/questions.js';
import type { Held } from './held.js';

/**
 * A request per operation that the business would serve: a real resource the scenario holds
 * where the request acts on one (suites/requests/held.ts), or else an id it never issued (so it
 * changes nothing, and answers not_found); items it sells where it creates one (cancelled
 * afterwards). What the request-validation rules send, with one thing broken.
 */
type Probes = {
  [K in OperationName]: (
    t: ScenarioContext,
    held?: Held,
  ) => Promise<{ id?: string; input?: RecipeInput<K> }> | { id?: string; input?: RecipeInput<K> };
};

const unknownLine = () => [{ item: { id: unknownId() }, quantity: 1 }];
const sold = async (t: ScenarioContext) => lineItems(await neededItems(t, 1));
/** A payment no business can take: an instrument of a handler nobody registered. */
const unknownInstrument = () => ({ id: 'instrument-1', handler_id: unknownId(), type: 'card' });
const idOf = (held?: Held) => held?.id ?? unknownId();

export const PROBES: Probes = {
  'catalog.search': () => ({ input: { query: unknownId() } }),
  'catalog.lookup': () => ({ input: { ids: [unknownId()] } }),
  'catalog.product': () => ({ input: { id: unknownId() } }),
  'cart.create': async (t) => ({ input: { lineItems: await sold(t) } }),
  'cart.get': (_t, held) => ({ id: idOf(held) }),
  'cart.update': (_t, held) => ({
    id: idOf(held),
    input: { lineItems: held ? lineItems(held.items) : unknownLine() },
  }),
  'cart.cancel': (_t, held) => ({ id: idOf(held) }),
  'checkout.create': async (t) => ({ input: { lineItems: await sold(t) } }),
  'checkout.get': (_t, held) => ({ id: idOf(held) }),
  'checkout.update': (t, held) => ({
    id: idOf(held),
    input: {
      resource: held ? withBuyer(t, resourceOf(t, held.x)) : { line_items: unknownLine() },
      changes: {},
    },
  }),
  // An open session and a payment no business can take: refused, nothing placed.
  'checkout.complete': (_t, held) => ({ id: idOf(held), input: { instrument: unknownInstrument() } }),
  'checkout.cancel': (_t, held) => ({ id: idOf(held) }),
  'order.get': () => ({ id: unknownId() }),
  // Locations: a search, and a lookup of a location the business has (an unknown id would do too).
  'location.search': (t) => ({ input: { query: t.config.fixtures?.locations?.query } }),
  'location.lookup': (t) => ({ input: { ids: [t.config.fixtures?.locations?.ids?.[0] ?? unknownId()] } }),
  // Any question is a request the business serves (Document 2 §POST /ask).
  ask: (t) => ({ input: { query: question(t) } }),
  // Booking: a stay the config says the business offers (cancelled afterwards); the scenario's session otherwise.
  'booking.create': (t) => ({ input: bookingRequest(t) }),
  'booking.get': (_t, held) => ({ id: idOf(held) }),
  'booking.update': (t, held) => ({
    id: idOf(held),
    input: { resource: held ? withPeople(t, resourceOf(t, held.x)) : { stays: [] }, changes: {} },
  }),
  'booking.complete': (_t, held) => ({ id: idOf(held), input: { instrument: unknownInstrument() } }),
  'booking.cancel': (_t, held) => ({ id: idOf(held) }),
};
