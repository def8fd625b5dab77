import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { canonicalJson, sameJson } from '../../src/protocol/canonical.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import { unknownIdScenario } from '../shared/unknown-id.js';
import {
  BOOKING,
  completeBooking,
  createBooking,
  driveBooking,
  instrument,
  PEOPLE,
  readyBooking,
  readyDrive,
  sentBack,
  withPeople,
} from '../shared/booking-flow.js';
import { endpointsRule } from '../shared/endpoints.js';
import { resourceRule } from '../shared/resource-rule.js';
import { PROFILE_SERVED } from '../profile/suite.js';
import {
  carriesResource,
  checkCancel,
  checkCompleteEarly,
  checkLeftOut,
  type LeftOut,
  topLevel,
  COMPLETION_WAIT_MS,
  judgeRefusedUpdate,
  refusedCompleteReason,
  resourceOf,
  statusOf,
  type CreateOutcome,
  type Json,
} from '../shared/session-flow.js';
import {
  incompleteNamesMissingRule,
  completedCarriesRule,
  instrumentHandlerRule,
  isSessionOf,
  missingMessagesRule,
  OPEN,
  paymentHandlersRule,
} from '../shared/session-rules.js';

const capability = 'lodging.booking';
/** Known members of a confirmation (Document 3 §Resources and their fields): strings, none individually required. */
const CONFIRMATION_MEMBERS = ['id', 'label', 'pincode'];

