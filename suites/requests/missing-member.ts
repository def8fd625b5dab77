import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import type { Operation } from '../../src/protocol/operations.js';
import { isObject } from '../../src/dialect/dialect.js';
import { messagesOf } from '../../src/protocol/messages.js';
import { answer, type RequestCheck, type Send } from './probe.js';

/** Operations with required members (an update on a resource is judged when the run holds one to probe). */
export function judgesMissingMember(op: Operation): boolean {
  return !!op.required?.length;
}

/**
 * The control request with each member the spec requires left out in turn: each refused with 400,
 * or an error message (pointing at it where it has a path); a resource made, or an answer without
 * such a message, is the request served as if it were whole.
 */
export async function judgeMissingMember(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  // An id the business never issued: its not_found would say nothing about the missing member.
  if (control.notFoundProbe && op.path.includes('{id}'))
    return t.notTested(
      `requests.${op.name}.missing-member`,
      `the run holds no ${op.capability.split('.').pop()} to probe (${answer(control)}), and an id the business never issued says nothing about a missing member`,
      [control],
    );
  if (!isObject(control.sentJson))
    return t.notTested(
      `requests.${op.name}.missing-member`,
      'the control request carried no JSON object to take members from',
      [control],
    );
  // One member left out at a time: a business that needs only some of them must still refuse each absence.
  const sent: { member: string; x: Exchange }[] = [];
  const shown: { member: string; x: Exchange }[] = [];
  for (const member of [...leftOut(op), ...(op.shownWithin ?? [])]) {
    const body = without(JSON.parse(control.requestBody ?? '{}') as Record<string, unknown>, member);
    const x = await send({ rawBody: JSON.stringify(body) });
    (leftOut(op).includes(member) ? sent : shown).push({ member, x });
  }
  const served = sent.filter(({ member, x }) => !refused(op, x, member));
  // A member the business may fill itself: what it did is said beside the verdict.
  const filled = shown.filter(({ member, x }) => !refused(op, x, member)).map(({ member }) => member);
  const said = filled.length ? `; served without ${filled.join(', ')}, which a business may fill itself` : '';
  // The whole request refused for a reason of its own (a member beyond those shown): the same answer
  // to one with a member left out says nothing about that member.
  if (served.length && refusesWithError(control, '') && !madeBy(op, control))
    return t.notTested(
      `requests.${op.name}.missing-member`,
      `the request with nothing left out was itself refused (${answer(control)}), so the answer without ${served.map(({ member }) => member).join(', ')} proves nothing`,
      [control, ...served.map(({ x }) => x)],
    );
  if (served.length === 0 && filled.length)
    return t.pass(
      `requests.${op.name}.missing-member`,
      `each of ${leftOut(op).join(', ')} left out was refused${said}`,
      [control, ...sent.map(({ x }) => x)],
    );
  t.check(`requests.${op.name}.missing-member`, served.length === 0, {
    message: `${served
      .map(
        ({ member, x }) =>
          `a request without ${member} answered HTTP ${x.status}${refusesWithError(x, member) ? '' : ' with no error message refusing it'}`,
      )
      .join('; ')}${said}`,
    expected: `for each of ${leftOut(op).join(', ')} left out: HTTP 400, or a business error with an error message (pointing at it where it has a path)`,
    actual: served.map(({ x }) => answer(x)).join(' | '),
    exchanges: [control, ...(served.length ? served : sent).map(({ x }) => x)],
  });
}

/** The members left out in turn: those the spec marks required, then those required within them. */
export const leftOut = (op: Operation): string[] => [...(op.required ?? []), ...(op.requiredWithin ?? [])];

/** The body without one member, named by a dotted path (`property.id`); `[]` names every element of an array. */
function without(body: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) {
    const { [head]: _gone, ...kept } = body;
    return kept;
  }
  const inner = (v: unknown) => (isObject(v) ? without(v, rest.join('.')) : v);
  if (head.endsWith('[]')) {
    const key = head.slice(0, -2);
    const list = body[key];
    return Array.isArray(list) ? { ...body, [key]: list.map(inner) } : body;
  }
  return isObject(body[head]) ? { ...body, [head]: inner(body[head]) } : body;
}

/**
 * Refused: HTTP 400, or an error message whatever its code (the spec names `missing` among the
 * codes that appear, and its registry is not shown), pointing at the member where it has a path. A
 * create that made a resource all the same was served.
 */
function refused(op: Operation, x: Exchange, member: string): boolean {
  return x.status === 400 || (x.status === 200 && refusesWithError(x, member) && !madeBy(op, x));
}

/** A create that made a resource: served, whatever its messages say. */
const madeBy = (op: Operation, x: Exchange) => !!op.creates && isObject(x.json) && typeof x.json.id === 'string';

/**
 * Whether an error message refuses the request: one without a path, or one whose path points at the
 * member. A not_found answers a request read as whole, naming something unknown (an empty id), unless
 * the member left out is within another (a line's item.id): then what it names is not found.
 */
const refusesWithError = (x: Exchange, member: string) =>
  messagesOf(x.json).some(
    (m) =>
      m.type === 'error' &&
      (m.code !== 'not_found' || member.includes('.')) &&
      (m.path === undefined || (typeof m.path === 'string' && m.path.includes(member.split(/[.[]/)[0]))),
  );
