/**
 * What the checkout and booking flows share: reading a session out of an answer, the messages
 * that point at a field and filling those fields from what the config provides, judging a create
 * or update that made no progress, driving a session to ready_for_complete in bounded rounds, and
 * completing it with bounded polling of Get. Each flow says what it sends (checkout-flow.ts,
 * booking-flow.ts); the words of its reports name its own operations.
 */
import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import { sameJson } from '../../src/protocol/canonical.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import { resolvePath, valueAt, withValueAt, type PathSegment } from '../../src/protocol/json-path.js';
import { brief, messagesOf, type Message } from '../../src/protocol/messages.js';
import { paymentInstrument, type Json } from '../../src/protocol/recipes.js';
import { readRefusal, said, textOf } from './refusal.js';

export type { Json };

/** The operations of one kind of session, and the words its reports use. */
export interface SessionKind {
  /** `checkout` or `booking`: reports say "checkout create needs …", `requests."checkout.create"`. */
  name: 'checkout' | 'booking';
  get: 'checkout.get' | 'booking.get';
  update: 'checkout.update' | 'booking.update';
  complete: 'checkout.complete' | 'booking.complete';
  cancel: 'checkout.cancel' | 'booking.cancel';
  /** The member names a request may carry (the spec's resource and request members), to read refusals by. */
  members: readonly string[];
  /** What to do about a create refused with an error naming no field. */
  refusedCreate(refusal: string): string;
}

/** Update rounds before the loop gives up on reaching ready_for_complete. */
const MAX_ROUNDS = 6;
/** How long, at most, completion is awaited by polling Get; and the pause before each poll. */
export const COMPLETION_WAIT_MS = 15_000;
const POLL_PAUSES_MS = [250, 500, 1000, 2000];

/** The resource in a response body: the body without the envelope. */
export function resourceOf(t: ScenarioContext, x: Exchange): Json {
  if (!isObject(x.json)) return {};
  const { [t.dialect.envelopeKey]: _envelope, ...rest } = x.json;
  return rest;
}

export function statusOf(x: Exchange): unknown {
  return isObject(x.json) ? x.json.status : undefined;
}

export function envelopeMember(t: ScenarioContext, x: Exchange, member: string): unknown {
  const env = envelopeOf(t.dialect, x.json);
  return isObject(env) ? env[member] : undefined;
}

/**
 * A 2xx answer carrying a session (or cart): an object with an id, and more than an error envelope
 * (a not_found that echoes the id asked for is no session).
 */
export function carriesResource(t: ScenarioContext, x: Exchange): boolean {
  return carriesResourceOf(x, t.dialect.envelopeKey) && isObject(x.json) && typeof x.json.id === 'string';
}

export const sessionId = (t: ScenarioContext, x: Exchange) => String(resourceOf(t, x).id);

/** Messages that point at a field: what the business needs the platform to supply or change. */
export function pointing(x: Exchange): (Message & { path: string })[] {
  return messagesOf(x.json).filter(
    (m): m is Message & { path: string } =>
      m.type === 'error' && typeof m.path === 'string' && m.severity !== 'unrecoverable',
  );
}

export const describeAsk = (m: Message) =>
  `${String(m.path)} (${String(m.code)}${typeof m.content === 'string' ? `: ${m.content}` : ''})`;

/**
 * The segments of a message path in `doc`: a filter step becomes the index of the first element
 * it selects there (a message path is "JSON path of the field concerned", Document 1 §Shared
 * value objects, and a business may name an element by its id). Undefined when unreadable.
 */
export const pathIn = (path: string, doc: unknown): PathSegment[] | undefined => resolvePath(path, doc);

/**
 * Fills every path the business asks for that `source` provides, into `draft`, except paths the
 * flow answers by choosing (`skip`). Returns the paths it filled.
 */
export function fillAsks(
  x: Exchange,
  draft: { body: Json },
  source: Json,
  skip: (segments: PathSegment[]) => boolean = () => false,
): string[] {
  const filled: string[] = [];
  for (const m of pointing(x)) {
    const segments = pathIn(m.path, draft.body);
    if (!segments || segments.length === 0 || skip(segments)) continue;
    const value = valueAt(source, segments);
    if (value === undefined || JSON.stringify(valueAt(draft.body, segments)) === JSON.stringify(value)) continue;
    draft.body = withValueAt(draft.body, segments, value) as Json;
    filled.push(m.path);
  }
  return filled;
}

