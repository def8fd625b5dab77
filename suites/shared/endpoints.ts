import { randomUUID } from 'node:crypto';
import type { Scenario } from '../../src/engine/suite.js';
import { operationsOf } from '../../src/protocol/operations.js';

/**
 * One scenario per capability: every endpoint the capability defines answers with something
 * other than 404 or 405. Probes use an unknown id and an empty body, so nothing is created by a
 * conformant business; a capability with a create endpoint is still classed `write`.
 */
export function endpointsScenario(capability: string, requirement: string): Scenario {
  const ops = operationsOf(capability);
  const checkId = `${capability.replace(/^[a-z]+\./, '').replace(/\./g, '-')}.endpoints-exist`;
  return {
    id: `${checkId}-probe`,
    title: `Every endpoint of ${capability} exists`,
    effect: ops.some((o) => o.creates) ? 'write' : 'read',
    checks: [{ id: checkId, title: `no 404 or 405 on ${ops.map((o) => `${o.method} ${o.path}`).join(', ')}`, requirements: [requirement] }],
    async run(t) {
      const missing = [];
      for (const op of ops) {
        const x = await t.call(op.name, {
          id: `proto-conformance-probe-${randomUUID()}`,
          body: op.method === 'GET' ? undefined : {},
        });
        if (x.status === 404 || x.status === 405) missing.push(x);
      }
      t.check(checkId, missing.length === 0, {
        message: missing.map((x) => `${x.method} ${x.url} answered ${x.status}`).join('; '),
        expected: 'any status but 404 or 405',
        actual: missing.map((x) => `${x.method} ${new URL(x.url).pathname}: ${x.status}`).join(', '),
        exchanges: missing.length ? missing : undefined,
      });
    },
  };
}
