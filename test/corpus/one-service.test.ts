import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { referenceRunConfig } from '../../src/reference/run-config.js';
import { startReferenceBusiness } from '../../src/reference/server.js';
import { CORPUS_CONCURRENCY, troubles, unexplained } from './harness.js';
import { awaitsLaterRun } from '../helpers/report.js';

// A business serving one service: the rules over other services' responses do not apply to it.

/** The rules of cross-cutting suites that judge some capabilities' responses only. */
const OVER_SHOPPING = ['signatures.complete-signed', 'signatures.order-signed', 'envelope.no-payment-handlers'];

async function runServing(service: 'shopping' | 'common' | 'lodging') {
  const business = await startReferenceBusiness({ services: [service] });
  try {
    return await check({
      url: business.url,
      config: referenceRunConfig([], business),
      allow: 'irreversible',
      // With the burst, so that nothing is left not-tested for want of consent.
      burst: true,
      ...CORPUS_CONCURRENCY,
    });
  } finally {
    await business.close();
  }
}

describe('a business serving one service', () => {
  it.each(['common', 'lodging'] as const)(
    '%s alone: the rules over shopping responses, and over signatures it does not make, are not-applicable',
    async (s) => {
      const report = await runServing(s);
      expect(troubles(report)).toEqual([]);
      expect(unexplained(report)).toEqual([]);
      const verdicts = OVER_SHOPPING.map((id) => {
        const c = report.checks.find((x) => x.id === id)!;
        return [id, c.verdict, c.message];
      });
      expect(verdicts).toEqual([
        ['signatures.complete-signed', 'not-applicable', 'org.proto.shopping.checkout is not advertised'],
        ['signatures.order-signed', 'not-applicable', 'org.proto.shopping.order is not advertised'],
        [
          'envelope.no-payment-handlers',
          'not-applicable',
          'none of org.proto.shopping.catalog.search, org.proto.shopping.catalog.lookup, org.proto.shopping.cart, org.proto.shopping.order is advertised',
        ],
      ]);
      // It signs none of its responses (optional there): nothing is left not-tested for the want of one. Key
      // retention waits for a later run (--replay-from) where a keyed capability is served.
      expect(report.checks.filter((c) => c.verdict === 'not-tested' && !awaitsLaterRun(c)).map((c) => c.id)).toEqual(
        [],
      );
      const signing = ['signatures.keyid-resolves', 'signatures.verify', 'signatures.content-digest'];
      expect(signing.map((id) => report.checks.find((x) => x.id === id)!)).toEqual(
        signing.map((id) =>
          expect.objectContaining({
            id,
            verdict: 'not-applicable',
            message: expect.stringMatching(
              /^no service response carried a (Signature|Content-Digest) \(optional, .*\), and the run saw \d+ successful service responses$/,
            ),
          }),
        ),
      );
      expect(report.exitCode).toBe(0);
    },
  );

  it('a business with checkout checked for its common service only: what it signs is not reached, so not-tested', async () => {
    const business = await startReferenceBusiness({});
    try {
      const report = await check({
        url: business.url,
        config: referenceRunConfig([], business),
        allow: 'irreversible',
        overrides: { endpoints: new Map(), capabilities: ['common.location.search', 'common.ask'] },
        ...CORPUS_CONCURRENCY,
      });
      const signing = ['signatures.keyid-resolves', 'signatures.verify', 'signatures.content-digest'];
      expect(signing.map((id) => report.checks.find((x) => x.id === id)?.verdict)).toEqual(
        signing.map(() => 'not-tested'),
      );
    } finally {
      await business.close();
    }
  });

  it('shopping alone: the same rules judge its responses', async () => {
    const report = await runServing('shopping');
    expect(troubles(report)).toEqual([]);
    expect(OVER_SHOPPING.map((id) => [id, report.checks.find((x) => x.id === id)?.verdict])).toEqual(
      OVER_SHOPPING.map((id) => [id, 'pass']),
    );
  });
});
