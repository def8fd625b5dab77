/**
 * The checkout flow, driven by what the business says rather than by a fixed script: create with
 * what the config provides, then update in bounded rounds, choosing from what the business offers
 * (destinations, fulfillment options) and filling the paths its messages name from config
 * fixtures, until the session is ready_for_complete or the business asks for something the
 * config does not have. Completion that answers complete_in_progress is followed by bounded
 * polling of Get.
 */
import { canonicalJson } from '../../src/protocol/canonical.js';
import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { Blocked, NotTested } from '../../src/engine/outcomes.js';
import type { Exchange } from '../../src/http/exchange.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { parsePath, valueAt, withValueAt } from '../../src/protocol/json-path.js';
import { brief, messagesOf, type Message } from '../../src/protocol/messages.js';
import { paymentInstrument, type Json, type LineItemRequest } from '../../src/protocol/recipes.js';
import { knownProducts, variantsOf } from './catalog-fixtures.js';

export type { Json };

export const DEFAULT_BUYER = { email: 'buyer@proto-conformance.example', first_name: 'Ada', last_name: 'Tester' };
export const DEFAULT_ADDRESS = {
  street_address: '1 Test Street', address_locality: 'Springfield', address_region: 'IL',
  address_country: 'US', postal_code: '62701',
};

export const NEEDS_ITEMS = 'fixtures.item_ids in --config (or a catalog to find purchasable items in)';

/** Update rounds before the loop gives up on reaching ready_for_complete. */
const MAX_ROUNDS = 6;
/** How long, at most, completion is awaited by polling Get; and the pause before each poll. */
export const COMPLETION_WAIT_MS = 15_000;
const POLL_PAUSES_MS = [250, 500, 1000, 2000];

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

export const lineItems = (ids: string[], quantity = 1): LineItemRequest[] => ids.map((id) => ({ item: { id }, quantity }));

/** The resource in a response body: the body without the envelope. */
export function resourceOf(t: ScenarioContext, x: Exchange): Json {
  if (!isObject(x.json)) return {};
  const { [t.dialect.envelopeKey]: _envelope, ...rest } = x.json;
  return rest;
}

/** A cart's or session's lines as a sorted list of item and quantity: lines have no fixed order. */
export function lineSetOf(t: ScenarioContext, x: Exchange): { item: unknown; quantity: unknown }[] {
  const lines = resourceOf(t, x).line_items;
  return (Array.isArray(lines) ? lines.filter(isObject) : [])
    .map((l) => ({ item: isObject(l.item) ? l.item.id : undefined, quantity: l.quantity }))
    .sort((a, b) => canonicalJson(a).localeCompare(canonicalJson(b)));
}

export function statusOf(x: Exchange): unknown {
  return isObject(x.json) ? x.json.status : undefined;
}

export function envelopeMember(t: ScenarioContext, x: Exchange, member: string): unknown {
  const env = envelopeOf(t.dialect, x.json);
  return isObject(env) ? env[member] : undefined;
}

/** A 2xx answer carrying a session (or cart): an object with an id, not a bare error envelope. */
export function carriesResource(x: Exchange): boolean {
  return x.status !== undefined && x.status >= 200 && x.status < 300 && isObject(x.json) && typeof x.json.id === 'string';
}

const sessionId = (t: ScenarioContext, x: Exchange) => String(resourceOf(t, x).id);

/** What the config provides for paths a business may ask for, as one document. */
function provided(t: ScenarioContext, session?: Exchange): Json {
  const doc: Json = { buyer: t.config.fixtures?.buyer ?? DEFAULT_BUYER };
  const token = t.config.payment?.token;
  if (token && session) doc.payment = { instruments: [instrument(t, session, token)] };
  return doc;
}

const address = (t: ScenarioContext) => t.config.fixtures?.shipping_address ?? DEFAULT_ADDRESS;

/** Messages that point at a field: what the business needs the platform to supply or change. */
function pointing(x: Exchange): (Message & { path: string })[] {
  return messagesOf(x.json).filter((m): m is Message & { path: string } =>
    m.type === 'error' && typeof m.path === 'string' && m.severity !== 'unrecoverable');
}

