import { isObject } from '../dialect/dialect.js';

/** The spec's Message shared value object. */
export interface Message {
  type?: unknown;
  code?: unknown;
  content?: unknown;
  severity?: unknown;
  path?: unknown;
}

export const MESSAGE_TYPES = ['error', 'warning', 'info'] as const;
export const SEVERITIES = ['recoverable', 'unrecoverable'] as const;

/** The `messages` of a response body; empty when absent or not an array of objects. */
export function messagesOf(body: unknown): Message[] {
  if (!isObject(body) || !Array.isArray(body.messages)) return [];
  return body.messages.filter(isObject) as Message[];
}

export function findMessage(
  body: unknown,
  want: { code: string; type?: string; content?: string },
): Message | undefined {
  return messagesOf(body).find(
    (m) =>
      m.code === want.code &&
      (want.type === undefined || m.type === want.type) &&
      (want.content === undefined || m.content === want.content),
  );
}

/** Short text of a value for `actual:` lines. */
export function brief(value: unknown, max = 300): string {
  const s = value === undefined ? 'absent' : JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
