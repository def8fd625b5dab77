/**
 * The families of faults and variations every session service has (checkout, booking): each
 * written once, on the service's session hook points (shared/session-hooks.ts). A module's record
 * list makes its own records of a family, each with its own name, description, requirements and
 * place in the list; the family gives the capability and what the record does.
 */
import { isObject } from '../../dialect/dialect.js';
import { normalizedPath, resolvePath } from '../../protocol/json-path.js';
import { recordsFor, type Fault, type Variation } from '../records.js';
import type { Plugs } from './hooks.js';
import { billingAddressMissing, providerDeclined } from './payment.js';
import { resource, transportError, type ReplyMessage } from './replies.js';
import type { InProgressAnswer, SessionCore, SessionStatus } from './session.js';
import type { SessionHookPoints, SessionHooks, SessionOperation } from './session-hooks.js';

/** A message with its path in normalized form, where the path reads in `doc`. */
const normalized = (doc: unknown) => (m: unknown) => {
  if (typeof m !== 'object' || m === null || typeof (m as ReplyMessage).path !== 'string') return m;
  const segments = resolvePath((m as ReplyMessage).path!, doc);
  return segments ? { ...m, path: normalizedPath(segments) } : m;
};

/** What a record of a family is given by its list: all but its capability and what it does. */
type Text<R, N extends string> = Omit<R, 'capability' | 'plug'> & { name: N };

/**
 * The record makers of the session families for the service under `prefix` (`R`: its session
 * record), whose records are of `capability`.
 */