/** Whether a resource holds a value at a message path. */
export function shows(resource: Json, path: string): boolean {
  const segments = pathIn(path, resource);
  return !!segments && valueAt(resource, segments) !== undefined;
}

/**
 * Whether the request of an exchange carried a value at a message path. An empty one (null, "",
 * [] or {}) is not: a business may call a required list with nothing in it missing.
 */
export function supplied(x: Exchange, path: string): boolean {
  const segments = pathIn(path, x.sentJson);
  if (!segments) return false;
  const v = valueAt(x.sentJson, segments);
  return (
    v !== undefined &&
    v !== null &&
    v !== '' &&
    !(Array.isArray(v) && v.length === 0) &&
    !(isObject(v) && Object.keys(v).length === 0)
  );
}

/** How a create ended, for the create check and for every scenario that needs a session. */
export type CreateOutcome =
  | { kind: 'session'; x: Exchange }
  /** `config`: the business needs members the config lacks; `items`: it refused what was asked for. */
  | { kind: 'needs'; x: Exchange; why: string; cause: 'config' | 'items' }
  | { kind: 'broken'; x: Exchange; why: string };

/**
 * Creates a session with what the config provides, registering its cancel as clean-up. When the
 * business answers with recoverable errors naming fields `source` has, it tries again with them
 * (at most twice).
 */
export async function createSession(
  t: ScenarioContext,
  kind: SessionKind,
  send: (members: Json) => Promise<Exchange>,
  source: (x: Exchange) => Json,
): Promise<CreateOutcome> {
  const draft = { body: {} as Json };
  let x!: Exchange;
  for (let attempt = 0; attempt < 3; attempt++) {
    x = await send(draft.body);
    if (carriesResource(t, x)) {
      const id = sessionId(t, x);
      t.cleanup(() => cancelIfOpen(t, kind, id));
      return { kind: 'session', x };
    }
    if (fillAsks(x, draft, source(x)).length === 0) break;
  }
  return judgeRefusedCreate(kind, x);
}

/**
 * A create that made no session. What the business asks for beyond what the spec shows is not
 * shown, so a refusal naming members the request did not carry is for the config to mend
 * (not-tested); asking again for a field the request carried is broken; any other refusal (a 400
 * or an error naming what was sent, or nothing) is the business's answer to what was asked for.
 */
function judgeRefusedCreate(kind: SessionKind, x: Exchange): CreateOutcome {
  const asks = pointing(x);
  const ignored = asks.filter((m) => m.code === 'missing' && supplied(x, m.path));
  if (ignored.length)
    return {
      kind: 'broken',
      x,
      why: `the business says ${ignored.map(describeAsk).join('; ')} is missing, but the create request carried it`,
    };
  const lacking = asks.filter((m) => !supplied(x, m.path));
  if (lacking.length) {
    return {
      kind: 'needs',
      cause: 'config',
      x,
      why: `${kind.name} create needs ${lacking.map(describeAsk).join('; ')}, which the config does not supply: add it under requests."${kind.name}.create" in --config`,
    };
  }
  const refusal = readRefusal(x, kind.members);
  if (x.status === 400 && refusal.absent.length) {
    return {
      kind: 'needs',
      cause: 'config',
      x,
      why: `${kind.name} create answered HTTP 400 (${said(refusal)}), naming ${refusal.absent.join(', ')}, which the request did not carry: add ${refusal.absent.length > 1 ? 'them' : 'it'} under requests."${kind.name}.create" in --config`,
    };
  }
  const error = messagesOf(x.json).find((m) => m.type === 'error');
  if (x.status === 400 || (x.status === 200 && error))
    return {
      kind: 'needs',
      cause: 'items',
      x,
      why: kind.refusedCreate(
        x.status === 400 ? `HTTP 400: ${said(refusal)}` : `${String(error?.code)}: ${said({ text: textOf(error) })}`,
      ),
    };
  return {
    kind: 'broken',
    x,
    why: `create answered HTTP ${statusOrError(x)} without a session${x.json === undefined ? '' : `: ${brief(x.json)}`}`,
  };
}

/** Clean-up: cancels a session unless it already ended (what cancel does then is not shown). */
async function cancelIfOpen(t: ScenarioContext, kind: SessionKind, id: string): Promise<void> {
  const x = await t.call(kind.get, { id, tolerateTransportError: true });
  if (statusOf(x) === 'incomplete' || statusOf(x) === 'ready_for_complete') {
    await t.call(kind.cancel, { id, tolerateTransportError: true });
  }
}