const describeAsk = (m: Message) => `${String(m.path)} (${String(m.code)}${typeof m.content === 'string' ? `: ${m.content}` : ''})`;

/**
 * Fills every path the business asks for that the config provides, into `draft`. Returns the
 * paths it filled.
 */
function fillAsks(t: ScenarioContext, x: Exchange, draft: { body: Json }): string[] {
  const filled: string[] = [];
  const source = provided(t, x);
  for (const m of pointing(x)) {
    const segments = parsePath(m.path);
    if (!segments || segments.length === 0 || segments[0] === 'fulfillment') continue;
    const value = valueAt(source, segments);
    if (value === undefined || JSON.stringify(valueAt(draft.body, segments)) === JSON.stringify(value)) continue;
    draft.body = withValueAt(draft.body, segments, value) as Json;
    filled.push(m.path);
  }
  return filled;
}

/** How a create ended, for CHK-001 and for every scenario that needs a session. */
export type CreateOutcome =
  | { kind: 'session'; x: Exchange }
  /** `config`: the business needs members the config lacks; `items`: it refused the items. */
  | { kind: 'needs'; x: Exchange; why: string; cause: 'config' | 'items' }
  | { kind: 'broken'; x: Exchange; why: string };

/**
 * Creates a checkout session with what the config provides, registering its cancel as clean-up.
 * When the business answers with recoverable errors naming fields the config has, it tries again
 * with them (at most twice).
 */
export async function createCheckout(t: ScenarioContext, items: string[], quantity = 1): Promise<CreateOutcome> {
  const draft = { body: {} as Json };
  let x!: Exchange;
  for (let attempt = 0; attempt < 3; attempt++) {
    x = await t.call('checkout.create', { input: { lineItems: lineItems(items, quantity), members: draft.body } });
    if (carriesResource(x)) {
      const id = sessionId(t, x);
      t.cleanup(() => cancelIfOpen(t, id));
      return { kind: 'session', x };
    }
    if (fillAsks(t, x, draft).length === 0) break;
  }
  return judgeRefusedCreate(t, x);
}

/**
 * A create that made no session. What the business asks for beyond line_items is not shown
 * (Document 1 §Checkout), so a refusal naming fields the config lacks, or a 400, is not-tested;
 * asking again for a field the request carried is broken.
 */
function judgeRefusedCreate(t: ScenarioContext, x: Exchange): CreateOutcome {
  const asks = pointing(x);
  const ignored = asks.filter((m) => m.code === 'missing' && supplied(x, m.path));
  if (ignored.length) return { kind: 'broken', x, why: `the business says ${ignored.map(describeAsk).join('; ')} is missing, but the create request carried it` };
  if (asks.length) {
    return { kind: 'needs', cause: 'config', x, why: `checkout create needs ${asks.map(describeAsk).join('; ')}, which the config does not supply: add it under requests."checkout.create" in --config` };
  }
  if (x.status === 400) {
    const content = isObject(x.json) ? x.json.content : undefined;
    return { kind: 'needs', cause: 'config', x, why: `checkout create answered HTTP 400 (${brief(content)}); the business may need members beyond line_items: add them under requests."checkout.create" in --config` };
  }
  const refusal = messagesOf(x.json).find((m) => m.type === 'error');
  if (x.status === 200 && refusal) {
    return { kind: 'needs', cause: 'items', x, why: `the business refused the items (${String(refusal.code)}: ${brief(refusal.content)}); set fixtures.item_ids in --config to items it sells` };
  }
  return { kind: 'broken', x, why: `create answered HTTP ${x.status ?? x.transportError?.message} without a session: ${brief(x.json)}` };
}

/** Whether a resource holds a value at a message path. */
function shows(resource: Json, path: string): boolean {
  const segments = parsePath(path);
  return !!segments && valueAt(resource, segments) !== undefined;
}

