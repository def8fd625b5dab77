import { scenario, type Scenario } from '../../src/engine/suite.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import { unknownId } from './catalog-fixtures.js';
import { statusOrError } from '../../src/report/exchange.js';

/**
 * One read of an identifier the business never issued. Not found is a business outcome, "HTTP 200
 * with the response envelope and a `messages` array" (Document 1 §What the service does 7): the
 * not_found business error (HTTP 200, status error, unrecoverable) with continue_url where the spec
 * adds one; for a session, whose code the spec does not give, an error message of any code.
 */
export function unknownIdScenario<C extends string>(o: {
  operation: 'catalog.product' | 'cart.get' | 'order.get' | 'checkout.get' | 'booking.get';
  checkId: C;
  requirement: string;
  subject: string;
  /** The code the spec gives; none for a session. */
  code?: string;
  continueUrl?: boolean;
}): Scenario {
  const expected = o.code
    ? `HTTP 200, status error, error ${o.code} unrecoverable${o.continueUrl ? ', continue_url' : ''}`
    : 'HTTP 200, status error, an error message (its code for a session is not shown)';
  return scenario({
    id: `${o.checkId}-probe`,
    title: `${o.subject} that does not exist`,
    effect: 'read',
    checks: [
      {
        id: o.checkId,
        title: o.code
          ? `an unknown ${o.subject} gives the ${o.code} error`
          : `an unknown ${o.subject} gives a business error, not an HTTP error`,
        requirements: [o.requirement],
      },
    ],
    async run(t) {
      const id = unknownId();
      const x =
        o.operation === 'catalog.product'
          ? await t.call('catalog.product', { input: { id }, notFoundProbe: true })
          : await t.call(o.operation, { id, notFoundProbe: true });
      const problems = businessErrorProblems(t.dialect, x, { code: o.code, continueUrl: o.continueUrl });
      const code = messagesOf(x.json).find((m) => m.type === 'error')?.code;
      t.check(o.checkId, problems.length === 0, {
        message: problems[0] ?? '',
        expected,
        // Where the code is not the spec's to give, which one came is said.
        actual: problems.length || o.code ? problems.join('; ') : `HTTP ${statusOrError(x)}, error code ${brief(code)}`,
      });
    },
  });
}