/**
 * Cancels a session and judges `check` by it: HTTP 200 with status canceled. With `readBack` (the
 * create and the last answer of the drive that followed it), a Get before the cancel and one after
 * it too: when the first shows the status of the last answer, which is not the status the session
 * was created with (so Get follows changes), the second must not show it otherwise than canceled
 * (Get returns the session as it is). A Get that lags (the get check's to judge), or that no
 * longer finds the session, is not judged here.
 */
export async function checkCancel<C extends string>(
  t: ScenarioContext<C>,
  kind: SessionKind,
  check: C,
  id: string,
  readBack?: { created: Exchange; last: Exchange },
): Promise<void> {
  const changed = !!readBack && statusOf(readBack.last) !== statusOf(readBack.created);
  const control = changed ? await t.call(kind.get, { id, tolerateTransportError: true }) : undefined;
  const trusted =
    !!readBack && !!control && carriesResource(t, control) && statusOf(control) === statusOf(readBack.last);
  const canceled = await t.call(kind.cancel, { id });
  const answered = canceled.status === 200 && statusOf(canceled) === 'canceled';
  const read =
    answered && trusted ? await t.call(kind.get, { id, notFoundProbe: true, tolerateTransportError: true }) : undefined;
  const open = !!read && carriesResource(t, read) && resourceOf(t, read).id === id && statusOf(read) !== 'canceled';
  t.check(check, answered && !open, {
    message: open
      ? `cancel answered canceled, but a Get right after it shows the session ${brief(statusOf(read))}`
      : `cancel answered HTTP ${canceled.status} with status ${brief(statusOf(canceled))}`,
    expected: `HTTP 200, status canceled${trusted ? ', and a Get after it showing the session canceled' : ''}`,
    actual: `HTTP ${canceled.status}, status ${brief(statusOf(canceled))}${read ? `; Get: HTTP ${statusOrError(read)}, status ${brief(statusOf(read))}` : ''}`,
    ...(open && read ? { exchanges: [canceled, read] } : {}),
  });
}

/** Whether a member holds something: not absent, null, "", [] or {}. */
const holdsValue = (v: unknown): boolean =>
  v !== undefined &&
  v !== null &&
  v !== '' &&
  !(Array.isArray(v) && v.length === 0) &&
  !(isObject(v) && Object.keys(v).length === 0);

/** A member of a session an update may leave out: how to read it from a session, and the body without it. */
export interface LeftOut {
  name: string;
  read(resource: Json): unknown;
  without(body: Json): Json;
}

/** A top-level member of a session. */
export const topLevel = (name: string): LeftOut => ({
  name,
  read: (resource) => resource[name],
  without: ({ [name]: _left, ...rest }) => rest,
});

/**
 * Whether `after` keeps `before`: the same value, or one holding all of it with more beside (a
 * member the business added, such as `consent: null`): a merge either way.
 */
function keeps(after: unknown, before: unknown): boolean {
  if (sameJson(after, before)) return true;
  if (Array.isArray(before)) return Array.isArray(after) && before.every((b) => after.some((a) => keeps(a, b)));
  if (isObject(before)) return isObject(after) && Object.entries(before).every(([k, v]) => keeps(after[k], v));
  return false;
}

type LeftOutFinding =
  | { kind: 'not-tested'; message: string; exchanges: Exchange[] }
  | { kind: 'observed'; message: string; exchanges: Exchange[] }
  | { kind: 'judged'; name: string; ok: boolean; message: string; actual: string; exchanges: Exchange[] };

/**
 * "Update is a full replacement" and the platform "includes every previously set field it wants to
 * keep" (Document 1 §Checkout 2, Document 3 §Endpoints 2): an update leaving out `member`, which an
 * earlier update set and `shown` (that update's answer) shows, is answered without it. Showing the
 * value of before, whole or with more beside, is keeping it (failed); showing another (one the
 * business found itself) is reported, since where a business may take a member from is not said.
 * `body` is the session as the flow sends it back. Each member is left out in turn, the others sent.
 */