export const bookingSuite: Suite = {
  id: 'booking',
  title: 'Booking sessions',
  capability,
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'booking.to-ready',
      title: 'Create a booking session, drive it to ready_for_complete by its own messages, read it, and send it back',
      effect: 'write',
      checks: [
        {
          id: 'booking.create',
          title: 'create answers 201 with an open session, totals and links',
          requirements: ['BOOK-001'],
        },
        {
          id: 'booking.ready',
          title: 'supplying what the session asks for reaches ready_for_complete',
          requirements: ['BOOK-003'],
        },
        { id: 'booking.get', title: 'Get returns the session as the last update left it', requirements: ['BOOK-010'] },
        {
          id: 'booking.update-kept',
          title:
            'an update sending the session back keeps the guests, booker, travel purpose and assignments set earlier',
          requirements: ['BOOK-004'],
        },
      ],
      async run(t) {
        const created = await openBooking(t);
        const drive = await driveBooking(t, created);
        if (drive.kind === 'needs') t.stopNotTested(drive.why, { check: 'booking.ready', exchanges: [drive.last] });
        t.require('booking.ready', drive.kind === 'ready', {
          message: drive.why,
          expected: 'status ready_for_complete once the session has what its messages ask for',
          actual: `status ${brief(statusOf(drive.last))}, messages ${brief(messagesOf(drive.last.json))}`,
          exchanges: drive.sessions.slice(1).length ? drive.sessions.slice(1) : [drive.last],
        });
        // Ready at create (a business that enforces no field): one update sets the people Get and a resend are judged
        // by.
        const people = drive.sessions.length > 1 ? drive.last : await setPeople(t, drive.last);
        await currentOnGet(t, carriesResource(t, people) ? people : drive.last);
        await keptWhenResent(t, people);
      },
    }),
    scenario({
      id: 'booking.cancel',
      title: 'Cancel a booking session with an empty JSON object',
      effect: 'write',
      checks: [{ id: 'booking.cancel', title: 'cancel with {} gives canceled', requirements: ['BOOK-007'] }],
      async run(t) {
        const created = await sessionFor(t, await createBooking(t));
        await checkCancel(t, BOOKING, 'booking.cancel', String(resourceOf(t, created).id));
      },
    }),
    scenario({
      id: 'booking.cancel-ready',
      title: 'Cancel a booking session that is ready_for_complete',
      effect: 'write',
      checks: [
        {
          id: 'booking.cancel-from-ready',
          title: 'cancel of a ready_for_complete session gives canceled',
          requirements: ['BOOK-007'],
        },
      ],
      async run(t) {
        const { sessions, last } = await readyDrive(t);
        await checkCancel(t, BOOKING, 'booking.cancel-from-ready', String(resourceOf(t, last).id), {
          created: sessions[0],
          last,
        });
      },
    }),
    scenario({
      id: 'booking.update-replaces',
      title: 'Send a ready session back without its booker',
      effect: 'write',
      checks: [
        {
          id: 'booking.update-leaves-out',
          title:
            'an update leaving out the booker, travel purpose, guests or assignments set earlier is answered without it',
          requirements: ['BOOK-004'],
        },
      ],
      async run(t) {
        const ready = await readyBooking(t);
        await checkLeftOut(t, BOOKING, 'booking.update-leaves-out', ready, LEFT_OUT, sentBack(t, resourceOf(t, ready)));
      },
    }),
    scenario({
      id: 'booking.partial-update',
      title: 'Update a session with a booker holding one field and a guest holding only its id',
      effect: 'write',
      checks: [
        {
          id: 'booking.partial-update',
          title: 'an update with some people fields only is answered with the session',
          requirements: ['BOOK-005'],
        },
      ],
      run: partialUpdate,
    }),
    scenario({
      id: 'booking.invalid-guest',
      title: 'Update a session with a guest whose email is not an email address',
      effect: 'write',
      checks: [
        {
          id: 'booking.invalid-guest-200',
          title: 'invalid guest information is a business outcome: HTTP 200, not a transport error',
          requirements: ['BOOK-028'],
        },
      ],
      run: invalidGuest,
    }),
    scenario({
      id: 'booking.sold-out',
      title: 'Create a session for a stay that is no longer available',
      effect: 'write',
      checks: [
        {
          id: 'booking.inventory-exhausted',
          title: 'inventory_exhausted error with continue_url, and no session',
          requirements: ['BOOK-002'],
        },
      ],
      run: soldOut,
    }),
    scenario({
      id: 'booking.complete-incomplete',
      title: 'Complete a session whose create answered incomplete',
      effect: 'irreversible',
      checks: [
        {
          id: 'booking.complete-from-incomplete',
          title: 'complete of an incomplete session does not answer completed',
          requirements: ['BOOK-030'],
        },
      ],
      async run(t) {
        const token = t.need(t.config.payment?.token, 'payment.token in --config');
        const created = await sessionFor(t, await createBooking(t));
        await checkCompleteEarly(
          t,
          BOOKING,
          'booking.complete-from-incomplete',
          created,
          instrument(t, created, token),
        );
      },
    }),
    scenario({
      id: 'booking.complete',
      title: 'Complete a ready session with the configured payment token',
      effect: 'irreversible',
      checks: [
        {
          id: 'booking.complete',
          title: 'complete gives completed with a confirmation object',
          requirements: ['BOOK-006'],
        },
        {
          id: 'booking.confirmation-members',
          title: 'confirmation id, label and pincode are strings when present',
          requirements: ['BOOK-012'],
        },
        {
          id: 'booking.cancel-completed',
          title: 'what cancel answers for a completed booking (reported)',
          requirements: ['BOOK-027'],
        },
      ],
      run: complete,
    }),
    scenario({
      id: 'booking.update-in-progress',
      title: 'Update a session whose completion is in progress',
      effect: 'irreversible',
      checks: [
        {
          id: 'booking.in-progress-unchanged',
          title: 'the session comes back unchanged with a recoverable error',
          requirements: ['BOOK-008'],
        },
      ],
      run: updateInProgress,
    }),
    unknownIdScenario({
      operation: 'booking.get',
      checkId: 'booking.not-found',
      requirement: 'BOOK-029',
      subject: 'booking session',
    }),
    scenario({
      id: 'booking.profile-handlers',
      title: 'Whether the profile advertises payment handlers beside the booking capability',
      effect: 'read',
      checks: [
        {
          id: 'booking.profile-payment-handlers',
          title: 'the profile names payment handlers (reported, not required)',
          requirements: ['BOOK-025'],
        },
      ],
      async run(t) {
        const profile = t.need(t.target.profile, 'the business profile, read at discovery', [PROFILE_SERVED.id]);
        const env = profile.document[t.dialect.envelopeKey];
        const registry = isObject(env) ? env.payment_handlers : undefined;
        const names = isObject(registry) ? Object.keys(registry) : [];
        t.observe('booking.profile-payment-handlers', {
          message: names.length
            ? `the profile names payment handlers ${names.join(', ')}`
            : `the profile names no payment handlers; an open session must then name its own in ${t.dialect.envelopeKey}.payment_handlers (booking.payment-handlers)`,
          exchanges: [profile.exchange],
        });
      },
    }),
  ],
  rules: [endpointsRule(capability), ...sessionRules()],
};

