import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import type { Exchange } from '../../src/report/exchange.js';
import { messagesOf } from '../../src/protocol/messages.js';
import type { Operation } from '../../src/protocol/operations.js';
import { answer, type RequestCheck, type Send } from './probe.js';

/** Not JSON: an array left open. */
const MALFORMED_JSON = '{"line_items": [';

/**
 * A body that is not JSON gets HTTP 400 with a JSON body carrying code and content (Document 1
 * §Errors). A business may look up the resource in the path before it reads the body: where the
 * probe names one it never issued, a not_found answers the id, not the JSON, and proves nothing.
 */
export async function judgeMalformedJson(t: ScenarioContext<RequestCheck>, op: Operation, send: Send): Promise<void> {
  const id = `requests.${op.name}.malformed-json` as const;
  const x = await send({ rawBody: MALFORMED_JSON });
  if (x.notFoundProbe && op.path.includes('{id}') && answersNotFound(x))
    return t.notTested(
      id,
      `the probe names a resource the business never issued (the run holds none to use), and it answered the id before the body: ${answer(x)}`,
      [x],
    );
  const body = x.json;
  const shaped = isObject(body) && typeof body.code === 'string' && typeof body.content === 'string';
  t.check(id, x.status === 400 && shaped, {
    message: `a body that is not JSON answered HTTP ${x.status ?? x.transportError?.message}${x.status === 400 && !shaped ? ' without a JSON body carrying code and content' : ''}`,
    expected: 'HTTP 400 with a JSON body carrying code and content',
    actual: answer(x),
    exchanges: [x],
  });
}

/** The not_found of an unknown resource: HTTP 404, or a not_found message. */
const answersNotFound = (x: Exchange) => x.status === 404 || messagesOf(x.json).some((m) => m.code === 'not_found');
