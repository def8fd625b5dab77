/**
 * The checkout flow, driven by what the business says rather than by a fixed script: create with
 * what the config provides, then update in bounded rounds, choosing from what the business offers
 * (destinations, fulfillment options) and filling the paths its messages name from config
 * fixtures, until the session is ready_for_complete or the business asks for something the
 * config does not have. Completion that answers complete_in_progress is followed by bounded
 * polling of Get.
 */
import { canonicalJson } from '../../src/protocol/canonical.js';
import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { parseSteps } from '../../src/protocol/json-path.js';
import type { LineItemRequest } from '../../src/protocol/recipes.js';
import { CATALOG_READS, knownProducts, variantsOf } from './catalog-fixtures.js';
import {
  checkCancel,
  checkCompleteEarly,
  checkLeftOut,
  topLevel,
  completeSession,
  createSession,
  driveToReady as drive,
  fillAsks,
  instrumentFor,
  judgeRefusedUpdate as judgeRefused,
  pointing,
  refusedCompleteReason,
  resourceOf,
  shows,
  supplied,
  type Completion,
  type CreateOutcome,
  type Json,
  type ReadyOutcome,
  type SessionKind,
} from './session-flow.js';

export {
  carriesResource,
  COMPLETION_WAIT_MS,
  envelopeMember,
  pollWhile,
  resourceOf,
  statusOf,
  type Completion,
  type CreateOutcome,
  type ReadyOutcome,
} from './session-flow.js';
export type { Json };

