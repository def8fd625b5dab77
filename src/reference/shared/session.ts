/**
 * The session state machine checkout sessions (Document 1 §States and transitions) and booking
 * sessions (Document 3 §States and transitions) share: the five statuses, which trigger may move
 * a session from which status to which, what a change the status does not allow gets, and the
 * payment step of Complete. Each module keeps its own records and renders them; the machine only
 * decides.
 */
import { isObject } from '../../dialect/dialect.js';
import { PAYMENT_HANDLER_ID } from '../profile.js';
import { authorize } from './payment.js';
import {
  isReply,
  recoverable,
  resource,
  transportError,
  unrecoverable,
  type Reply,
  type ReplyMessage,
} from './replies.js';

type Json = Record<string, unknown>;

export type SessionStatus = 'incomplete' | 'ready_for_complete' | 'complete_in_progress' | 'completed' | 'canceled';

/** Whether a platform may still cancel a session in this status: it is neither final nor completing. */
export const cancelable = (status: SessionStatus): boolean =>
  status === 'incomplete' || status === 'ready_for_complete';

/** A complete reached the session: an order placed or a booking made, whether or not it has settled. */
export const reachedComplete = (status: SessionStatus): boolean =>
  status === 'completed' || status === 'complete_in_progress';

/** What the machine reads and writes of a module's session record. */
export interface SessionCore {
  status: SessionStatus;
  /** The payment instruments of an accepted Complete, credentials taken out. */
  instruments: Json[];
}

/** The module's JSON of the session, with extra messages: what a refusal answers. */
export type Render = (extra: ReplyMessage[]) => Json;

/**
 * `update` recomputes readiness; `complete` takes an accepted payment (at once, or held: how a
 * session enters complete_in_progress is not shown); `settle` finishes a held completion.
 */
export type Trigger = 'update' | 'complete' | 'settle' | 'cancel';

type Moves = Partial<Record<SessionStatus, readonly SessionStatus[]>>;

/** Which trigger may move a session from which status to which; the two kinds differ only in cancel. */
export interface SessionRules {
  name: string;
  moves: Record<Trigger, Moves>;
}

const COMMON: Omit<Record<Trigger, Moves>, 'cancel'> = {
  update: {
    incomplete: ['incomplete', 'ready_for_complete'],
    ready_for_complete: ['incomplete', 'ready_for_complete'],
  },
  complete: { ready_for_complete: ['completed', 'complete_in_progress'] },
  settle: { complete_in_progress: ['completed'] },
};

/** Document 1 §States and transitions: "incomplete or ready_for_complete | Cancel Checkout | | canceled". */
export const CHECKOUT_SESSIONS: SessionRules = {
  name: 'checkout',
  moves: { ...COMMON, cancel: { incomplete: ['canceled'], ready_for_complete: ['canceled'] } },
};

/**
 * Document 3 §States and transitions: "(a session) | Cancel Booking Session | | canceled", so a
 * confirmed booking may be canceled too. A canceled one is final, and one whose payment is under
 * way waits for it, as in checkout.
 */
export const BOOKING_SESSIONS: SessionRules = {
  name: 'booking',
  moves: { ...COMMON, cancel: { incomplete: ['canceled'], ready_for_complete: ['canceled'], completed: ['canceled'] } },
};

/** Whether the trigger may move a session from one status to another; staying put is always allowed. */
export function allows(rules: SessionRules, trigger: Trigger, from: SessionStatus, to: SessionStatus): boolean {
  return from === to || (rules.moves[trigger][from] ?? []).includes(to);
}

/** Moves the session; a move the rules do not allow is a bug of the module, not an answer. */
export function move(rules: SessionRules, session: SessionCore, trigger: Trigger, to: SessionStatus): void {
  if (!allows(rules, trigger, session.status, to)) {
    throw new Error(`${rules.name} session: ${trigger} may not move ${session.status} to ${to}`);
  }
  session.status = to;
}

/** Readiness after an update: ready_for_complete once nothing is missing. */
export const readiness = (missing: number): SessionStatus => (missing === 0 ? 'ready_for_complete' : 'incomplete');

const PAST: Record<Exclude<Trigger, 'settle'>, string> = {
  update: 'updated',
  complete: 'completed',
  cancel: 'canceled',
};

/**
 * A completed or canceled session the trigger cannot move. The spec leaves update, complete and
 * cancel of one open; this business answers the session unchanged with an unrecoverable
 * invalid_state error.
 */
export function refuseFinal(
  rules: SessionRules,
  session: SessionCore,
  trigger: Exclude<Trigger, 'settle'>,
  render: Render,
): Reply | undefined {
  if (session.status !== 'completed' && session.status !== 'canceled') return undefined;
  if (trigger === 'cancel' && rules.moves.cancel[session.status]) return undefined;
  return resource(
    render([unrecoverable('invalid_state', `The session is ${session.status} and cannot be ${PAST[trigger]}.`)]),
  );
}

