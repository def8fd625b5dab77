import { isObject } from '../../dialect/dialect.js';
import { CURRENCY, findItem, LOOKUP_BATCH_MAX, PRODUCTS, type SeedProduct, type SeedVariant } from './catalog-data.js';
import type { FaultSet } from '../switches.js';
import {
  businessError,
  resource,
  transportError,
  type HandlerRequest,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import type { VariationSet } from '../switches.js';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

type Json = Record<string, unknown>;

/** POST /catalog/search */
export function search({ body, faults, variations }: HandlerRequest): Reply {
  const query = typeof body.query === 'string' ? body.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const filters = isObject(body.filters) ? body.filters : {};
  const categories = Array.isArray(filters.categories) ? filters.categories.filter((c) => typeof c === 'string') : [];
  const maxPrice = isObject(filters.price) && typeof filters.price.max === 'number' ? filters.price.max : undefined;
  if (faults.has('search-filters-refused-400') && (categories.length > 0 || maxPrice !== undefined)) {
    return transportError(400, 'invalid_request', 'filters are not supported');
  }
  const matches = PRODUCTS.filter((p) => {
    const text = `${p.title} ${p.description}`.toLowerCase();
    const inCategory =
      categories.length === 0 || p.categories.some((c) => categories.some((f) => categoryMatches(c, f, variations)));
    const inPrice = maxPrice === undefined || faults.has('search-ignores-price-filter') || minPrice(p) <= maxPrice;
    const filtered =
      faults.has('search-filters-or') && categories.length > 0 && maxPrice !== undefined
        ? inCategory || inPrice
        : inCategory && inPrice;
    return query.every((w) => text.includes(w)) && filtered;
  });
  if (matches.length === 0 && faults.has('search-no-match-404')) {
    return transportError(404, 'not_found', 'no product matches the query');
  }
  if (matches.length === 0 && faults.has('search-no-match-404-nearest')) {
    // An HTTP error body (code and content) that still answers with a ranking.
    const products = PRODUCTS.slice(0, 3).map((p) => searchProductJson(p, faults, variations));
    return resource({ code: 'not_found', content: 'no product matches the query', products }, 404);
  }
  if (matches.length === 0 && variations.has('search-nearest-when-no-match')) matches.push(...PRODUCTS.slice(0, 3));
  if (matches.length === 0 && faults.has('search-no-match-no-products')) return resource({});
  const pagination = isObject(body.pagination) ? body.pagination : {};
  const requested =
    typeof pagination.limit === 'number' && pagination.limit >= 1 ? Math.min(pagination.limit, MAX_LIMIT) : undefined;
  let limit =
    requested ??
    (faults.has('search-default-page-20') ? 20 : faults.has('search-default-page-short') ? 5 : DEFAULT_LIMIT);
  if (faults.has('search-ignores-limit')) limit = DEFAULT_LIMIT;
  // Where the cursor comes back is not shown: pagination.cursor, or a top-level cursor (a variation).
  const sent = variations.has('search-cursor-top-level') ? body.cursor : pagination.cursor;
  const offset = typeof sent === 'string' ? decodeCursor(sent) : 0;
  if (offset === undefined)
    return transportError(400, 'invalid_cursor', 'pagination.cursor is not one this business issued');
  const page = matches.slice(offset, offset + limit);
  let next = offset + page.length;
  // The faulty cursor points one product back, so each page repeats the last of the one before.
  if (faults.has('search-cursor-repeats') && next < matches.length && page.length > 1) next -= 1;
  const more = next < matches.length || (faults.has('search-last-page-has-next') && page.length > 0);
  const total = variations.has('search-total-count-estimate')
    ? Math.ceil((matches.length + 1) / 10) * 10
    : matches.length;
  // A cursor past the end (a variation) leads to an empty page; the faults drop a cursor owed.
  const lastCursor = !more && variations.has('search-cursor-on-last-page');
  const dropped =
    faults.has('search-has-next-without-cursor') || (faults.has('search-later-pages-without-cursor') && offset > 0);
  const answer = variations.has('search-pagination-minimal')
    ? more || lastCursor
      ? { cursor: encodeCursor(next) }
      : undefined
    : {
        has_next_page: more,
        total_count: total,
        ...((more && !dropped) || lastCursor ? { cursor: encodeCursor(next) } : {}),
      };
  return resource({
    [faults.has('search-results-member') ? 'results' : 'products']: page.map((p) =>
      outOfStockAsNull(searchProductJson(p, faults, variations), faults),
    ),
    ...(answer ? { pagination: answer } : {}),
  });
}

/** A product as search lists it: some businesses list fewer members or variants there. */
function searchProductJson(p: SeedProduct, faults: FaultSet, variations: VariationSet): Json {
  const json = productJson(p, faults, variations);
  if (variations.has('search-products-without-options')) delete json.options;
  if (faults.has('search-products-no-price-range')) delete json.price_range;
  if (variations.has('search-available-variants-only')) {
    json.variants = (json.variants as Json[]).filter(
      (v) => isObject(v.availability) && v.availability.available === true,
    );
  }
  if (variations.has('search-featured-variant-only')) json.variants = (json.variants as Json[]).slice(0, 1);
  return json;
}

/** A category filter value against a product category: exactly, or (hierarchical) any path segment, any case. */
function categoryMatches(category: string, filter: string, variations: VariationSet): boolean {
  if (!variations.has('search-hierarchical-categories')) return category === filter;
  const f = filter.toLowerCase().trim();
  const path = categoryPath(category).toLowerCase();
  return path === f || path.split(' > ').includes(f);
}

const categoryPath = (category: string) => `Shop > ${category[0].toUpperCase()}${category.slice(1)}`;

/** POST /catalog/lookup */
export function lookup({ body, faults, variations }: HandlerRequest): Reply {
  if (!Array.isArray(body.ids) || !body.ids.every((id) => typeof id === 'string')) {
    return transportError(400, 'invalid_request', 'ids is required: an array of strings');
  }
  const ids = body.ids as string[];
  if (variations.has('lookup-batch-429') && ids.length > 8)
    return transportError(429, 'rate_limited', 'too many identifiers at once; slow down');
  const max = variations.has('lookup-batch-max-5')
    ? 5
    : variations.has('lookup-batch-unlimited')
      ? Number.POSITIVE_INFINITY
      : LOOKUP_BATCH_MAX;
  // lookup-batch-counts-distinct-ids: a repeated id counts once against the maximum.
  const size = variations.has('lookup-batch-counts-distinct-ids') ? new Set(ids).size : ids.length;
  if (size > max) {
    if (faults.has('lookup-batch-500')) return transportError(500, 'internal_error', 'lookup failed');
    if (faults.has('lookup-batch-413')) return transportError(413, 'payload_too_large', 'too many ids');
    if (faults.has('lookup-batch-413-request-too-large'))
      return transportError(413, 'request_too_large', `at most ${max} ids per lookup`);
    if (faults.has('lookup-batch-wrong-code'))
      return transportError(400, 'invalid_request', `at most ${max} ids per lookup`);
    return transportError(400, 'request_too_large', `at most ${max} ids per lookup`);
  }
  const found = new Map<string, { product: SeedProduct; inputs: Map<string, { id: string; match: string }[]> }>();
  const messages: ReplyMessage[] = [];
  for (const [i, id] of ids.entries()) {
    // lookup-first-id-only: the ids after the first are never looked at.
    const resolved = i > 0 && faults.has('lookup-first-id-only') ? undefined : resolve(id, variations);
    const refused =
      resolved &&
      (resolved.byVariant ? faults.has('lookup-rejects-variant-ids') : faults.has('lookup-variant-ids-only'));
    const hit = refused ? undefined : resolved;
    if (!hit) {
      if (!faults.has('lookup-silent-not-found')) {
        messages.push({
          type: faults.has('message-type-vocabulary') ? ('information' as 'info') : 'info',
          code: 'not_found',
          content: id,
        });
      }
      continue;
    }
    const entry = found.get(hit.product.id) ?? { product: hit.product, inputs: new Map() };
    const list = entry.inputs.get(hit.variant.id) ?? [];
    list.push({ id, match: hit.byVariant ? 'exact' : 'featured' });
    entry.inputs.set(hit.variant.id, list);
    found.set(hit.product.id, entry);
  }
  if (messages.length > 0 && faults.has('lookup-not-found-404')) {
    return transportError(404, 'not_found', `unknown ids: ${messages.map((m) => m.content).join(', ')}`);
  }
  const products = [...found.values()].map(({ product, inputs }) => {
    const json = productJson(product, faults, variations);
    if (!faults.has('lookup-drops-inputs')) {
      json.variants = (json.variants as Json[]).map((v, k) => {
        const i = inputs.get(product.variants[k].id);
        // The faulty business also names the product's handle, which nobody asked for.
        const stray = faults.has('lookup-inputs-extra-id') ? [{ id: product.handle, match: 'handle' }] : [];
        return i ? { ...v, inputs: [...i, ...stray] } : v;
      });
    }
    if (faults.has('lookup-detail-without-variants')) delete json.variants;
    return json;
  });
  // lookup-none-resolve-suggests: when nothing resolves, the catalog's last product is offered instead;
  // lookup-answers-featured-product: it is offered whatever resolves.
  const suggested = [productJson(PRODUCTS[PRODUCTS.length - 1], faults, variations)];
  const offered =
    faults.has('lookup-answers-featured-product') ||
    (products.length === 0 && faults.has('lookup-none-resolve-suggests'))
      ? suggested
      : products;
  return resource(
    { products: offered, ...(messages.length ? { messages } : {}) },
    faults.has('lookup-and-detail-203') ? 203 : 200,
  );
}

/** POST /catalog/product */
export function product({ body, faults, variations }: HandlerRequest): Reply {
  if (typeof body.id !== 'string') return transportError(400, 'invalid_request', 'id is required: a string');
  const found = resolve(body.id, variations);
  // product-detail-variant-id-wrong-product: a variant id is answered with the catalog's first product.
  const hit =
    found?.byVariant && faults.has('product-detail-variant-id-wrong-product')
      ? { product: PRODUCTS[0], variant: PRODUCTS[0].variants[0], byVariant: false }
      : found;
  const refused =
    hit && (hit.byVariant ? faults.has('product-detail-products-only') : faults.has('product-detail-variants-only'));
  if (!hit || refused) {
    if (faults.has('product-not-found-404'))
      return transportError(404, 'not_found', `no product or variant ${body.id}`);
    return businessError([
      { type: 'error', code: 'not_found', content: `no product or variant ${body.id}`, severity: 'unrecoverable' },
    ]);
  }
  const p = hit.product;
  const requested = selectionsOf(body.selected);
  const start = requested ?? hit.variant.options;
  const preferences = Array.isArray(body.preferences)
    ? body.preferences.filter((x): x is string => typeof x === 'string')
    : [];
  if (
    requested &&
    faults.has('product-unmatched-selection-not-found') &&
    !p.variants.some((v) => matches(v, requested))
  ) {
    return businessError([
      {
        type: 'error',
        code: 'not_found',
        content: `no variant of ${p.id} matches the selections`,
        severity: 'unrecoverable',
      },
    ]);
  }
  const kept = relax(p, start, preferences, faults);
  const variants = p.variants.filter((v) => matches(v, kept));
  const featured = variants[0] ?? p.variants[0];
  const json = productJson(p, faults, variations);
  if (!faults.has('product-variants-ignore-selection')) {
    const kept = (_: Json, k: number) => variants.includes(p.variants[k]);
    // product-unmatched-variants-null: the variants the selections rule out are nulled in place, not dropped.
    json.variants = faults.has('product-unmatched-variants-null')
      ? (json.variants as Json[]).map((v, k) => (kept(v, k) ? v : null))
      : (json.variants as Json[]).filter(kept);
  }
  if (requested && p.options.length > 0 && !faults.has('product-no-option-signals')) {
    json.options = p.options.map((o) => ({
      name: optionName(o.name, faults),
      values: o.values.map((label) => ({
        label: optionLabel(label, faults),
        ...signals(p, o.name, label, requested, faults),
      })),
    }));
  }
  if (p.options.length > 0 && !faults.has('product-no-selected'))
    json.selected = faults.has('product-selected-empty') ? [] : selectedOf(p, featured, faults);
  if (variations.has('product-detail-without-options')) delete json.options;
  if (variations.has('product-detail-variants-without-options'))
    json.variants = (json.variants as Json[]).map(({ options: _o, ...v }) => v);
  if (faults.has('product-detail-id-is-handle')) json.id = p.handle;
  if (faults.has('lookup-detail-without-variants')) delete json.variants;
  return resource(
    { product: faults.has('product-detail-product-array') ? [json] : json },
    faults.has('lookup-and-detail-203') ? 203 : 200,
  );
}

type Selection = { name: string; label: string };

/** A product or variant id, or (lookup-accepts-sku) a variant's SKU. */
function resolve(id: string, variations: VariationSet): ReturnType<typeof findItem> {
  const found = findItem(id);
  if (found || !variations.has('lookup-accepts-sku')) return found;
  for (const product of PRODUCTS) {
    const variant = product.variants.find((v) => v.sku === id);
    if (variant) return { product, variant, byVariant: true };
  }
  return undefined;
}

function selectionsOf(value: unknown): Selection[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).filter((s) => typeof s.name === 'string' && typeof s.label === 'string') as Selection[];
}

