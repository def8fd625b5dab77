import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { type Exchange, statusOrError } from '../../src/report/exchange.js';
import { messagesOf } from '../../src/protocol/messages.js';
import type { Operation } from '../../src/protocol/operations.js';
import { answer, type RequestCheck, type Send } from './probe.js';

/** Not JSON: an array left open. */
const MALFORMED_JSON = '{"line_items": [';

/**
 * A body that is not JSON gets HTTP 400 with a JSON body carrying code and content (Document 1
 * §Errors). Which answer a request with two problems gets is not shown: where the probe has one of
 * its own that the control's answer names (an id the business never issued; a complete on a session
 * not ready), the same answer to the malformed body says the business judged that first, and proves
 * nothing about the body.
 */
export async function judgeMalformedJson(
  t: ScenarioContext<RequestCheck>,
  op: Operation,
  control: Exchange,
  send: Send,
): Promise<void> {
  const id = `requests.${op.name}.malformed-json` as const;
  const x = await send({ rawBody: MALFORMED_JSON });
  const first = answeredFirst(control, x);
  if (first)
    return t.notTested(
      id,
      `the probe has a problem of its own (${first}), which the business answered before reading the body: ${answer(x)}`,
      [control, x],
    );
  const body = x.json;
  const shaped = isObject(body) && typeof body.code === 'string' && typeof body.content === 'string';
  t.check(id, x.status === 400 && shaped, {
    message: `a body that is not JSON answered HTTP ${statusOrError(x)}${x.status === 400 && !shaped ? ' without a JSON body carrying code and content' : ''}`,
    expected: 'HTTP 400 with a JSON body carrying code and content',
    actual: answer(x),
    exchanges: [x],
  });
}

/**
 * The problem of the probe itself that the malformed body's answer repeats: an error code the
 * control's answer gave too. A missing message describes an open session, not this request.
 */
function answeredFirst(control: Exchange, x: Exchange): string | undefined {
  if (x.status === 400 || x.status === undefined || x.status >= 300) return undefined;
  const codes = (e: Exchange) =>
    messagesOf(e.json).flatMap((m) => (m.type === 'error' && m.code !== 'missing' ? [String(m.code)] : []));
  const again = codes(x);
  return codes(control).find((c) => again.includes(c));
}
