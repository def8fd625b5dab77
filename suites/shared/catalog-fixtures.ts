import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';

export interface CatalogIds {
  productIds: string[];
  variantIds: string[];
}

/** An identifier no business will have issued. */
export const unknownId = (): string => `proto-conformance-unknown-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Product and variant ids to test with: from `fixtures` in the config, or else found with a
 * catalog search when search is advertised. Without either, the checks that need them are not-tested.
 */
export async function catalogIds(t: ScenarioContext): Promise<CatalogIds> {
  const f = t.config.fixtures ?? {};
  let productIds = f.product_ids ?? [];
  let variantIds = f.variant_ids ?? [];
  if ((productIds.length === 0 || variantIds.length === 0) && t.target.capabilities.has('shopping.catalog.search')) {
    const x = await t.call('catalog.search', { body: f.search_query ? { query: f.search_query } : {} });
    const products = isObject(x.json) && Array.isArray(x.json.products) ? x.json.products.filter(isObject) : [];
    if (productIds.length === 0) productIds = products.map((p) => p.id).filter((id): id is string => typeof id === 'string');
    if (variantIds.length === 0) variantIds = products.flatMap(variantIdsOf).filter((v) => !productIds.includes(v));
  }
  return { productIds, variantIds };
}

export function variantIdsOf(product: unknown): string[] {
  if (!isObject(product) || !Array.isArray(product.variants)) return [];
  return product.variants.filter(isObject).map((v) => v.id).filter((id): id is string => typeof id === 'string');
}

/** The products array of a catalog response, objects only. */
export function productsOf(body: unknown): Record<string, unknown>[] {
  return isObject(body) && Array.isArray(body.products) ? body.products.filter(isObject) : [];
}

export const NEEDS_PRODUCT_IDS = 'fixtures.product_ids in --config (or the search capability, to find some)';
export const NEEDS_VARIANT_IDS = 'fixtures.variant_ids in --config (or the search capability, to find some)';
