import { isObject } from '../../src/dialect/dialect.js';
import type { CallOptions, ScenarioContext } from '../../src/engine/context.js';
import type { Effect } from '../../src/report/types.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import {
  anotherInstrument,
  anotherQuestion,
  moreOfEachLine,
  oneMoreNight,
  otherCancelBody,
  renamedGuests,
  type Change,
} from '../../src/protocol/idempotency.js';
import { ask, conversationId, FOLLOW_UP, keyed, plainAnswer, question } from '../ask/questions.js';
import { createBooking, instrument as bookingInstrument, readyBooking, withPeople } from '../shared/booking-flow.js';
import {
  createCheckout,
  instrument,
  lineItems,
  neededItems,
  readySession,
  resourceOf,
  withBuyer,
} from '../shared/checkout-flow.js';

/** Sends the operation's request once, with a fresh key unless the options leave the step out. */
export type Send = (opts?: Pick<CallOptions<OperationName>, 'omit' | 'tolerateTransportError'>) => Promise<Exchange>;

/**
 * How the idempotency rules reach one state-changing operation: what to prepare so that its
 * request would succeed, and what it makes. Everything else (replay, conflict, read-back) is
 * generated from the operations table; a service adds its operations here and gets the rules.
 */
export interface IdempotencySubject {
  operation: OperationName;
  effect: Effect;
  /** Prepares the resource the request acts on and returns how to send the request. */
  prepare(t: ScenarioContext): Promise<{ send: Send; id?: string }>;
  /** The id of what the operation makes (a created resource, a placed order), if it makes one. */
  made?(t: ScenarioContext, x: Exchange): string | undefined;
  /** How its body is given another meaning (line item quantities): the conflict rule applies. */
  conflict?: Change;
  /** Reads the resource it acts on back, for what a refused request must not have changed. */
  read?(t: ScenarioContext, id: string): Promise<Exchange>;
  /** What of a read-back the conflicting request would have changed (a cart's lines); compared as JSON. */
  state?(t: ScenarioContext, x: Exchange): unknown;
  /**
   * Supporting idempotency here is only advised (Document 1 §Limits: "Operations that modify state SHOULD support
   * idempotency"): a cancel, whose repetition has no further effect, may keep no result, nor see a conflict.
   */
  advised?: true;
  /**
   * The spec fixes the body (Document 1 §Checkout 5: "Cancel sends an empty JSON object"): a 400 for another body
   * refuses that body itself, and says nothing of the key.
   */
  bodyFixed?: true;
}

const idOf = (t: ScenarioContext, x: Exchange): string | undefined => {
  const id = resourceOf(t, x).id;
  return typeof id === 'string' ? id : undefined;
};

const orderIdOf = (t: ScenarioContext, x: Exchange): string | undefined => {
  const order = resourceOf(t, x).order;
  return isObject(order) && typeof order.id === 'string' ? order.id : undefined;
};

const confirmationIdOf = (t: ScenarioContext, x: Exchange): string | undefined => {
  const confirmation = resourceOf(t, x).confirmation;
  return isObject(confirmation) && typeof confirmation.id === 'string' ? confirmation.id : undefined;
};

async function oneItem(t: ScenarioContext): Promise<string[]> {
  return await neededItems(t, 1);
}

/** A cart to act on, cancelled when the scenario ends. */
async function newCart(t: ScenarioContext): Promise<{ id: string; items: string[] }> {
  const items = await oneItem(t);
  const x = await t.call('cart.create', { input: { lineItems: lineItems(items) } });
  const id = idOf(t, x);
  if (!id) t.stopNotTested(`cart create answered HTTP ${x.status} without a cart; the cart suite judges it`);
  t.cleanup(() => t.call('cart.cancel', { id, tolerateTransportError: true }));
  return { id, items };
}

/** An open checkout session to act on; createCheckout cancels it when the scenario ends. */
async function newSession(t: ScenarioContext): Promise<Exchange> {
  const created = await createCheckout(t, await oneItem(t));
  if (created.kind !== 'session') t.stopNotTested(`no session to act on: ${created.why}; the checkout suite judges it`);
  return created.x;
}

/** An open booking session to act on; createBooking cancels it when the scenario ends. */
async function newBooking(t: ScenarioContext): Promise<Exchange> {
  const created = await createBooking(t);
  if (created.kind !== 'session') t.stopNotTested(`no session to act on: ${created.why}; the booking suite judges it`);
  return created.x;
}