export const DEFAULT_BUYER = { email: 'buyer@proto-conformance.example', first_name: 'Ada', last_name: 'Tester' };
export const DEFAULT_ADDRESS = {
  street_address: '1 Test Street',
  address_locality: 'Springfield',
  address_region: 'IL',
  address_country: 'US',
  postal_code: '62701',
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

/** Purchasable items, or else a stop: not-tested, or blocked by the catalog read that failed to find them. */
export async function neededItems(t: ScenarioContext, count = 2): Promise<string[]> {
  return t.need(await purchasableItems(t, count), NEEDS_ITEMS, CATALOG_READS);
}

export const lineItems = (ids: string[], quantity = 1): LineItemRequest[] =>
  ids.map((id) => ({ item: { id }, quantity }));

/** Checkout sessions (Document 1 §Checkout), for the shared session flow. */
const CHECKOUT: SessionKind = {
  name: 'checkout',
  get: 'checkout.get',
  update: 'checkout.update',
  complete: 'checkout.complete',
  cancel: 'checkout.cancel',
  // Document 1 §Checkout resource, §Checkout (request members seen), §Shared value objects (buyer, postal address).
  members: [
    'buyer',
    'currency',
    'line_items',
    'fulfillment',
    'payment',
    'context',
    'signals',
    'attribution',
    'email',
    'first_name',
    'last_name',
    'phone_number',
    'methods',
    'destinations',
    'instruments',
    'billing_address',
  ],
  refusedCreate: (refusal) =>
    `the business refused the items (${refusal}); set fixtures.item_ids in --config to items it sells`,
};

/** A cart's or session's lines as a sorted list of item and quantity: lines have no fixed order. */
export function lineSetOf(t: ScenarioContext, x: Exchange): { item: unknown; quantity: unknown }[] {
  const lines = resourceOf(t, x).line_items;
  return (Array.isArray(lines) ? lines.filter(isObject) : [])
    .map((l) => ({ item: isObject(l.item) ? l.item.id : undefined, quantity: l.quantity }))
    .sort((a, b) => canonicalJson(a).localeCompare(canonicalJson(b)));
}

/**
 * What the config provides for paths a business may ask for, as one document. Never a fulfillment:
 * that is answered by choosing among what the business offers (nextSubmission).
 */
function provided(t: ScenarioContext, session?: Exchange): Json {
  const doc: Json = { buyer: t.config.fixtures?.buyer ?? DEFAULT_BUYER };
  const token = t.config.payment?.token;
  if (token && session) doc.payment = { instruments: [instrument(t, session, token)] };
  return doc;
}

const address = (t: ScenarioContext) => t.config.fixtures?.shipping_address ?? DEFAULT_ADDRESS;

/**
 * Creates a checkout session with what the config provides, registering its cancel as clean-up.
 * When the business answers with recoverable errors naming fields the config has, it tries again
 * with them (at most twice).
 */
export function createCheckout(
  t: ScenarioContext,
  items: string[],
  quantity = 1,
  extra: Json = {},
): Promise<CreateOutcome> {
  return createSession(
    t,
    CHECKOUT,
    (members) =>
      t.call('checkout.create', {
        input: { lineItems: lineItems(items, quantity), members: { ...extra, ...members } },
      }),
    (x) => provided(t, x),
  );
}

/**
 * Updates a session until it is ready_for_complete: the first update sends the buyer and a
 * shipping destination; each later one selects a destination and an option wherever the business
 * offers several and none is selected, and fills the paths its messages name from the config.
 */
export function driveToReady(t: ScenarioContext, created: Exchange): Promise<ReadyOutcome> {
  return drive(
    t,
    CHECKOUT,
    created,
    (x) => firstSubmission(t, x),
    (x) => nextSubmission(t, x),
  );
}

/** A session as received, with the buyer the config provides merged in: every update carries it. */
export function withBuyer(t: ScenarioContext, resource: Json): Json {
  return {
    ...resource,
    buyer: { ...(isObject(resource.buyer) ? resource.buyer : {}), ...(provided(t).buyer as Json) },
  };
}

/** The first update: the buyer, and a shipping destination unless the session already has one. */
function firstSubmission(t: ScenarioContext, session: Exchange): Json {
  const resource = resourceOf(t, session);
  const draft = { body: withBuyer(t, resource) };
  fillAsks(session, draft, provided(t, session));
  const methods = methodsOf(resource);
  const fulfillment = methods.length
    ? withDestinations(t, resource.fulfillment as Json, methods)
    : { methods: [{ type: 'shipping', destinations: [address(t)] }] };
  return { ...draft.body, fulfillment };
}

function methodsOf(resource: Json): Json[] {
  const f = resource.fulfillment;
  return isObject(f) && Array.isArray(f.methods) ? f.methods.filter(isObject) : [];
}

/** Gives every shipping method without destinations the configured address. */
function withDestinations(t: ScenarioContext, fulfillment: Json, methods: Json[]): Json {
  return {
    ...fulfillment,
    methods: methods.map((m) =>
      Array.isArray(m.destinations) && m.destinations.length > 0 ? m : { ...m, destinations: [address(t)] },
    ),
  };
}

/**
 * The next update after an incomplete answer, or undefined when there is nothing more the
 * platform can send: chooses what the business offers and fills what it asks for.
 */
function nextSubmission(t: ScenarioContext, x: Exchange): Json | undefined {
  const resource = resourceOf(t, x);
  const draft = { body: resource };
  let changed = fillAsks(x, draft, provided(t, x)).length > 0;
  // A field called missing that the session itself shows (a choice the business made) but the
  // last update did not carry: sending the resource back carries it, and shows whether it counts.
  if (pointing(x).some((m) => m.code === 'missing' && shows(resource, m.path) && !supplied(x, m.path))) changed = true;
  const methods = methodsOf(resource);
  if (methods.length === 0) {
    if (pointing(x).some((m) => parseSteps(m.path)?.[0] === 'fulfillment')) {
      draft.body = { ...draft.body, fulfillment: { methods: [{ type: 'shipping', destinations: [address(t)] }] } };
      changed = true;
    }
  } else {
    const chosen = methods.map((m) => choose(t, m));
    if (JSON.stringify(chosen) !== JSON.stringify(methods)) {
      draft.body = { ...draft.body, fulfillment: { ...(resource.fulfillment as Json), methods: chosen } };
      changed = true;
    }
  }
  return changed ? draft.body : undefined;
}

/** One fulfillment method with a destination and, in each group, an option selected. */
function choose(t: ScenarioContext, method: Json): Json {
  const destinations = Array.isArray(method.destinations) ? method.destinations.filter(isObject) : [];
  const out: Json = { ...method };
  if (destinations.length === 0 && (method.type === undefined || method.type === 'shipping'))
    out.destinations = [address(t)];
  else if (method.selected_destination_id === undefined && typeof destinations[0]?.id === 'string')
    out.selected_destination_id = destinations[0].id;
  if (Array.isArray(method.groups)) {
    out.groups = method.groups.filter(isObject).map((g) => {
      const options = Array.isArray(g.options) ? g.options.filter(isObject) : [];
      return g.selected_option_id === undefined && typeof options[0]?.id === 'string'
        ? { ...g, selected_option_id: options[0].id }
        : g;
    });
  }
  return out;
}

/** An update that returned no session. A 400 may mean members the business needs (not shown). */
export const judgeRefusedUpdate = (x: Exchange, sessions: Exchange[]): ReadyOutcome =>
  judgeRefused(CHECKOUT, x, sessions);

/** A payment instrument for the session's first handler, with a token from config. */
export const instrument = (t: ScenarioContext, session: Exchange, token: string): Json =>
  instrumentFor(t, session, token, address(t));

/**
 * Completes a ready session. When the business answers complete_in_progress (asynchronous
 * completion is not shown, so it is allowed) and `await` is set, Get is polled until the
 * session leaves that state or COMPLETION_WAIT_MS passes.
 */
export const completeCheckout = (
  t: ScenarioContext,
  session: Exchange,
  token: string,
  opts: { await: boolean },
): Promise<Completion> => completeSession(t, CHECKOUT, session, instrument(t, session, token), opts);

/** Complete sent on the incomplete session `created` (see checkCompleteEarly). */
export const completeEarlyChecked = <C extends string>(
  t: ScenarioContext<C>,
  check: C,
  created: Exchange,
  token: string,
): Promise<void> => checkCompleteEarly(t, CHECKOUT, check, created, instrument(t, created, token));

/** Headers that make a request come from the second platform of the config, if one is configured. */
export function secondPlatformHeaders(t: ScenarioContext): Record<string, string> | undefined {
  const second = t.config.second_platform;
  if (!second || (!second.agent_profile && !second.headers)) return undefined;
  return {
    ...(second.agent_profile ? { [t.dialect.agentHeader]: agentHeaderValue(second.agent_profile) } : {}),
    ...second.headers,
  };
}

/**
 * A session brought to ready_for_complete for scenarios that start there; the checks of
 * checkout.to-ready judge each step, so here a step that does not work blocks (or, when the
 * config lacks what the business needs, is not-tested). `extra` members go in its create.
 */
export async function readySession(t: ScenarioContext, extra: Json = {}): Promise<Exchange> {
  const created = await createCheckout(t, await neededItems(t, 1), 1, extra);
  if (created.kind === 'needs') t.stopNotTested(created.why);
  if (created.kind === 'broken') t.stopBlocked('checkout.create');
  const ready = await driveToReady(t, created.x);
  if (ready.kind === 'needs') t.stopNotTested(ready.why);
  if (ready.kind === 'broken') t.stopBlocked('checkout.ready');
  return ready.last;
}

/**
 * Why a complete that did not complete is not for checkout.complete to fail: Complete "MAY return
 * messages requiring buyer or address fields" (Document 1 §Checkout 4), and a declined test token
 * is the business's to decline. Undefined when nothing explains it.
 */
export const refusedCheckoutComplete = (done: Completion): string | undefined => refusedCompleteReason(CHECKOUT, done);

/** Cancels a checkout session and judges `check` by it (see checkCancel). */
export const cancelChecked = <C extends string>(
  t: ScenarioContext<C>,
  check: C,
  id: string,
  readBack?: { created: Exchange; last: Exchange },
): Promise<void> => checkCancel(t, CHECKOUT, check, id, readBack);

/** An update leaving out `member`, set by the update `shown` answered (see checkLeftOut). */
export const leftOutChecked = <C extends string>(
  t: ScenarioContext<C>,
  check: C,
  shown: Exchange,
  member: string,
): Promise<void> => checkLeftOut(t, CHECKOUT, check, shown, [topLevel(member)], resourceOf(t, shown));
