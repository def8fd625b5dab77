import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type CheckSpec, type Scenario, type Suite } from '../../src/engine/suite.js';
import { type Exchange, isSuccess, statusOrError } from '../../src/report/exchange.js';
import { changedBody, reformatted, replayDifferences } from '../../src/protocol/idempotency.js';
import { brief } from '../../src/protocol/messages.js';
import { operation, operationsOf } from '../../src/protocol/operations.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import { sameJson } from '../../src/protocol/canonical.js';
import { lineSetOf } from '../shared/checkout-flow.js';
import { SUBJECTS, type IdempotencySubject } from './subjects.js';

/**
 * The idempotency rules, generated for every state-changing operation the spec gives a required
 * Idempotency-Key: one scenario per operation, one suite per capability, so a capability that is
 * not advertised is not-applicable like any other suite.
 */
export const idempotencySuites: readonly Suite[] = [
  ...new Set(SUBJECTS.map((s) => operation(s.operation).capability)),
].map((capability) => ({
  id: `idempotency.${capability.split('.').pop()}`,
  title: `Idempotency of ${capability.split('.').pop()} operations`,
  capability,
  appliesWhen: 'advertised' as const,
  scenarios: SUBJECTS.filter((s) => operation(s.operation).capability === capability).map(scenarioFor),
}));

/**
 * A check of one operation's scenario, `idempotency.<operation>.<what>`: TypeScript checks the
 * <what>; which an operation declares depends on it, and the context refuses the others.
 */
type IdempotencyCheck = `idempotency.${string}.${
  | 'missing-key'
  | 'replay'
  | 'replay-no-second-effect'
  | 'conflict-409'
  | 'conflict-unchanged'
  | 'json-equal-body'
  | 'key-scope'}`;

/** The checks one operation gets: what it makes, and whether its body has a meaning to change. */
function keyRequired(s: IdempotencySubject): boolean {
  return operation(s.operation).idempotency === 'required';
}

function checksFor(s: IdempotencySubject): CheckSpec<IdempotencyCheck>[] {
  const p = `idempotency.${s.operation}` as const;
  const creates = operation(s.operation).creates === true;
  // An ID inside a conditional spread needs `as const`: the array's contextual type does not reach it.
  return [
    // Where the key is optional (Document 2 §POST /ask), a request without one is no refusal to expect.
    ...(keyRequired(s)
      ? [
          {
            id: `${p}.missing-key` as const,
            title: 'a request without Idempotency-Key gets 400',
            requirements: ['IDEM-005'],
          },
        ]
      : []),
    {
      id: `${p}.replay`,
      title: 'the same key and body return the stored result: same status, same body',
      // Where supporting idempotency is only advised (a cancel), a replay processed again is a warning.
      requirements: [s.advised ? 'IDEM-009' : 'IDEM-001'],
    },
    ...(s.made
      ? [
          {
            id: `${p}.replay-no-second-effect` as const,
            title: 'a replay makes nothing new: the same id as the first answer',
            requirements: ['IDEM-002'],
          },
        ]
      : []),
    ...(s.conflict
      ? [
          {
            id: `${p}.conflict-409` as const,
            title: 'the same key with a body of another meaning gets 409',
            // Where supporting idempotency is only advised (a cancel), so is seeing the conflict.
            requirements: [s.advised ? 'IDEM-009' : 'IDEM-003'],
          },
        ]
      : []),
    // A create's 409 names no resource, so what it might have made cannot be read back: only operations on one
    // resource.
    ...(s.conflict && s.read
      ? [
          {
            id: `${p}.conflict-unchanged` as const,
            title: 'after the 409 the resource reads as the first request left it',
            requirements: ['IDEM-004'],
          },
        ]
      : []),
    ...(creates
      ? [
          {
            id: `${p}.json-equal-body` as const,
            title: 'what a replay whose body is equal as JSON but not as bytes gets (not shown)',
            requirements: ['IDEM-006'],
          },
          {
            id: `${p}.key-scope` as const,
            title: 'what the same key gets on another operation of the resource (not shown)',
            requirements: ['IDEM-007'],
          },
        ]
      : []),
  ];
}

function scenarioFor(s: IdempotencySubject): Scenario {
  return scenario({
    id: `idempotency.${s.operation}`,
    title: `Replay, conflict and a missing key on ${s.operation}`,
    effect: s.effect,
    checks: checksFor(s),
    run: (t) => exercise(t, s),
  });
}

