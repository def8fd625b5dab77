import { isObject } from '../../src/dialect/dialect.js';
import { advertises } from '../../src/discovery/target.js';
import type { ScenarioContext } from '../../src/engine/context.js';
import { draw } from '../../src/engine/draws.js';
import type { Selection } from '../../src/protocol/recipes.js';

export interface CatalogIds {
  productIds: string[];
  variantIds: string[];
}

/** An identifier no business will have issued. */
export const unknownId = (): string => `proto-conformance-unknown-${draw()}`;

/**
 * Product and variant ids to test with: from `fixtures` in the config, or else taken from the
 * products the run found (knownProducts). Without either, the checks that need them are not-tested.
 */
export async function catalogIds(t: ScenarioContext): Promise<CatalogIds> {
  const f = t.config.fixtures ?? {};
  const configured = { productIds: f.product_ids ?? [], variantIds: f.variant_ids ?? [] };
  if (configured.productIds.length > 0 && configured.variantIds.length > 0) return configured;
  const products = await knownProducts(t);
  const productIds =
    configured.productIds.length > 0
      ? configured.productIds
      : products.map((p) => p.id).filter((id): id is string => typeof id === 'string');
  const variantIds =
    configured.variantIds.length > 0
      ? configured.variantIds
      : products.flatMap(variantIdsOf).filter((v) => !productIds.includes(v));
  return { productIds: [...new Set(productIds)], variantIds: [...new Set(variantIds)] };
}

export function variantIdsOf(product: unknown): string[] {
  if (!isObject(product) || !Array.isArray(product.variants)) return [];
  return product.variants
    .filter(isObject)
    .map((v) => v.id)
    .filter((id): id is string => typeof id === 'string');
}

/** The products array of a catalog response, objects only. */
export function productsOf(body: unknown): Record<string, unknown>[] {
  return isObject(body) && Array.isArray(body.products) ? body.products.filter(isObject) : [];
}

/** The checks judging the reads knownProducts finds fixtures with: a failure of one explains their absence. */
export const CATALOG_READS = ['catalog-search.response', 'catalog-lookup.response'];

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
  if (ids.length > 0 && advertises(t.target, 'shopping.catalog.lookup')) {
    found.push(...productsOf((await t.call('catalog.lookup', { input: { ids } })).json));
  }
  if (advertises(t.target, 'shopping.catalog.search')) {
    const query = t.config.fixtures?.search_query;
    found.push(...productsOf((await t.call('catalog.search', { input: { query } })).json));
  }
  return found;
}

export type { Selection };

/** The option selections of a variant. */
export function selectionsOf(variant: unknown): Selection[] {
  if (!isObject(variant) || !Array.isArray(variant.options)) return [];
  return variant.options
    .filter(isObject)
    .filter((o) => typeof o.name === 'string' && typeof o.label === 'string') as unknown as Selection[];
}

export function variantsOf(product: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(product.variants) ? product.variants.filter(isObject) : [];
}

/** Option names and their values, from the product's options and its variants. */
export function optionValues(product: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (name: string, label: string) => {
    const list = out.get(name) ?? [];
    if (!list.includes(label)) list.push(label);
    out.set(name, list);
  };
  for (const o of Array.isArray(product.options) ? product.options.filter(isObject) : []) {
    for (const v of Array.isArray(o.values) ? o.values.filter(isObject) : []) {
      if (typeof o.name === 'string' && typeof v.label === 'string') add(o.name, v.label);
    }
  }
  for (const v of variantsOf(product)) for (const s of selectionsOf(v)) add(s.name, s.label);
  return out;
}

export const hasSelections = (
  variant: Record<string, unknown>,
  selections: Selection[],
  known?: Map<string, Selection[]>,
) => selections.every((s) => selectionsFor(variant, known).some((o) => o.name === s.name && o.label === s.label));

/**
 * A variant's selections: its own `options` (a known member, not required), else those recorded
 * for its id in an earlier response; empty when neither says.
 */
export function selectionsFor(variant: Record<string, unknown>, known?: Map<string, Selection[]>): Selection[] {
  const own = selectionsOf(variant);
  return own.length > 0 || typeof variant.id !== 'string' ? own : (known?.get(variant.id) ?? []);
}

/** Variant id to its selections, from every product given. */
export function variantSelections(products: Record<string, unknown>[]): Map<string, Selection[]> {
  const out = new Map<string, Selection[]>();
  for (const p of products)
    for (const v of variantsOf(p))
      if (typeof v.id === 'string' && selectionsOf(v).length) out.set(v.id, selectionsOf(v));
  return out;
}

/**
 * A product is configurable when one of its options has two values or more (Document 1 §Catalog resources, selected).
 */
export const configurable = (product: Record<string, unknown>) =>
  [...optionValues(product).values()].some((labels) => labels.length >= 2);

/** Two values of two options that no variant combines: the case where signals and relaxation matter. */
export function missingCombination(product: Record<string, unknown>): [Selection, Selection] | undefined {
  const options = [...optionValues(product)];
  for (let i = 0; i < options.length; i++) {
    for (let j = i + 1; j < options.length; j++) {
      for (const a of options[i][1]) {
        for (const b of options[j][1]) {
          const pair: [Selection, Selection] = [
            { name: options[i][0], label: a },
            { name: options[j][0], label: b },
          ];
          if (!variantsOf(product).some((v) => hasSelections(v, pair))) return pair;
        }
      }
    }
  }
  return undefined;
}