/** Whether the request of an exchange carried a value at a message path. */
function supplied(x: Exchange, path: string): boolean {
  const segments = parsePath(path);
  return !!segments && valueAt(x.sentJson, segments) !== undefined;
}

/** Clean-up: cancels a session unless it already ended (what cancel does then is not shown). */
async function cancelIfOpen(t: ScenarioContext, id: string): Promise<void> {
  const x = await t.call('checkout.get', { id, tolerateTransportError: true });
  if (statusOf(x) === 'incomplete' || statusOf(x) === 'ready_for_complete') {
    await t.call('checkout.cancel', { id, tolerateTransportError: true });
  }
}

/** How the drive to ready_for_complete ended. */
export interface ReadyOutcome {
  kind: 'ready' | 'needs' | 'broken';
  /** Every session response of the drive, the create first. */
  sessions: Exchange[];
  /** The last response. */
  last: Exchange;
  why: string;
}

/**
 * Updates a session until it is ready_for_complete: the first update sends the buyer and a
 * shipping destination; each later one selects a destination and an option wherever the business
 * offers several and none is selected, and fills the paths its messages name from the config.
 */
export async function driveToReady(t: ScenarioContext, created: Exchange): Promise<ReadyOutcome> {
  const sessions = [created];
  let last = created;
  if (statusOf(created) === 'ready_for_complete') return { kind: 'ready', sessions, last, why: 'ready at create' };
  let draft: Json | undefined = firstSubmission(t, created);
  for (let round = 0; round < MAX_ROUNDS && draft; round++) {
    const x = await t.call('checkout.update', { id: sessionId(t, last), input: { resource: draft, changes: {} } });
    if (!carriesResource(x)) return judgeRefusedUpdate(x, sessions);
    sessions.push(x);
    last = x;
    if (statusOf(x) === 'ready_for_complete') return { kind: 'ready', sessions, last, why: `ready after ${round + 1} updates` };
    draft = nextSubmission(t, x);
  }
  return judgeStall(last, sessions);
}

/** A session as received, with the buyer the config provides merged in: every update carries it. */
export function withBuyer(t: ScenarioContext, resource: Json): Json {
  return { ...resource, buyer: { ...(isObject(resource.buyer) ? resource.buyer : {}), ...provided(t).buyer as Json } };
}

/** The first update: the buyer, and a shipping destination unless the session already has one. */
function firstSubmission(t: ScenarioContext, session: Exchange): Json {
  const resource = resourceOf(t, session);
  const draft = { body: withBuyer(t, resource) };
  fillAsks(t, session, draft);
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
    methods: methods.map((m) => (Array.isArray(m.destinations) && m.destinations.length > 0 ? m : { ...m, destinations: [address(t)] })),
  };
}

/**
 * The next update after an incomplete answer, or undefined when there is nothing more the
 * platform can send: chooses what the business offers and fills what it asks for.
 */
