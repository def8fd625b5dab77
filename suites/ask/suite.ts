import { envelopeOf, isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { carriesResourceOf, refusesContent } from '../../src/protocol/envelope.js';
import { brief, messagesOf, type Message } from '../../src/protocol/messages.js';
import { isRfc3339DateTime } from '../../src/protocol/time.js';
import { unknownId } from '../shared/catalog-fixtures.js';
import { endpointsRule } from '../shared/endpoints.js';
import { resourceRule } from '../shared/resource-rule.js';
import {
  ask,
  conversationId,
  conversationOf,
  disclosureQuestion,
  FOLLOW_UP,
  keyed,
  plainAnswer,
  question,
  unaddressableQuestion,
} from './questions.js';
import { holds, notesOf } from './notes.js';

const capability = 'common.ask';
/** A question about the resources the request is grounded on. */
const GROUNDED_QUESTION = 'What can you tell me about this?';

/** The grounding identifiers a request sent. */
const groundingIds = (x: Exchange): string[] =>
  isObject(x.sentJson) && Array.isArray(x.sentJson.ids)
    ? x.sentJson.ids.filter((id): id is string => typeof id === 'string')
    : [];
/** What a url names as a whole: its last path segment and its query values, decoded. */
function urlNames(url: string): string[] {
  try {
    const u = new URL(url, 'http://relative.invalid');
    const segment = u.pathname.split('/').filter(Boolean).pop();
    return [...(segment ? [decodeURIComponent(segment)] : []), ...u.searchParams.values()];
  } catch {
    return [];
  }
}
const linksOf = (x: Exchange): Record<string, unknown>[] =>
  isObject(x.json) && Array.isArray(x.json.links) ? x.json.links.filter(isObject) : [];

const errorsOf = (x: Exchange) => messagesOf(x.json).filter((m) => m.type === 'error');
/** The envelope's status of an answer. */
const envelopeStatus = (t: ScenarioContext, x: Exchange) => {
  const env = envelopeOf(t.dialect, x.json);
  return isObject(env) ? env.status : undefined;
};
/** What an exchange answered, the envelope left out: `HTTP 200: {"answer":…}`. */
function answered(t: ScenarioContext, x: Exchange): string {
  const body = isObject(x.json)
    ? Object.fromEntries(Object.entries(x.json).filter(([k]) => k !== t.dialect.envelopeKey))
    : (x.json ?? x.responseBody);
  return `HTTP ${statusOrError(x)}: ${brief(body, 240)}`;
}

export const askSuite: Suite = {
  id: 'ask',
  title: 'Ask',
  capability,
  appliesWhen: 'advertised',
  scenarios: [
    scenario({
      id: 'ask.question',
      title: 'A question the business can answer, sent without Idempotency-Key',
      effect: 'read',
      checks: [
        {
          id: 'ask.answer',
          title: 'a well-formed question gets HTTP 200 with a populated answer.plain',
          requirements: ['ASK-001'],
        },
        { id: 'ask.key-optional', title: 'an ask without Idempotency-Key is served', requirements: ['ASK-014'] },
      ],
      async run(t) {
        const x = await ask(t, question(t));
        judgeAnswer(t, 'ask.answer', x, 'a well-formed question');
        if (x.status === 200) return t.pass('ask.key-optional', 'held', [x]);
        // Refused without a key: the same question with one tells whether the key was the reason.
        const withKey = await t.call('ask', {
          input: { query: question(t) },
          headers: keyed(),
          tolerateTransportError: true,
        });
        if (withKey.status !== 200)
          return t.notTested(
            'ask.key-optional',
            `the question was refused with a key too (HTTP ${withKey.status}); ask.answer judges it`,
            [x, withKey],
          );
        t.fail('ask.key-optional', {
          message: `the question was refused without Idempotency-Key (HTTP ${x.status}) and answered with one`,
          expected: 'HTTP 200 without the header: it is optional on ask',
          actual: answered(t, x),
          exchanges: [x, withKey],
        });
      },
    }),
    scenario({
      id: 'ask.unaddressable',
      title: 'A question the business cannot address',
      effect: 'read',
      checks: [
        {
          id: 'ask.unaddressable-answer',
          title: 'a question the business cannot address gets HTTP 200 with a populated answer and no error',
          requirements: ['ASK-002'],
        },
      ],
      async run(t) {
        const x = await ask(t, unaddressableQuestion(t));
        judgeAnswer(t, 'ask.unaddressable-answer', x, 'a question the business cannot address', {
          ok: errorsOf(x).length === 0,
          wanted: 'no error message',
        });
      },
    }),
    scenario({
      id: 'ask.follow-up',
      title: 'A follow-up in the conversation the first answer returned',
      effect: 'read',
      checks: [
        {
          id: 'ask.follow-up-answered',
          title: 'a follow-up with the conversation id gets HTTP 200 with a populated answer',
          requirements: ['ASK-001'],
        },
        {
          id: 'ask.follow-up',
          title: 'a follow-up with the conversation id is answered in that conversation',
          requirements: ['ASK-006'],
        },
      ],
      run: followUp,
    }),
    scenario({
      id: 'ask.new-conversation',
      title: 'Two questions without a conversation',
      effect: 'read',
      checks: [
        {
          id: 'ask.new-conversation',
          title: 'a question without a conversation starts a new one: two such get different conversation ids',
          requirements: ['ASK-019'],
        },
      ],
      async run(t) {
        const first = await ask(t, question(t));
        if (plainAnswer(first) === undefined) t.stopBlocked('ask.answer');
        const second = await ask(t, question(t));
        const [a, b] = [conversationId(first), conversationId(second)];
        if (a === undefined || b === undefined) {
          return t.notTested(
            'ask.new-conversation',
            'an answer carried no conversation id to compare (a conversation is optional; ask.conversation-id judges one without id)',
            [first, second],
          );
        }
        t.check('ask.new-conversation', a !== b, {
          message: `two questions sent without a conversation were both answered in conversation ${a}: the second continued the first`,
          expected: 'two conversation ids: a question without conversation starts a new one',
          actual: `conversation ${a}, then ${b}`,
          exchanges: [first, second],
        });
      },
    }),
    scenario({
      id: 'ask.unknown-conversation',
      title: 'A question continuing a conversation the business never issued',
      effect: 'read',
      checks: [
        {
          id: 'ask.unknown-conversation',
          title: 'an unresolved conversation id starts a new conversation, noted in messages',
          requirements: ['ASK-007'],
        },
      ],
      run: unknownConversation,
    }),
    scenario({
      id: 'ask.disclosure',
      title: 'A question that calls for a regulated disclosure (allergens)',
      effect: 'read',
      checks: [
        {
          id: 'ask.disclosure-given',
          title: "whether an allergen question gets a disclosure (the business's choice)",
          requirements: ['ASK-009'],
        },
      ],
      async run(t) {
        const x = await ask(t, disclosureQuestion(t));
        const given = disclosures(x);
        t.observe('ask.disclosure-given', {
          message: given.length
            ? `the question got ${given.length} disclosure message(s): ${brief(given.map((m) => ({ type: m.type, code: m.code })))}`
            : allergenDisclosures(x).length
              ? `no message with presentation disclosure, but a warning about allergens without it (ask.disclosure-warning judges it): ${brief(allergenDisclosures(x).map((m) => ({ type: m.type, code: m.code })))}`
              : `no message with presentation disclosure (HTTP ${x.status}); a business need not give one, so ask.disclosure-warning may see none`,
          exchanges: [x],
        });
      },
    }),
    scenario({
      id: 'ask.grounding',
      title: "A question grounded on the business's own identifiers",
      effect: 'read',
      checks: [
        {
          id: 'ask.grounding-ids',
          title: "the business's own global identifiers are accepted as grounding ids",
          requirements: ['ASK-011'],
        },
      ],
      async run(t) {
        const ids = t.need(
          t.config.fixtures?.ask?.grounding_ids ?? t.config.fixtures?.product_ids,
          'fixtures.ask.grounding_ids (or fixtures.product_ids) in --config',
        );
        const x = await ask(t, GROUNDED_QUESTION, { ids });
        // An error, or a not_found about the ids (naming one, or its path pointing at them), says an id
        // was not taken; a not_found about something else (no reviews found) is a note about the answer (rule 4).
        const names = (m: Message) =>
          (typeof m.content === 'string' && ids.some((id) => (m.content as string).includes(id))) ||
          (typeof m.path === 'string' && /^\$(\.ids\b|\['ids'\])/.test(m.path));
        const refusals = messagesOf(x.json).filter((m) => m.type === 'error' || (m.code === 'not_found' && names(m)));
        judgeAnswer(t, 'ask.grounding-ids', x, `a question grounded on ${ids.join(', ')}`, {
          ok: refusals.length === 0,
          wanted: 'no error message, and no not_found about the ids',
        });
        // A follow-up speaks of what the grounded turn was about, by no ids: ask.link-ids judges its links.
        const conversation = conversationId(x);
        if (plainAnswer(x) !== undefined && conversation !== undefined) await ask(t, FOLLOW_UP, { conversation });
      },
    }),
    scenario({
      id: 'ask.malformed-body',
      title: 'Ask bodies that break the ask schema',
      effect: 'read',
      checks: [
        {
          id: 'ask.malformed-body',
          title: 'a body with a member of the wrong type is refused: HTTP 400 or a business error',
          requirements: ['ASK-013'],
        },
      ],
      run: malformedBodies,
    }),
  ],
  rules: [
    endpointsRule(capability),
    resourceRule(
      capability,
      { id: 'ask.response', title: 'every ask answer matches the ask response schema', requirements: ['ASK-003'] },
      'ask answers',
      withoutConversationMembers,
    ),
    ...conversationRules(),
    {
      check: {
        id: 'ask.link-ids',
        title:
          'a link naming an identifier the run read (grounding, or a product, variant or location) carries it as its id',
        requirements: ['ASK-017'],
      },
      // An answer without links holds too: links are optional. A follow-up names what an earlier turn was
      // grounded on, so the identifiers are the whole run's: judged at its end.
      appliesTo: 'ask requests',
      atEnd: true,
      applies: (x) => x.operation === 'ask',
      coverage: (judged) =>
        judged.some((x) => linksOf(x).length > 0)
          ? 'answers carry links'
          : 'no answer carries links, so none could show it',
      // Only a link whose url names a resource the run read is known to be to an addressable one, and that
      // one's global identifier is known: the one named (of several, any). The question's own grounding ids
      // may appear anywhere in the url; another id read must be the url's last path segment, or a query value,
      // so that a short id inside a word is not taken for a name.
      problems: (x, r) =>
        linksOf(x).flatMap((l, i) => {
          const url = typeof l.url === 'string' ? l.url : '';
          const last = urlNames(url);
          const named = [
            ...new Set([
              ...groundingIds(x).filter((id) => url.includes(id) || url.includes(encodeURIComponent(id))),
              ...last.filter((name) => r.idsRead.has(name)),
            ]),
          ];
          if (named.length === 0 || named.includes(l.id as string)) return [];
          return [
            `links[${i}] (${brief(url)}) names ${named.join(', ')} but carries ${l.id === undefined ? 'no id' : `id ${brief(l.id)}`}`,
          ];
        }),
    },
    {
      check: {
        id: 'ask.disclosure-warning',
        title: 'an answer disclosing allergens (a regulated disclosure) does so in a warning presented as a disclosure',
        requirements: ['ASK-008'],
      },
      appliesTo: 'ask answers carrying a disclosure about allergens',
      applies: (x) => x.operation === 'ask' && allergenDisclosures(x).length > 0,
      // The regulated disclosure is a warning presented as a disclosure; another note about allergens presented
      // beside it (when the information was reviewed) may be info.
      problems: (x) => {
        const given = allergenDisclosures(x);
        return given.some((m) => m.type === 'warning' && presented(m))
          ? []
          : [
              `no message about allergens is a warning with presentation disclosure: ${given.map((m) => `${brief(m.code)} is of type ${brief(m.type)}${presented(m) ? '' : ', without presentation disclosure'}`).join('; ')}`,
            ];
      },
    },
  ],
};

/**
 * The answer judged: HTTP 200 and answer.plain a non-empty string, and what else the caller
 * requires of it (`also`). Returns whether it held.
 */
function judgeAnswer<C extends string>(
  t: ScenarioContext<C>,
  checkId: C,
  x: Exchange,
  what: string,
  also?: { ok: boolean; wanted: string },
): boolean {
  const plain = plainAnswer(x);
  const why =
    x.status !== 200
      ? `${what} got HTTP ${statusOrError(x)}`
      : plain === undefined
        ? `${what} got no populated answer: answer is ${brief(isObject(x.json) ? x.json.answer : undefined)}`
        : `${what} was answered with messages ${brief(messagesOf(x.json).map((m) => ({ type: m.type, code: m.code, content: m.content, path: m.path })))}`;
  return t.check(checkId, x.status === 200 && plain !== undefined && (also?.ok ?? true), {
    message: why,
    expected: `HTTP 200 and answer.plain a non-empty string${also ? `, ${also.wanted}` : ''}`,
    actual: answered(t, x),
    exchanges: [x],
  });
}

/** A follow-up in the first answer's conversation: answered, and under the same id. */
async function followUp(t: ScenarioContext<'ask.follow-up-answered' | 'ask.follow-up'>): Promise<void> {
  const first = await ask(t, question(t));
  if (plainAnswer(first) === undefined) t.stopBlocked('ask.answer');
  const id = conversationId(first);
  if (id === undefined) {
    const why =
      'the first answer carried no conversation id to continue (a conversation is optional; ask.conversation-id judges one without id)';
    for (const c of ['ask.follow-up-answered', 'ask.follow-up'] as const) t.notTested(c, why, [first]);
    return;
  }
  const next = await ask(t, FOLLOW_UP, { conversation: id });
  if (!judgeAnswer(t, 'ask.follow-up-answered', next, `a follow-up in conversation ${id}`))
    t.stopBlocked('ask.follow-up-answered');
  if (conversationOf(next) === undefined) {
    return t.observe('ask.follow-up', {
      message: `the follow-up in ${id} was answered without a conversation member: whether it built on the first question cannot be seen`,
      exchanges: [first, next],
    });
  }
  const back = conversationOf(next)?.id;
  if (back === id) return t.pass('ask.follow-up', `answered in conversation ${id}`, [first, next]);
  // Another id: a new conversation, or the business's handle for the next turn (the id is opaque
  // and issued by the business). An unresolved id is noted in messages (rule 3): the follow-up
  // carrying the note an id the business never issued gets, word for word (the ids aside), tells
  // the two apart; a note that only shares its code (one saying the conversation continues) does not.
  const never = unknownId();
  const unknown = await ask(t, question(t), { conversation: never, notFoundProbe: true });
  const usual = notesOf(first);
  const notes = notesOf(unknown, never).filter((n) => !holds(usual, n, 'text'));
  const noted = notesOf(next, id)
    .filter((n) => holds(notes, n, 'text'))
    .map((n) => n.message);
  if (noted.length === 0) {
    return t.observe('ask.follow-up', {
      message: `the follow-up in conversation ${id} was answered under conversation ${brief(back)}, without the note an unknown conversation gets: the business seems to issue an id per turn; whether the answer built on the first question cannot be seen`,
      exchanges: [first, next, unknown],
    });
  }
  t.fail('ask.follow-up', {
    message: `the follow-up in conversation ${id} was answered in a new conversation ${brief(back)}, noted as an unknown conversation is: the history was not kept`,
    expected: `the follow-up built on conversation ${id}: no note of a new conversation`,
    actual: `conversation ${brief(conversationOf(next))}; messages ${brief(noted)}`,
    exchanges: [first, next, unknown],
  });
}

/**
 * A conversation id the business never issued: a new conversation, noted in messages. What the
 * note says is the business's; it is a message the unresolved id caused: one that a second
 * unresolved id gets too, and that an answer to the same question lacks either without a
 * conversation or in a conversation the business resolved. A note on every answer that starts a
 * conversation is one; a note on every answer, or one whose wording varies from answer to answer
 * (a time, an id), is not.
 */
async function unknownConversation(t: ScenarioContext<'ask.unknown-conversation'>): Promise<void> {
  const [never, neverAgain] = [unknownId(), unknownId()];
  const x = await ask(t, question(t), { conversation: never, notFoundProbe: true });
  const again = await ask(t, question(t), { conversation: neverAgain, notFoundProbe: true });
  const fresh = await ask(t, question(t));
  const issued = conversationId(fresh);
  const continued = issued === undefined ? undefined : await ask(t, question(t), { conversation: issued });
  const exchanges = [x, again, fresh, ...(continued ? [continued] : [])];
  const expected = 'HTTP 200, a populated answer, and a message noting that the conversation was not found';
  if (!(x.status === 200 && plainAnswer(x) !== undefined)) {
    return void t.check('ask.unknown-conversation', false, {
      message: `a question continuing conversation ${never}, never issued, got no populated answer`,
      expected,
      actual: answered(t, x),
      exchanges,
    });
  }
  const resolved = continued !== undefined && plainAnswer(continued) !== undefined;
  const baselines = [notesOf(fresh), ...(resolved ? [notesOf(continued, issued)] : [])];
  const repeated = notesOf(again, neverAgain);
  const caused = notesOf(x, never).filter((n) =>
    (['kind', 'text'] as const).some(
      (by) => holds(repeated, n, by) && baselines.some((baseline) => !holds(baseline, n, by)),
    ),
  );
  if (caused.length > 0) {
    return void t.check('ask.unknown-conversation', true, {
      message: 'held',
      expected,
      actual: answered(t, x),
      exchanges,
    });
  }
  const messages = messagesOf(x.json);
  if (!resolved && messages.length > 0) {
    return t.observe('ask.unknown-conversation', {
      message: `conversation ${never} was never issued; the answer carries only messages an answer to the same question without a conversation carries too (${brief(messages.map((m) => ({ type: m.type, code: m.code })))}), and no conversation was resolved to compare with: whether one notes the new conversation, as a note on every answer starting one would, cannot be told`,
      exchanges,
    });
  }
  t.fail('ask.unknown-conversation', {
    message: `conversation ${never} was never issued, yet the answer carries no message noting it: none that a second unknown id gets too and that an answer to the same question ${resolved ? `in conversation ${issued}, or without a conversation,` : 'without a conversation'} lacks`,
    expected,
    actual: `messages ${brief(messages)}; without a conversation ${brief(messagesOf(fresh.json))}${resolved ? `; in conversation ${issued} ${brief(messagesOf(continued.json))}` : ''}`,
    exchanges,
  });
}

/** Bodies against the ask schema, one member of the wrong type each. */
async function malformedBodies(t: ScenarioContext<'ask.malformed-body'>): Promise<void> {
  const bodies = [
    { what: 'query is a number', body: { query: 42 } },
    { what: 'conversation is a string, not an object', body: { query: question(t), conversation: 'not-an-object' } },
    // ids is an array of strings: a lone string and numbers break it alike.
    { what: 'ids is a lone string, not an array', body: { query: question(t), ids: groundingSample(t) } },
    { what: 'ids holds numbers, not strings', body: { query: question(t), ids: [1, 2] } },
    // Every member of the schema: a conversation needs its id; context and signals are objects.
    { what: 'conversation has no id', body: { query: question(t), conversation: {} } },
    { what: 'context is a string, not an object', body: { query: question(t), context: 'US' } },
    { what: 'signals is an array, not an object', body: { query: question(t), signals: ['203.0.113.7'] } },
  ];
  const sent: { what: string; x: Exchange }[] = [];
  for (const { what, body } of bodies)
    sent.push({ what, x: await t.call('ask', { rawBody: JSON.stringify(body), tolerateTransportError: true }) });
  // What a business answers a body that fails the schema is not shown: an HTTP 4xx about the
  // request (400, 422, …), or a business error (status error, or an error message), refuses it.
  const refused = (x: Exchange) =>
    refusesContent(x) || (x.status === 200 && (errorsOf(x).length > 0 || envelopeStatus(t, x) === 'error'));
  const served = sent.filter((s) => !refused(s.x));
  t.check('ask.malformed-body', served.length === 0, {
    message: served.map((s) => `a body where ${s.what} got HTTP ${statusOrError(s.x)}`).join('; '),
    expected: 'an HTTP 4xx refusing the body, or HTTP 200 with status error or an error message, for each',
    actual: served.map((s) => answered(t, s.x)).join(' | '),
    exchanges: sent.map((s) => s.x),
  });
}

/** An identifier to send as a lone string: the business's own, so only the type is wrong. */
const groundingSample = (t: ScenarioContext): string =>
  t.config.fixtures?.ask?.grounding_ids?.[0] ?? t.config.fixtures?.product_ids?.[0] ?? 'proto-conformance-sample';

const presented = (m: Message) => (m as Record<string, unknown>).presentation === 'disclosure';

/** The messages of an answer whose presentation is disclosure. */
function disclosures(x: Exchange): Message[] {
  return messagesOf(x.json).filter(presented);
}

/**
 * The messages of an answer that the run can tell are its regulated disclosure, well presented or
 * not: those whose code or content speaks of allergens, the regulated subject it asks about, that
 * are presented as a disclosure or are warnings. Rule 4 makes a regulated disclosure a warning with
 * presentation disclosure; a message presented as a disclosure that is not one may be of any type,
 * and which is regulated is a matter of meaning, read here no further than that word.
 */
function allergenDisclosures(x: Exchange): Message[] {
  return messagesOf(x.json).filter(
    (m) =>
      (presented(m) || m.type === 'warning') &&
      [m.code, m.content].some((s) => typeof s === 'string' && /allerg/i.test(s)),
  );
}

/** A returned conversation: an id, and expires_at in RFC 3339 when present (Document 2 §Ask). */
function conversationRules(): ExchangeRule[] {
  const carries = (x: Exchange, key: string) =>
    x.operation === 'ask' && carriesResourceOf(x, key) && isObject(x.json) && x.json.conversation !== undefined;
  return [
    {
      check: {
        id: 'ask.conversation-id',
        title: 'every returned conversation carries an id',
        requirements: ['ASK-004'],
      },
      appliesTo: 'ask answers carrying a conversation',
      applies: (x, r) => carries(x, r.dialect.envelopeKey),
      problems: (x) => {
        const id = conversationOf(x)?.id;
        return typeof id === 'string' && id !== ''
          ? []
          : [`conversation ${brief((x.json as Record<string, unknown>).conversation)} has no id`];
      },
    },
    {
      check: {
        id: 'ask.conversation-expiry',
        title: 'every expires_at of a conversation is an RFC 3339 date-time',
        requirements: ['ASK-005'],
      },
      appliesTo: 'ask answers whose conversation states expires_at',
      applies: (x, r) => carries(x, r.dialect.envelopeKey) && conversationOf(x)?.expires_at !== undefined,
      problems: (x) => {
        const at = conversationOf(x)?.expires_at;
        return isRfc3339DateTime(at) ? [] : [`conversation.expires_at ${brief(at)} is not an RFC 3339 date-time`];
      },
    },
  ];
}

/**
 * A conversation object is the conversation rules' to judge (its id, its expires_at: the only
 * members Document 2 gives it); the schema judges the rest, a conversation that is no object included.
 */
function withoutConversationMembers(body: unknown): unknown {
  if (!isObject(body) || !isObject(body.conversation)) return body;
  const { conversation: _conversation, ...rest } = body;
  return rest;
}