export const SUBJECTS: readonly IdempotencySubject[] = [
  {
    operation: 'cart.create',
    effect: 'write',
    async prepare(t) {
      const items = await oneItem(t);
      return { send: (o) => t.call('cart.create', { input: { lineItems: lineItems(items) }, ...o }) };
    },
    made: idOf,
    conflict: moreOfEachLine,
  },
  {
    operation: 'cart.update',
    effect: 'write',
    async prepare(t) {
      const { id, items } = await newCart(t);
      return { id, send: (o) => t.call('cart.update', { id, input: { lineItems: lineItems(items, 2) }, ...o }) };
    },
    conflict: moreOfEachLine,
    read: (t, id) => t.call('cart.get', { id }),
  },
  {
    operation: 'cart.cancel',
    effect: 'write',
    async prepare(t) {
      const { id } = await newCart(t);
      return { id, send: (o) => t.call('cart.cancel', { id, ...o }) };
    },
    conflict: otherCancelBody,
    advised: true,
    bodyFixed: true,
  },
  {
    operation: 'checkout.create',
    effect: 'write',
    async prepare(t) {
      // A create that worked, so the body carries whatever members this business needs.
      const body = (await newSession(t)).requestBody;
      return { send: (o) => t.call('checkout.create', { rawBody: body, ...o }) };
    },
    made: idOf,
    conflict: moreOfEachLine,
  },
  {
    operation: 'checkout.update',
    effect: 'write',
    async prepare(t) {
      const session = await newSession(t);
      const id = idOf(t, session) as string;
      const resource = withBuyer(t, resourceOf(t, session));
      return { id, send: (o) => t.call('checkout.update', { id, input: { resource, changes: {} }, ...o }) };
    },
    conflict: moreOfEachLine,
    read: (t, id) => t.call('checkout.get', { id }),
  },
  {
    operation: 'checkout.complete',
    effect: 'irreversible',
    async prepare(t) {
      const token = t.need(t.config.payment?.token, 'payment.token in --config');
      const ready = await readySession(t);
      const id = idOf(t, ready) as string;
      return {
        id,
        send: (o) => t.call('checkout.complete', { id, input: { instrument: instrument(t, ready, token) }, ...o }),
      };
    },
    made: orderIdOf,
    conflict: anotherInstrument,
  },
  {
    operation: 'checkout.cancel',
    effect: 'write',
    async prepare(t) {
      const id = idOf(t, await newSession(t)) as string;
      return { id, send: (o) => t.call('checkout.cancel', { id, ...o }) };
    },
    conflict: otherCancelBody,
    advised: true,
    bodyFixed: true,
  },
  {
    // The key is optional on ask (Document 2 §POST /ask); a platform sends one with a conversation.
    operation: 'ask',
    effect: 'read',
    async prepare(t) {
      const first = await ask(t, question(t));
      if (plainAnswer(first) === undefined)
        t.stopNotTested(
          `the first question got no answer to replay (HTTP ${first.status}; an answer is a 2xx with a non-empty answer.plain); the ask suite judges it`,
        );
      // A business that returns no conversation (optional) is asked again without one.
      const id = conversationId(first);
      const input = id === undefined ? { query: question(t) } : { query: FOLLOW_UP, conversation: { id } };
      return { send: (o) => t.call('ask', { input, headers: keyed(), ...o }) };
    },
    conflict: anotherQuestion,
  },
  {
    operation: 'booking.create',
    effect: 'write',
    async prepare(t) {
      const body = (await newBooking(t)).requestBody;
      return { send: (o) => t.call('booking.create', { rawBody: body, ...o }) };
    },
    made: idOf,
    conflict: oneMoreNight,
  },
  {
    operation: 'booking.update',
    effect: 'write',
    async prepare(t) {
      const session = await newBooking(t);
      const id = idOf(t, session) as string;
      const resource = withPeople(t, resourceOf(t, session));
      return { id, send: (o) => t.call('booking.update', { id, input: { resource, changes: {} }, ...o }) };
    },
    conflict: renamedGuests,
    read: (t, id) => t.call('booking.get', { id }),
    // What the renamed guests would have changed: the names of the session's guests.
    state: (t, x) => {
      const guests = resourceOf(t, x).guests;
      return Array.isArray(guests) ? guests.filter(isObject).map((g) => ({ id: g.id, first_name: g.first_name })) : [];
    },
  },
  {
    operation: 'booking.complete',
    effect: 'irreversible',
    async prepare(t) {
      const token = t.need(t.config.payment?.token, 'payment.token in --config');
      const ready = await readyBooking(t);
      const id = idOf(t, ready) as string;
      return {
        id,
        send: (o) =>
          t.call('booking.complete', { id, input: { instrument: bookingInstrument(t, ready, token) }, ...o }),
      };
    },
    made: confirmationIdOf,
    conflict: anotherInstrument,
  },
  {
    operation: 'booking.cancel',
    effect: 'write',
    async prepare(t) {
      const id = idOf(t, await newBooking(t)) as string;
      return { id, send: (o) => t.call('booking.cancel', { id, ...o }) };
    },
    conflict: otherCancelBody,
    advised: true,
    bodyFixed: true,
  },
];
