import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Target } from '../../src/discovery/target.js';
import type { ExchangeRule } from '../../src/engine/rule.js';
import { RuleJudge } from '../../src/engine/rules.js';
import type { Exchange } from '../../src/report/exchange.js';
import { exchange } from './scripted-business.js';

const target: Target = {
  url: 'http://127.0.0.1:1',
  dialect: PROTO_DIALECT,
  services: new Map(),
  capabilities: new Set(),
  excluded: new Set(),
  advertised: [],
};

/**
 * Judges signed responses, whose signature the business may leave out; verifiable only when marked.
 * Its choice shows on complete responses.
 */
const signedRule: ExchangeRule = {
  check: { id: 'r.signed', title: 'signed responses verify', requirements: ['T-MUST'] },
  appliesTo: 'signed service responses this tool can verify',
  optional: {
    carries: (x) => x.signatures !== undefined,
    what: 'a Signature (optional)',
    shownOn: { applies: (x) => x.operation === 'checkout.complete', words: () => 'complete responses' },
  },
  applies: (x) => Array.isArray(x.signatures) && x.signatures.some((f) => f.result === 'valid'),
  problems: () => [],
};

function settle(exchanges: Exchange[]) {
  const judge = new RuleJudge([signedRule], target);
  for (const x of exchanges) judge.see(x);
  return judge.settle(signedRule);
}

const complete = (extra: Partial<Exchange> = {}) => exchange({ operation: 'checkout.complete', ...extra });

describe('an exchange rule over what the business may leave out', () => {
  it('is not-applicable when the responses that show the choice came and none carried it', () => {
    const profile = exchange({ operation: 'profile', service: undefined, signatures: [] });
    expect(settle([profile, exchange({}), complete(), complete()])).toMatchObject({
      verdict: 'not-applicable',
      message: 'no service response carried a Signature (optional), and the run saw 2 complete responses',
    });
  });

  it('stays not-tested when the run lacked those responses, or one carried it and none could be judged', () => {
    // Unsigned searches say nothing of the completes the run never reached.
    expect(settle([exchange({}), exchange({})])).toMatchObject({
      verdict: 'not-tested',
      message: /none of the run's 2 answered/,
    });
    // A signature on some service response: the business signs, and this run could judge none.
    expect(settle([complete(), exchange({ signatures: [] })]).verdict).toBe('not-tested');
    // Only the profile was signed: that is not a service response.
    expect(settle([complete(), exchange({ operation: 'profile', service: undefined, signatures: [] })]).verdict).toBe(
      'not-applicable',
    );
    // A complete never answered (a transport error) shows nothing.
    expect(settle([complete({ status: undefined })]).verdict).toBe('not-tested');
  });

  it('judges what it applies to as any rule does', () => {
    const valid = exchange({
      signatures: [{ label: 'sig1', keyid: 'k', result: 'valid', components: ['@status'] }] as Exchange['signatures'],
    });
    expect(settle([complete(), valid])).toMatchObject({ verdict: 'pass', message: /held on 1 signed/ });
  });
});

/** Fails an exchange whose `names` member is an id the run read, anywhere in it. */
const namesRead: ExchangeRule = {
  check: { id: 'r.named', title: 'names nothing read', requirements: ['T-MUST'] },
  appliesTo: 'exchanges that name something',
  atEnd: true,
  applies: (x) => typeof (x.json as { names?: unknown })?.names === 'string',
  problems: (x, r) => {
    const name = (x.json as { names: string }).names;
    if (name === 'throw') throw new Error('rule broke');
    return r.idsRead.has(name) ? [`names ${name}`] : [];
  },
};

describe('an exchange rule judged at the run end', () => {
  it('sees every id the run read, whichever came first', () => {
    const naming = exchange({ json: { names: 'prod-9' } });
    const reading = exchange({ json: { products: [{ id: 'prod-9', variants: [{ id: 'v-1' }] }] } });
    for (const order of [
      [naming, reading],
      [reading, naming],
    ]) {
      const judge = new RuleJudge([namesRead], target);
      for (const x of order) judge.see(x);
      expect(judge.settle(namesRead)).toMatchObject({
        verdict: 'broken',
        message: expect.stringMatching(/names prod-9$/),
      });
    }
    const judge = new RuleJudge([namesRead], target);
    judge.see(exchange({ json: { names: 'prod-8' } }));
    judge.see(reading);
    expect(judge.settle(namesRead).verdict).toBe('pass');
  });

  it('reports its own defect at the end, as a rule judged on arrival would', () => {
    const judge = new RuleJudge([namesRead], target);
    judge.see(exchange({ json: { names: 'throw' } }));
    expect(judge.settle(namesRead)).toMatchObject({
      verdict: 'error',
      message: /harness defect judging #\d+: rule broke/,
    });
  });
});
