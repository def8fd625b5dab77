import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { RuleContext } from '../../src/engine/rule.js';
import type { Exchange } from '../../src/report/exchange.js';
import { askSuite } from '../../suites/ask/suite.js';
import { type Call, exchange, runScenario, x } from './scripted-business.js';

// The ask scenarios' judgements against a small ask business held in memory, and the ask rules over
// exchanges made here (the corpus proves the same against the reference business over HTTP).

const ENV = { version: '2026-04-08', status: 'success' };
const answer = (more: object = {}) => ({ proto: ENV, answer: { plain: 'We take returns for 30 days.' }, ...more });
const info = (code: string | undefined, content: string) => ({ type: 'info', ...(code ? { code } : {}), content });

/** What the business sent back for one ask: the question, the conversation id sent, the call's number. */
interface Asked {
  query: unknown;
  conversation?: string;
  ids?: string[];
  headers?: Record<string, string>;
  n: number;
}
const asked = (c: Call, n: number): Asked => {
  const input = (c.opts.input ?? {}) as { query?: unknown; conversation?: { id: string }; ids?: string[] };
  return {
    query: input.query,
    conversation: input.conversation?.id,
    ids: input.ids,
    headers: c.opts.headers as Record<string, string> | undefined,
    n,
  };
};
const keyOf = (c: Call) => (c.opts.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
const run = (id: string, business: (a: Asked) => Exchange, config: object = {}) =>
  runScenario(askSuite, id, (c, n) => business(asked(c, n)), { config });

describe('ask.question', () => {
  it('holds both checks when the question, sent without Idempotency-Key, is answered', async () => {
    const r = await run('ask.question', () => x(200, answer()));
    expect(r.verdict('ask.answer')?.kind).toBe('held');
    expect(r.verdict('ask.key-optional')).toMatchObject({ kind: 'held', message: 'held' });
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0].opts.headers).toBeUndefined();
    expect(r.calls[0].opts.tolerateTransportError).toBe(true);
    expect(r.calls[0].opts.input).toMatchObject({ query: 'What is your return policy?' });
  });

  it('asks the configured question', async () => {
    const r = await run('ask.question', () => x(200, answer()), { fixtures: { ask: { query: 'Do you ship?' } } });
    expect(r.calls[0].opts.input).toMatchObject({ query: 'Do you ship?' });
  });

  it('fails key-optional when the same question is refused without the key and answered with one', async () => {
    const r = await run('ask.question', (a) => (a.headers?.['Idempotency-Key'] ? x(200, answer()) : x(400, {})));
    expect(r.calls).toHaveLength(2);
    expect(keyOf(r.calls[1])).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.calls[1].opts).toMatchObject({
      input: { query: 'What is your return policy?' },
      tolerateTransportError: true,
    });
    expect(r.verdict('ask.answer')).toMatchObject({
      kind: 'broken',
      message: 'a well-formed question got HTTP 400',
      expected: 'HTTP 200 and answer.plain a non-empty string',
      actual: 'HTTP 400: {}',
    });
    const v = r.verdict('ask.key-optional');
    expect(v).toMatchObject({
      kind: 'broken',
      message: 'the question was refused without Idempotency-Key (HTTP 400) and answered with one',
      expected: 'HTTP 200 without the header: it is optional on ask',
      actual: 'HTTP 400: {}',
    });
    expect(v?.exchanges).toHaveLength(2);
  });

  it('leaves key-optional not-tested when the question is refused with the key too', async () => {
    const r = await run('ask.question', () => x(503, { proto: ENV, detail: 'down' }));
    expect(r.verdict('ask.key-optional')).toMatchObject({
      kind: 'not-tested',
      message: 'the question was refused with a key too (HTTP 503); ask.answer judges it',
    });
    // The envelope is left out of what was answered.
    expect(r.verdict('ask.answer')?.actual).toBe('HTTP 503: {"detail":"down"}');
  });

  it('says what a 200 without a populated answer carried, and names a transport error', async () => {
    const empty = await run('ask.question', () => x(200, { proto: ENV, answer: { plain: '  ' } }));
    expect(empty.verdict('ask.answer')).toMatchObject({
      kind: 'broken',
      message: 'a well-formed question got no populated answer: answer is {"plain":"  "}',
    });
    const text = await run('ask.question', () => ({ ...x(200), responseBody: 'plain words' }) as Exchange);
    expect(text.verdict('ask.answer')).toMatchObject({
      message: 'a well-formed question got no populated answer: answer is absent',
      actual: 'HTTP 200: "plain words"',
    });
    const down = await run(
      'ask.question',
      () => ({ ...x(undefined), transportError: { message: 'ECONNRESET' } }) as Exchange,
    );
    expect(down.verdict('ask.answer')).toMatchObject({ message: 'a well-formed question got HTTP ECONNRESET' });
  });
});

