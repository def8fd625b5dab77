import type { ScenarioContext } from '../../src/engine/context.js';
import { scenario, type Suite } from '../../src/engine/suite.js';
import { wireName } from '../../src/dialect/dialect.js';
import {
  KEPT_OPERATIONS,
  type KeptRequest,
  REPLAY_SCENARIO,
  resultDigest,
  resultId,
} from '../../src/http/kept-keys.js';
import { agentHeaderValue } from '../../src/http/agent-header.js';
import { brief } from '../../src/protocol/messages.js';
import { operation, operationsOf, type Operation } from '../../src/protocol/operations.js';
import type { OperationName } from '../../src/protocol/recipes.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';

const RETAINED = 'idempotency.retained';
const HOUR_MS = 60 * 60 * 1000;
/** Document 1 §Limits: "stores the key with the result for at least 24 hours". */
const RETENTION_MS = 24 * HOUR_MS;

/**
 * IDEM-008 across two runs: a run with `--keep-keys FILE` keeps its keyed requests as sent
 * (src/http/kept-keys.ts); a run a day later with `--replay-from FILE` sends each again under its
 * key, byte for byte, and expects the stored result. One run alone lasts minutes, so without a
 * store the check is not-tested, naming the option.
 *
 * A store younger than 24 hours is not-tested too, saying when it can be judged, and nothing is
 * sent: a replay that soon cannot break the MUST, and a pass would claim more than was seen.
 */
export const retentionSuite: Suite = {
  id: 'idempotency.retention',
  title: 'Retention of idempotency keys for 24 hours',
  capability: 'idempotency',
  appliesWhen: 'always',
  scenarios: [
    scenario({
      id: REPLAY_SCENARIO,
      title: 'The keys an earlier run kept, sent again 24 hours or more later',
      effect: 'write',
      checks: [
        {
          id: RETAINED,
          title: 'a key sent again 24 hours or more later returns the stored result: same status, resource and body',
          requirements: ['IDEM-008'],
        },
      ],
      run: judgeRetention,
    }),
  ],
};

type RetentionContext = ScenarioContext<typeof RETAINED>;

const hours = (ms: number) => `${(ms / HOUR_MS).toFixed(1)} h`;