async function exercise(t: ScenarioContext<IdempotencyCheck>, s: IdempotencySubject): Promise<void> {
  const p = `idempotency.${s.operation}` as const;
  const creates = operation(s.operation).creates === true;
  const { send, id } = await s.prepare(t);
  const discard = discarder(t, s.operation);

  // Without the key first, on a resource of its own: served, it could cancel or complete the one the replay needs.
  const sendBare = !keyRequired(s) ? undefined : creates ? send : (await s.prepare(t)).send;
  const bare = sendBare ? await sendBare({ omit: ['idempotency-key'], tolerateTransportError: true }) : undefined;
  if (bare) discard(s.made?.(t, bare));
  const first = await send();
  const made = s.made?.(t, first);
  discard(made);
  const judgeBare = (x: Exchange) =>
    t.check(`${p}.missing-key`, x.status === 400, {
      message: `a request without Idempotency-Key answered HTTP ${statusOrError(x)}`,
      expected: 'HTTP 400',
      actual: `HTTP ${statusOrError(x)}: ${brief(x.json ?? x.responseBody)}`,
      exchanges: [x],
    });
  // Served without a key is a finding whatever came next; a refusal counts only if the keyed request is served.
  if (bare && isSuccess(bare)) judgeBare(bare);
  if (!isSuccess(first))
    t.stopNotTested(
      `the request with a key answered HTTP ${first.status}: ${brief(first.json)}; its own suite judges it`,
    );
  if (bare && !isSuccess(bare)) judgeBare(bare);

  const honoured = await judgeReplay(t, s, first, made, discard);
  if (s.conflict) {
    const changed = changedBody(first.requestBody, s.conflict);
    const conflictChecks: IdempotencyCheck[] = [
      `${p}.conflict-409`,
      ...(s.read ? [`${p}.conflict-unchanged` as const] : []),
    ];
    if (!changed)
      for (const c of conflictChecks) t.notTested(c, 'the request carries nothing whose meaning can be changed');
    else await judgeConflict(t, s, first, changed, id, discard);
  }
  if (creates) await observeOpenQuestions(t, s, first, made, discard, honoured);
}

/** The same key and the same bytes: the stored result, and nothing made twice. */
async function judgeReplay(
  t: ScenarioContext<IdempotencyCheck>,
  s: IdempotencySubject,
  first: Exchange,
  made: string | undefined,
  discard: Discard,
): Promise<boolean> {
  const p = `idempotency.${s.operation}` as const;
  const replay = await t.resend(first);
  const differences = replayDifferences(first, replay);
  t.check(`${p}.replay`, differences.length === 0, {
    message: `the replay got ${differences.join('; ')}`,
    expected: `the stored result: HTTP ${first.status} and the first answer's body`,
    actual: `HTTP ${replay.status}: ${brief(replay.json ?? replay.responseBody)}`,
    exchanges: [first, replay],
  });
  if (!s.made) return differences.length === 0;
  const again = s.made(t, replay);
  discard(again);
  if (made === undefined || again === undefined) {
    t.notTested(
      `${p}.replay-no-second-effect`,
      `${made === undefined ? 'the first answer' : 'the replay'} names nothing made to compare`,
      [first, replay],
    );
    return differences.length === 0;
  }
  t.check(`${p}.replay-no-second-effect`, again === made, {
    message: `the replay made ${again}, the first request ${made}`,
    expected: `the replay names ${made}`,
    actual: `it names ${again}`,
    exchanges: [first, replay],
  });
  return differences.length === 0 && again === made;
}

