import { envelopeOf, isObject, type Dialect } from '../dialect/dialect.js';
import { type Exchange, isSuccess, statusOrError } from '../report/exchange.js';
import { brief, messagesOf } from './messages.js';

export const VERSION_PATTERN = /^(\d{4}-\d{2}-\d{2}|draft)$/;

/** Members of the error response shape (Document 1 §Errors): nothing else. */
const ERROR_SHAPE = ['messages', 'continue_url'];

/**
 * An error response, as Document 1 §Errors shapes it: the envelope, messages and an optional
 * continue_url, nothing else, and an error among the messages. A resource that carries an error
 * message is still a resource.
 */
export function isErrorResponse(body: unknown, envelopeKey: string): boolean {
  return (
    isObject(body) &&
    Object.keys(body).every((k) => k === envelopeKey || ERROR_SHAPE.includes(k)) &&
    messagesOf(body).some((m) => m.type === 'error')
  );
}

/** 4xx statuses that say nothing about a request's content: authentication, routing, timing, rate. */
const NOT_ABOUT_CONTENT = [401, 403, 404, 405, 408, 429];

/**
 * An HTTP 4xx refusing the request for what it carries (400, 409, 422, …): where the spec says a
 * business rejects or validates a request without saying how, any of them refuses it.
 */
export const refusesContent = (x: Exchange): boolean =>
  x.status !== undefined && x.status >= 400 && x.status < 500 && !NOT_ABOUT_CONTENT.includes(x.status);

/**
 * A 2xx answer that carries a resource: a JSON object with more than the error response shape. An
 * answer whose envelope says error carries one only with an id and more (a session returned
 * unchanged with a recoverable error): other members, the id asked for among them, are the
 * business's own additions to its error (no sentence excludes them; a not_found may echo the id).
 */
export function carriesResourceOf(x: Exchange, envelopeKey: string): boolean {
  if (!isSuccess(x) || !isObject(x.json)) return false;
  const own = Object.keys(x.json).filter((k) => k !== envelopeKey && !ERROR_SHAPE.includes(k));
  const envelope = x.json[envelopeKey];
  if (isObject(envelope) && envelope.status === 'error')
    return typeof x.json.id === 'string' && own.some((k) => k !== 'id');
  return own.length > 0;
}

/**
 * What is wrong with a business error outcome the spec prescribes: HTTP 200, status error, and an
 * error message with the code and severity unrecoverable (plus continue_url where the spec says so).
 * Without a code (one the spec does not give, as for a session that does not exist), an error
 * message of any code and severity. Empty when it is right.
 */
export function businessErrorProblems(
  dialect: Dialect,
  x: Exchange,
  want: { code?: string; continueUrl?: boolean },
): string[] {
  const problems: string[] = [];
  if (x.status !== 200) problems.push(`HTTP ${statusOrError(x)}, expected 200`);
  const env = envelopeOf(dialect, x.json);
  const status = isObject(env) ? env.status : undefined;
  if (status !== 'error') problems.push(`${dialect.envelopeKey}.status is ${brief(status)}, expected "error"`);
  if (want.code === undefined) {
    if (!messagesOf(x.json).some((m) => m.type === 'error')) problems.push('no error message');
    return [...problems, ...continueUrlProblems(x, want)];
  }
  // One unrecoverable error with the code is what the spec asks; other messages with it (one per line, say) are not
  // excluded.
  const coded = messagesOf(x.json).filter((m) => m.code === want.code);
  if (coded.length === 0) problems.push(`no message with code ${want.code}`);
  else if (!coded.some((m) => m.type === 'error' && m.severity === 'unrecoverable')) {
    const seen = coded.map((m) => `type ${JSON.stringify(m.type)}, severity ${JSON.stringify(m.severity)}`).join('; ');
    problems.push(
      coded.length === 1
        ? `message ${want.code} is ${seen}; expected error, unrecoverable`
        : `the ${coded.length} messages ${want.code} are ${seen}; expected one of them error, unrecoverable`,
    );
  }
  return [...problems, ...continueUrlProblems(x, want)];
}

function continueUrlProblems(x: Exchange, want: { continueUrl?: boolean }): string[] {
  const url = isObject(x.json) ? x.json.continue_url : undefined;
  return want.continueUrl && (typeof url !== 'string' || url.length === 0) ? ['no continue_url'] : [];
}
