/** The hook points of the common module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { Reply, ReplyMessage } from '../shared/replies.js';
import type { Conversation, EngineAnswer, Subject } from './ask-engine.js';

/** What is wrong with an ask body against the ask schema, if anything. */
export type AskBodyCheck = (body: Record<string, unknown>) => string | undefined;

/** Where an ask can be refused, and what is known there. */
export type AskStep =
  /** The body breaks the ask schema. */
  | { step: 'schema'; problem: string }
  /** The question is grounded on ids. */
  | { step: 'grounding' }
  /** The question continues a live conversation. */
  | { step: 'follow-up' }
  /** The conversation id sent leads to none. */
  | { step: 'unknown-conversation'; sent: string }
  /** None of the business's rules addresses the question. */
  | { step: 'unaddressed' };

/** What a grounding id comes to: a subject the answer is about, or a note on the id. */
export type AskGrounding = { subject: Subject } | { note: ReplyMessage };

export interface AskHooks {
  /** How an ask body is checked against the ask schema (Document 2 §POST /ask rule 1). */
  'ask.body-check': Hook<AskBodyCheck>;
  /** The refusal of a question at a step: at `schema` an HTTP 400 naming the problem, at the others none. */
  'ask.refusal': Hook<Reply | undefined, AskStep>;
  /** What a grounding id comes to: its product or location, or an info not_found note naming it. */
  'ask.grounding': Hook<AskGrounding, { id: string }>;
  /** The live conversation a question's conversation id leads to; none starts a new conversation. */
  'ask.continued-conversation': Hook<Conversation | undefined>;
  /** The note that a conversation id sent leads to none, so the answer starts a new one; none notes nothing. */
  'ask.unknown-conversation-note': Hook<ReplyMessage | undefined>;
  /** The id an answer hands out for its conversation: the conversation's own; `issue` gives a new one leading to it. */
  'ask.handle': Hook<string, { issue: () => string }>;
  /** The answer's plain text. */
  'ask.plain': Hook<string, { answer: EngineAnswer }>;
  /** The answer, a Description: its plain text. */
  'ask.answer': Hook<Record<string, string>, { answer: EngineAnswer }>;
  /** The messages about the answer: its disclosure (a warning), if it has one. */
  'ask.answer-messages': Hook<ReplyMessage[], { answer: EngineAnswer }>;
  /** The links an answer carries: none. */
  'ask.links': Hook<Record<string, unknown>[], { answer: EngineAnswer; base: string }>;
  /** The id of the conversation returned: the id handed out; none leaves the member out. */
  'ask.conversation-id': Hook<string | number | undefined>;
  /** The expires_at of the conversation returned, RFC 3339; none leaves the member out. */
  'ask.expires-at': Hook<string | undefined>;
  /** The conversation member of an answer; none leaves it out. `sent` is the conversation id the question sent. */
  'ask.conversation-json': Hook<
    Record<string, unknown> | string | undefined,
    { handle: string; sent?: string; conversation: Conversation }
  >;
  /** The HTTP status of an answer. */
  'ask.status': Hook<number>;
}

/** Every hook point of the common module. */
export type CommonHooks = AskHooks;
