import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Target } from '../../src/discovery/target.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { RuleJudge } from '../../src/engine/rules.js';
import type { Exchange } from '../../src/report/exchange.js';

const target: Target = {
  url: 'http://127.0.0.1:1',
  dialect: PROTO_DIALECT,
  services: new Map(),
  capabilities: new Set(),
  excluded: new Set(),
  advertised: [],
};

let seq = 0;
const exchange = (extra: Partial<Exchange>): Exchange => ({
  seq: ++seq,
  operation: 'catalog.search',
  service: 'shopping',
  method: 'POST',
  url: 'http://127.0.0.1:1/shopping/catalog/search',
  requestHeaders: {},
  status: 200,
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  ...extra,
});

/** Judges signed responses, whose signature the business may leave out; verifiable only when marked. */
const signedRule: ExchangeRule = {
  check: { id: 'r.signed', title: 'signed responses verify', requirements: ['T-MUST'] },
  appliesTo: 'signed service responses this tool can verify',
  optional: { carries: (x) => x.signatures !== undefined, absent: 'carried a Signature, which is optional' },
  applies: (x) => Array.isArray(x.signatures) && x.signatures.some((f) => f.result === 'valid'),
  problems: () => [],
};

function settle(exchanges: Exchange[]) {
  const judge = new RuleJudge([signedRule], target);
  for (const x of exchanges) judge.see(x);
  return judge.settle(signedRule);
}

describe('an exchange rule over what the business may leave out', () => {
  it('is not-applicable when no service response carried it: the business chose not to', () => {
    const profile = exchange({ operation: 'profile', service: undefined, signatures: [] });
    expect(settle([profile, exchange({}), exchange({})])).toMatchObject({
      verdict: 'not-applicable',
      message: "none of the run's 2 service responses carried a Signature, which is optional",
    });
  });

  it('stays not-tested when the run got no service response, or one carried it and none could be judged', () => {
    const profile = exchange({ operation: 'profile', service: undefined });
    expect(settle([profile])).toMatchObject({ verdict: 'not-tested', message: /none of the run's 1 answered/ });
    const unverifiable = exchange({ signatures: [] });
    expect(settle([exchange({}), unverifiable]).verdict).toBe('not-tested');
    // A response never answered (a transport error) is not one the business chose to leave unsigned.
    expect(settle([exchange({ status: undefined })]).verdict).toBe('not-tested');
  });

  it('judges what it applies to as any rule does', () => {
    const valid = exchange({
      signatures: [{ label: 'sig1', keyid: 'k', result: 'valid', components: ['@status'] }] as Exchange['signatures'],
    });
    expect(settle([exchange({}), valid])).toMatchObject({ verdict: 'pass', message: /held on 1 signed/ });
  });
});
