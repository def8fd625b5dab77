import { isObject } from '../../src/dialect/dialect.js';
import type { ScenarioContext } from '../../src/engine/context.js';

export interface CatalogIds {
  productIds: string[];
  variantIds: string[];
}

/** An identifier no business will have issued. */
export const unknownId = (): string => `proto-conformance-unknown-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Product and variant ids to test with: from `fixtures` in the config, or else taken from the
 * products the run found (knownProducts). Without either, the checks that need them are not-tested.
 */
export async function catalogIds(t: ScenarioContext): Promise<CatalogIds> {
  const f = t.config.fixtures ?? {};
  const configured = { productIds: f.product_ids ?? [], variantIds: f.variant_ids ?? [] };
  if (configured.productIds.length > 0 && configured.variantIds.length > 0) return configured;
  const products = await knownProducts(t);
  const productIds = configured.productIds.length > 0
    ? configured.productIds
    : products.map((p) => p.id).filter((id): id is string => typeof id === 'string');
  const variantIds = configured.variantIds.length > 0
    ? configured.variantIds
    : products.flatMap(variantIdsOf).filter((v) => !productIds.includes(v));
  return { productIds: [...new Set(productIds)], variantIds: [...new Set(variantIds)] };
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

/**
 * Products with their full variant lists, to pick fixtures from: the configured products through
 * lookup, and the first page of a search. Found once per run.
 */
export function knownProducts(t: ScenarioContext): Promise<Record<string, unknown>[]> {
  return t.once('known-products', () => findProducts(t));
}

async function findProducts(t: ScenarioContext): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const ids = t.config.fixtures?.product_ids ?? [];
  if (ids.length > 0 && t.target.capabilities.has('shopping.catalog.lookup')) {
    found.push(...productsOf((await t.call('catalog.lookup', { body: { ids } })).json));
  }
  if (t.target.capabilities.has('shopping.catalog.search')) {
    const query = t.config.fixtures?.search_query;
    found.push(...productsOf((await t.call('catalog.search', { body: query ? { query } : {} })).json));
  }
  return found;
}

export type Selection = { name: string; label: string };

/** The option selections of a variant. */
export function selectionsOf(variant: unknown): Selection[] {
  if (!isObject(variant) || !Array.isArray(variant.options)) return [];
  return variant.options.filter(isObject)
    .filter((o) => typeof o.name === 'string' && typeof o.label === 'string') as Selection[];
}

export function variantsOf(product: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(product.variants) ? product.variants.filter(isObject) : [];
}

/** Option names and their values, from the product's options or else from its variants. */
export function optionValues(product: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of variantsOf(product)) {
    for (const s of selectionsOf(v)) {
      const list = out.get(s.name) ?? [];
      if (!list.includes(s.label)) list.push(s.label);
      out.set(s.name, list);
    }
  }
  return out;
}

export const hasSelections = (variant: Record<string, unknown>, selections: Selection[]) =>
  selections.every((s) => selectionsOf(variant).some((o) => o.name === s.name && o.label === s.label));

/** Two values of two options that no variant combines: the case where signals and relaxation matter. */
export function missingCombination(product: Record<string, unknown>): [Selection, Selection] | undefined {
  const options = [...optionValues(product)];
  for (let i = 0; i < options.length; i++) {
    for (let j = i + 1; j < options.length; j++) {
      for (const a of options[i][1]) {
        for (const b of options[j][1]) {
          const pair: [Selection, Selection] = [{ name: options[i][0], label: a }, { name: options[j][0], label: b }];
          if (!variantsOf(product).some((v) => hasSelections(v, pair))) return pair;
        }
      }
    }
  }
  return undefined;
}
