/**
 * Rules over every response of a session capability that checkout (Document 1) and booking
 * (Document 3) state alike: the payment handlers in the envelope, an incomplete session naming
 * what it lacks, the shape of a missing message, and what a completed session carries.
 */
import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ExchangeRule, RuleContext } from '../../src/engine/rule.js';
import type { CheckSpec } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/report/exchange.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import { brief, messagesOf, type Message } from '../../src/protocol/messages.js';
import { operationsOf } from '../../src/protocol/operations.js';
import { statusOf } from './session-flow.js';

/** The statuses in which a session can still be completed. */
export const OPEN = ['incomplete', 'ready_for_complete'];

const sessionOps = (capability: string) => new Set(operationsOf(capability).map((o) => o.name));

/** Whether an exchange is an answer of the capability carrying its session. */
export function isSessionOf(capability: string): (x: Exchange, envelopeKey: string) => boolean {
  const ops = sessionOps(capability);
  return (x, envelopeKey) => ops.has(x.operation) && carriesResourceOf(x, envelopeKey);
}

/**
 * What completing made, on every response carrying the session completed, Get and replays included:
 * a checkout's `order` ("Present once completed"), with the id Get Order needs; a booking's
 * `confirmation` ("MUST be set in the response of a completed booking").
 */
export function completedCarriesRule(
  capability: string,
  check: CheckSpec,
  noun: string,
  made: { member: string; holds: (value: unknown) => boolean },
): ExchangeRule {
  const isSession = isSessionOf(capability);
  const body = (x: Exchange) => (isObject(x.json) ? x.json : {});
  return {
    check,
    appliesTo: `${noun} responses carrying a completed session`,
    applies: (x, r) => isSession(x, r.dialect.envelopeKey) && body(x).status === 'completed',
    problems: (x) =>
      made.holds(body(x)[made.member])
        ? []
        : [`the session is completed but carries ${made.member} ${brief(body(x)[made.member])}`],
  };
}

/**
 * The payment handlers of a session response (checkout, booking): the envelope's registry is a
 * known member ("Includes `payment_handlers`"), and "The business advertises the capability in its
 * profile together with payment handlers". So a registry that is present must be well-formed, and
 * an open session needs a handler with an id in its own registry or else in the profile's: without
 * either, Complete has no handler_id to name. A response without its own registry is reported in
 * the verdict, not failed. `noun` names the responses (`checkout`).
 */
export function paymentHandlersRule(capability: string, check: CheckSpec, noun: string): ExchangeRule {
  const isSession = isSessionOf(capability);
  const registryOf = (r: RuleContext, body: unknown) => {
    const env = envelopeOf(r.dialect, body);
    return isObject(env) ? env.payment_handlers : undefined;
  };
  const usable = (registry: unknown) =>
    isObject(registry) &&
    Object.values(registry)
      .flat()
      .some((e) => isObject(e) && typeof e.id === 'string');
  return {
    check,
    appliesTo: `${noun} responses carrying a session`,
    applies: (x, r) => isSession(x, r.dialect.envelopeKey),
    problems: (x, r) => {
      const key = `${r.dialect.envelopeKey}.payment_handlers`;
      const registry = registryOf(r, x.json);
      const open = OPEN.includes(String(statusOf(x)));
      if (registry !== undefined) {
        const shape = r
          .validate('common.schema.json#/$defs/paymentHandlerRegistry', registry)
          .map((p) => p.replace('$', `$.${key}`));
        if (shape.length) return shape;
      }
      if (!open || usable(registry)) return [];
      const profile = r.target.profile;
      if (usable(registryOf(r, profile?.document))) return [];
      // Say what was seen: a run whose profile was not read cannot say what the profile names.
      const elsewhere = profile
        ? 'the profile names none either'
        : `no profile was read to name one${r.target.profileNotRead ? ` (${r.target.profileNotRead})` : ''}`;
      return [
        `no payment handler to pay with while the session is ${String(statusOf(x))}: ${registry === undefined ? `no ${key}` : `${key} names none`}, and ${elsewhere}`,
      ];
    },
    coverage: (judged: Exchange[], r: RuleContext) => {
      const without = judged.filter((x) => !usable(registryOf(r, x.json))).length;
      return without
        ? `${without} of them named no handler of their own; the profile's payment handlers serve (the envelope's payment_handlers is a known member)`
        : undefined;
    },
  };
}

/**
 * A response to one of `ops` (`create`, `update`) carrying an incomplete session says in its
 * messages what is missing: at least one message `names` counts (any, unless told). Get is not
 * among them: the texts tie these messages to Create and Update (Document 1 §States and
 * transitions), and a Get need not repeat them.
 */
