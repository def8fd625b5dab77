import { scenario, type Scenario } from '../../src/engine/suite.js';
import { businessErrorProblems } from '../../src/protocol/envelope.js';
import { unknownId } from './catalog-fixtures.js';

/**
 * One read of an identifier the business never issued, which the spec answers with the
 * not_found business error (HTTP 200, status error, unrecoverable), with continue_url where the
 * spec adds one.
 */
export function unknownIdScenario<C extends string>(o: {
  operation: 'catalog.product' | 'cart.get' | 'order.get';
  checkId: C;
  requirement: string;
  subject: string;
  continueUrl?: boolean;
}): Scenario {
  const expected = `HTTP 200, status error, error not_found unrecoverable${o.continueUrl ? ', continue_url' : ''}`;
  return scenario({
    id: `${o.checkId}-probe`,
    title: `${o.subject} that does not exist`,
    effect: 'read',
    checks: [
      { id: o.checkId, title: `an unknown ${o.subject} gives the not_found error`, requirements: [o.requirement] },
    ],
    async run(t) {
      const id = unknownId();
      const x =
        o.operation === 'catalog.product'
          ? await t.call('catalog.product', { input: { id }, notFoundProbe: true })
          : await t.call(o.operation, { id, notFoundProbe: true });
      const problems = businessErrorProblems(t.dialect, x, { code: 'not_found', continueUrl: o.continueUrl });
      t.check(o.checkId, problems.length === 0, { message: problems[0] ?? '', expected, actual: problems.join('; ') });
    },
  });
}