/** The create of booking.to-ready, judged: booking.create concludes here for every scenario. */
async function openBooking(t: ScenarioContext<'booking.create'>): Promise<Exchange> {
  const outcome = await createBooking(t);
  if (outcome.kind === 'needs') t.stopNotTested(outcome.why, { check: 'booking.create', exchanges: [outcome.x] });
  const { x } = outcome;
  const resource = resourceOf(t, x);
  const lacking = [!Array.isArray(resource.totals) && 'totals', !Array.isArray(resource.links) && 'links'].filter(
    Boolean,
  );
  const open = outcome.kind === 'session' && OPEN.includes(String(statusOf(x)));
  t.check('booking.create', open && x.status === 201 && lacking.length === 0, {
    message:
      outcome.kind === 'broken'
        ? outcome.why
        : lacking.length
          ? `the new session carries no ${lacking.join(' and ')} array`
          : `create answered HTTP ${x.status} with status ${brief(statusOf(x))}`,
    expected: 'HTTP 201, status incomplete (or ready_for_complete), totals and links',
    actual: `HTTP ${x.status}, status ${brief(statusOf(x))}, totals ${brief(resource.totals, 80)}, links ${brief(resource.links, 80)}`,
  });
  // An open session made with another status, or without totals or links, is still one to drive.
  if (!open) t.stopBlocked('booking.create');
  return x;
}

/** The session of a create another scenario needs: booking.create judges the create itself. */
/** The stays' guest assignments, as one member: none when no stay holds any. */
const ASSIGNMENTS: LeftOut = {
  name: 'stays[].guest_assignments',
  read: (resource) => {
    const held = (Array.isArray(resource.stays) ? resource.stays.filter(isObject) : [])
      .map((s) => s.guest_assignments)
      .filter((a) => a !== undefined);
    return held.length ? held : undefined;
  },
  without: (body) => ({
    ...body,
    ...(Array.isArray(body.stays)
      ? { stays: body.stays.map((s) => (isObject(s) ? (({ guest_assignments: _, ...rest }) => rest)(s) : s)) }
      : {}),
  }),
};

/** What BOOK-004 names an update may leave out, each in turn (Document 3 §Endpoints 2). */
const LEFT_OUT = [...['booker', 'travel_purpose', 'guests'].map(topLevel), ASSIGNMENTS];

async function sessionFor(t: ScenarioContext, outcome: CreateOutcome): Promise<Exchange> {
  if (outcome.kind === 'needs') t.stopNotTested(outcome.why);
  if (outcome.kind === 'broken' || !OPEN.includes(String(statusOf(outcome.x)))) t.stopBlocked('booking.create');
  return outcome.x;
}

/**
 * What an update sets and a later one must keep, per member; guests as a sorted list and stays'
 * assignments by stay id, since neither list has a fixed order (Document 3 does not show one),
 * and the assignments of stays shown without an id as a sorted list, which no order can change.
 */
function peopleOf(resource: Json): Json {
  const stays = Array.isArray(resource.stays) ? resource.stays.filter(isObject) : [];
  const named = stays.filter((s) => s.id !== undefined && s.guest_assignments !== undefined);
  const unnamed = stays
    .filter((s) => s.id === undefined && s.guest_assignments !== undefined)
    .map((s) => canonicalJson(s.guest_assignments))
    .sort();
  const assignments: Json = Object.fromEntries(named.map((s) => [String(s.id), s.guest_assignments]));
  if (unnamed.length) assignments['stays without id'] = unnamed;
  const asSet = (m: string, v: unknown) =>
    m === 'guests' && Array.isArray(v) ? v.map((g) => canonicalJson(g)).sort() : v;
  return {
    ...Object.fromEntries(PEOPLE.filter((m) => resource[m] !== undefined).map((m) => [m, asSet(m, resource[m])])),
    ...(Object.keys(assignments).length ? { guest_assignments: assignments } : {}),
  };
}

