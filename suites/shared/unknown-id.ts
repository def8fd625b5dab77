import { scenario, type Scenario } from '../../src/engine/suite.js';
import { isObject } from '../../src/dialect/dialect.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { brief, messagesOf } from '../../src/protocol/messages.js';
import { unknownId } from './catalog-fixtures.js';
import { statusOrError } from '../../src/report/exchange.js';

/**
 * One read of an identifier the business never issued, which the spec answers with the
 * not_found business error (HTTP 200, status error, unrecoverable), with continue_url where the
 * spec adds one. With `notShown` (where the spec says nothing of the answer), what it answers is
 * reported instead.
 */
export function unknownIdScenario<C extends string>(o: {
  operation: 'catalog.product' | 'cart.get' | 'order.get' | 'checkout.get';
  checkId: C;
  requirement: string;
  subject: string;
  continueUrl?: boolean;
  notShown?: boolean;
}): Scenario {
  const expected = `HTTP 200, status error, error not_found unrecoverable${o.continueUrl ? ', continue_url' : ''}`;
  return scenario({
    id: `${o.checkId}-probe`,
    title: `${o.subject} that does not exist`,
    effect: 'read',
    checks: [
      {
        id: o.checkId,
        title: o.notShown
          ? `what an unknown ${o.subject} gets (not shown)`
          : `an unknown ${o.subject} gives the not_found error`,
        requirements: [o.requirement],
      },
    ],
    async run(t) {
      const id = unknownId();
      const x =
        o.operation === 'catalog.product'
          ? await t.call('catalog.product', { input: { id }, notFoundProbe: true })
          : await t.call(o.operation, { id, notFoundProbe: true, tolerateTransportError: o.notShown });
      if (o.notShown) {
        const code =
          messagesOf(x.json).find((m) => m.type === 'error')?.code ?? (isObject(x.json) ? x.json.code : undefined);
        return t.observe(o.checkId, {
          message: `an unknown ${o.subject} answered HTTP ${statusOrError(x)}${code === undefined ? '' : ` with code ${brief(code)}`}`,
          exchanges: [x],
        });
      }
      const problems = businessErrorProblems(t.dialect, x, { code: 'not_found', continueUrl: o.continueUrl });
      t.check(o.checkId, problems.length === 0, { message: problems[0] ?? '', expected, actual: problems.join('; ') });
    },
  });
}
