/** The hook points of the common module: where a business could choose differently or break. */
import type { Hook } from '../shared/hooks.js';
import type { Reply, ReplyMessage } from '../shared/replies.js';

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

/**
 * What the hook points see of an answer (the engine's EngineAnswer, whose subjects they do not
 * need): whether a rule addressed the question, its markdown, and the links it points at, their
 * paths relative to the business's base URL.
 */
export interface AskAnswer {
  addressed: boolean;
  markdown: string;
  links: readonly { type: string; path: string; title: string; id?: string }[];
}

export interface AskHooks {
  /** How an ask body is checked against the ask schema (Document 2 §POST /ask rule 1). */
  'ask.body-check': Hook<AskBodyCheck>;
  /** The refusal of a question at a step: at `schema` an HTTP 400 naming the problem, at the others none. */
  'ask.refusal': Hook<Reply | undefined, AskStep>;
  /** The note on a grounding id: none on one the business resolves (the answer is about it), else an info not_found. */
  'ask.grounding-note': Hook<ReplyMessage | undefined, { id: string; found: boolean }>;
  /** Whether a question continues the live conversation its id leads to (rule 3); if not, a new one starts. */
  'ask.continues': Hook<boolean>;
  /** The note that a conversation id sent leads to none, so the answer starts a new one; none notes nothing. */
  'ask.unknown-conversation-note': Hook<ReplyMessage | undefined>;
  /** The id an answer hands out for its conversation: the conversation's own; `issue` gives a new one leading to it. */
  'ask.handle': Hook<string, { issue: () => string }>;
  /** The answer's plain text. */
  'ask.plain': Hook<string, { answer: AskAnswer }>;
  /** The answer, a Description: its plain text. */
  'ask.answer': Hook<Record<string, string>, { answer: AskAnswer }>;
  /** The messages about the answer: its disclosure (a warning), if it has one. */
  'ask.answer-messages': Hook<ReplyMessage[], { answer: AskAnswer }>;
  /** The links an answer carries: none. */
  'ask.links': Hook<Record<string, unknown>[], { answer: AskAnswer; base: string }>;
  /** The id of the conversation returned: the id handed out; none leaves the member out. */
  'ask.conversation-id': Hook<string | number | undefined>;
  /** The expires_at of the conversation returned, RFC 3339; none leaves the member out. */
  'ask.expires-at': Hook<string | undefined>;
  /**
   * The conversation member of an answer; none leaves it out. `handle` is the id handed out, `sent` the one the
   * question sent, `id` the conversation's own (the first handed out).
   */
  'ask.conversation-json': Hook<
    Record<string, unknown> | string | undefined,
    { handle: string; sent?: string; id: string }
  >;
  /** The HTTP status of an answer. */
  'ask.status': Hook<number>;
}

/** Every hook point of the common module. */
export type CommonHooks = AskHooks;
