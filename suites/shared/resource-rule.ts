import type { ExchangeRule } from '../../src/engine/rule.js';
import type { CheckSpec } from '../../src/engine/suite.js';
import { carriesResourceOf } from '../../src/protocol/envelope.js';
import { operationsOf } from '../../src/protocol/operations.js';

/**
 * The response schema of the operations table, as a rule over every exchange: each successful
 * answer of one of the capability's operations that carries its resource matches the schema the
 * table names for that operation.
 */
export function resourceRule(
  capability: string,
  check: CheckSpec,
  appliesTo: string,
  /** Takes out of the body what another rule of the suite judges, so one defect fails one check. */
  judgedElsewhere: (body: unknown) => unknown = (body) => body,
): ExchangeRule {
  const ops = new Map(operationsOf(capability).map((o) => [o.name, o]));
  return {
    check,
    appliesTo,
    applies: (x, r) => ops.has(x.operation) && carriesResourceOf(x, r.dialect.envelopeKey),
    problems: (x, r) => r.validate(ops.get(x.operation)!.responseSchema, judgedElsewhere(x.json)),
  };
}
