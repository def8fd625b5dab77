import { type Message, messagesOf } from '../../src/protocol/messages.js';
import type { Exchange } from '../../src/report/exchange.js';
import { conversationId } from './questions.js';

/**
 * An answer's message, read to tell one answer's notes from another's. Its `text` is its type,
 * code and content, with the conversation ids of its answer (the one the question sent, the one
 * returned) taken out, so the same note on two conversations reads alike; its `kind` is its type
 * and code (its text, when it has no code), so a note whose wording varies is still one kind.
 */
export interface Note {
  message: Message;
  kind: string;
  text: string;
}

/** The notes of an answer to a question that sent conversation `sent` (if any). */
export function notesOf(x: Exchange, sent?: string): Note[] {
  // The longer first: one id may hold the other.
  const ids = [sent, conversationId(x)]
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .sort((a, b) => b.length - a.length);
  return messagesOf(x.json).map((message) => {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? null);
    const text = JSON.stringify([message.type, message.code, ids.reduce((s, id) => s.split(id).join('{id}'), content)]);
    return {
      message,
      text,
      kind: typeof message.code === 'string' ? JSON.stringify([message.type, message.code]) : text,
    };
  });
}

/** Whether a list of notes holds one like `note`, read as `by`. */
export const holds = (notes: readonly Note[], note: Note, by: 'kind' | 'text'): boolean =>
  notes.some((n) => n[by] === note[by]);
