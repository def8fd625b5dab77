/** What a reference handler answers; the server adds the envelope and applies envelope faults. */
export type Reply =
  | { kind: 'resource'; status: 200 | 201; body: Record<string, unknown> }
  | { kind: 'business-error'; messages: ReplyMessage[]; extra?: Record<string, unknown> }
  | { kind: 'transport-error'; status: number; code: string; content: string };

export interface ReplyMessage {
  type: 'error' | 'warning' | 'info';
  code: string;
  content: string;
  severity?: 'recoverable' | 'unrecoverable';
  path?: string;
}

export const resource = (body: Record<string, unknown>, status: 200 | 201 = 200): Reply => ({ kind: 'resource', status, body });

export const businessError = (messages: ReplyMessage[], extra?: Record<string, unknown>): Reply => ({
  kind: 'business-error', messages, extra,
});

export const transportError = (status: number, code: string, content: string): Reply => ({
  kind: 'transport-error', status, code, content,
});
