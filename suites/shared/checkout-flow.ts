import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/http/exchange.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { knownProducts, variantsOf } from './catalog-fixtures.js';

export type Json = Record<string, unknown>;

export const DEFAULT_BUYER = { email: 'buyer@proto-conformance.example', first_name: 'Ada', last_name: 'Tester' };
export const DEFAULT_ADDRESS = {
  street_address: '1 Test Street', address_locality: 'Springfield', address_region: 'IL',
  address_country: 'US', postal_code: '62701',
};

export const NEEDS_ITEMS = 'fixtures.item_ids in --config (or a catalog to find purchasable items in)';

/** Purchasable item ids: from fixtures.item_ids, or available variants of known products. */
export async function purchasableItems(t: ScenarioContext, count = 2): Promise<string[]> {
  const configured = t.config.fixtures?.item_ids ?? [];
  if (configured.length > 0) return configured.slice(0, count);
  const items: string[] = [];
  for (const p of await knownProducts(t)) {
    const v = variantsOf(p).find((x) => isObject(x.availability) && x.availability.available === true);
    if (v && typeof v.id === 'string') items.push(v.id);
    if (items.length === count) break;
  }
  return items;
}

export const lineItems = (ids: string[], quantity = 1) => ids.map((id) => ({ item: { id }, quantity }));

/** The resource in a response body: the body without the envelope. */
export function resourceOf(t: ScenarioContext, x: Exchange): Json {
  if (!isObject(x.json)) return {};
  const { [t.dialect.envelopeKey]: _envelope, ...rest } = x.json;
  return rest;
}

export function statusOf(x: Exchange): unknown {
  return isObject(x.json) ? x.json.status : undefined;
}

export function envelopeMember(t: ScenarioContext, x: Exchange, member: string): unknown {
  const env = envelopeOf(t.dialect, x.json);
  return isObject(env) ? env[member] : undefined;
}

/**
 * A full-replacement update: the whole resource as last received, with the changes applied
 * (Document 1 §Checkout: the platform sends the whole resource on update).
 */
export function replacement(t: ScenarioContext, last: Exchange, changes: Json): Json {
  const { messages: _messages, ...resource } = resourceOf(t, last);
  return { ...resource, ...changes };
}

/** Creates a checkout session and registers its cancel as clean-up. */
export async function createCheckout(t: ScenarioContext, items: string[], quantity = 1): Promise<Exchange> {
  const x = await t.call('checkout.create', { body: { line_items: lineItems(items, quantity) } });
  const id = isObject(x.json) ? x.json.id : undefined;
  if (typeof id === 'string') t.cleanup(() => cancelIfOpen(t, id));
  return x;
}

/** Clean-up: cancels a session unless it already ended (what cancel does then is not shown). */
async function cancelIfOpen(t: ScenarioContext, id: string): Promise<void> {
  const x = await t.call('checkout.get', { id, tolerateTransportError: true });
  if (statusOf(x) === 'incomplete' || statusOf(x) === 'ready_for_complete') {
    await t.call('checkout.cancel', { id, body: {}, tolerateTransportError: true });
  }
}

/**
 * Updates a session to ready_for_complete: buyer and a shipping destination first, then the first
 * option of every fulfillment group. Returns every exchange, in order.
 */
export async function driveToReady(t: ScenarioContext, created: Exchange): Promise<Exchange[]> {
  const id = String(resourceOf(t, created).id);
  const buyer = t.config.fixtures?.buyer ?? DEFAULT_BUYER;
  const address = t.config.fixtures?.shipping_address ?? DEFAULT_ADDRESS;
  const first = await t.call('checkout.update', {
    id,
    body: replacement(t, created, { buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [address] }] } }),
  });
  const fulfillment = resourceOf(t, first).fulfillment;
  const methods = isObject(fulfillment) && Array.isArray(fulfillment.methods) ? fulfillment.methods.filter(isObject) : [];
  const chosen = methods.map((m) => ({
    ...m,
    groups: (Array.isArray(m.groups) ? m.groups.filter(isObject) : []).map((g) => {
      const options = Array.isArray(g.options) ? g.options.filter(isObject) : [];
      return { ...g, selected_option_id: g.selected_option_id ?? options[0]?.id };
    }),
  }));
  const second = await t.call('checkout.update', {
    id,
    body: replacement(t, first, { fulfillment: { ...(isObject(fulfillment) ? fulfillment : {}), methods: chosen } }),
  });
  return [first, second];
}

/** A payment instrument for the session's first handler, with the token from config. */
export function instrument(t: ScenarioContext, session: Exchange, token: string): Json {
  const handlers = envelopeMember(t, session, 'payment_handlers');
  const firstHandler = isObject(handlers)
    ? Object.values(handlers).flatMap((entries) => (Array.isArray(entries) ? entries.filter(isObject) : []))[0]
    : undefined;
  const address = t.config.fixtures?.shipping_address ?? DEFAULT_ADDRESS;
  return {
    id: 'instrument-1',
    handler_id: t.config.payment?.handler_id ?? firstHandler?.id,
    type: t.config.payment?.instrument_type ?? 'card',
    selected: true,
    display: { brand: 'visa', last_digits: '4242', description: 'Test card' },
    billing_address: address,
    credential: { type: 'token', token },
  };
}

export async function complete(t: ScenarioContext, session: Exchange, token: string): Promise<Exchange> {
  const id = String(resourceOf(t, session).id);
  return t.call('checkout.complete', {
    id,
    body: { payment: { instruments: [instrument(t, session, token)] }, signals: {} },
  });
}

/** Headers that make a request come from the second platform of the config, if one is configured. */
export function secondPlatformHeaders(t: ScenarioContext): Record<string, string> | undefined {
  const second = t.config.second_platform;
  if (!second || (!second.agent_profile && !second.headers)) return undefined;
  return {
    ...(second.agent_profile ? { [t.dialect.agentHeader]: agentHeaderValue(second.agent_profile) } : {}),
    ...second.headers,
  };
}

/** A session brought to ready_for_complete; the checks of checkout.to-ready cover each step. */
export async function readySession(t: ScenarioContext): Promise<Exchange> {
  const created = await createCheckout(t, t.need(await purchasableItems(t, 1), NEEDS_ITEMS));
  t.prerequisite(statusOf(created) === 'incomplete', 'checkout.create');
  const [, ready] = await driveToReady(t, created);
  t.prerequisite(statusOf(ready) === 'ready_for_complete', 'checkout.ready');
  return ready;
}
