/**
 * Rules over every response of a session capability that checkout (Document 1) and booking
 * (Document 3) state alike: the payment handlers in the envelope, an incomplete session naming
 * what it lacks, and the shape of a missing message.
 */
import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import type { CheckSpec } from '../../src/engine/suite.js';
import type { Exchange } from '../../src/http/exchange.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
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
 * Every session response carries `proto.payment_handlers`, a payment handler registry; while the
 * session is open it names at least one handler with an id. `noun` names the responses (`checkout`).
 */
export function paymentHandlersRule(capability: string, check: CheckSpec, noun: string): ExchangeRule {
  const isSession = isSessionOf(capability);
  return {
    check,
    appliesTo: `${noun} responses carrying a session`,
    applies: (x, r) => isSession(x, r.dialect.envelopeKey),
    problems: (x, r) => {
      const env = envelopeOf(r.dialect, x.json);
      const key = `${r.dialect.envelopeKey}.payment_handlers`;
      const registry = isObject(env) ? env.payment_handlers : undefined;
      if (!isObject(registry)) return [`no ${key}`];
      const shape = r.validate('common.schema.json#/$defs/paymentHandlerRegistry', registry).map((p) => p.replace('$', `$.${key}`));
      if (shape.length) return shape;
      const usable = Object.values(registry).flat().some((e) => isObject(e) && typeof e.id === 'string');
      return OPEN.includes(String(statusOf(x))) && !usable ? [`${key} names no handler with an id while the session is ${String(statusOf(x))}`] : [];
    },
  };
}

/** A response carrying an incomplete session says in its messages what is missing. */
export function incompleteNamesMissingRule(capability: string, check: CheckSpec, noun: string): ExchangeRule {
  const isSession = isSessionOf(capability);
  return {
    check,
    appliesTo: `${noun} responses carrying an incomplete session`,
    applies: (x, r) => isSession(x, r.dialect.envelopeKey) && statusOf(x) === 'incomplete',
    problems: (x) => (messagesOf(x.json).length === 0 ? ['the session is incomplete but carries no message saying what is missing'] : []),
  };
}

/** A message of code missing carries a JSON path and, when it states a severity, is recoverable. */
export function missingMessagesRule(capability: string, check: CheckSpec, noun: string): ExchangeRule {
  const ops = sessionOps(capability);
  return {
    check,
    appliesTo: `${noun} responses with a message of code missing`,
    applies: (x) => ops.has(x.operation) && messagesOf(x.json).some((m) => m.code === 'missing'),
    problems: (x) => messagesOf(x.json).filter((m) => m.code === 'missing')
      .filter((m) => typeof m.path !== 'string' || !m.path.startsWith('$') || (m.severity !== undefined && m.severity !== 'recoverable'))
      .map((m) => `missing message without a JSON path, or not recoverable: ${brief(m)}`),
  };
}
