import type { ExchangeRule } from '../../src/engine/rule.js';
import { operationsOf } from '../../src/protocol/operations.js';

/** Statuses that say an endpoint is not there: not found, method not allowed, not implemented. */
const NO_ROUTE = [404, 405, 501];

/** `shopping.catalog.search` → `catalog-search`: the prefix of a capability's check IDs. */
export const checkPrefix = (capability: string) => capability.replace(/^[a-z]+\./, '').replace(/\./g, '-');

/**
 * Every endpoint of an advertised capability exists (Document 1 §What the service does), judged
 * on the run's own requests: a 404, 405 or 501 on a real resource means no route. A 404 for
 * something the business does not have is the not-found rule's to judge, not this one's; a 405
 * or 501 is a missing route whatever was asked for.
 */
export function endpointsRule(capability: string): ExchangeRule {
  const ops = operationsOf(capability);
  const names = new Set(ops.map((o) => o.name));
  return {
    check: {
      id: `${checkPrefix(capability)}.endpoints-exist`,
      title: `no 404, 405 or 501 on ${ops.map((o) => `${o.method} ${o.path}`).join(', ')}`,
      requirements: ['DISC-001'],
    },
    appliesTo: `requests to ${capability} endpoints`,
    applies: (x) => names.has(x.operation) && (!x.notFoundProbe || x.status === 405 || x.status === 501),
    problems: (x) =>
      NO_ROUTE.includes(x.status ?? 0)
        ? [`${x.method} ${new URL(x.url).pathname} answered ${x.status}: no route for ${x.operation}`]
        : [],
    coverage: (judged) => {
      const seen = new Set(judged.map((x) => x.operation));
      const unseen = ops.filter((o) => !seen.has(o.name)).map((o) => o.name);
      return unseen.length ? `not exercised by this run: ${unseen.join(', ')}` : undefined;
    },
  };
}