/**
 * How a business answers an update while complete_in_progress: the session unchanged with a
 * recoverable error (Document 1 and 3 §States and transitions), or, under a fault, no message, a
 * warning, an unrecoverable error, or the update applied.
 */
export type InProgressAnswer = 'error' | 'silent' | 'warning' | 'unrecoverable' | 'applied';

/** An update refused by the status: final, or completion in progress; undefined when it goes on. */
export function refuseUpdate(
  rules: SessionRules,
  session: SessionCore,
  render: Render,
  answer: InProgressAnswer = 'error',
): Reply | undefined {
  const final = refuseFinal(rules, session, 'update', render);
  if (final || session.status !== 'complete_in_progress' || answer === 'applied') return final;
  const note = recoverable('complete_in_progress', 'Completion is in progress; the session was left unchanged.');
  const said: Record<Exclude<InProgressAnswer, 'applied'>, ReplyMessage[]> = {
    error: [note],
    silent: [],
    warning: [{ ...note, type: 'warning' }],
    unrecoverable: [{ ...note, severity: 'unrecoverable' }],
  };
  return resource(render(said[answer]));
}

/** A cancel refused by the status; undefined when the session may be canceled. */
export function refuseCancel(rules: SessionRules, session: SessionCore, render: Render): Reply | undefined {
  const final = refuseFinal(rules, session, 'cancel', render);
  if (final || session.status !== 'complete_in_progress') return final;
  return resource(
    render([recoverable('complete_in_progress', 'Completion is in progress; the session cannot be canceled now.')]),
  );
}

/** A complete refused by the status before its payment is read; undefined when it goes on. */
function refuseComplete(rules: SessionRules, session: SessionCore, render: Render): Reply | undefined {
  const final = refuseFinal(rules, session, 'complete', render);
  if (final || session.status !== 'complete_in_progress') return final;
  return resource(render([recoverable('complete_in_progress', 'Completion is already in progress.')]));
}

/** A payment the test processor took: accepted at once, or held. */
interface TakenPayment {
  outcome: 'accept' | 'hold';
  /** The request's instruments, credentials taken out: secrets are never stored or echoed. */
  instruments: Json[];
}

/**
 * The payment step of Complete (Document 1 §Checkout, Document 3 §Endpoints: `payment` with
 * `instruments`): the request's instruments, the session's readiness, the selected instrument's
 * handler and its token. A refusal is the answer; otherwise the caller moves the session.
 */
function takePayment(session: SessionCore, body: Json, render: Render): Reply | TakenPayment {
  const payment = body.payment;
  if (
    !isObject(payment) ||
    !Array.isArray(payment.instruments) ||
    payment.instruments.length === 0 ||
    !payment.instruments.every(isObject)
  ) {
    return transportError(
      400,
      'invalid_request',
      'payment.instruments is required: a non-empty array of payment instruments',
    );
  }
  if (session.status !== 'ready_for_complete') {
    return resource(
      render([recoverable('not_ready', 'The session is not ready for completion; see the missing messages.')]),
    );
  }
  const instruments = payment.instruments as Json[];
  const index = Math.max(
    0,
    instruments.findIndex((i) => i.selected === true),
  );
  const instrument = instruments[index];
  if (instrument.handler_id !== PAYMENT_HANDLER_ID) {
    return resource(
      render([
        recoverable(
          'invalid_handler',
          `handler_id must name a handler of this business (${PAYMENT_HANDLER_ID})`,
          `$.payment.instruments[${index}].handler_id`,
        ),
      ]),
    );
  }
  const credential = isObject(instrument.credential) ? instrument.credential : {};
  const outcome = authorize(credential.token);
  if (outcome === 'decline') {
    return resource(
      render([
        recoverable(
          'payment_declined',
          'The payment was declined; try another instrument.',
          `$.payment.instruments[${index}]`,
        ),
      ]),
    );
  }
  return { outcome, instruments: instruments.map(({ credential: _secret, ...rest }) => rest) };
}

/**
 * Complete as far as the machine takes it: refused by the status or the payment (the refusal is
 * the answer), held (the session is left complete_in_progress), or accepted, for the module to
 * finish (confirm, place an order) or to hold in its own way.
 */
export function startComplete(
  rules: SessionRules,
  session: SessionCore,
  body: Json,
  render: Render,
): Reply | 'held' | 'accepted' {
  const refused = refuseComplete(rules, session, render);
  if (refused) return refused;
  const taken = takePayment(session, body, render);
  if (isReply(taken)) return taken;
  session.instruments = taken.instruments;
  if (taken.outcome === 'accept') return 'accepted';
  move(rules, session, 'complete', 'complete_in_progress');
  return 'held';
}