/** Get right after the drive: the same session, status and people as the last update answered. */
async function currentOnGet(t: ScenarioContext<'booking.get'>, last: Exchange): Promise<void> {
  const before = resourceOf(t, last);
  const x = await t.call('booking.get', { id: String(before.id) });
  const after = resourceOf(t, x);
  const differs = Object.keys({ ...peopleOf(before), ...peopleOf(after) }).filter(
    (m) => !sameJson(peopleOf(before)[m], peopleOf(after)[m]),
  );
  const ok = x.status === 200 && after.id === before.id && after.status === before.status && differs.length === 0;
  t.check('booking.get', ok, {
    message:
      x.status !== 200 || after.id !== before.id
        ? `Get answered HTTP ${x.status} with session ${brief(after.id)}`
        : after.status !== before.status
          ? `Get says status ${brief(after.status)}; the last update answered ${brief(before.status)}`
          : `Get shows other ${differs.join(', ')} than the last update answered`,
    expected: `HTTP 200, session ${brief(before.id)} in status ${brief(before.status)} with the people of the last update`,
    actual: `HTTP ${x.status}, session ${brief(after.id)} in status ${brief(after.status)}${differs.length ? `, ${differs.map((m) => `${m} ${brief(peopleOf(after)[m], 120)}`).join(', ')}` : ''}`,
    exchanges: [last, x],
  });
}

const update = (t: ScenarioContext, resource: Json) =>
  t.call('booking.update', { id: String(resource.id), input: { resource: sentBack(t, resource), changes: {} } });

/** An update setting the people the config provides on a session that has none yet. */
const setPeople = (t: ScenarioContext, session: Exchange) => update(t, withPeople(t, resourceOf(t, session)));

/** Sends the session back as received (a full replacement carrying every field set earlier) and compares the people. */
async function keptWhenResent(t: ScenarioContext<'booking.update-kept'>, before: Exchange): Promise<void> {
  /** An update that returned no session: a 400 may mean members the config lacks; anything else breaks the check. */
  const refused = (x: Exchange): void => {
    const judged = judgeRefusedUpdate(BOOKING, x, []);
    if (judged.kind === 'needs') t.stopNotTested(judged.why);
    t.check('booking.update-kept', false, {
      message: judged.why,
      expected: 'HTTP 200 with the session',
      actual: `HTTP ${statusOrError(x)}: ${brief(x.json, 200)}`,
      exchanges: [x],
    });
  };
  if (!carriesResource(t, before)) return refused(before);
  const set = peopleOf(resourceOf(t, before));
  if (Object.keys(set).length === 0) {
    return t.notTested(
      'booking.update-kept',
      'the session shows none of guests, booker, travel_purpose or guest assignments to keep',
      [before],
    );
  }
  const again = await update(t, resourceOf(t, before));
  if (!carriesResource(t, again)) return refused(again);
  const kept = peopleOf(resourceOf(t, again));
  const lost = Object.keys(set).filter((m) => !sameJson(set[m], kept[m]));
  t.check('booking.update-kept', lost.length === 0, {
    message: `sending the session back changed or dropped ${lost.join(', ')}`,
    expected: `${Object.keys(set).join(', ')} as the session showed them`,
    actual: lost.map((m) => `${m}: ${brief(kept[m], 120)}`).join('; '),
    exchanges: [before, again],
  });
}

async function partialUpdate(t: ScenarioContext<'booking.partial-update'>): Promise<void> {
  const created = await sessionFor(t, await createBooking(t));
  const resource = sentBack(t, resourceOf(t, created));
  const full = withPeople(t, {});
  const guest = Array.isArray(full.guests) && isObject(full.guests[0]) ? { id: full.guests[0].id } : undefined;
  const booker = isObject(full.booker) ? Object.fromEntries(Object.entries(full.booker).slice(0, 1)) : {};
  const x = await t.call('booking.update', {
    id: String(resource.id),
    input: { resource, changes: { booker, ...(guest ? { guests: [guest] } : {}) } },
  });
  const ok = x.status === 200 && carriesResource(t, x) && resourceOf(t, x).id === resource.id;
  if (!ok) await refusedForItself(t, 'booking.partial-update', withPeople(t, resourceOf(t, created)), x);
  t.check('booking.partial-update', ok, {
    message: `an update whose booker holds ${Object.keys(booker).join(', ') || 'nothing'} and whose guest holds only an id answered HTTP ${x.status}${carriesResource(t, x) ? '' : ' without the session'}`,
    expected: 'HTTP 200 with the session (messages may ask for the rest)',
    actual: `HTTP ${x.status}: ${carriesResource(t, x) ? `session ${brief(resourceOf(t, x).id)}, status ${brief(statusOf(x))}` : brief(x.json, 200)}`,
  });
}

