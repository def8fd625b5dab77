import type { ExchangeRule } from '../../src/engine/rule.js';
import { operationsOf } from '../../src/protocol/operations.js';

/** `shopping.catalog.search` → `catalog-search`: the prefix of a capability's check IDs. */
export const checkPrefix = (capability: string) => capability.replace(/^[a-z]+\./, '').replace(/\./g, '-');

/**
 * Every endpoint of an advertised capability exists (Document 1 §What the service does), judged
 * on the run's own requests: a 404 or 405 on a real resource means no route. A 404 for an id the
 * business never issued is the not-found rule's to judge, not this one's; a 405 is a missing
 * route whatever the id.
 */
export function endpointsRule(capability: string): ExchangeRule {
  const ops = operationsOf(capability);
  const names = new Set(ops.map((o) => o.name));
  return {
    check: {
      id: `${checkPrefix(capability)}.endpoints-exist`,
      title: `no 404 or 405 on ${ops.map((o) => `${o.method} ${o.path}`).join(', ')}`,
      requirements: ['DISC-001'],
    },
    appliesTo: `requests to ${capability} endpoints`,
    applies: (x) => names.has(x.operation) && (!x.notFoundProbe || x.status === 405),
    problems: (x) => (x.status === 404 || x.status === 405
      ? [`${x.method} ${new URL(x.url).pathname} answered ${x.status}: no route for ${x.operation}`]
      : []),
    coverage: (judged) => {
      const seen = new Set(judged.map((x) => x.operation));
      const unseen = ops.filter((o) => !seen.has(o.name)).map((o) => o.name);
      return unseen.length ? `not exercised by this run: ${unseen.join(', ')}` : undefined;
    },
  };
}
