import { describe, expect, it } from 'vitest';
import {
  check,
  referenceRunConfig,
  startReferenceBusiness,
  TargetUnusableError,
  type CheckResult,
} from '../../src/index.js';

describe('the library', () => {
  it('checks a business and streams results to a reporter', async () => {
    const business = await startReferenceBusiness({ faults: ['cart-update-merges'] });
    const streamed: CheckResult[] = [];
    try {
      const report = await check({
        url: business.url,
        config: referenceRunConfig(),
        allow: 'irreversible',
        reporters: [{ on: (e) => void (e.type === 'check-concluded' && streamed.push(e.result)) }],
      });
      expect(streamed).toEqual(report.checks);
      expect(report.checks.find((c) => c.id === 'cart.update-replaces')?.verdict).toBe('fail');
      expect(report.exitCode).toBe(1);
    } finally {
      await business.close();
    }
  });

  it('throws TargetUnusableError for a target without a profile', async () => {
    await expect(check({ url: 'http://127.0.0.1:9', timeoutMs: 2000 })).rejects.toBeInstanceOf(TargetUnusableError);
  });
});