export function sessionRecords<P extends string, R extends SessionCore = SessionCore>(prefix: P, capability: string) {
  type H = SessionHooks<P, R>;
  type Points = SessionHookPoints<R>;
  type FaultText<N extends string> = Text<Fault<H>, N>;
  type VariationText<N extends string> = Text<Variation<H>, N>;
  const records = recordsFor<H>();
  /** A plug at one of the service's session hook points, by its name under the prefix. */
  const at = <K extends keyof Points & string>(hook: K, fn: Points[K]) => ({ [`${prefix}.${hook}`]: fn }) as Plugs<H>;
  const fault = <N extends string>(text: FaultText<N>, plug: Plugs<H>) => records.fault({ ...text, capability, plug });
  const variation = <N extends string>(text: VariationText<N>, plug: Plugs<H>) =>
    records.variation({ ...text, capability, plug });

  return {
    // Create

    /** Create answers another HTTP status than 201 Created. */
    createStatus: <N extends string>(text: FaultText<N>, status: number) =>
      fault(
        text,
        at('status', (s, { op }) => (op === 'create' ? status : s)),
      ),
    /** Create of a session the business could open fails inside it: HTTP 500. */
    createFails: <N extends string>(text: FaultText<N>, content: string) =>
      fault(
        text,
        at('create-refusal', () => transportError(500, 'internal_error', content)),
      ),
    /** Create answers the new session with a status word of its own. */
    createStatusWord: <N extends string>(text: FaultText<N>, word: string) =>
      fault(
        text,
        at('answer', (json, { op }) => (op === 'create' ? { ...json, status: word } : json)),
      ),
    /** The refusal of a create of which nothing can be had carries no continue_url. */
    unavailableNoContinueUrl: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('unavailable', (reply) => {
          if (reply.kind !== 'business-error') return reply;
          const { continue_url: _url, ...extra } = reply.extra ?? {};
          return { ...reply, extra };
        }),
      ),
    /** The refusal of a create of which nothing can be had is an HTTP 400 saying so, not the business error. */
    unavailable400: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('unavailable', (reply, { what }) =>
          reply.kind === 'business-error' ? transportError(400, 'invalid_request', `${what}.`) : reply,
        ),
      ),
    /**
     * The refusal of a create of which nothing can be had names each line it cannot have, by its path, as a
     * recoverable error of another code, and no message of its own.
     */
    unavailablePerLineOnly: <N extends string>(text: FaultText<N>, code: string) =>
      fault(
        text,
        at('unavailable', (reply, { leftOut }) =>
          reply.kind === 'business-error'
            ? { ...reply, messages: leftOut.map((m) => ({ ...m, type: 'error', code, severity: 'recoverable' })) }
            : reply,
        ),
      ),
    /** A create of which nothing can be had is refused, but its session is kept (and named). */
    unavailableKeepsSession: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('unavailable-keeps-session', () => true),
      ),
    /** The refusal of a create of which nothing can be had says another code. */
    unavailableCode: <N extends string>(text: FaultText<N>, code: string) =>
      fault(
        text,
        // The refusal's own message is the last; any before it speak of single lines.
        at('unavailable', (reply) =>
          reply.kind === 'business-error'
            ? { ...reply, messages: reply.messages.map((m, i, all) => (i === all.length - 1 ? { ...m, code } : m)) }
            : reply,
        ),
      ),

    /** Complete takes an incomplete session as if it were ready: it completes without readiness. */
    completesIncomplete: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('complete-needs-ready', () => false),
      ),

    /** Payment instruments are shown with a handler_id that names no handler entry. */
    instrumentHandlerUnknown: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('json', (json) => {
          const payment = isObject(json.payment) ? json.payment : {};
          const instruments = Array.isArray(payment.instruments) ? payment.instruments.filter(isObject) : [];
          return instruments.length
            ? { ...json, payment: { ...payment, instruments: instruments.map((i) => ({ ...i, handler_id: 'card' })) } }
            : json;
        }),
      ),

    /**
     * An `op` answering the session incomplete replaces its errors naming what is missing with one
     * unrecoverable error naming no field; its warnings stay.
     */
    incompleteDeadEnd: <N extends string>(text: FaultText<N>, op: SessionOperation, content: string) =>
      fault(
        text,
        at('answer', (json, ctx) =>
          ctx.op === op && json.status === 'incomplete'
            ? {
                ...json,
                messages: [
                  ...(Array.isArray(json.messages)
                    ? json.messages.filter((m) => isObject(m) && m.type !== 'error')
                    : []),
                  { type: 'error', code: 'not_completable', content, severity: 'unrecoverable' },
                ],
              }
            : json,
        ),
      ),

    // What is missing

    /** A field is never taken into account: the session keeps asking for it. */
    neverGiven: <N extends string>(text: FaultText<N>, field: (path: string) => boolean) =>
      fault(
        text,
        at('given', (given, { path }) => given && !field(path)),
      ),
    /** Incomplete sessions carry no messages saying what is missing. */
    incompleteSilent: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('missing-messages', () => []),
      ),
    /** Incomplete sessions carry, instead of what is missing, one info note that names nothing. */
    incompleteNoteOnly: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('missing-messages', () => [
          { type: 'info', code: 'welcome', content: 'Thank you for shopping with us.' } as ReplyMessage,
        ]),
      ),
    /** Missing messages carry no path. */
    missingWithoutPath: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('missing-message', ({ path: _path, ...message }) => message),
      ),
    /** Missing messages carry a path without its root ($.). */
    missingPathRelative: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('missing-message', (m) => (m.path ? { ...m, path: m.path.replace(/^\$\./, '') } : m)),
      ),
    /** Messages naming what is missing (not what is invalid) say severity unrecoverable. */
    missingUnrecoverable: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('missing-message', (m) => (m.code === 'invalid' ? m : unrecoverably(m))),
      ),
    /**
     * Every message path of a session is written in RFC 9535 normalized form, `$['buyer']['email']`; a filter
     * step becomes the index of the element it selects.
     */
    pathsNormalized: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('json', (json) =>
          Array.isArray(json.messages) ? { ...json, messages: json.messages.map(normalized(json)) } : json,
        ),
      ),
    /** What is missing is named with code "required", not "missing". */
    missingCodeRequired: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('missing-message', (m) => (m.code === 'missing' ? { ...m, code: 'required' } : m)),
      ),

    /** Get answers the session without its messages member: what it still needs was said on create and update. */
    getWithoutMessages: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('answer', (json, { op }) => (op === 'get' ? (({ messages: _messages, ...rest }) => rest)(json) : json)),
      ),

    /** Get of a completed session leaves out what completing it made (`made`: order, confirmation). */
    getLeavesOutMade: <N extends string>(text: FaultText<N>, made: string) =>
      fault(
        text,
        at('answer', (json, { op }) => (op === 'get' ? (({ [made]: _made, ...rest }) => rest)(json) : json)),
      ),

    /** Complete answers only the session's id, status, what completing made (order, confirmation) and continue_url. */
    completeAnswerMinimal: <N extends string>(text: VariationText<N>, made: string) =>
      variation(
        text,
        at('answer', (json, { op }) =>
          op === 'complete'
            ? { id: json.id, status: json.status, [made]: json[made], continue_url: json.continue_url }
            : json,
        ),
      ),

    /** Cancel answers only the session's id, its status and continue_url. */
    cancelAnswerMinimal: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('answer', (json, { op }) =>
          op === 'cancel' ? { id: json.id, status: json.status, continue_url: json.continue_url } : json,
        ),
      ),

    // Status

    /** A status is shown as a word outside the five states. */
    statusShown: <N extends string>(text: FaultText<N>, status: SessionStatus, word: string) =>
      fault(
        text,
        at('status-shown', (shown, s) => (s.status === status ? word : shown)),
      ),
    /** An update while complete_in_progress is answered otherwise than with a recoverable error. */
    inProgress: <N extends string>(text: FaultText<N>, answer: InProgressAnswer) =>
      fault(
        text,
        at('in-progress', () => answer),
      ),
    /** The refusal of an update while complete_in_progress shows the session ready_for_complete. */
    inProgressShowsReady: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('in-progress-refusal', (reply) =>
          reply.kind === 'resource' ? { ...reply, body: { ...reply.body, status: 'ready_for_complete' } } : reply,
        ),
      ),
    /** The refusal of an update while complete_in_progress is answered under another HTTP status. */
    inProgressStatus: <N extends string>(text: FaultText<N>, status: number) =>
      fault(
        text,
        at('in-progress-refusal', (reply) => (reply.kind === 'resource' ? { ...reply, status } : reply)),
      ),
    /** Cancel answers another HTTP status than 200. */
    cancelStatus: <N extends string>(text: FaultText<N>, status: number) =>
      fault(
        text,
        at('status', (s, { op }) => (op === 'cancel' ? status : s)),
      ),
    /** Cancel answers the session canceled, but the session stays as it was: a later Get shows it open. */
    cancelNotKept: <N extends string>(text: FaultText<N>) =>
      fault(text, {
        ...at('cancel-applied', () => false),
        ...at('answer', (json, { op }) => (op === 'cancel' ? { ...json, status: 'canceled' } : json)),
      }),
    /** The not_found error for an unknown session also echoes the id asked for. */
    notFoundEchoesId: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('not-found', (reply, { req }) =>
          reply.kind === 'business-error' ? { ...reply, extra: { ...reply.extra, id: req.id } } : reply,
        ),
      ),
    /** Unknown sessions are answered with an HTTP 404 (code and content), not the not_found business outcome. */
    unknownSession404: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('not-found', (reply) =>
          reply.kind === 'business-error' ? transportError(404, 'not_found', reply.messages[0].content) : reply,
        ),
      ),

    // Payment

    /** The envelope carries no payment handlers (the fault's list makes the profile name none either). */
    noPaymentHandlers: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('payment-handlers', () => undefined),
      ),
    /** The envelope carries no payment handlers; the profile advertises them. */
    handlersInProfileOnly: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('payment-handlers', () => undefined),
      ),
    /** A session is not ready until an update carries a payment instrument, kept without its credential. */
    paymentBeforeReady: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('update-instruments', () => 'required'),
      ),
    /** Complete of a ready session always asks for a billing address, whatever the instrument carries. */
    completeAsksBillingAddress: <N extends string>(text: FaultText<N>) =>
      fault(
        text,
        at('complete-asks', (asks) => [...asks, billingAddressMissing()]),
      ),
    /** The payment provider declines the config's test token: the session stays as it was. */
    tokenDeclined: <N extends string>(text: VariationText<N>) =>
      variation(
        text,
        at('payment-refusal', (refusal, { render }) => refusal ?? resource(render([providerDeclined()]))),
      ),
    /** An accepted payment completes the session a moment later: complete_in_progress meanwhile. */
    asyncCompletion: <N extends string>(text: VariationText<N>, also: Plugs<H> = {}) =>
      variation(text, { ...at('completes', () => 'later'), ...also }),
  };
}

/** A message made unrecoverable, its members in the order a message has them. */
function unrecoverably({ type, code, content, severity: _severity, ...rest }: ReplyMessage): ReplyMessage {
  return { type, code, content, severity: 'unrecoverable', ...rest };
}
