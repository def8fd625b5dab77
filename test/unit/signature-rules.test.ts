import { describe, expect, it } from 'vitest';
import { PROTO_DIALECT } from '../../src/dialect/dialect.js';
import type { Target } from '../../src/discovery/target.js';
import { RuleJudge } from '../../src/engine/rules.js';
import type { Exchange } from '../../src/report/exchange.js';
import { signaturesSuite } from '../../suites/signatures/suite.js';
import { exchange } from './scripted-business.js';

// The signature rules of a business that signs nothing (Document 1 §Authentication: response
// signatures and Content-Digest are optional), judged over exchanges made here.

const RULES = signaturesSuite.rules ?? [];
const rule = (id: string) => {
  const found = RULES.find((r) => r.check.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};
const OPTIONAL = ['signatures.keyid-resolves', 'signatures.verify', 'signatures.content-digest'];

const target = (capabilities: string[], excluded: string[] = []): Target => ({
  url: 'http://127.0.0.1:1',
  dialect: PROTO_DIALECT,
  services: new Map(),
  capabilities: new Set(capabilities),
  excluded: new Set(excluded),
  advertised: [],
});

/** A 200 to `operation` carrying its resource, unsigned. */
const call = (operation: string, extra: Partial<Exchange> = {}): Exchange =>
  exchange({ operation, json: { id: 'r1', status: 'completed', proto: { version: '2026-01-01' } }, ...extra });

function settle(t: Target, exchanges: Exchange[], id: string) {
  const judge = new RuleJudge(RULES, t);
  for (const x of exchanges) judge.see(x);
  return judge.settle(rule(id));
}
const verdicts = (t: Target, exchanges: Exchange[]) => OPTIONAL.map((id) => settle(t, exchanges, id).verdict);

const SHOPPING = ['shopping.checkout', 'shopping.order'];

describe('a business with checkout or order that signs nothing', () => {
  it('is not-applicable once the run saw its complete checkout and order responses', () => {
    const run = [call('catalog.search'), call('checkout.complete'), call('order.get')];
    for (const id of OPTIONAL) {
      expect(settle(target(SHOPPING), run, id)).toMatchObject({
        verdict: 'not-applicable',
        message: expect.stringMatching(
          /^no service response carried a (Signature|Content-Digest) \(optional, Document 1 §Authentication\), and the run saw 2 complete checkout and order responses, those Document 1 advises signing$/,
        ),
      });
    }
    expect(settle(target(['shopping.order']), [call('order.get')], OPTIONAL[0]).verdict).toBe('not-applicable');
    expect(settle(target(['shopping.checkout']), [call('checkout.complete')], OPTIONAL[1]).verdict).toBe(
      'not-applicable',
    );
  });

  it('counts a capability --capabilities left out as the business’s', () => {
    const run = [call('catalog.search'), call('catalog.lookup')];
    // Searches are not where such a business shows the choice.
    expect(verdicts(target(['shopping.catalog'], ['shopping.checkout']), run)).toEqual(Array(3).fill('not-tested'));
    expect(verdicts(target(['shopping.catalog'], ['shopping.order']), run)).toEqual(Array(3).fill('not-tested'));
    // With neither, the searches show it.
    expect(verdicts(target(['shopping.catalog']), run)).toEqual(Array(3).fill('not-applicable'));
  });

  it('stays not-tested on responses that carry no resource or no order', () => {
    const t = target(SHOPPING);
    const none = [
      call('checkout.complete', { status: 400, json: { messages: [] } }),
      call('checkout.complete', { status: undefined, json: undefined }),
      call('checkout.complete', { json: { proto: { status: 'error' }, messages: [] } }),
      call('order.get', { status: 404 }),
      call('order.get', { json: 'order' }),
      call('checkout.create'),
    ];
    expect(verdicts(t, none)).toEqual(Array(3).fill('not-tested'));
  });

  it('stays not-tested once a service response carried the option, each option on its own', () => {
    const t = target(SHOPPING);
    const signedSearch = call('catalog.search', { signatures: [] });
    expect(verdicts(t, [call('checkout.complete'), signedSearch]).slice(0, 2)).toEqual(['not-tested', 'not-tested']);
    // The Content-Digest is its own option: an unsigned response carrying one leaves the signature rules
    // not-applicable.
    const digested = call('checkout.complete', {
      contentDigest: { result: 'unsupported' } as Exchange['contentDigest'],
    });
    expect(verdicts(t, [digested])).toEqual(['not-applicable', 'not-applicable', 'not-tested']);
  });
});

describe('a business with neither checkout nor order that signs nothing', () => {
  const t = target(['common.locations']);

  it('is not-applicable once the run saw a successful service response', () => {
    for (const status of [200, 201, 299]) {
      expect(settle(t, [call('locations.search', { status, json: { results: [] } })], OPTIONAL[0])).toMatchObject({
        verdict: 'not-applicable',
        message:
          'no service response carried a Signature (optional, Document 1 §Authentication), and the run saw 1 successful service responses',
      });
    }
  });

  it('stays not-tested when every service response failed or none came', () => {
    const failed = [199, 300, 401, 500].map((status) => call('locations.search', { status }));
    const profile = call('profile', { service: undefined });
    const unanswered = call('locations.search', { status: undefined });
    expect(verdicts(t, [...failed, profile, unanswered])).toEqual(Array(3).fill('not-tested'));
  });
});

describe('the signing SHOULDs of checkout and order', () => {
  it('are declared for those capabilities, so a business without them has nothing they apply to', () => {
    expect(rule('signatures.complete-signed').capabilities).toEqual(['shopping.checkout']);
    expect(rule('signatures.order-signed').capabilities).toEqual(['shopping.order']);
  });
});

describe('what a response signature covers', () => {
  const signed = (...covered: string[][]): Exchange =>
    call('checkout.complete', {
      signatures: covered.map((components, i) => ({
        label: `sig${i + 1}`,
        keyid: 'k1',
        components,
        result: 'valid' as const,
      })),
      contentDigest: { header: 'sha-256=:AA==:', result: 'canonical' },
    });
  const FULL = ['@status', 'content-type', 'content-digest'];

  it('holds a signature over content-type and content-digest, whatever else it covers', () => {
    const r = settle(target(SHOPPING), [signed(FULL), signed([...FULL, '@method'], FULL)], 'signatures.covers-body');
    expect(r.verdict).toBe('pass');
  });

  it('fails one over @status alone, or one leaving either out, naming the signature and what it left out', () => {
    const r = settle(target(SHOPPING), [signed(['@status'])], 'signatures.covers-body');
    expect(r).toMatchObject({
      verdict: 'broken',
      message: expect.stringContaining('sig1 covers @status, not content-type or content-digest'),
    });
    const second = settle(target(SHOPPING), [signed(FULL, ['@status', 'content-type'])], 'signatures.covers-body');
    expect(second.message).toContain('sig2 covers @status content-type, not content-digest');
    expect(second.message).not.toContain('sig1');
    const none = settle(target(SHOPPING), [signed([])], 'signatures.covers-body');
    expect(none.message).toContain('sig1 covers nothing, not content-type or content-digest');
  });

  it('cites the derived reading of the listed components', () => {
    expect(rule('signatures.covers-body').check.requirements).toEqual(['SIG-013']);
  });
});