/**
 * An update refused for what it carried (partial people, an invalid email) is judged only when
 * the same session takes an update with the config's whole people: when that one is refused too,
 * the refusal is about something else (members the business needs, not shown), and booking.ready
 * judges updates as such.
 */
async function refusedForItself<C extends string>(
  t: ScenarioContext<C>,
  checkId: C,
  control: Json,
  refused: Exchange,
): Promise<void> {
  const x = await t.call('booking.update', { id: String(control.id), input: { resource: control, changes: {} } });
  if (x.status === 200 && carriesResource(t, x)) return;
  const why = `the same session refused an update with the config's whole people too (HTTP ${statusOrError(x)}: ${brief(x.json, 160)}), so the refusal (HTTP ${statusOrError(refused)}) is not about what this update left out or got wrong`;
  t.stopNotTested(why, { check: checkId, exchanges: [refused, x] });
}

/**
 * "Business outcomes (for example invalid guest information) return HTTP 200 with the envelope
 * and messages" (Document 3 §Errors, 2): an email that is no email address is answered HTTP 200,
 * with the session or an error envelope; whether the business checks emails at all is its own.
 */
async function invalidGuest(t: ScenarioContext<'booking.invalid-guest-200'>): Promise<void> {
  const created = await sessionFor(t, await createBooking(t));
  const body = withPeople(t, resourceOf(t, created));
  const guests = Array.isArray(body.guests) ? body.guests.filter(isObject) : [];
  if (guests.length === 0)
    return t.notTested(
      'booking.invalid-guest-200',
      'no guest to give an invalid email: neither the session nor fixtures.booking.guests in --config has one',
    );
  const invalid = { ...body, guests: [{ ...guests[0], email: 'not-an-email-address' }, ...guests.slice(1)] };
  const x = await t.call('booking.update', { id: String(body.id), input: { resource: invalid, changes: {} } });
  // The envelope and messages of the answer are the envelope rules' to judge.
  const ok = x.status === 200;
  if (!ok) await refusedForItself(t, 'booking.invalid-guest-200', body, x);
  t.check('booking.invalid-guest-200', ok, {
    message: `an update whose first guest has the email "not-an-email-address" answered HTTP ${statusOrError(x)}`,
    expected: 'HTTP 200 (the session, or an error, with messages)',
    actual: `HTTP ${statusOrError(x)}: ${brief(x.json, 200)}`,
  });
}

async function soldOut(t: ScenarioContext<'booking.inventory-exhausted'>): Promise<void> {
  const outcome = await createBooking(t, 'sold_out_stays');
  const { x } = outcome;
  const refusal = messagesOf(x.json).find((m) => m.code === 'inventory_exhausted');
  if (!refusal && outcome.kind === 'needs' && outcome.cause === 'config') t.stopNotTested(outcome.why);
  const problems = businessErrorProblems(t.dialect, x, { code: 'inventory_exhausted', continueUrl: true });
  const made: Exchange[] = [];
  const id = isObject(x.json) ? x.json.id : undefined;
  if (typeof id === 'string') {
    // An id in the answer may name nothing at all: a not-found answer, even a 404, is then what is expected.
    const read = await t.call('booking.get', { id, notFoundProbe: true, tolerateTransportError: true });
    if (carriesResource(t, read) && resourceOf(t, read).id === id) {
      problems.push(`a session was created anyway (id ${id}, status ${brief(statusOf(read))})`);
      made.push(read);
    }
  }
  t.check('booking.inventory-exhausted', problems.length === 0, {
    message: problems[0] ?? '',
    expected: 'HTTP 200, status error, error inventory_exhausted unrecoverable, continue_url, and no session',
    actual: problems.join('; '),
    exchanges: [x, ...made],
  });
}

type CompleteCheck = 'booking.complete' | 'booking.confirmation-members' | 'booking.cancel-completed';