function nextSubmission(t: ScenarioContext, x: Exchange): Json | undefined {
  const resource = resourceOf(t, x);
  const draft = { body: resource };
  let changed = fillAsks(t, x, draft).length > 0;
  // A field called missing that the session itself shows (a choice the business made) but the
  // last update did not carry: sending the resource back carries it, and shows whether it counts.
  if (pointing(x).some((m) => m.code === 'missing' && shows(resource, m.path) && !supplied(x, m.path))) changed = true;
  const methods = methodsOf(resource);
  if (methods.length === 0) {
    if (pointing(x).some((m) => m.path.startsWith('$.fulfillment'))) {
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
  if (destinations.length === 0 && (method.type === undefined || method.type === 'shipping')) out.destinations = [address(t)];
  else if (method.selected_destination_id === undefined && typeof destinations[0]?.id === 'string') out.selected_destination_id = destinations[0].id;
  if (Array.isArray(method.groups)) {
    out.groups = method.groups.filter(isObject).map((g) => {
      const options = Array.isArray(g.options) ? g.options.filter(isObject) : [];
      return g.selected_option_id === undefined && typeof options[0]?.id === 'string' ? { ...g, selected_option_id: options[0].id } : g;
    });
  }
  return out;
}

/** An update that returned no session. A 400 may mean members the business needs (not shown). */
export function judgeRefusedUpdate(x: Exchange, sessions: Exchange[]): ReadyOutcome {
  const last = x;
  if (x.status === 400) {
    const content = isObject(x.json) ? x.json.content : undefined;
    return { kind: 'needs', sessions, last, why: `checkout update answered HTTP 400 (${brief(content)}); add what the business needs under requests."checkout.update" in --config` };
  }
  return { kind: 'broken', sessions, last, why: `update answered HTTP ${x.status ?? x.transportError?.message} without the session: ${brief(x.json)}` };
}

/**
 * The business stayed incomplete and the platform has nothing more to send. When it still says
 * a field is `missing` that the last request carried, it ignores what it was sent (broken);
 * otherwise it needs something the config lacks (not-tested).
 */
function judgeStall(last: Exchange, sessions: Exchange[]): ReadyOutcome {
  const asks = pointing(last);
  const ignored = asks.filter((m) => m.code === 'missing' && supplied(last, m.path));
  if (ignored.length) {
    return { kind: 'broken', sessions, last, why: `still incomplete: the business says ${ignored.map(describeAsk).join('; ')} is missing, but the last update carried it` };
  }
  const named = asks.length ? asks.map(describeAsk).join('; ') : brief(messagesOf(last.json));
  return {
    kind: 'needs', sessions, last,
    why: `the session stays incomplete asking for ${named}, which the config does not supply: add it to fixtures or under requests."checkout.update" in --config`,
  };
}

/** A payment instrument for the session's first handler, with a token from config. */
export function instrument(t: ScenarioContext, session: Exchange, token: string): Json {
  const handlers = envelopeMember(t, session, 'payment_handlers');
  const firstHandler = isObject(handlers)
    ? Object.values(handlers).flatMap((entries) => (Array.isArray(entries) ? entries.filter(isObject) : []))[0]
    : undefined;
  return paymentInstrument(t.config, firstHandler?.id, token, address(t));
}

/** How completing went: the complete answer, the polls of Get, and the final state seen. */
export interface Completion {
  complete: Exchange;
  polls: Exchange[];
  final: Exchange;
}

/**
 * Completes a ready session. When the business answers complete_in_progress (asynchronous
 * completion is not shown, so it is allowed) and `await` is set, Get is polled until the
 * session leaves that state or COMPLETION_WAIT_MS passes.
 */
export async function completeCheckout(t: ScenarioContext, session: Exchange, token: string, opts: { await: boolean }): Promise<Completion> {
  const id = sessionId(t, session);
  const complete = await t.call('checkout.complete', { id, input: { instrument: instrument(t, session, token) } });
  const polls: Exchange[] = [];
  let final = complete;
  const deadline = Date.now() + COMPLETION_WAIT_MS;
  for (let i = 0; opts.await && statusOf(final) === 'complete_in_progress' && Date.now() < deadline; i++) {
    await new Promise((r) => setTimeout(r, POLL_PAUSES_MS[Math.min(i, POLL_PAUSES_MS.length - 1)]));
    final = await t.call('checkout.get', { id });
    polls.push(final);
  }
  return { complete, polls, final };
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

/**
 * A session brought to ready_for_complete for scenarios that start there; the checks of
 * checkout.to-ready judge each step, so here a step that does not work blocks (or, when the
 * config lacks what the business needs, is not-tested).
 */
export async function readySession(t: ScenarioContext): Promise<Exchange> {
  const created = await createCheckout(t, t.need(await purchasableItems(t, 1), NEEDS_ITEMS));
  if (created.kind === 'needs') throw new NotTested(created.why);
  if (created.kind === 'broken') throw new Blocked('checkout.create');
  const ready = await driveToReady(t, created.x);
  if (ready.kind === 'needs') throw new NotTested(ready.why);
  if (ready.kind === 'broken') throw new Blocked('checkout.ready');
  return ready.last;
}
