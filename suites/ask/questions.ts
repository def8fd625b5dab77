import { randomUUID } from 'node:crypto';
import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, isSuccess } from '../../src/report/exchange.js';

/**
 * The questions the ask checks put, and how they read an answer. Any question is valid
 * (Document 2 §POST /ask), so each fixture has a default; the config's `fixtures.ask` picks
 * questions that fit the business.
 */
const DEFAULTS = {
  query: 'What is your return policy?',
  unaddressable: 'What will the weather be like on Mars next Tuesday?',
  disclosure: 'I have a severe nut allergy. Do any of your products contain nuts or other allergens?',
};

/** A follow-up that only makes sense within the conversation it continues. */
export const FOLLOW_UP = 'Can you tell me more about that?';

export const question = (t: ScenarioContext) => t.config.fixtures?.ask?.query ?? DEFAULTS.query;
export const unaddressableQuestion = (t: ScenarioContext) =>
  t.config.fixtures?.ask?.unaddressable_query ?? DEFAULTS.unaddressable;
export const disclosureQuestion = (t: ScenarioContext) =>
  t.config.fixtures?.ask?.disclosure_query ?? DEFAULTS.disclosure;

/** A fresh Idempotency-Key: a platform SHOULD send one on every ask carrying a conversation (Document 2 §POST /ask). */
export const keyed = () => ({ 'Idempotency-Key': randomUUID() });

/** Asks a question, continuing a conversation when given its id (with a key, as a platform should). */
export function ask(
  t: ScenarioContext,
  query: string,
  opts: { conversation?: string; ids?: string[]; notFoundProbe?: boolean } = {},
): Promise<Exchange> {
  const conversation = opts.conversation === undefined ? undefined : { id: opts.conversation };
  return t.call('ask', {
    input: { query, conversation, ids: opts.ids },
    ...(conversation ? { headers: keyed() } : {}),
    notFoundProbe: opts.notFoundProbe,
    tolerateTransportError: true,
  });
}

/** answer.plain of a 2xx answer, when it is a non-empty string: a populated answer. */
export function plainAnswer(x: Exchange): string | undefined {
  const answer = isSuccess(x) && isObject(x.json) && isObject(x.json.answer) ? x.json.answer.plain : undefined;
  return typeof answer === 'string' && answer.trim() !== '' ? answer : undefined;
}

/** The conversation member of an answer, when it is an object. */
export function conversationOf(x: Exchange): Record<string, unknown> | undefined {
  const c = isObject(x.json) ? x.json.conversation : undefined;
  return isObject(c) ? c : undefined;
}

/** The conversation id of an answer, when it carries one. */
export function conversationId(x: Exchange): string | undefined {
  const id = conversationOf(x)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