describe('ask.unaddressable', () => {
  it('holds for an answer without an error message, and fails one that carries one', async () => {
    const fine = await run('ask.unaddressable', () => x(200, answer({ messages: [info('scope', 'Not my field.')] })));
    expect(fine.verdict('ask.unaddressable-answer')?.kind).toBe('held');
    expect(fine.calls[0].opts.input).toMatchObject({ query: 'What will the weather be like on Mars next Tuesday?' });
    const error = { type: 'error', code: 'out_of_scope', content: 'No.', path: '$.query' };
    const bad = await run('ask.unaddressable', () => x(200, answer({ messages: [error] })));
    expect(bad.verdict('ask.unaddressable-answer')).toMatchObject({
      kind: 'broken',
      message:
        'a question the business cannot address was answered with messages [{"type":"error","code":"out_of_scope","content":"No.","path":"$.query"}]',
      expected: 'HTTP 200 and answer.plain a non-empty string, no error message',
    });
  });
});

describe('ask.follow-up', () => {
  const NOTE = (id: string) => info('conversation_not_found', `Conversation ${id} was not found; started a new one.`);

  it('is blocked when the first question gets no answer', async () => {
    const r = await run('ask.follow-up', () => x(500, {}));
    expect(r.stopped).toBe('blocked by ask.answer');
  });

  it('is not-tested, both checks, when the first answer carries no conversation id', async () => {
    const r = await run('ask.follow-up', () => x(200, answer({ conversation: { id: '' } })));
    for (const c of ['ask.follow-up-answered', 'ask.follow-up'])
      expect(r.verdict(c)).toMatchObject({
        kind: 'not-tested',
        message: expect.stringMatching(/^the first answer carried no conversation id to continue/),
      });
  });

  it('sends the follow-up in the first answer conversation, with a key, and holds when answered in it', async () => {
    const r = await run('ask.follow-up', () => x(200, answer({ conversation: { id: 'c-1' } })));
    expect(r.calls[1].opts.input).toMatchObject({
      query: 'Can you tell me more about that?',
      conversation: { id: 'c-1' },
    });
    expect(keyOf(r.calls[1])).toBeDefined();
    expect(r.verdict('ask.follow-up-answered')?.kind).toBe('held');
    expect(r.verdict('ask.follow-up')).toMatchObject({ kind: 'held', message: 'answered in conversation c-1' });
  });

  it('is blocked when the follow-up is not answered', async () => {
    const r = await run('ask.follow-up', (a) =>
      a.n === 1 ? x(200, answer({ conversation: { id: 'c-1' } })) : x(404, {}),
    );
    expect(r.verdict('ask.follow-up-answered')).toMatchObject({
      kind: 'broken',
      message: 'a follow-up in conversation c-1 got HTTP 404',
    });
    expect(r.stopped).toBe('blocked by ask.follow-up-answered');
  });

  it('observes a follow-up answered without a conversation member', async () => {
    const r = await run('ask.follow-up', (a) => x(200, answer(a.n === 1 ? { conversation: { id: 'c-1' } } : {})));
    expect(r.verdict('ask.follow-up')).toMatchObject({
      kind: 'observed',
      message: expect.stringMatching(/^the follow-up in c-1 was answered without a conversation member/),
    });
  });

  /** A business issuing a new id per turn; `forgets` notes each follow-up as an unknown conversation. */
  const perTurn =
    (forgets: boolean, usual: object[] = []) =>
    (a: Asked) => {
      const id = `turn-${a.n}`;
      const known = a.conversation === undefined || (a.conversation.startsWith('turn-') && !forgets);
      return x(
        200,
        answer({ conversation: { id }, messages: [...usual, ...(known ? [] : [NOTE(a.conversation ?? '')])] }),
      );
    };

  it('observes a new id per turn without the unknown-conversation note', async () => {
    const r = await run('ask.follow-up', perTurn(false));
    expect(r.calls).toHaveLength(3);
    expect(r.calls[2].opts).toMatchObject({ notFoundProbe: true });
    expect(r.verdict('ask.follow-up')).toMatchObject({
      kind: 'observed',
      message: expect.stringMatching(
        /^the follow-up in conversation turn-1 was answered under conversation "turn-2", without the note/,
      ),
    });
  });

  it('fails a follow-up answered in a new conversation with the note an unknown id gets, word for word', async () => {
    const r = await run('ask.follow-up', perTurn(true));
    const v = r.verdict('ask.follow-up');
    expect(v).toMatchObject({
      kind: 'broken',
      message:
        'the follow-up in conversation turn-1 was answered in a new conversation "turn-2", noted as an unknown conversation is: the history was not kept',
      expected: 'the follow-up built on conversation turn-1: no note of a new conversation',
    });
    expect(v?.actual).toMatch(
      /^conversation \{"id":"turn-2"\}; messages \[\{"type":"info","code":"conversation_not_found"/,
    );
    expect(v?.exchanges).toHaveLength(3);
  });

  it('does not count a note the first answer carries too, nor one that shares only the code', async () => {
    // Every answer carries the same note: it says nothing of the follow-up.
    const always = await run('ask.follow-up', perTurn(true, [info('hello', 'Hi.')]));
    expect(always.verdict('ask.follow-up')?.kind).toBe('broken');
    // The unknown-id note on every answer, the first included: it tells nothing either.
    expect((await run('ask.follow-up', perTurn(false, [NOTE('x')]))).verdict('ask.follow-up')?.kind).toBe('observed');
    // The continuation note shares its code with the unknown-id note, not its words.
    const sameCode = (a: Asked) => {
      const id = `turn-${a.n}`;
      const unknown = a.conversation !== undefined && !a.conversation.startsWith('turn-');
      const note = unknown ? NOTE(a.conversation ?? '') : info('conversation_not_found', 'Continuing your chat.');
      return x(200, answer({ conversation: { id }, messages: a.conversation === undefined ? [] : [note] }));
    };
    expect((await run('ask.follow-up', sameCode)).verdict('ask.follow-up')?.kind).toBe('observed');
  });
});

describe('ask.unknown-conversation', () => {
  const check = 'ask.unknown-conversation';
  /** Issues `conv-N`; resolves its own ids; what it notes on an id it never issued is `noteFor`. */
  const business =
    (noteFor: (a: Asked) => object[], opts: { issue?: boolean; usual?: (a: Asked) => object[] } = {}) =>
    (a: Asked) => {
      const mine = a.conversation?.startsWith('conv-');
      const notes = a.conversation !== undefined && !mine ? noteFor(a) : [];
      return x(
        200,
        answer({
          ...(opts.issue === false ? {} : { conversation: { id: mine ? a.conversation : `conv-${a.n}` } }),
          messages: [...(opts.usual?.(a) ?? []), ...notes],
        }),
      );
    };

  it('asks two unknown ids, one question without a conversation, and one in the conversation issued', async () => {
    const r = await run(
      check,
      business((a) => [info('conversation_not_found', `No ${a.conversation}.`)]),
    );
    expect(r.calls.map((c) => (c.opts.input as { conversation?: { id: string } }).conversation?.id)).toEqual([
      expect.any(String),
      expect.any(String),
      undefined,
      'conv-3',
    ]);
    const [first, second] = r.calls.map((c) => (c.opts.input as { conversation?: { id: string } }).conversation?.id);
    expect(first).not.toBe(second);
    expect(r.calls.slice(0, 2).every((c) => c.opts.notFoundProbe === true)).toBe(true);
    expect(r.verdict(check)).toMatchObject({ kind: 'held', message: 'held' });
    expect(r.verdict(check)?.exchanges).toHaveLength(4);
  });

  it('fails an answer that is not populated, asking no more than it must', async () => {
    const r = await run(check, (a) =>
      a.conversation && !a.conversation.startsWith('conv-') ? x(404, {}) : x(200, answer()),
    );
    expect(r.verdict(check)).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(/^a question continuing conversation .+, never issued, got no populated answer$/),
      expected: 'HTTP 200, a populated answer, and a message noting that the conversation was not found',
      actual: 'HTTP 404: {}',
    });
    // No conversation issued: no continued question.
    expect(r.verdict(check)?.exchanges).toHaveLength(3);
  });

  it('fails an answer that notes nothing', async () => {
    const r = await run(
      check,
      business(() => []),
    );
    expect(r.verdict(check)).toMatchObject({
      kind: 'broken',
      message: expect.stringMatching(
        /was never issued, yet the answer carries no message noting it: none that a second unknown id gets too and that an answer to the same question in conversation conv-3, or without a conversation, lacks$/,
      ),
      actual: 'messages []; without a conversation []; in conversation conv-3 []',
    });
  });

  it('fails a note carried by every answer, and one whose wording varies from answer to answer', async () => {
    const always = business(() => [], { usual: () => [info('fyi', 'Answers are generated.')] });
    expect((await run(check, always)).verdict(check)?.kind).toBe('broken');
    const varies = business(() => [], { usual: (a) => [info('clock', `It is ${a.n} o'clock.`)] });
    expect((await run(check, varies)).verdict(check)?.kind).toBe('broken');
    // Varying words under a code only the unknown ids get: the kind tells it.
    const timed = business((a) => [info('new_conversation', `Started at ${a.n}.`)]);
    expect((await run(check, timed)).verdict(check)?.kind).toBe('held');
    // Without a code, the words must repeat.
    const plain = business(() => [info(undefined, 'We started a new conversation.')]);
    expect((await run(check, plain)).verdict(check)?.kind).toBe('held');
    const plainVaries = business((a) => [info(undefined, `Started at ${a.n}.`)]);
    expect((await run(check, plainVaries)).verdict(check)?.kind).toBe('broken');
  });

  it('holds a note on every answer starting a conversation, which the resolved one lacks', async () => {
    const starting = (a: Asked) => {
      const resolved = a.conversation?.startsWith('conv-');
      return x(
        200,
        answer({
          conversation: { id: resolved ? a.conversation : `conv-${a.n}` },
          messages: resolved ? [] : [info('conversation_started', 'A new conversation started.')],
        }),
      );
    };
    expect((await run(check, starting)).verdict(check)?.kind).toBe('held');
  });

  it('observes messages the answer without a conversation carries too, when no conversation was resolved', async () => {
    const note = [info('fyi', 'Answers are generated.')];
    const r = await run(
      check,
      business(() => [], { issue: false, usual: () => note }),
    );
    expect(r.verdict(check)).toMatchObject({
      kind: 'observed',
      message: expect.stringMatching(
        /carries only messages an answer to the same question without a conversation carries too \(\[\{"type":"info","code":"fyi"\}\]\), and no conversation was resolved/,
      ),
    });
    expect(r.verdict(check)?.exchanges).toHaveLength(3);
    // A conversation issued but not resolved on return is no baseline either.
    const unresolved = (a: Asked) =>
      a.conversation?.startsWith('conv-') ? x(404, {}) : business(() => [], { usual: () => note })(a);
    expect((await run(check, unresolved)).verdict(check)?.kind).toBe('observed');
    // With no message at all, there is nothing to observe.
    const silent = await run(
      check,
      business(() => [], { issue: false }),
    );
    expect(silent.verdict(check)).toMatchObject({
      kind: 'broken',
      actual: 'messages []; without a conversation []',
      message: expect.stringMatching(/that an answer to the same question without a conversation lacks$/),
    });
  });
});

