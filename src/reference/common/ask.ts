import { isObject } from '../../dialect/dialect.js';
import {
  resource,
  transportError,
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { answerQuestion, groundingSubject, type EngineAnswer, type Subject, type Turn } from './ask-engine.js';
import type { AskBodyCheck, AskHooks, AskStep } from './hooks.js';

/** How long a conversation is kept after its last turn; the duration is the business's (Document 2 §Limits). */
const CONVERSATION_LIFETIME_MS = 30 * 60 * 1000;

type HandlerRequest = Request<AskHooks>;

interface Conversation {
  id: string;
  turns: Turn[];
  expiresAt: number;
}

/** The ask module's state: its conversations and their turns. One per business. */
export interface AskStore {
  conversations: Map<string, Conversation>;
  issued: number;
}

export function createAskStore(): AskStore {
  return { conversations: new Map(), issued: 0 };
}

/** POST /ask (Document 2 §POST /ask). */
export function ask(store: AskStore, req: HandlerRequest): Reply {
  const { body, hooks } = req;
  const refused = (step: AskStep, conformant?: Reply) => hooks.run('ask.refusal', conformant, step);
  const problem = hooks.run('ask.body-check', bodyProblem)(body);
  const invalid = problem && refused({ step: 'schema', problem }, transportError(400, 'invalid_request', problem));
  if (invalid) return invalid;
  const query = String(body.query);
  // Read as text: the schema check (a hook point) may have let other types through.
  const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
  const ungrounded = ids.length ? refused({ step: 'grounding' }) : undefined;
  if (ungrounded) return ungrounded;

  const notes: ReplyMessage[] = [];
  const grounded: Subject[] = [];
  for (const id of ids) {
    const subject = groundingSubject(id);
    const found = subject !== undefined;
    const notFound: ReplyMessage = { type: 'info', code: 'not_found', content: id };
    const note = hooks.run('ask.grounding-note', found ? undefined : notFound, { id, found });
    if (note) notes.push(note);
    else if (subject) grounded.push(subject);
  }

  const sent =
    isObject(body.conversation) && typeof body.conversation.id === 'string' ? body.conversation.id : undefined;
  const known = sent === undefined ? undefined : live(store, sent);
  const followUp = known && refused({ step: 'follow-up' });
  if (followUp) return followUp;
  const continued = known && hooks.run('ask.continues', true) ? known : undefined;
  const unresolved: ReplyMessage[] = [];
  if (sent !== undefined && !continued) {
    const unknown = refused({ step: 'unknown-conversation', sent });
    if (unknown) return unknown;
    // An unresolved id starts a new conversation and is noted in messages.
    const note = hooks.run('ask.unknown-conversation-note', {
      type: 'info',
      code: 'conversation_not_found',
      content: `Conversation ${sent} is unknown or has expired; this answer starts a new conversation.`,
    });
    if (note) unresolved.push(note);
  }
  // Without a conversation, a question starts a new one (Document 2: "omitted to start a new one").
  const conversation = continued ?? start(store);
  const about = hooks.run('ask.conversation-notes', unresolved, { sent, started: !continued, id: conversation.id });

  const answer = answerQuestion(query, grounded, conversation.turns);
  const unaddressed = answer.addressed ? undefined : refused({ step: 'unaddressed' });
  if (unaddressed) return unaddressed;
  conversation.turns.push({ query, answer: answer.plain, subjects: answer.subjects, topics: answer.topics });
  conversation.expiresAt = Date.now() + CONVERSATION_LIFETIME_MS;

  const handle = hooks.run('ask.handle', conversation.id, {
    issue: () => issue(store, conversation),
    started: !continued,
  });
  const messages = [...notes, ...about, ...answerMessages(answer, req)];
  const links = hooks.run('ask.links', [], { answer, base: req.base, grounded: grounded.length > 0 });
  const json = hooks.run('ask.conversation-json', conversationJson(handle, conversation, req), {
    handle,
    sent,
    id: conversation.id,
  });
  return resource(
    {
      answer: answerJson(answer, req),
      ...(json === undefined ? {} : { conversation: json }),
      ...(links.length ? { links } : {}),
      ...(messages.length ? { messages } : {}),
    },
    hooks.run('ask.status', 200),
  );
}

/**
 * What is wrong with the body against the ask schema: query a string (present: the shared layer
 * refuses a body without it), conversation an object with a string id, ids an array of strings,
 * context and signals objects.
 */
const bodyProblem: AskBodyCheck = (body) => {
  if (typeof body.query !== 'string') return 'query must be a string';
  const c = body.conversation;
  if (!(c === undefined || (isObject(c) && typeof c.id === 'string')))
    return 'conversation must be an object with a string id';
  if (body.ids !== undefined && !(Array.isArray(body.ids) && body.ids.every((i) => typeof i === 'string')))
    return 'ids must be an array of strings';
  for (const member of ['context', 'signals'])
    if (body[member] !== undefined && !isObject(body[member])) return `${member} must be an object`;
  return undefined;
};

/** The conversation with this id, unless it never existed or has expired. */
function live(store: AskStore, id: string): Conversation | undefined {
  const found = store.conversations.get(id);
  if (found && found.expiresAt < Date.now()) store.conversations.delete(id);
  return found && found.expiresAt >= Date.now() ? found : undefined;
}

function start(store: AskStore): Conversation {
  const c: Conversation = { id: '', turns: [], expiresAt: Date.now() + CONVERSATION_LIFETIME_MS };
  c.id = issue(store, c);
  return c;
}

/** A new id leading to the conversation. */
function issue(store: AskStore, c: Conversation): string {
  store.issued += 1;
  const id = `conv-${String(store.issued).padStart(4, '0')}`;
  store.conversations.set(id, c);
  return id;
}

function answerJson(answer: EngineAnswer, { hooks }: HandlerRequest): Record<string, string> {
  return hooks.run('ask.answer', { plain: hooks.run('ask.plain', answer.plain, { answer }) }, { answer });
}

/** The conversation returned, under the id handed out. */
function conversationJson(handle: string, c: Conversation, { hooks }: HandlerRequest): Record<string, unknown> {
  const id = hooks.run('ask.conversation-id', handle);
  const expires = hooks.run('ask.expires-at', new Date(c.expiresAt).toISOString());
  return { ...(id === undefined ? {} : { id }), ...(expires === undefined ? {} : { expires_at: expires }) };
}

/** The messages about an answer: its disclosure (a warning), and what faults and variations add. */
function answerMessages(answer: EngineAnswer, { hooks }: HandlerRequest): ReplyMessage[] {
  const disclosure: ReplyMessage[] = answer.disclosure
    ? [
        {
          type: 'warning',
          code: answer.disclosure.code,
          content: answer.disclosure.content,
          presentation: 'disclosure',
          content_type: 'markdown',
        },
      ]
    : [];
  return hooks.run('ask.answer-messages', disclosure, { answer });
}