export async function checkLeftOut<C extends string>(
  t: ScenarioContext<C>,
  kind: SessionKind,
  check: C,
  shown: Exchange,
  members: readonly LeftOut[],
  body: Json,
): Promise<void> {
  const findings: LeftOutFinding[] = [];
  for (const member of members) findings.push(await leaveOut(t, kind, shown, member, body));
  const judged = findings.filter((f) => f.kind === 'judged');
  const exchanges = findings.flatMap((f) => f.exchanges);
  const others = findings.filter((f) => f.kind !== 'judged').map((f) => f.message);
  if (judged.length === 0) {
    const observed = findings.filter((f) => f.kind === 'observed');
    if (observed.length) return t.observe(check, { message: others.join('; '), exchanges });
    return t.notTested(check, others.join('; '), exchanges);
  }
  const failed = judged.filter((f) => !f.ok);
  t.check(check, failed.length === 0, {
    message: [...failed.map((f) => f.message), ...(failed.length ? [] : others)].join('; '),
    expected:
      judged.length === 1
        ? `no ${judged[0].name}: the update left it out`
        : `no ${judged.map((f) => f.name).join(', ')}: each update left its member out`,
    actual: judged.map((f) => f.actual).join('; '),
    exchanges,
  });
}

async function leaveOut<C extends string>(
  t: ScenarioContext<C>,
  kind: SessionKind,
  shown: Exchange,
  member: LeftOut,
  body: Json,
): Promise<LeftOutFinding> {
  const name = member.name;
  const before = member.read(resourceOf(t, shown));
  if (!holdsValue(before))
    return {
      kind: 'not-tested',
      message: `the session does not show the ${name} an update set, so there is none to leave out`,
      exchanges: [shown],
    };
  const x = await t.call(kind.update, {
    id: sessionId(t, shown),
    input: { resource: member.without(body), changes: {} },
  });
  if (isObject(x.sentJson) && member.read(x.sentJson) !== undefined)
    return {
      kind: 'not-tested',
      message: `requests."${kind.name}.update" in --config puts ${name} into every update`,
      exchanges: [x],
    };
  if (!carriesResource(t, x)) {
    const refusal = readRefusal(x, kind.members);
    return {
      kind: 'not-tested',
      message: `the business refused the update without ${name} (HTTP ${statusOrError(x)}: ${said(refusal)}), so nothing of it was kept`,
      exchanges: [x],
    };
  }
  const after = member.read(resourceOf(t, x));
  const kept = holdsValue(after) && keeps(after, before);
  if (holdsValue(after) && !kept)
    return {
      kind: 'observed',
      message: `an update leaving out ${name} was answered with another ${name} (${brief(after, 120)}), one the business holds itself`,
      exchanges: [shown, x],
    };
  return {
    kind: 'judged',
    name,
    ok: !kept,
    message: kept
      ? `an update leaving out ${name} was answered with the ${name} set earlier: the update was merged, not a replacement`
      : `${name} left out and gone`,
    actual: `${name} ${holdsValue(after) ? brief(after, 160) : 'absent'}`,
    exchanges: [shown, x],
  };
}

/** How the drive to ready_for_complete ended. */
export interface ReadyOutcome {
  kind: 'ready' | 'needs' | 'broken';
  /** Every session response of the drive, the create first. */
  sessions: Exchange[];
  /** The last response. */
  last: Exchange;
  why: string;
}

/**
 * Updates a session until it is ready_for_complete: `first` is the first update, `next` each
 * later one after an incomplete answer (undefined when the platform has nothing more to send).
 */
export async function driveToReady(
  t: ScenarioContext,
  kind: SessionKind,
  created: Exchange,
  first: (x: Exchange) => Json,
  next: (x: Exchange) => Json | undefined,
): Promise<ReadyOutcome> {
  const sessions = [created];
  let last = created;
  if (statusOf(created) === 'ready_for_complete') return { kind: 'ready', sessions, last, why: 'ready at create' };
  let draft: Json | undefined = first(created);
  for (let round = 0; round < MAX_ROUNDS && draft; round++) {
    const x = await t.call(kind.update, { id: sessionId(t, last), input: { resource: draft, changes: {} } });
    if (!carriesResource(t, x)) return judgeRefusedUpdate(kind, x, sessions);
    sessions.push(x);
    last = x;
    if (statusOf(x) === 'ready_for_complete')
      return { kind: 'ready', sessions, last, why: `ready after ${round + 1} updates` };
    draft = next(x);
  }
  return judgeStall(kind, last, sessions);
}

