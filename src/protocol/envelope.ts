import { envelopeOf, isObject, type Dialect } from '../dialect/dialect.js';
import type { Exchange } from '../http/exchange.js';
import { MESSAGE_TYPES, messagesOf, SEVERITIES } from './messages.js';

/** One envelope rule, applied to every service response of a run. */
export interface EnvelopeRule {
  requirement: string;
  checkId: string;
  title: string;
  /** Which responses the rule judges, in words, for a run that saw none. */
  appliesTo: string;
  applies(exchange: Exchange, dialect: Dialect): boolean;
  /** Problems with a response the rule applies to; empty when it holds. */
  problems(exchange: Exchange, dialect: Dialect): string[];
}

export const VERSION_PATTERN = /^(\d{4}-\d{2}-\d{2}|draft)$/;

const isSuccess = (x: Exchange) => x.status !== undefined && x.status >= 200 && x.status < 300;
const key = (d: Dialect) => d.envelopeKey;

/** An error response, as the spec describes it: a business outcome carrying an unrecoverable error. */
export function isErrorResponse(body: unknown): boolean {
  return messagesOf(body).some((m) => m.type === 'error' && m.severity === 'unrecoverable');
}

/**
 * What is wrong with a business error outcome the spec prescribes: HTTP 200, status error, and an
 * error message with the code and severity unrecoverable (plus continue_url where the spec says so).
 * Empty when it is right.
 */
export function businessErrorProblems(
  dialect: Dialect,
  x: Exchange,
  want: { code: string; continueUrl?: boolean },
): string[] {
  const problems: string[] = [];
  if (x.status !== 200) problems.push(`HTTP ${x.status ?? x.transportError?.message}, expected 200`);
  const env = envelopeOf(dialect, x.json);
  const status = isObject(env) ? env.status : undefined;
  if (status !== 'error') problems.push(`${dialect.envelopeKey}.status is ${JSON.stringify(status)}, expected "error"`);
  const message = messagesOf(x.json).find((m) => m.code === want.code);
  if (!message) problems.push(`no message with code ${want.code}`);
  else if (message.type !== 'error' || message.severity !== 'unrecoverable') {
    problems.push(`message ${want.code} is type ${JSON.stringify(message.type)}, severity ${JSON.stringify(message.severity)}; expected error, unrecoverable`);
  }
  if (want.continueUrl) {
    const url = isObject(x.json) ? x.json.continue_url : undefined;
    if (typeof url !== 'string' || url.length === 0) problems.push('no continue_url');
  }
  return problems;
}

const envelope = (x: Exchange, d: Dialect) => {
  const env = envelopeOf(d, x.json);
  return isObject(env) ? env : undefined;
};

export const ENVELOPE_RULES: readonly EnvelopeRule[] = [
  {
    requirement: 'ENV-001',
    checkId: 'envelope.present',
    title: 'every response carries the envelope with a version',
    appliesTo: 'successful responses',
    applies: (x) => isSuccess(x),
    problems: (x, d) => {
      const env = envelope(x, d);
      if (!env) return [`no "${key(d)}" object in the body`];
      return env.version === undefined ? [`"${key(d)}.version" is missing`] : [];
    },
  },
  {
    requirement: 'ENV-002',
    checkId: 'envelope.version-format',
    title: 'the envelope version is YYYY-MM-DD or draft',
    appliesTo: 'responses stating an envelope version',
    applies: (x, d) => envelope(x, d)?.version !== undefined,
    problems: (x, d) => {
      const version = envelope(x, d)?.version;
      return typeof version === 'string' && VERSION_PATTERN.test(version) ? [] : [`"${key(d)}.version" is ${JSON.stringify(version)}`];
    },
  },
  {
    requirement: 'ENV-003',
    checkId: 'envelope.error-status',
    title: 'an error response has status error',
    appliesTo: 'responses reporting an unrecoverable error',
    applies: (x) => isSuccess(x) && isErrorResponse(x.json),
    problems: (x, d) => {
      const status = envelope(x, d)?.status;
      return status === 'error' ? [] : [`unrecoverable error message, but "${key(d)}.status" is ${JSON.stringify(status)}`];
    },
  },
  {
    requirement: 'ENV-004',
    checkId: 'envelope.error-messages',
    title: 'a response with status error carries messages',
    appliesTo: 'responses with status error',
    applies: (x, d) => envelope(x, d)?.status === 'error',
    problems: (x) => {
      const messages = isObject(x.json) ? x.json.messages : undefined;
      return Array.isArray(messages) && messages.length > 0 ? [] : ['status is error but "messages" is missing or empty'];
    },
  },
  {
    requirement: 'ENV-005',
    checkId: 'envelope.message-vocabulary',
    title: 'message type, severity, code and content use the spec vocabulary',
    appliesTo: 'responses carrying messages',
    applies: (x) => isObject(x.json) && x.json.messages !== undefined,
    problems: (x) => {
      const messages = (x.json as Record<string, unknown>).messages;
      if (!Array.isArray(messages)) return ['"messages" is not an array'];
      const out: string[] = [];
      messages.forEach((m, i) => {
        if (!isObject(m)) return void out.push(`messages[${i}] is not an object`);
        if (!MESSAGE_TYPES.includes(m.type as never)) out.push(`messages[${i}].type is ${JSON.stringify(m.type)}`);
        if (m.severity !== undefined && !SEVERITIES.includes(m.severity as never)) {
          out.push(`messages[${i}].severity is ${JSON.stringify(m.severity)}`);
        }
        if (typeof m.code !== 'string') out.push(`messages[${i}].code is ${JSON.stringify(m.code)}`);
        if (m.content !== undefined && typeof m.content !== 'string') out.push(`messages[${i}].content is not a string`);
      });
      return out;
    },
  },
  {
    requirement: 'ENV-006',
    checkId: 'envelope.content-type',
    title: 'responses are application/json',
    appliesTo: 'responses with a body',
    applies: (x) => !!x.responseBody,
    problems: (x) => {
      const type = x.responseHeaders?.['content-type'] ?? '';
      return /^application\/json\s*(;|$)/i.test(type) ? [] : [`Content-Type is ${JSON.stringify(type || 'absent')}`];
    },
  },
  {
    requirement: 'ENV-007',
    checkId: 'envelope.status-vocabulary',
    title: 'envelope status is success or error',
    appliesTo: 'responses stating an envelope status',
    applies: (x, d) => envelope(x, d)?.status !== undefined,
    problems: (x, d) => {
      const status = envelope(x, d)?.status;
      return status === 'success' || status === 'error' ? [] : [`"${key(d)}.status" is ${JSON.stringify(status)}`];
    },
  },
  {
    requirement: 'ENV-008',
    checkId: 'envelope.transport-error-body',
    title: 'an HTTP error carries a JSON body with code and content',
    appliesTo: 'HTTP 4xx and 5xx responses',
    applies: (x) => x.status !== undefined && x.status >= 400,
    problems: (x) => {
      const body = x.json;
      return isObject(body) && typeof body.code === 'string' && typeof body.content === 'string'
        ? []
        : [`HTTP ${x.status} body is ${x.responseBody ? 'missing code or content' : 'empty'}`];
    },
  },
];