async function complete(t: ScenarioContext<CompleteCheck>): Promise<void> {
  const token = t.need(t.config.payment?.token, 'payment.token in --config');
  const done = await completeBooking(t, await readyBooking(t), token, { await: true });
  const { final } = done;
  if (statusOf(final) === 'complete_in_progress')
    t.stopNotTested(`the session was still complete_in_progress ${COMPLETION_WAIT_MS / 1000} s after complete`);
  const exchanges = [...(done.refused ? [done.refused, ...done.supplied] : []), done.complete, ...done.polls.slice(-1)];
  const refusal = refusedCompleteReason(BOOKING, done);
  if (refusal) t.stopNotTested(refusal, { check: 'booking.complete', exchanges });
  const confirmation = resourceOf(t, final).confirmation;
  const shape = isObject(confirmation) ? `{${Object.keys(confirmation).join(', ')}}` : brief(confirmation);
  t.check('booking.complete', final.status === 200 && statusOf(final) === 'completed' && isObject(confirmation), {
    message: `after complete${done.polls.length ? ` and ${done.polls.length} polls of Get` : ''}: HTTP ${final.status}, status ${brief(statusOf(final))}, confirmation ${shape}`,
    expected: 'HTTP 200, status completed, a confirmation object',
    actual: `HTTP ${final.status}, status ${brief(statusOf(final))}, confirmation ${shape}, messages ${brief(messagesOf(final.json))}`,
    exchanges,
  });
  await cancelCompleted(t, final);
  if (!isObject(confirmation)) t.stopBlocked('booking.complete');
  judgeConfirmation(t, confirmation as Json, final);
}

/**
 * A completed booking read back (booking.completed-confirmation judges it), then canceled: the
 * table's "(a session) | Cancel Booking Session | | canceled" names no condition, but whether a
 * business may refuse to cancel a confirmed stay (a non-refundable rate) is not said, so what it
 * answers is reported.
 */
async function cancelCompleted(t: ScenarioContext<'booking.cancel-completed'>, final: Exchange): Promise<void> {
  if (statusOf(final) !== 'completed')
    return t.notTested(
      'booking.cancel-completed',
      `complete left the session ${brief(statusOf(final))}, not completed`,
      [final],
    );
  const id = String(resourceOf(t, final).id);
  await t.call('booking.get', { id });
  const canceled = await t.call('booking.cancel', { id, tolerateTransportError: true });
  const said = messagesOf(canceled.json)
    .filter((m) => m.type === 'error')
    .map((m) => `${String(m.code)} (${String(m.severity)})`);
  t.observe('booking.cancel-completed', {
    message: `cancel of a completed booking answered HTTP ${statusOrError(canceled)}${carriesResource(t, canceled) ? ` with status ${brief(statusOf(canceled))}` : ''}${said.length ? `, errors ${said.join(', ')}` : ''}`,
    exchanges: [canceled],
  });
}

function judgeConfirmation(t: ScenarioContext<'booking.confirmation-members'>, c: Json, final: Exchange): void {
  const typed = CONFIRMATION_MEMBERS.filter((m) => c[m] !== undefined).map((m) => `${m} ${typeof c[m]}`);
  const wrong = CONFIRMATION_MEMBERS.filter((m) => c[m] !== undefined && typeof c[m] !== 'string');
  const absent = CONFIRMATION_MEMBERS.filter((m) => c[m] === undefined);
  if (wrong.length === 0 && absent.length) {
    t.observe('booking.confirmation-members', {
      message: `the confirmation has no ${absent.join(', ')} (known members, none required)`,
      exchanges: [final],
    });
    return;
  }
  t.check('booking.confirmation-members', wrong.length === 0, {
    message: `confirmation ${wrong.join(', ')} ${wrong.length > 1 ? 'are not strings' : 'is not a string'}`,
    expected: 'id, label and pincode strings where present',
    actual: typed.join(', '),
    exchanges: [final],
  });
}

