import { isObject } from '../../dialect/dialect.js';
import {
  businessError,
  resource,
  transportError,
  recoverable,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import { answerQuestion, groundingSubject, type EngineAnswer, type Subject, type Turn } from './ask-engine.js';

/** How long a conversation is kept after its last turn; the duration is the business's (Document 2 §Limits). */
const CONVERSATION_LIFETIME_MS = 30 * 60 * 1000;

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
  const { body, faults, variations } = req;
  const problem = bodyProblem(body, req);
  if (problem && variations.has('ask-schema-errors-as-messages'))
    return businessError([recoverable('invalid', problem)]);
  if (problem) return transportError(variations.has('ask-schema-errors-422') ? 422 : 400, 'invalid_request', problem);
  const query = String(body.query);
  const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
  if (ids.length && faults.has('ask-grounding-ids-rejected'))
    return transportError(400, 'invalid_request', 'ids are not supported');

  const notes: ReplyMessage[] = [];
  const grounded: Subject[] = [];
  for (const id of ids) {
    const subject = faults.has('ask-grounding-ids-not-found') ? undefined : groundingSubject(id);
    if (subject && faults.has('ask-grounding-ids-unsupported'))
      notes.push({
        type: 'error',
        code: 'unsupported',
        content: `grounding on ${id} is not supported`,
        severity: 'recoverable',
      });
    else if (subject) grounded.push(subject);
    else notes.push({ type: 'info', code: 'not_found', content: id });
  }

  const sent =
    isObject(body.conversation) && typeof body.conversation.id === 'string' ? body.conversation.id : undefined;
  let conversation = sent === undefined ? undefined : live(store, sent);
  if (conversation && faults.has('ask-follow-up-500'))
    return transportError(500, 'internal_error', 'the conversation history could not be read');
  if (conversation && faults.has('ask-conversation-forgotten')) conversation = undefined;
  if (sent !== undefined && !conversation) {
    if (faults.has('ask-unknown-conversation-404'))
      return transportError(404, 'not_found', `conversation ${sent} not found`);
    // An unresolved id starts a new conversation and is noted in messages.
    if (!faults.has('ask-unknown-conversation-silent')) {
      notes.push({
        type: variations.has('ask-unknown-conversation-warning') ? 'warning' : 'info',
        code: 'conversation_not_found',
        content: `Conversation ${sent} is unknown or has expired; this answer starts a new conversation.`,
      });
    }
  }
  conversation ??= start(store);

  const answer = answerQuestion(query, grounded, conversation.turns);
  if (!answer.addressed && faults.has('ask-unaddressable-422'))
    return transportError(422, 'unanswerable', 'this question cannot be answered');
  conversation.turns.push({ query, answer: answer.plain, subjects: answer.subjects, topics: answer.topics });
  conversation.expiresAt = Date.now() + CONVERSATION_LIFETIME_MS;

  // id-per-turn: each answer hands out a new id for the same history; earlier ids still lead to it.
  const handle = variations.has('ask-conversation-id-per-turn') ? issue(store, conversation) : conversation.id;
  const messages = [...notes, ...answerMessages(answer, req)];
  const links = variations.has('ask-answer-links')
    ? answer.links.map(({ path, ...l }) => ({ ...l, url: `${req.base}${path}` }))
    : [];
  return resource(
    {
      answer: answerJson(answer, req),
      // ask-conversation-once: a conversation continued is not returned again; its id stays the one to send.
      ...(variations.has('ask-no-conversation') ||
      (variations.has('ask-conversation-once') && sent !== undefined && sent === conversation.id)
        ? {}
        : {
            conversation: faults.has('ask-conversation-bare-id') ? handle : conversationJson(handle, conversation, req),
          }),
      ...(links.length ? { links } : {}),
      ...(messages.length ? { messages } : {}),
    },
    faults.has('ask-answer-201') ? 201 : faults.has('ask-answer-500') ? 500 : 200,
  );
}

/**
 * What is wrong with the body against the ask schema: query a string (present: the shared layer
 * refuses a body without it), conversation an object with a string id, ids an array of strings.
 */
function bodyProblem(body: Record<string, unknown>, { faults }: HandlerRequest): string | undefined {
  if (typeof body.query !== 'string' && !(typeof body.query === 'number' && faults.has('ask-query-coerced')))
    return 'query must be a string';
  const c = body.conversation;
  const wellFormed = c === undefined || (isObject(c) && typeof c.id === 'string');
  if (!wellFormed && !faults.has('ask-conversation-shape-unchecked'))
    return 'conversation must be an object with a string id';
  if (body.ids !== undefined && !(Array.isArray(body.ids) && body.ids.every((i) => typeof i === 'string')))
    return 'ids must be an array of strings';
  return undefined;
}

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

function answerJson(a: EngineAnswer, { faults, variations }: HandlerRequest): Record<string, string> {
  if (faults.has('ask-answer-markdown-only')) return { markdown: a.markdown };
  const plain =
    !a.addressed && faults.has('ask-unknown-topic-empty-answer')
      ? ''
      : !a.addressed && faults.has('ask-unknown-topic-blank-answer')
        ? ' \n'
        : a.plain;
  return { plain, ...(variations.has('ask-answer-markdown') ? { markdown: a.markdown } : {}) };
}

function conversationJson(
  id: string,
  c: Conversation,
  { faults, variations }: HandlerRequest,
): Record<string, string | number> {
  const expires = faults.has('ask-expires-at-not-rfc3339')
    ? new Date(c.expiresAt).toUTCString()
    : new Date(c.expiresAt).toISOString();
  return {
    ...(faults.has('ask-conversation-without-id')
      ? {}
      : {
          id: faults.has('ask-conversation-empty-id')
            ? ''
            : faults.has('ask-conversation-id-number')
              ? Number(id.replace(/\D/g, '').slice(0, 9) || '0')
              : id,
        }),
    ...(variations.has('ask-conversations-without-expiry') ? {} : { expires_at: expires }),
  };
}

/** The notes about an answer: its disclosure (a warning), and what faults and variations add. */
function answerMessages(a: EngineAnswer, { faults, variations }: HandlerRequest): ReplyMessage[] {
  const out: ReplyMessage[] = [];
  if (a.disclosure) {
    out.push({
      type: faults.has('ask-disclosure-as-info') ? 'info' : 'warning',
      code: a.disclosure.code,
      content: a.disclosure.content,
      presentation: 'disclosure',
      content_type: 'markdown',
    });
  }
  if (!a.addressed && faults.has('ask-unaddressable-error-message'))
    out.push(recoverable('unanswerable', 'The question is outside what this business can answer.'));
  if (variations.has('ask-extra-message'))
    out.push({
      type: 'info',
      code: 'generated_answer',
      content: 'This answer was written automatically from the catalog and store policies.',
    });
  return out;
}