async function judgeRetention(t: RetentionContext): Promise<void> {
  // Like the idempotency suites, only over the capabilities this run checks.
  const keyed = [...new Set([...KEPT_OPERATIONS].map((name) => operation(name).capability))];
  if (!keyed.some((c) => t.target.capabilities.has(c))) {
    const names = keyed.map((c) => wireName(t.dialect, c)).join(', ');
    return keyed.some((c) => t.target.excluded.has(c))
      ? t.notTested(RETAINED, `${names} left out by --capabilities`)
      : t.notApplicable(RETAINED, `none of ${names} is advertised`);
  }
  const kept = t.run.replayFrom;
  if (!kept)
    return t.notTested(
      RETAINED,
      'needs --replay-from FILE: the keys a run with --keep-keys FILE kept, sent again 24 hours or more later',
    );
  const now = Date.now();
  const ageOf = (r: KeptRequest) => now - Date.parse(r.sentAt);
  const served = kept.requests.filter((r) => {
    const op = operation(r.operation);
    return t.target.capabilities.has(op.capability) && t.target.services.get(op.service)?.endpoint;
  });
  // A complete is sent again only with consent, as every complete is.
  const consented = served.filter((r) => !operation(r.operation).irreversible || t.run.allow === 'irreversible');
  const due = consented.filter((r) => ageOf(r) >= RETENTION_MS);
  const leftOut = [
    ...(served.length < kept.requests.length
      ? [`${kept.requests.length - served.length} of a capability this run does not check`]
      : []),
    ...(consented.length < served.length
      ? [`${served.length - consented.length} complete(s), which need --allow irreversible`]
      : []),
    ...(due.length && due.length < consented.length ? [`${consented.length - due.length} younger than 24 hours`] : []),
  ];
  const besides = leftOut.length ? ` (not sent: ${leftOut.join('; ')})` : '';
  if (!due.length) {
    if (!consented.length)
      return t.notTested(RETAINED, `the kept keys hold no request this run can send again${besides}`);
    const oldest = Math.max(...consented.map(ageOf));
    return t.notTested(
      RETAINED,
      `the oldest kept key is ${hours(oldest)} old: it can be judged in ${hours(RETENTION_MS - oldest)}, from ${new Date(now + RETENTION_MS - oldest).toISOString()}${besides}`,
    );
  }
  const forgotten: { r: KeptRequest; x: Exchange; kind: string; why: string }[] = [];
  const replays: Exchange[] = [];
  for (const r of due) {
    const op = operation(r.operation);
    // As the platform that sent it: keys are held per platform (whether across platforms is not shown).
    const x = await t.call(op.name as OperationName, {
      id: r.id,
      rawBody: r.body,
      headers: { 'Idempotency-Key': r.idempotencyKey, [t.dialect.agentHeader]: agentHeaderValue(kept.platform) },
    });
    replays.push(x);
    // A 424 (profile not fetched) says nothing of the key; a 422 may be a request processed anew, so it is judged.
    if (x.status === 424)
      t.stopNotTested(
        `the business could not use the platform profile ${kept.platform} the kept requests named (HTTP ${x.status}), so its answer says nothing of the key: name a profile it can fetch with --agent-profile in both runs`,
        { check: RETAINED, exchanges: [x] },
      );
    const made = resultId(x);
    if (op.creates && made !== undefined && made !== r.resourceId) cancelLater(t, op, made);
    const found = difference(r, x, made);
    if (found) forgotten.push({ r, x, ...found });
  }
  const ages = [hours(Math.min(...due.map(ageOf))), hours(Math.max(...due.map(ageOf)))];
  const span = ages[0] === ages[1] ? ages[0] : `${ages[0]} to ${ages[1]}`;
  // A whole run keeps a hundred keys or more: the count of each kind of answer, and the first few named.
  // In the operations' order, not the order concurrent scenarios happened to send them: the same words every run.
  forgotten.sort((a, b) => a.r.operation.localeCompare(b.r.operation) || a.kind.localeCompare(b.kind));
  const kinds = new Map<string, number>();
  for (const f of forgotten) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  const shown = forgotten.slice(0, SHOWN);
  const more = forgotten.length > SHOWN ? `; and ${forgotten.length - SHOWN} more` : '';
  t.check(RETAINED, forgotten.length === 0, {
    message: `${forgotten.length} of ${due.length} keys sent again ${span} later did not return the stored result (${[
      ...kinds,
    ]
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}): ${shown
      .map(({ r, why }) => `key ${r.idempotencyKey} (${r.operation}, sent ${hours(ageOf(r))} ago): ${why}`)
      .join('; ')}${more}${besides}`,
    expected: 'each key, sent again with its body, returns the stored result: the same status, resource id and body',
    actual: forgotten.length
      ? `${shown.map(({ r, x }) => `${r.operation}: HTTP ${statusOrError(x)}: ${brief(x.json ?? x.responseBody)}`).join('; ')}${more}`
      : `${due.length} keys sent again ${span} later returned their stored results${besides}`,
    exchanges: forgotten.length ? shown.map((f) => f.x) : replays,
  });
}

/** How many forgotten keys a verdict names and cites. */
const SHOWN = 3;

/** How an answer differs from the stored result (its kind, for the count, and the words), or undefined. */
function difference(r: KeptRequest, x: Exchange, made: string | undefined): { kind: string; why: string } | undefined {
  if (x.status === 409) return { kind: 'refused 409', why: 'HTTP 409: the key is no longer matched with its request' };
  if (r.resourceId !== undefined && made !== undefined && made !== r.resourceId)
    return {
      kind: 'made a new resource',
      why: `a new resource ${made}, the stored result named ${r.resourceId}: the key was forgotten`,
    };
  if (x.status !== r.status)
    return { kind: 'another status', why: `HTTP ${statusOrError(x)}, the stored result was HTTP ${r.status}` };
  if (resultDigest(x) !== r.resultSha256) return { kind: 'another body', why: 'another body than the stored result' };
  return undefined;
}

/** A resource a forgotten key made again: cancelled when the scenario ends, as every scenario's. */
function cancelLater(t: RetentionContext, op: Operation, id: string): void {
  const cancel = operationsOf(op.capability).find((o) => o.name.endsWith('.cancel'));
  if (cancel) t.cleanup(() => t.call(cancel.name as OperationName, { id, tolerateTransportError: true }));
}
