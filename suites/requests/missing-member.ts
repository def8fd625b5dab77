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
 * The control request without the members the spec requires: 400, or an error message pointing
 * at one of them; a resource made, or an answer without such a message, is the request served whole.
 */
export async function judgeMissingMember(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const required = op.required as string[];
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
  const body = JSON.parse(t.sentBody(control) ?? '{}') as Record<string, unknown>;
  for (const m of required) delete body[m];
  const x = await send({ rawBody: JSON.stringify(body) });
  // An error message pointing at a required member refuses the request in the business layer, whatever its code: the
  // spec names `missing` among the codes that appear, and its registry is not shown. A create that made a resource all
  // the same was served.
  const named = messagesOf(x.json).some(
    (m) => m.type === 'error' && typeof m.path === 'string' && required.some((r) => (m.path as string).includes(r)),
  );
  const made = op.creates && isObject(x.json) && typeof x.json.id === 'string';
  const refused = x.status === 400 || (x.status === 200 && named && !made);
  t.check(`requests.${op.name}.missing-member`, refused, {
    message: `a request without ${required.join(', ')} answered HTTP ${x.status}${named ? '' : ' with no error pointing at it'}`,
    expected: `HTTP 400, or a business error with an error message pointing at ${required.join(', ')}`,
    actual: answer(x),
    exchanges: [control, x],
  });
}