describe('ask.disclosure', () => {
  it('observes the disclosures given, or that none was', async () => {
    const given = await run('ask.disclosure', () =>
      x(
        200,
        answer({ messages: [{ type: 'warning', code: 'allergens', presentation: 'disclosure' }, info('a', 'b')] }),
      ),
    );
    expect(given.calls[0].opts.input).toMatchObject({ query: expect.stringMatching(/nut allergy/) });
    expect(given.verdict('ask.disclosure-given')).toMatchObject({
      kind: 'observed',
      message: 'the question got 1 disclosure message(s): [{"type":"warning","code":"allergens"}]',
    });
    const none = await run('ask.disclosure', () => x(200, answer()));
    expect(none.verdict('ask.disclosure-given')?.message).toMatch(
      /^no message with presentation disclosure \(HTTP 200\); a business need not give one/,
    );
  });
});

describe('ask.grounding', () => {
  const config = { fixtures: { ask: { grounding_ids: ['prod-1', 'prod-2'] } } };
  const grounded = (messages: object[]) => run('ask.grounding', () => x(200, answer({ messages })), config);

  it('needs grounding ids, or product ids', async () => {
    expect((await run('ask.grounding', () => x(200, answer()))).stopped).toBe(
      'not-tested: needs fixtures.ask.grounding_ids (or fixtures.product_ids) in --config',
    );
    const r = await run('ask.grounding', () => x(200, answer()), { fixtures: { product_ids: ['p-9'] } });
    expect(r.calls[0].opts.input).toMatchObject({ query: 'What can you tell me about this?', ids: ['p-9'] });
    expect(r.verdict('ask.grounding-ids')?.kind).toBe('held');
  });

  it('fails an error, or a not_found naming an id or pointing at the ids', async () => {
    for (const m of [
      { type: 'error', code: 'invalid', content: 'x' },
      { type: 'info', code: 'not_found', content: 'prod-2 is unknown' },
      { type: 'info', code: 'not_found', path: '$.ids[1]' },
      { type: 'info', code: 'not_found', path: "$['ids'][0]" },
    ]) {
      const v = (await grounded([m])).verdict('ask.grounding-ids');
      expect(v, JSON.stringify(m)).toMatchObject({
        kind: 'broken',
        expected: 'HTTP 200 and answer.plain a non-empty string, no error message, and no not_found about the ids',
      });
      expect(v?.message).toMatch(/^a question grounded on prod-1, prod-2 was answered with messages/);
    }
  });

  it('holds a not_found about something else', async () => {
    for (const m of [
      { type: 'info', code: 'not_found', content: 'No reviews found.' },
      { type: 'info', code: 'not_found', path: '$.idsx' },
      { type: 'info', code: 'not_found', path: 'reviews.$.ids' },
      { type: 'info', code: 'not_found', path: '$.query', content: 7 },
      { type: 'info', code: 'gone', content: 'prod-1 is sold out' },
    ])
      expect((await grounded([m])).verdict('ask.grounding-ids')?.kind, JSON.stringify(m)).toBe('held');
  });
});