async function updateInProgress(t: ScenarioContext<'booking.in-progress-unchanged'>): Promise<void> {
  const token = t.need(
    t.config.payment?.in_progress_token,
    'payment.in_progress_token in --config (a token that holds completion in progress)',
  );
  const ready = await readyBooking(t);
  const done = await completeBooking(t, ready, token, { await: false });
  const held = done.final;
  const refusal = statusOf(held) === 'complete_in_progress' ? undefined : refusedCompleteReason(BOOKING, done);
  if (refusal) t.stopNotTested(refusal);
  if (!carriesResource(t, held)) t.stopBlocked('booking.complete');
  if (statusOf(held) !== 'complete_in_progress')
    t.stopNotTested('needs payment.in_progress_token to leave the session complete_in_progress');
  // The session as it stood when ready, as the complete's answer updates it: that answer may carry no more than the
  // id, the status and the confirmation.
  const before = { ...resourceOf(t, ready), ...resourceOf(t, held) };
  const booker = isObject(before.booker) ? before.booker : {};
  const x = await t.call('booking.update', {
    id: String(before.id),
    input: { resource: sentBack(t, before), changes: { booker: { ...booker, first_name: 'Changed' } } },
  });
  const after = resourceOf(t, x);
  const recoverable = messagesOf(x.json).some((m) => m.type === 'error' && m.severity === 'recoverable');
  const unchanged = sameJson(after.booker, before.booker) && after.status === 'complete_in_progress';
  t.check('booking.in-progress-unchanged', x.status === 200 && unchanged && recoverable, {
    message:
      x.status !== 200
        ? `HTTP ${x.status}`
        : !unchanged
          ? 'the update was applied while complete_in_progress'
          : 'no recoverable error message',
    expected: 'HTTP 200, the session unchanged in complete_in_progress, and a recoverable error',
    actual: `HTTP ${x.status}, status ${brief(after.status)}, booker ${brief(after.booker)}, messages ${brief(messagesOf(x.json))}`,
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD string that names a calendar day (2031-02-30 does not). */
function isDate(value: unknown): boolean {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The dates of a session (Document 3 §Resources and their fields), with their JSON paths. */
function datesOf(resource: Json): [string, unknown][] {
  const out: [string, unknown][] = [];
  (Array.isArray(resource.stays) ? resource.stays : []).forEach((s, i) => {
    const d = isObject(s) && isObject(s.stay_dates) ? s.stay_dates : {};
    for (const m of ['start_date', 'end_date'])
      if (d[m] !== undefined) out.push([`$.stays[${i}].stay_dates.${m}`, d[m]]);
  });
  if (isObject(resource.booker) && resource.booker.birthdate !== undefined)
    out.push(['$.booker.birthdate', resource.booker.birthdate]);
  return out;
}

/** The dates and the currency are the date and currency rules' to judge: one defect, one failing check. */
function withoutDatesAndCurrency(body: unknown): unknown {
  if (!isObject(body)) return body;
  const { currency: _currency, ...rest } = body;
  const stays = Array.isArray(rest.stays)
    ? rest.stays.map((s) =>
        isObject(s) && isObject(s.stay_dates) ? (({ stay_dates: _dates, ...stay }) => stay)(s) : s,
      )
    : rest.stays;
  const booker = isObject(rest.booker) ? (({ birthdate: _birthdate, ...who }) => who)(rest.booker) : rest.booker;
  return { ...rest, stays, ...(booker !== undefined ? { booker } : {}) };
}

/** Rules over every booking response of the run, whichever scenario (or suite) made it. */
/** The string ids of a session's guests. */
function guestIdsOf(resource: Json): string[] {
  const guests = Array.isArray(resource.guests) ? resource.guests.filter(isObject) : [];
  return guests.map((g) => g.id).filter((id): id is string => typeof id === 'string');
}

/** Every guest assignment of a session's stays, with where it is. */
function assignmentsOf(resource: Json): { at: string; guestId: unknown }[] {
  const stays = Array.isArray(resource.stays) ? resource.stays : [];
  return stays.flatMap((s, i) =>
    isObject(s) && Array.isArray(s.guest_assignments)
      ? s.guest_assignments
          .filter(isObject)
          .map((a, k) => ({ at: `stays[${i}].guest_assignments[${k}]`, guestId: a.guest_id }))
      : [],
  );
}

/** The string ids of a session's (or a request's) stays. */
function stayIdsOf(doc: unknown): string[] {
  const stays = isObject(doc) && Array.isArray(doc.stays) ? doc.stays.filter(isObject) : [];
  return stays.map((s) => s.id).filter((id): id is string => typeof id === 'string');
}

function sessionRules(): ExchangeRule[] {
  const isSession = isSessionOf(capability);
  const body = (x: Exchange) => (isObject(x.json) ? x.json : {});
  return [
    resourceRule(
      capability,
      {
        id: 'booking.resource',
        title: 'every session response matches the booking session resource',
        requirements: ['BOOK-009'],
      },
      'booking responses carrying a session',
      withoutDatesAndCurrency,
    ),
    paymentHandlersRule(
      capability,
      {
        id: 'booking.payment-handlers',
        title:
          'an open session names a payment handler, in its envelope or the profile; a registry it carries is well-formed',
        requirements: ['BOOK-011'],
      },
      'booking',
    ),
    completedCarriesRule(
      capability,
      {
        id: 'booking.completed-confirmation',
        title: 'every response carrying a completed booking carries its confirmation',
        requirements: ['BOOK-026'],
      },
      'booking',
      { member: 'confirmation', holds: isObject },
    ),
    incompleteNamesMissingRule(
      capability,
      {
        id: 'booking.incomplete-names-missing',
        title: 'an update that leaves the session incomplete says what it expects',
        requirements: ['BOOK-015'],
      },
      'booking',
      // A create answers incomplete whatever the business enforces (state table); one enforcing nothing says nothing.
      { ops: ['update'] },
    ),
    instrumentHandlerRule(
      capability,
      {
        id: 'booking.instrument-handler',
        title: "a payment instrument's handler_id names a handler entry",
        requirements: ['BOOK-033'],
      },
      'booking',
    ),
    {
      check: {
        id: 'booking.assigned-guests',
        title: 'each guest assignment names a guest of the same response',
        requirements: ['BOOK-031'],
      },
      appliesTo: 'booking responses carrying a session that lists its guests by id',
      applies: (x, r) => isSession(x, r.dialect.envelopeKey) && guestIdsOf(body(x)).length > 0,
      problems: (x) => {
        const guests = guestIdsOf(body(x));
        // An assignment the business's own messages call out (invalid, missing) is the platform's, shown as sent.
        if (messagesOf(x.json).some((m) => typeof m.path === 'string' && m.path.includes('guest_assignments')))
          return [];
        return assignmentsOf(body(x))
          .filter((a) => !guests.includes(String(a.guestId)) || typeof a.guestId !== 'string')
          .map(
            (a) => `${a.at}.guest_id ${brief(a.guestId)} names no guest of the response (guests: ${guests.join(', ')})`,
          );
      },
    },
    {
      check: {
        id: 'booking.stay-ids',
        title: 'a stay shown with an id shows the one the request supplied',
        requirements: ['BOOK-032'],
      },
      appliesTo: 'booking create and update responses carrying a session, for a request that supplied stay ids',
      applies: (x, r) =>
        ['booking.create', 'booking.update'].includes(x.operation) &&
        isSession(x, r.dialect.envelopeKey) &&
        stayIdsOf(x.sentJson).length > 0,
      problems: (x) => {
        const sent = stayIdsOf(x.sentJson);
        return stayIdsOf(body(x))
          .filter((id) => !sent.includes(id))
          .map((id) => `stay id ${brief(id)} is none the request supplied (${sent.map((i) => brief(i)).join(', ')})`);
      },
    },
    missingMessagesRule(
      capability,
      {
        id: 'booking.missing-messages',
        title: 'a missing message carries a path and, on a session, is recoverable',
        requirements: ['BOOK-016'],
      },
      'booking',
      { recoverableInSessions: true },
    ),
    {
      check: { id: 'booking.dates', title: 'dates are written YYYY-MM-DD', requirements: ['BOOK-013'] },
      appliesTo: 'booking responses carrying a session with dates',
      applies: (x, r) => isSession(x, r.dialect.envelopeKey) && datesOf(body(x)).length > 0,
      problems: (x) =>
        datesOf(body(x))
          .filter(([, v]) => !isDate(v))
          .map(([path, v]) => `${path} is ${brief(v)}, not a YYYY-MM-DD date`),
    },
    {
      check: { id: 'booking.currency', title: 'currency is an ISO 4217 code', requirements: ['BOOK-014'] },
      appliesTo: 'booking responses carrying a session with a currency',
      applies: (x, r) => isSession(x, r.dialect.envelopeKey) && body(x).currency !== undefined,
      // The form of an ISO 4217 alphabetic code; the list of codes changes, so no list is held here.
      problems: (x) =>
        typeof body(x).currency === 'string' && /^[A-Z]{3}$/.test(body(x).currency as string)
          ? []
          : [`currency is ${brief(body(x).currency)}, not an ISO 4217 code`],
    },
  ];
}