const matches = (v: SeedVariant, selections: Selection[]) =>
  selections.every((s) => v.options.some((o) => o.name === s.name && o.label === s.label));

/**
 * Drops selections until a variant matches: first those not named in preferences, then from the
 * end of preferences (the faulty business drops from the front).
 */
function relax(p: SeedProduct, selections: Selection[], preferences: string[], faults: FaultSet): Selection[] {
  const rank = (s: Selection) => {
    const i = preferences.indexOf(s.name);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  let kept = [...selections].sort((a, b) => rank(a) - rank(b));
  while (kept.length > 0 && !p.variants.some((v) => matches(v, kept))) {
    const unranked = kept.findIndex((s) => rank(s) === Number.MAX_SAFE_INTEGER);
    if (unranked !== -1) kept.splice(unranked, 1);
    else if (faults.has('product-relaxes-from-front')) kept = kept.slice(1);
    else kept = kept.slice(0, -1);
  }
  return kept;
}

/** The selections anchoring the featured variant (faults name a wrong label, or an option the product lacks). */
function selectedOf(p: SeedProduct, featured: SeedVariant, faults: FaultSet): Selection[] {
  const selected = featured.options.map((o, i) => {
    if (i > 0 || !faults.has('product-selected-wrong-label')) return o;
    const other = p.options.find((x) => x.name === o.name)?.values.find((v) => v !== o.label);
    return { name: o.name, label: other ?? o.label };
  });
  return faults.has('product-selected-unknown-option') ? [...selected, { name: 'Flavour', label: 'Mint' }] : selected;
}

/** available and exists of one option value, relative to the other selections. */
function signals(p: SeedProduct, option: string, label: string, selections: Selection[], faults: FaultSet) {
  const others = faults.has('product-signals-ignore-selection') ? [] : selections.filter((s) => s.name !== option);
  const candidates = p.variants.filter((v) => matches(v, [...others, { name: option, label }]));
  const available =
    !faults.has('product-signals-available-wrong') && candidates.some((v) => v.available && !p.unavailable);
  // product-signals-exists-inverted: exists says the opposite of what the variants show.
  const exists = faults.has('product-signals-exists-inverted') ? candidates.length === 0 : candidates.length > 0;
  return {
    ...(faults.has('product-signals-no-available') ? {} : { available }),
    ...(faults.has('product-signals-no-exists') ? {} : { exists }),
  };
}

export function productJson(p: SeedProduct, faults: FaultSet, variations: VariationSet): Json {
  const prices = p.variants.map((v) => v.price);
  const money = (amount: number) => ({ amount, currency: CURRENCY });
  const json: Json = {
    id: p.id,
    handle: p.handle,
    title: p.title,
    description: { plain: p.description },
    categories: p.categories.map((value) => ({
      value: variations.has('search-hierarchical-categories') ? categoryPath(value) : value,
      taxonomy: 'reference',
    })),
    price_range: { min: money(Math.min(...prices)), max: money(Math.max(...prices)) },
    options: p.options.map((o) => ({
      name: optionName(o.name, faults),
      values: o.values.map((label) => ({ label: optionLabel(label, faults) })),
    })),
    variants: p.variants.map((v) => ({
      // catalog-variant-ids-numeric: the database's integer key (var-001-2 is 12), not the string id.
      id: faults.has('catalog-variant-ids-numeric') ? Number(v.id.replace(/\D/g, '')) : v.id,
      ...(variations.has('variants-without-sku') ? {} : { sku: variations.has('variants-sku-is-id') ? v.id : v.sku }),
      title: v.title,
      price: money(v.price),
      availability: { available: v.available && !p.unavailable },
      options: v.options,
    })),
  };
  if (variations.has('product-one-size-option') && p.options.length === 0) {
    // One option of one value: nothing to configure, so product detail states no selected.
    json.options = [{ name: 'Size', values: [{ label: 'One Size' }] }];
    json.variants = (json.variants as Json[]).map((v) => ({ ...v, options: [{ name: 'Size', label: 'One Size' }] }));
  }
  if (faults.has('product-missing-description')) delete json.description;
  if (variations.has('search-products-without-categories')) delete json.categories;
  return json;
}

/**
 * catalog-out-of-stock-as-null (search only): a variant out of stock is listed as null in its
 * place, and a product with none in stock is null itself (hidden by mapping, not filtered out).
 */
function outOfStockAsNull(json: Json, faults: FaultSet): Json | null {
  if (!faults.has('catalog-out-of-stock-as-null')) return json;
  const variants = (json.variants as Json[]).map((v) =>
    isObject(v.availability) && v.availability.available === false ? null : v,
  );
  return variants.every((v) => v === null) ? null : { ...json, variants };
}

/** An option's name as stated: product-option-names-localized states it as a localized object. */
const optionName = (name: string, faults: FaultSet): unknown =>
  faults.has('product-option-names-localized') ? { en: name } : name;

/** An option value's label as stated: product-option-labels-numeric states a numeric one as a number. */
const optionLabel = (label: string, faults: FaultSet): unknown =>
  faults.has('product-option-labels-numeric') && /^\d+$/.test(label) ? Number(label) : label;

const minPrice = (p: SeedProduct) => Math.min(...p.variants.map((v) => v.price));
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}