describe('ask.malformed-body', () => {
  const check = 'ask.malformed-body';
  it('sends a number for query, a string for conversation, and ids as a lone string or numbers, as raw bodies', async () => {
    const r = await run(check, () => x(400, {}));
    const bodies = r.calls.map((c) => JSON.parse(c.opts.rawBody as string));
    expect(bodies.slice(0, 2)).toEqual([
      { query: 42 },
      { query: 'What is your return policy?', conversation: 'not-an-object' },
    ]);
    expect(typeof bodies[2].ids).toBe('string');
    expect(bodies[3]).toEqual({ query: 'What is your return policy?', ids: [1, 2] });
    expect(bodies.slice(4).map((b) => Object.keys(b)[1])).toEqual(['conversation', 'context', 'signals']);
    expect(r.verdict(check)).toMatchObject({ kind: 'held', message: '' });
    expect(r.calls.every((c) => c.opts.tolerateTransportError === true)).toBe(true);
  });

  it('holds a business error (status error, or an error message) and fails what serves the body', async () => {
    const error = await run(check, () => x(200, { proto: { ...ENV, status: 'error' } }));
    expect(error.verdict(check)?.kind).toBe('held');
    const message = await run(check, () => x(200, answer({ messages: [{ type: 'error', code: 'invalid' }] })));
    expect(message.verdict(check)?.kind).toBe('held');
    const served = await run(check, (a) => (a.n === 2 ? x(200, answer()) : x(400, {})));
    expect(served.verdict(check)).toMatchObject({
      kind: 'broken',
      message: 'a body where conversation is a string, not an object got HTTP 200',
      expected: 'an HTTP 4xx refusing the body, or HTTP 200 with status error or an error message, for each',
      actual: 'HTTP 200: {"answer":{"plain":"We take returns for 30 days."}}',
    });
    expect(served.verdict(check)?.exchanges).toHaveLength(7);
    // A server error carrying an error message refuses nothing.
    const failing = await run(check, () => x(500, answer({ messages: [{ type: 'error', code: 'internal' }] })));
    expect(failing.verdict(check)?.kind).toBe('broken');
    const both = await run(check, () => x(200, answer({ messages: [info('x', 'y')] })));
    expect(both.verdict(check)?.message).toBe(
      'a body where query is a number got HTTP 200; a body where conversation is a string, not an object got HTTP 200; a body where ids is a lone string, not an array got HTTP 200; a body where ids holds numbers, not strings got HTTP 200; a body where conversation has no id got HTTP 200; a body where context is a string, not an object got HTTP 200; a body where signals is an array, not an object got HTTP 200',
    );
    expect(both.verdict(check)?.actual?.split(' | ')).toHaveLength(7);
  });
});

