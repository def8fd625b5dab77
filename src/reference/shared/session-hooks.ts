/**
 * The hook points of a session service: declared once here for every service built on the session
 * machine (shared/session.ts), and instantiated by each under its own prefix: checkout sessions as
 * `checkout.*` (Document 1), booking sessions as `booking.*` (Document 3). The families of faults
 * and variations both services have plug into them (shared/session-families.ts).
 */
import type { Hook } from './hooks.js';
import type { HandlerRequest, Reply, ReplyMessage } from './replies.js';
import type { InProgressAnswer, Render, SessionCore, SessionStatus } from './session.js';

type Json = Record<string, unknown>;

/** Which operation on a session is answering. */
export type SessionOperation = 'create' | 'get' | 'update' | 'complete' | 'cancel';

/** One thing a session still needs: the path of the field, what to say, and a code other than missing (invalid). */
export type Missing = [path: string, content: string, code?: string];

/** What an update's payment instruments do: nothing (payment comes with Complete), kept, or kept and required. */
export type InstrumentsBeforeComplete = 'ignored' | 'kept' | 'required';

/** When a Complete whose payment was accepted completes the session. */
export type Completion = 'at-once' | 'later' | 'never';

/**
 * The hook points of one session service, by their names under its prefix: `R` is its session
 * record, `S` its store.
 */
export interface SessionHookPoints<R extends SessionCore = SessionCore, S = unknown> {
  /** A refusal of a create before the session is made (undefined: it goes on). */
  'create-refusal': Hook<Reply | undefined, { req: HandlerRequest }>;
  /**
   * The answer to a create of which nothing can be had (no item can be sold, the room is gone):
   * `what` says what cannot be had, `leftOut` holds the warnings of the request lines left out.
   */
  unavailable: Hook<Reply, { what: string; leftOut: ReplyMessage[] }>;
  /** Whether a create refused as unavailable still keeps the session it made (and names it in the refusal). */
  'unavailable-keeps-session': Hook<boolean>;
  /** The answer to a session that does not exist. */
  'not-found': Hook<Reply, { req: HandlerRequest }>;
  /** A refusal of an update before the session's status is looked at (undefined: it goes on). */
  'update-refusal': Hook<Reply | undefined, { session: R; req: HandlerRequest }>;
  /** How an update while complete_in_progress is answered (shared/session.ts refuseUpdate). */
  'in-progress': Hook<InProgressAnswer>;
  /** The refusal of an update while complete_in_progress. */
  'in-progress-refusal': Hook<Reply>;
  /** A refusal of an update whose request is well-formed, before anything changes (undefined: it goes on). */
  'input-refusal': Hook<Reply | undefined, { req: HandlerRequest }>;
  /** What an update's payment instruments do before Complete. */
  'update-instruments': Hook<InstrumentsBeforeComplete>;
  /** Whether the session takes a field as given (`given`: whether it holds one); what it does not, it asks for. */
  given: Hook<boolean, { path: string }>;
  /** What the session still needs before it can be completed. */
  missing: Hook<Missing[], { session: R }>;
  /** The messages of an incomplete session that name what is missing. */
  'missing-messages': Hook<ReplyMessage[]>;
  /** One message naming what is missing (code missing), or what is not acceptable (code invalid). */
  'missing-message': Hook<ReplyMessage>;
  /** The status as the session shows it. */
  'status-shown': Hook<string, { status: SessionStatus }>;
  /** The session's JSON, wherever it is shown (in an operation's answer or in a refusal). */
  json: Hook<Json, { session: R }>;
  /** The session's JSON as the answer of an operation that went through. */
  answer: Hook<Json, { op: SessionOperation; session: R; req: HandlerRequest; store: S }>;
  /** The HTTP status of an operation that went through. */
  status: Hook<number, { op: SessionOperation; session: R; req: HandlerRequest }>;
  /** What Complete of a ready session asks for before it takes the payment (none: it goes on). */
  'complete-asks': Hook<ReplyMessage[], { session: R }>;
  /** The payment provider's refusal of a Complete, before the payment is taken (undefined: it goes on). */
  'payment-refusal': Hook<Reply | undefined, { session: R; render: Render }>;
  /** When a Complete whose payment was accepted completes the session. */
  completes: Hook<Completion>;
  /** Whether Complete takes only a ready_for_complete session (false: an incomplete one completes too). */
  'complete-needs-ready': Hook<boolean, { session: R }>;
  /**
   * Whether a Complete of a session already completing or completed runs the completion again (places
   * another order, confirms again) instead of answering as the state machine says.
   */
  'complete-again': Hook<boolean, { session: R }>;
  /** A refusal of a cancel the status allows (undefined: it goes on). */
  'cancel-refusal': Hook<Reply | undefined, { session: R; render: Render }>;
  /** Whether a cancel the status allows is applied. */
  'cancel-applied': Hook<boolean>;
  /** The payment handler registry the envelope of the service's answers carries (undefined: none). */
  'payment-handlers': Hook<Json | undefined>;
}

/** The hook points of the session service under `prefix`: `checkout.status`, `booking.status`, … */
export type SessionHooks<P extends string, R extends SessionCore = SessionCore, S = unknown> = {
  [K in keyof SessionHookPoints<R, S> as `${P}.${K}`]: SessionHookPoints<R, S>[K];
};
