import { envelopeOf, isObject, type Dialect } from '../dialect/dialect.js';
import type { Exchange } from '../http/exchange.js';
import { MESSAGE_TYPES, messagesOf, SEVERITIES } from './messages.js';

/** One envelope rule, applied to every service response of a run. */
export interface EnvelopeRule {
  requirement: string;
  checkId: string;
  title: string;
  /** Problems with this response; empty when the rule holds or does not apply. */
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

export const ENVELOPE_RULES: readonly EnvelopeRule[] = [
  {
    requirement: 'ENV-001',
    checkId: 'envelope.present',
    title: 'every response carries the envelope with a version',
    problems: (x, d) => {
      if (!isSuccess(x)) return [];
      const env = envelopeOf(d, x.json);
      if (!isObject(env)) return [`no "${key(d)}" object in the body`];
      return env.version === undefined ? [`"${key(d)}.version" is missing`] : [];
    },
  },
  {
    requirement: 'ENV-002',
    checkId: 'envelope.version-format',
    title: 'the envelope version is YYYY-MM-DD or draft',
    problems: (x, d) => {
      const env = envelopeOf(d, x.json);
      if (!isObject(env) || env.version === undefined) return [];
      return typeof env.version === 'string' && VERSION_PATTERN.test(env.version)
        ? []
        : [`"${key(d)}.version" is ${JSON.stringify(env.version)}`];
    },
  },
  {
    requirement: 'ENV-003',
    checkId: 'envelope.error-status',
    title: 'an error response has status error',
    problems: (x, d) => {
      const env = envelopeOf(d, x.json);
      if (!isSuccess(x) || !isErrorResponse(x.json)) return [];
      const status = isObject(env) ? env.status : undefined;
      return status === 'error' ? [] : [`unrecoverable error message, but "${key(d)}.status" is ${JSON.stringify(status)}`];
    },
  },
  {
    requirement: 'ENV-004',
    checkId: 'envelope.error-messages',
    title: 'a response with status error carries messages',
    problems: (x, d) => {
      const env = envelopeOf(d, x.json);
      if (!isObject(env) || env.status !== 'error') return [];
      const messages = isObject(x.json) ? x.json.messages : undefined;
      return Array.isArray(messages) && messages.length > 0 ? [] : ['status is error but "messages" is missing or empty'];
    },
  },
  {
    requirement: 'ENV-005',
    checkId: 'envelope.message-vocabulary',
    title: 'message type, severity, code and content use the spec vocabulary',
    problems: (x) => {
      if (!isObject(x.json) || x.json.messages === undefined) return [];
      if (!Array.isArray(x.json.messages)) return ['"messages" is not an array'];
      const out: string[] = [];
      x.json.messages.forEach((m, i) => {
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
    problems: (x) => {
      if (!x.responseBody) return [];
      const type = x.responseHeaders?.['content-type'] ?? '';
      return /^application\/json\s*(;|$)/i.test(type) ? [] : [`Content-Type is ${JSON.stringify(type || 'absent')}`];
    },
  },
  {
    requirement: 'ENV-007',
    checkId: 'envelope.status-vocabulary',
    title: 'envelope status is success or error',
    problems: (x, d) => {
      const env = envelopeOf(d, x.json);
      if (!isObject(env) || env.status === undefined) return [];
      return env.status === 'success' || env.status === 'error' ? [] : [`"${key(d)}.status" is ${JSON.stringify(env.status)}`];
    },
  },
  {
    requirement: 'ENV-008',
    checkId: 'envelope.transport-error-body',
    title: 'an HTTP error carries a JSON body with code and content',
    problems: (x) => {
      if (x.status === undefined || x.status < 400) return [];
      const body = x.json;
      return isObject(body) && typeof body.code === 'string' && typeof body.content === 'string'
        ? []
        : [`HTTP ${x.status} body is ${x.responseBody ? 'missing code or content' : 'empty'}`];
    },
  },
];