export function incompleteNamesMissingRule(
  capability: string,
  check: CheckSpec,
  noun: string,
  opts: { ops?: readonly string[]; names?: { counts: (m: Message) => boolean; what: string } } = {},
): ExchangeRule {
  const isSession = isSessionOf(capability);
  const ops = opts.ops ?? ['create', 'update'];
  const judged = new Set(ops.map((op) => `${noun}.${op}`));
  // An unrecoverable error naming no field says the session cannot go on, not what is missing.
  const dead = (m: Message) => m.type === 'error' && m.severity === 'unrecoverable' && typeof m.path !== 'string';
  const chosen = opts.names?.counts ?? (() => true);
  const counts = (m: Message) => !dead(m) && chosen(m);
  return {
    check,
    appliesTo: `${noun} ${ops.join(' and ')} responses carrying an incomplete session`,
    applies: (x, r) => judged.has(x.operation) && isSession(x, r.dialect.envelopeKey) && statusOf(x) === 'incomplete',
    problems: (x) => {
      const messages = messagesOf(x.json);
      if (messages.length === 0) return ['the session is incomplete but carries no message saying what is missing'];
      return messages.some(counts)
        ? []
        : [
            `the session is incomplete, but none of its messages is ${opts.names?.what ?? 'one that names something'}${messages.some(dead) ? ' (an unrecoverable error naming no field says it cannot go on, not what is missing)' : ''}: ${brief(messages)}`,
          ];
    },
  };
}

/**
 * A message of code missing carries a JSON path and, when it states a severity, is recoverable.
 * With `recoverableInSessions`, severity is judged only on a response carrying a session (an
 * expectation the platform is to meet); an error response that made no session may call its
 * refusal unrecoverable.
 */
export function missingMessagesRule(
  capability: string,
  check: CheckSpec,
  noun: string,
  opts: { recoverableInSessions?: boolean } = {},
): ExchangeRule {
  const ops = sessionOps(capability);
  const isSession = isSessionOf(capability);
  return {
    check,
    appliesTo: `${noun} responses with a message of code missing`,
    applies: (x) => ops.has(x.operation) && messagesOf(x.json).some((m) => m.code === 'missing'),
    problems: (x, r) => {
      const severity = !opts.recoverableInSessions || isSession(x, r.dialect.envelopeKey);
      return messagesOf(x.json)
        .filter((m) => m.code === 'missing')
        .filter(
          (m) =>
            typeof m.path !== 'string' ||
            !m.path.startsWith('$') ||
            (severity && m.severity !== undefined && m.severity !== 'recoverable'),
        )
        .map((m) => `missing message without a JSON path, or not recoverable: ${brief(m)}`);
    },
  };
}

/**
 * A payment instrument's `handler_id` is the "id of a handler entry" (Document 1 §Shared value
 * objects): each instrument a session response shows names a handler of its own registry, or of
 * the profile's when it has none of its own.
 */
export function instrumentHandlerRule(capability: string, check: CheckSpec, noun: string): ExchangeRule {
  const isSession = isSessionOf(capability);
  const ids = (registry: unknown) =>
    isObject(registry)
      ? Object.values(registry)
          .flat()
          .filter(isObject)
          .map((e) => e.id)
      : [];
  const instrumentsOf = (x: Exchange) => {
    const payment = isObject(x.json) ? x.json.payment : undefined;
    return isObject(payment) && Array.isArray(payment.instruments) ? payment.instruments.filter(isObject) : [];
  };
  return {
    check,
    appliesTo: `${noun} responses carrying a session whose payment shows instruments`,
    applies: (x, r) => isSession(x, r.dialect.envelopeKey) && instrumentsOf(x).length > 0,
    problems: (x, r) => {
      const env = envelopeOf(r.dialect, x.json);
      const profileEnv = envelopeOf(r.dialect, r.target.profile?.document);
      // A handler entry may be listed by the response or only by the profile: either names it.
      const known = [
        ...new Set([
          ...ids(isObject(env) ? env.payment_handlers : undefined),
          ...ids(isObject(profileEnv) ? profileEnv.payment_handlers : undefined),
        ]),
      ];
      return instrumentsOf(x).flatMap((i, n) =>
        known.includes(i.handler_id)
          ? []
          : [
              `payment.instruments[${n}].handler_id ${brief(i.handler_id)} names no handler entry (${known.length ? `handlers: ${known.map((k) => brief(k)).join(', ')}` : 'no handler is named anywhere'})`,
            ],
      );
    },
  };
}
