import type { RunConfig } from '../config/config.js';
import { PRODUCTS } from './catalog-data.js';

/** The config a full run against the reference business needs (`reference-server --write-config`). */
export function referenceRunConfig(): RunConfig {
  const withOptions = PRODUCTS.filter((p) => p.variants.length > 1 && !p.unavailable);
  return {
    fixtures: {
      product_ids: PRODUCTS.slice(1, 4).map((p) => p.id),
      variant_ids: withOptions.slice(0, 2).map((p) => p.variants[1].id),
      lookup_batch_ceiling: 100,
    },
  };
}