describe('the ask rules', () => {
  const rule = (id: string) => {
    const found = askSuite.rules?.find((r) => r.check.id === id);
    if (!found) throw new Error(`no rule ${id}`);
    return found;
  };
  const seen: unknown[] = [];
  const r = {
    dialect: PROTO_DIALECT,
    validate: (_schema: string, body: unknown) => {
      seen.push(body);
      return [];
    },
    idsRead: new Set<string>(),
  } as unknown as RuleContext;
  const asking = (json: unknown, sentJson?: unknown) => exchange({ operation: 'ask', service: 'ask', json, sentJson });

  it('ask.link-ids: a link naming a grounding id carries that id', () => {
    const links = rule('ask.link-ids');
    const sent = { query: 'q', ids: ['prod 1', 'p2', 7] };
    const x1 = asking(
      answer({
        links: [
          { url: 'https://shop.example/p/prod%201' },
          { url: 'https://shop.example/p/p2', id: 'p2' },
          { url: 'https://shop.example/p/p2?x=prod 1' },
          { url: 'https://shop.example/about' },
          { title: 'no url' },
          { url: 'https://shop.example/p/7' },
          { url: ['https://shop.example/p/p2'] },
          'not a link',
          null,
        ],
      }),
      sent,
    );
    expect(links.applies(x1, r)).toBe(true);
    expect(links.applies(exchange({ operation: 'catalog.search', json: answer() }), r)).toBe(false);
    expect(links.problems(x1, r)).toEqual([
      'links[0] ("https://shop.example/p/prod%201") names prod 1 but carries no id',
      'links[2] ("https://shop.example/p/p2?x=prod 1") names prod 1, p2 but carries no id',
    ]);
    // Another id than the one named (a handle) is no better than none.
    const other = asking(answer({ links: [{ url: 'https://shop.example/p/p2', id: 'handle-2' }] }), sent);
    expect(links.problems(other, r)).toEqual([
      'links[0] ("https://shop.example/p/p2") names p2 but carries id "handle-2"',
    ]);
    // Nothing grounded: no link names anything.
    expect(
      links.problems(asking(answer({ links: [{ url: 'https://shop.example/p/p2' }] }), { query: 'q' }), r),
    ).toEqual([]);
    expect(links.problems(asking(answer({ links: {} }), sent), r)).toEqual([]);
    expect(links.problems(asking('text', sent), r)).toEqual([]);
  });

  it('ask.link-ids: a link whose last path segment or a query value is an id the run read carries it', () => {
    const links = rule('ask.link-ids');
    expect(links.atEnd).toBe(true);
    const read = { ...r, idsRead: new Set(['prod-3', 'loc 1', 'p']) } as RuleContext;
    const x = asking(
      answer({
        links: [
          { url: 'https://shop.example/products/prod-3' },
          { url: 'https://shop.example/products/prod-3', id: 'prod-3' },
          { url: '/locations/loc%201' },
          { url: 'https://shop.example/page?item=prod-3' },
          // Not named as a whole: inside a segment, or not the last one.
          { url: 'https://shop.example/products/prod-30' },
          { url: 'https://shop.example/prod-3/reviews' },
          { url: 'https://shop.example/p/%E0%A4%A' },
        ],
      }),
      { query: 'q' },
    );
    expect(links.problems(x, read)).toEqual([
      'links[0] ("https://shop.example/products/prod-3") names prod-3 but carries no id',
      'links[2] ("/locations/loc%201") names loc 1 but carries no id',
      'links[3] ("https://shop.example/page?item=prod-3") names prod-3 but carries no id',
    ]);
    // Nothing read, nothing named.
    expect(links.problems(x, r)).toEqual([]);
  });

  it('ask.link-ids: says whether any answer carried links', () => {
    const coverage = rule('ask.link-ids').coverage;
    expect(coverage?.([asking(answer(), { query: 'q', ids: [] }), asking(answer())], r)).toBe(
      'no answer carries links, so none could show it',
    );
    expect(coverage?.([asking(answer()), asking(answer({ links: [{ url: 'u' }] }))], r)).toBe('answers carry links');
  });

  it('ask.disclosure-warning: an allergen disclosure is a warning; other disclosures may be of any type', () => {
    const warning = rule('ask.disclosure-warning');
    const disclosure = (type: string, code: string, content = '') => ({
      type,
      code,
      content,
      presentation: 'disclosure',
    });
    const other = asking(answer({ messages: [disclosure('info', 'reviewed', 'Reviewed by staff.')] }));
    expect(warning.applies(other, r)).toBe(false);
    expect(warning.applies(asking(answer({ messages: [info('allergens', 'Contains nuts.')] })), r)).toBe(false);
    const byContent = asking(answer({ messages: [disclosure('info', 'note', 'May contain ALLERGENS.')] }));
    expect(warning.applies(byContent, r)).toBe(true);
    expect(warning.applies({ ...byContent, operation: 'catalog.search' }, r)).toBe(false);
    expect(warning.problems(byContent, r)).toEqual([
      'no message about allergens is a warning with presentation disclosure: "note" is of type "info"',
    ]);
    const two = asking(
      answer({ messages: [disclosure('info', 'allergen_review', ''), disclosure('error', 'allergens', '')] }),
    );
    expect(warning.problems(two, r)).toEqual([
      'no message about allergens is a warning with presentation disclosure: "allergen_review" is of type "info"; "allergens" is of type "error"',
    ]);
    // A warning beside an info note about allergens holds.
    const beside = asking(
      answer({ messages: [disclosure('info', 'allergen_review'), disclosure('warning', 'allergens')] }),
    );
    expect(warning.problems(beside, r)).toEqual([]);
    // A warning about allergens not presented as a disclosure is the disclosure presented otherwise.
    const bare = { type: 'warning', code: 'allergen_information', content: 'Nuts.' };
    const plain = asking(answer({ messages: [bare] }));
    expect(warning.applies(plain, r)).toBe(true);
    expect(warning.problems(plain, r)).toEqual([
      'no message about allergens is a warning with presentation disclosure: "allergen_information" is of type "warning", without presentation disclosure',
    ]);
    // Beside a well-presented one, it is a note.
    const both = asking(answer({ messages: [bare, disclosure('warning', 'allergens')] }));
    expect(warning.problems(both, r)).toEqual([]);
  });

  it('ask.conversation-id and ask.conversation-expiry judge a returned conversation', () => {
    const id = rule('ask.conversation-id');
    const expiry = rule('ask.conversation-expiry');
    const withConversation = (conversation: unknown) => asking(answer({ conversation }));
    expect(id.applies(withConversation({ id: 'c' }), r)).toBe(true);
    expect(id.applies(asking(answer()), r)).toBe(false);
    expect(id.applies({ ...withConversation({ id: 'c' }), operation: 'catalog.search' }, r)).toBe(false);
    expect(id.applies({ ...withConversation({ id: 'c' }), status: 400 }, r)).toBe(false);
    expect(id.problems(withConversation({ id: 'c' }), r)).toEqual([]);
    expect(id.problems(withConversation({ id: '' }), r)).toEqual(['conversation {"id":""} has no id']);
    expect(id.problems(withConversation('c-1'), r)).toEqual(['conversation "c-1" has no id']);
    expect(expiry.applies(withConversation({ id: 'c' }), r)).toBe(false);
    const expiring = (at: unknown) => withConversation({ id: 'c', expires_at: at });
    expect(expiry.applies(expiring('2026-01-01T00:00:00Z'), r)).toBe(true);
    expect(expiry.applies({ ...expiring('x'), operation: 'catalog.search' }, r)).toBe(false);
    expect(expiry.problems(expiring('2026-01-01T00:00:00Z'), r)).toEqual([]);
    expect(expiry.problems(expiring('tomorrow'), r)).toEqual([
      'conversation.expires_at "tomorrow" is not an RFC 3339 date-time',
    ]);
  });

  it('ask.response leaves a conversation object to the conversation rules, and anything else to the schema', () => {
    const response = rule('ask.response');
    seen.length = 0;
    response.problems(asking(answer({ conversation: { id: 7 } })), r);
    response.problems(asking(answer({ conversation: 'c-1' })), r);
    response.problems(asking('words'), r);
    expect(seen).toEqual([answer(), answer({ conversation: 'c-1' }), 'words']);
  });
});