/** The same key with a changed quantity: 409, and (on an existing resource) nothing changed. */
async function judgeConflict(
  t: ScenarioContext<IdempotencyCheck>,
  s: IdempotencySubject,
  first: Exchange,
  changed: string,
  id: string | undefined,
  discard: Discard,
): Promise<void> {
  const p = `idempotency.${s.operation}` as const;
  const before = s.read && id !== undefined ? await s.read(t, id) : undefined;
  const conflict = await t.resend(first, changed);
  discard(s.made?.(t, conflict));
  if (s.bodyFixed && conflict.status === 400)
    return t.notTested(
      `${p}.conflict-409`,
      `the other body was refused itself (HTTP 400): the spec fixes ${s.operation}'s body, so this says nothing of the key`,
      [first, conflict],
    );
  t.check(`${p}.conflict-409`, conflict.status === 409, {
    message: `a changed body under the same key answered HTTP ${conflict.status}`,
    expected: 'HTTP 409',
    actual: `HTTP ${conflict.status}: ${brief(conflict.json ?? conflict.responseBody)}`,
    exchanges: [first, conflict],
  });
  if (!s.read || id === undefined) return;
  // Read before and after: what the conflict changed, whatever Get itself returns.
  const after = await s.read(t, id);
  const lines = (x: Exchange) => (s.state ? s.state(t, x) : lineSetOf(t, x));
  const same = after.status === before?.status && sameJson(lines(after), before && lines(before));
  t.check(`${p}.conflict-unchanged`, same, {
    message: 'the resource changed after a conflicting request',
    expected: `HTTP ${before?.status}, lines ${brief(before && lines(before))}`,
    actual: `HTTP ${after.status}, lines ${brief(lines(after))}`,
    exchanges: [conflict, ...(before ? [before] : []), after],
  });
}

/** What the spec leaves open about a key, asked of a create: bytes or JSON compared, and the key's scope. */
async function observeOpenQuestions(
  t: ScenarioContext<IdempotencyCheck>,
  s: IdempotencySubject,
  first: Exchange,
  made: string | undefined,
  discard: Discard,
  honoured: boolean,
): Promise<void> {
  const p = `idempotency.${s.operation}` as const;
  const body = reformatted(first.requestBody);
  if (!body) t.notTested(`${p}.json-equal-body`, 'the request body cannot be written another way');
  else {
    const x = await t.resend(first, body);
    const other = s.made?.(t, x);
    discard(other);
    const outcome =
      x.status === 409
        ? 'HTTP 409: bodies are compared as bytes'
        : replayDifferences(first, x).length === 0
          ? 'the stored result: bodies are compared as JSON'
          : other !== undefined && other !== made
            ? `a new resource (${other}): the key is not compared at all`
            : `HTTP ${x.status}`;
    t.observe(`${p}.json-equal-body`, {
      message: `the same key with the body indented gets ${outcome}`,
      exchanges: [first, x],
    });
  }
  await observeKeyScope(t, s.operation, first, made, `${p}.key-scope`, honoured);
}

/**
 * The first request's key on the resource's cancel: a 409 says keys are scoped across operations,
 * a cancel says per operation. Either is allowed (not shown). A cancel says so only of a business
 * that honours keys (its replay gave the stored result): of one that ignores them, it says nothing.
 */
async function observeKeyScope(
  t: ScenarioContext<IdempotencyCheck>,
  name: OperationName,
  first: Exchange,
  made: string | undefined,
  checkId: IdempotencyCheck,
  honoured: boolean,
): Promise<void> {
  const cancel = operationsOf(operation(name).capability).find((o) => o.name.endsWith('.cancel'));
  if (!cancel || made === undefined) return t.notTested(checkId, 'nothing was made to cancel');
  const key = first.requestHeaders['Idempotency-Key'];
  const x = await t.call(cancel.name as OperationName, {
    id: made,
    headers: { 'Idempotency-Key': key },
    tolerateTransportError: true,
  });
  const outcome =
    x.status === 409
      ? 'HTTP 409: a key is scoped across operations'
      : isSuccess(x)
        ? `HTTP ${x.status}${honoured ? ': a key is scoped per operation' : ', which says nothing of scope: the create did not replay its stored result'}`
        : `HTTP ${x.status}`;
  t.observe(checkId, { message: `the create's key on ${cancel.name} gets ${outcome}`, exchanges: [x] });
}

type Discard = (id: string | undefined) => void;

/** Cancels, once and when the scenario ends, each resource a create under test made. */
function discarder(t: ScenarioContext, name: OperationName): Discard {
  const seen = new Set<string>();
  const cancel = operationsOf(operation(name).capability).find((o) => o.name.endsWith('.cancel'));
  return (id) => {
    if (id === undefined || seen.has(id) || !cancel || !operation(name).creates) return;
    seen.add(id);
    t.cleanup(() => t.call(cancel.name as OperationName, { id, tolerateTransportError: true }));
  };
}
