import type { Hooks } from './hooks.js';

/** What a reference handler answers; the server adds the envelope and applies envelope faults. */
export type Reply =
  | { kind: 'resource'; status: number; body: Record<string, unknown> }
  /** HTTP 200 unless `status` says otherwise (a fault answering a business outcome under another status). */
  | { kind: 'business-error'; messages: ReplyMessage[]; extra?: Record<string, unknown>; status?: number }
  | { kind: 'transport-error'; status: number; code: string; content: string };

export type BusinessError = Extract<Reply, { kind: 'business-error' }>;

export interface ReplyMessage {
  type: 'error' | 'warning' | 'info';
  code: string;
  content: string;
  severity?: 'recoverable' | 'unrecoverable';
  path?: string;
  /** How the platform shows it (`disclosure`), and the format of `content` (`markdown`). */
  presentation?: string;
  content_type?: string;
}

/** Whether a value is a reply (a parse step's refusal) rather than what was parsed. */
export const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';

export const resource = (body: Record<string, unknown>, status = 200): Reply => ({ kind: 'resource', status, body });

/** A business outcome: HTTP 200, status error, messages (and extra members such as continue_url). */
export const businessError = (messages: ReplyMessage[], extra?: Record<string, unknown>): BusinessError => ({
  kind: 'business-error',
  messages,
  extra,
});

/** Where a platform sends the buyer when a cart or session cannot go on. */
export const recoveryUrl = (base: string) => `${base}/shop`;

/** One recoverable error message. */
export const recoverable = (code: string, content: string, path?: string): ReplyMessage => ({
  type: 'error',
  code,
  content,
  severity: 'recoverable',
  ...(path ? { path } : {}),
});

/** The business error naming request members the spec requires that are absent. */
export const missingMembers = (
  absent: string[],
  severity: 'recoverable' | 'unrecoverable' = 'recoverable',
): BusinessError =>
  businessError(absent.map((m) => ({ ...recoverable('missing', `${m} is required.`, `$.${m}`), severity })));

/** Warnings turned into recoverable errors (a change refused because of them). */
export const asRecoverableErrors = (messages: ReplyMessage[]): ReplyMessage[] =>
  messages.map((m) => ({ ...m, type: 'error', severity: 'recoverable' }));

/** One unrecoverable error message. */
export const unrecoverable = (code: string, content: string): ReplyMessage => ({
  type: 'error',
  code,
  content,
  severity: 'unrecoverable',
});

export const transportError = (status: number, code: string, content: string): Reply => ({
  kind: 'transport-error',
  status,
  code,
  content,
});

/** What a handler is given: the request, and the hook points of its module (`H`). */
export interface HandlerRequest<H = object> {
  body: Record<string, unknown>;
  /** The `{id}` path parameter. */
  id?: string;
  /** Where the faults and variations that are on act. */
  hooks: Hooks<H>;
  /** The caller's profile URL from the agent header: the platform's identity here. */
  platform: string;
  /** The business's base URL, for continue_url and permalink_url. */
  base: string;
}