/** An update that returned no session. A 400 may mean members the business needs (not shown). */
export function judgeRefusedUpdate(kind: SessionKind, x: Exchange, sessions: Exchange[]): ReadyOutcome {
  const last = x;
  if (x.status === 400) {
    const refusal = readRefusal(x, kind.members);
    const naming = refusal.absent.length ? `, naming ${refusal.absent.join(', ')}` : '';
    return {
      kind: 'needs',
      sessions,
      last,
      why: `${kind.name} update answered HTTP 400 (${said(refusal)})${naming}; add what the business needs under requests."${kind.name}.update" in --config`,
    };
  }
  return {
    kind: 'broken',
    sessions,
    last,
    why: `update answered HTTP ${statusOrError(x)} without the session: ${brief(x.json)}`,
  };
}

/**
 * The business stayed incomplete and the platform has nothing more to send. When it still says
 * a field is `missing` that the last request carried, it ignores what it was sent (broken);
 * otherwise it needs something the config lacks (not-tested).
 */
function judgeStall(kind: SessionKind, last: Exchange, sessions: Exchange[]): ReadyOutcome {
  const asks = pointing(last);
  const ignored = asks.filter((m) => m.code === 'missing' && supplied(last, m.path));
  if (ignored.length) {
    return {
      kind: 'broken',
      sessions,
      last,
      why: `still incomplete: the business says ${ignored.map(describeAsk).join('; ')} is missing, but the last update carried it`,
    };
  }
  const messages = messagesOf(last.json);
  const named = asks.length
    ? `asking for ${asks.map(describeAsk).join('; ')}`
    : messages.length
      ? `saying ${brief(messages)}`
      : 'naming nothing it needs';
  return {
    kind: 'needs',
    sessions,
    last,
    why: `the session stays incomplete ${named}, which the config does not supply: add it to fixtures or under requests."${kind.name}.update" in --config`,
  };
}

/**
 * A payment instrument for the session's first handler (or, when the session names none, the
 * profile's: "The business advertises the capability in its profile together with payment
 * handlers", Document 3 §What the service does), with a token from config.
 */
export function instrumentFor(t: ScenarioContext, session: Exchange, token: string, billingAddress: Json): Json {
  const own = envelopeMember(t, session, 'payment_handlers');
  const profileEnvelope = t.target.profile?.document[t.dialect.envelopeKey];
  const handlers =
    isObject(own) && Object.keys(own).length
      ? own
      : isObject(profileEnvelope)
        ? profileEnvelope.payment_handlers
        : undefined;
  const firstHandler = isObject(handlers)
    ? Object.values(handlers).flatMap((entries) => (Array.isArray(entries) ? entries.filter(isObject) : []))[0]
    : undefined;
  return paymentInstrument(t.config, firstHandler?.id, token, billingAddress);
}

/**
 * How completing went: the complete answers, the updates made between them, the polls of Get, and the final state seen.
 */
export interface Completion {
  complete: Exchange;
  /** Updates that supplied what a refused complete asked for; the first complete is then in `refused`. */
  supplied: Exchange[];
  refused?: Exchange;
  polls: Exchange[];
  final: Exchange;
}

/**
 * Completes a ready session. Which fields complete needs is not shown (Document 3 §Resources and
 * their fields), so a complete answered with the session and messages asking for fields the
 * platform can supply (`supply` gives the session with them, or undefined) is followed by one
 * update with them and, once ready again, a second complete. When the business answers
 * complete_in_progress (asynchronous completion is not shown, so it is allowed) and `await` is
 * set, Get is polled until the session leaves that state or COMPLETION_WAIT_MS passes.
 */
export async function completeSession(
  t: ScenarioContext,
  kind: SessionKind,
  session: Exchange,
  instrument: Json,
  opts: { await: boolean },
  supply?: (refused: Exchange) => Json | undefined,
): Promise<Completion> {
  const id = sessionId(t, session);
  const send = () => t.call(kind.complete, { id, input: { instrument } });
  let complete = await send();
  const supplied: Exchange[] = [];
  let refused: Exchange | undefined;
  const body =
    supply && carriesResource(t, complete) && statusOf(complete) !== 'completed' && pointing(complete).length
      ? supply(complete)
      : undefined;
  if (body) {
    const updated = await t.call(kind.update, { id, input: { resource: body, changes: {} } });
    supplied.push(updated);
    if (carriesResource(t, updated) && statusOf(updated) === 'ready_for_complete') {
      refused = complete;
      complete = await send();
    }
  }
  const { polls, final } = opts.await
    ? await pollWhile(
        complete,
        (x) => statusOf(x) === 'complete_in_progress',
        () => t.call(kind.get, { id }),
      )
    : { polls: [], final: complete };
  return { complete, supplied, refused, polls, final };
}

