import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, referenceServer, tempDir } from '../helpers/processes.js';
import { failedRequirements, readReport } from '../helpers/report.js';
import type { RunReport } from '../../src/engine/report.js';
import { compatible, type VariationName } from '../../src/reference/variations.js';

interface ListedFault {
  name: string;
  capability: string;
  description: string;
  expect: string[];
}

interface ListedVariation {
  name: string;
  capability: string;
  description: string;
  permitted_by: string;
}

// Both corpora as the product publishes them, read through the real CLI.
const faultListing = await cli(['reference-server', '--list-faults', '--json']);
const variationListing = await cli(['reference-server', '--list-variations', '--json']);
const faults = JSON.parse(faultListing.stdout) as ListedFault[];
const variations = JSON.parse(variationListing.stdout) as ListedVariation[];
const dir = tempDir();

/** Starts the reference business with the given switches, runs the real CLI against it with the config it writes. */
async function runAgainst(name: string, switches: string[], extra: string[] = []): Promise<{ code: number | null; report: RunReport; stdout: string }> {
  const config = join(dir, `${name}.config.json`);
  const server = await referenceServer([...switches, '--write-config', config]);
  try {
    const json = join(dir, `${name}.json`);
    const run = await cli(['run', server.url, '--config', config, '--allow', 'irreversible', '--json', json, ...extra]);
    return { code: run.code, report: readReport(json), stdout: run.stdout };
  } finally {
    await server.stop();
  }
}

const judged = (report: RunReport, verdicts: string[]) =>
  report.checks.filter((c) => verdicts.includes(c.verdict)).map((c) => `${c.id}: ${c.verdict}: ${c.message}`);

/** Fault and variation pairs in the same area, where a naive composition would be most likely to hide the fault. */
const PAIRS: [string, string][] = [
  ['checkout-totals-stale', 'checkout-tax-inclusive'],
  ['checkout-never-ready', 'checkout-no-auto-selection'],
  ['checkout-complete-no-order', 'checkout-async-completion'],
  ['checkout-missing-without-path', 'checkout-several-groups'],
  ['checkout-update-during-completion', 'checkout-async-completion'],
  ['order-checkout-id-wrong', 'ids-need-escaping'],
  ['order-foreign-read-403', 'auth-api-key'],
  ['search-filters-or', 'search-hierarchical-categories'],
  ['search-cursor-repeats', 'search-pagination-minimal'],
  ['product-signals-ignore-selection', 'search-available-variants-only'],
  ['lookup-batch-413', 'lookup-batch-max-5'],
  ['cart-get-empty', 'cart-lines-reordered'],
  ['cart-update-merges', 'ids-need-escaping'],
  ['envelope-status-vocabulary', 'content-type-charset'],
  ['profile-no-endpoint', 'endpoint-other-origin'],
];

describe('the fault corpus', () => {
  it('is listed with complete records', () => {
    expect(faultListing.code).toBe(0);
    expect(faults.length).toBeGreaterThanOrEqual(70);
    for (const f of faults) {
      expect(f.name).toMatch(/^[a-z0-9-]+$/);
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.expect.length).toBeGreaterThan(0);
    }
    expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
  });

  describe.concurrent.each(faults)('fault $name', (fault) => {
    it(`fails exactly ${fault.expect.join(', ')}`, async () => {
      const { code, report } = await runAgainst(`fault-${fault.name}`, ['--fault', fault.name]);
      expect(failedRequirements(report)).toEqual([...fault.expect].sort());
      expect(judged(report, ['error'])).toEqual([]);
      expect(code).toBe(1);
    });
  });
});

describe('the variation corpus', () => {
  it('is listed with complete records, at least 25, citing what permits each', () => {
    expect(variationListing.code).toBe(0);
    expect(variations.length).toBeGreaterThanOrEqual(25);
    for (const v of variations) {
      expect(Object.keys(v)).toEqual(['name', 'capability', 'description', 'permitted_by']);
      expect(v.name).toMatch(/^[a-z0-9-]+$/);
      expect(v.description.length).toBeGreaterThan(40);
      expect(v.permitted_by).toMatch(/^(Document [123] §\S.*"|Not shown)/);
    }
    expect(new Set(variations.map((v) => v.name)).size).toBe(variations.length);
    const areas = new Set(variations.map((v) => v.capability));
    for (const area of ['profile', 'envelope', 'shopping.catalog.search', 'shopping.catalog.lookup', 'shopping.cart', 'shopping.checkout', 'shopping.order']) {
      expect(areas, area).toContain(area);
    }
  });

  describe.concurrent.each(variations)('variation $name', (variation) => {
    it('fails, warns, errors and blocks on nothing', async () => {
      const { code, report } = await runAgainst(`variation-${variation.name}`, ['--variation', variation.name]);
      expect(judged(report, ['fail', 'warn', 'error', 'blocked'])).toEqual([]);
      expect(code).toBe(0);
    });
  });

  it('all mutually compatible variations at once fail, warn, error and block on nothing', async () => {
    // Each variation is kept unless it conflicts with one kept before it.
    const kept = compatible(variations.map((v) => v.name as VariationName));
    expect(kept.length).toBeGreaterThanOrEqual(variations.length - 2);
    const { code, report } = await runAgainst('variation-all', kept.flatMap((n) => ['--variation', n]));
    expect(judged(report, ['fail', 'warn', 'error', 'blocked'])).toEqual([]);
    expect(code).toBe(0);
  });
});

describe('faults and variations compose', () => {
  it('samples at least 10 pairs, each from the corpora', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(10);
    for (const [f, v] of PAIRS) {
      expect(faults.map((x) => x.name)).toContain(f);
      expect(variations.map((x) => x.name)).toContain(v);
    }
  });

  describe.concurrent.each(PAIRS)('fault %s with variation %s', (fault, variation) => {
    it('is still caught exactly', async () => {
      const { code, report } = await runAgainst(`pair-${fault}-${variation}`, ['--fault', fault, '--variation', variation]);
      const expected = faults.find((f) => f.name === fault)!.expect;
      expect(failedRequirements(report)).toEqual([...expected].sort());
      expect(judged(report, ['error'])).toEqual([]);
      expect(code).toBe(1);
    });
  });
});