/**
 * Complete sent on a session whose last answer was incomplete. The state tables move to completed
 * only from ready_for_complete (Document 1 §States and transitions, Document 3 §States), so a
 * `completed` answer fails (a derived reading); transitions into complete_in_progress are not
 * shown, so that answer is reported. Any refusal holds.
 */
export async function checkCompleteEarly<C extends string>(
  t: ScenarioContext<C>,
  kind: SessionKind,
  check: C,
  created: Exchange,
  instrument: Json,
): Promise<void> {
  if (statusOf(created) !== 'incomplete')
    return t.notApplicable(
      check,
      `the business answered the create ${brief(statusOf(created))}: it showed no incomplete session to complete`,
    );
  const x = await t.call(kind.complete, { id: sessionId(t, created), input: { instrument } });
  const status = carriesResource(t, x) ? statusOf(x) : undefined;
  const answered = `HTTP ${statusOrError(x)}${status === undefined ? '' : `, status ${brief(status)}`}`;
  if (status === 'complete_in_progress')
    return t.observe(check, {
      message: `complete of an incomplete session answered ${answered}: transitions into complete_in_progress are not shown`,
      exchanges: [created, x],
    });
  t.check(check, status !== 'completed', {
    message: `complete of a session whose last answer was incomplete answered ${answered}: it completed without being ready_for_complete`,
    expected: 'anything but status completed: only ready_for_complete moves to completed',
    actual: `${answered}, messages ${brief(messagesOf(x.json))}`,
    exchanges: [created, x],
  });
}

/**
 * Reads again, with growing pauses, while `pending` says the answer is not yet the settled one, for
 * COMPLETION_WAIT_MS at most: what completing makes may show a moment later (asynchronous
 * completion, and "the order semantics of completion", are not shown).
 */
export async function pollWhile(
  first: Exchange,
  pending: (x: Exchange) => boolean,
  read: () => Promise<Exchange>,
): Promise<{ polls: Exchange[]; final: Exchange }> {
  const polls: Exchange[] = [];
  let final = first;
  const deadline = Date.now() + COMPLETION_WAIT_MS;
  for (let i = 0; pending(final) && Date.now() < deadline; i++) {
    await new Promise((r) => setTimeout(r, POLL_PAUSES_MS[Math.min(i, POLL_PAUSES_MS.length - 1)]));
    final = await read();
    polls.push(final);
  }
  return { polls, final };
}

/**
 * A complete that did not complete, when the business said why: the condition of the transition
 * is "payment accepted", and which fields complete needs is not shown, so a refusal stating its
 * reason (a declined test token, a field the config lacks) is a reason not to test, not a
 * failure; a 400 may mean members beyond payment and signals. Undefined when nothing explains it,
 * or when the business says a field is `missing` that the complete, or the update made for it,
 * carried: that is for the check to fail.
 */
export function refusedCompleteReason(kind: SessionKind, done: Completion): string | undefined {
  const x = done.final;
  if (x.status === 400) {
    const refusal = readRefusal(x, kind.members);
    const naming = refusal.absent.length ? `, naming ${refusal.absent.join(', ')}` : '';
    return `${kind.name} complete answered HTTP 400 (${said(refusal)})${naming}; the business may need members beyond payment and signals: add them under requests."${kind.name}.complete" in --config`;
  }
  if (x.status !== 200 || statusOf(x) === 'completed') return undefined;
  const errors = messagesOf(x.json).filter((m) => m.type === 'error');
  if (errors.length === 0) return undefined;
  const ignored = pointing(x).filter(
    (m) => m.code === 'missing' && [x, ...done.supplied].some((sent) => supplied(sent, m.path)),
  );
  if (ignored.length) return undefined;
  const asks = pointing(x);
  return asks.length
    ? `${kind.name} complete asks for ${asks.map(describeAsk).join('; ')}, which the config does not supply (or does not satisfy): add it to fixtures or payment in --config`
    : `${kind.name} complete was refused: ${errors.map((m) => `${String(m.code)} (${said({ text: textOf(m) })})`).join('; ')}; if payment.token in --config should be accepted, the business says why it was not`;
}
