import { isObject } from '../../dialect/dialect.js';
import {
  CURRENCY,
  findItem,
  LOOKUP_BATCH_MAX,
  PRODUCTS,
  SEARCH_DEFAULT_LIMIT,
  type SeedProduct,
  type SeedVariant,
  type Selection,
} from './catalog-data.js';
import type { Hooks } from '../shared/hooks.js';
import {
  businessError,
  isReply,
  resource,
  transportError,
  type HandlerRequest as Request,
  type Reply,
  type ReplyMessage,
} from '../shared/replies.js';
import type { CatalogHooks, LookupInput, OptionJson, Relax, SearchFilter, SignalsOf } from './hooks.js';

const MAX_LIMIT = 50;

type Json = Record<string, unknown>;
type HandlerRequest = Request<CatalogHooks>;

/** POST /catalog/search */
export function search({ body, hooks }: HandlerRequest): Reply {
  const query = typeof body.query === 'string' ? body.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const filters = isObject(body.filters) ? body.filters : {};
  const categories = Array.isArray(filters.categories) ? filters.categories.filter((c) => typeof c === 'string') : [];
  const maxPrice = isObject(filters.price) && typeof filters.price.max === 'number' ? filters.price.max : undefined;
  const refusal = hooks.run('search.refusal', undefined, { categories, maxPrice });
  if (refusal) return refusal;
  const filter = hooks.run('search.filter', FILTER, { categories, maxPrice });
  const matches = PRODUCTS.filter((p) => {
    const text = `${p.title} ${p.description}`.toLowerCase();
    const inCategory =
      categories.length === 0 || p.categories.some((c) => categories.some((f) => filter.category(c, f)));
    const inPrice = maxPrice === undefined || filter.price(p, maxPrice);
    return query.every((w) => text.includes(w)) && filter.combine(inCategory, inPrice);
  });
  const listed = (p: SeedProduct) => hooks.run('catalog.listed', productJson(p, hooks), { product: p, op: 'search' });
  if (matches.length === 0) {
    const instead = hooks.run('search.no-match', [], { listed });
    if (isReply(instead)) return instead;
    matches.push(...instead);
  }
  const pagination = isObject(body.pagination) ? body.pagination : {};
  const requested =
    typeof pagination.limit === 'number' && pagination.limit >= 1 ? Math.min(pagination.limit, MAX_LIMIT) : undefined;
  const limit = hooks.run('search.limit', requested ?? SEARCH_DEFAULT_LIMIT, { requested });
  // Where the cursor comes back is not shown: pagination.cursor here.
  const sent = hooks.run('search.cursor', pagination.cursor, { body });
  const offset = typeof sent === 'string' ? decodeCursor(sent) : 0;
  if (offset === undefined)
    return transportError(400, 'invalid_cursor', 'pagination.cursor is not one this business issued');
  const page = matches.slice(offset, offset + limit);
  const { next, more } = hooks.run(
    'search.next',
    { next: offset + page.length, more: offset + page.length < matches.length },
    { page, found: matches.length },
  );
  const cursor = encodeCursor(next);
  const answer = hooks.run(
    'search.pagination',
    { has_next_page: more, total_count: matches.length, ...(more ? { cursor } : {}) },
    { more, offset, found: matches.length, cursor },
  );
  return hooks.run(
    'catalog.answer',
    resource({ products: hooks.run('search.products', page.map(listed)), ...(answer ? { pagination: answer } : {}) }),
    { op: 'search' },
  );
}

/** Search filters as Document 1 has them: a category exactly, a price ceiling on the cheapest variant, both. */
const FILTER: SearchFilter = {
  category: (category, filter) => category === filter,
  price: (p, max) => minPrice(p) <= max,
  combine: (inCategory, inPrice) => inCategory && inPrice,
};

/** POST /catalog/lookup */
export function lookup({ body, hooks }: HandlerRequest): Reply {
  if (!Array.isArray(body.ids) || !body.ids.every((id) => typeof id === 'string')) {
    return transportError(400, 'invalid_request', 'ids is required: an array of strings');
  }
  const ids = body.ids as string[];
  const refusal = hooks.run('lookup.refusal', undefined, { ids });
  if (refusal) return refusal;
  const { max, size } = hooks.run('lookup.batch', { max: LOOKUP_BATCH_MAX, size: ids.length }, { ids });
  if (size > max)
    return hooks.run('lookup.too-large', transportError(400, 'request_too_large', `at most ${max} ids per lookup`), {
      max,
    });
  const resolve = hooks.run('catalog.resolve', findItem, { op: 'lookup' });
  const found = new Map<string, { product: SeedProduct; inputs: Map<string, LookupInput[]> }>();
  const messages: ReplyMessage[] = [];
  let unresolved = 0;
  for (const [index, id] of ids.entries()) {
    const hit = hooks.run('catalog.hit', resolve(id), { op: 'lookup', index });
    if (!hit) {
      const message = hooks.run(
        'lookup.not-found',
        { type: 'info', code: 'not_found', content: id },
        { id, before: unresolved++ },
      );
      if (message) messages.push(message);
      continue;
    }
    const entry = found.get(hit.product.id) ?? { product: hit.product, inputs: new Map() };
    const list = entry.inputs.get(hit.variant.id) ?? [];
    list.push({ id, match: hit.byVariant ? 'exact' : 'featured' });
    entry.inputs.set(hit.variant.id, list);
    found.set(hit.product.id, entry);
  }
  const products = [...found.values()].map(({ product, inputs }) => {
    const json = productJson(product, hooks);
    json.variants = (json.variants as Json[]).map((v, k) => {
      const i = hooks.run('lookup.inputs', inputs.get(product.variants[k].id), { product });
      return i ? { ...v, inputs: i } : v;
    });
    return hooks.run('catalog.listed', json, { product, op: 'lookup' });
  });
  const featured = productJson(PRODUCTS[PRODUCTS.length - 1], hooks);
  return hooks.run(
    'catalog.answer',
    resource({
      products: hooks.run('lookup.products', products, { featured }),
      ...(messages.length ? { messages } : {}),
    }),
    { op: 'lookup' },
  );
}

/** POST /catalog/product */
export function product({ body, hooks }: HandlerRequest): Reply {
  if (typeof body.id !== 'string') return transportError(400, 'invalid_request', 'id is required: a string');
  const hit = hooks.run('catalog.hit', hooks.run('catalog.resolve', findItem, { op: 'product' })(body.id), {
    op: 'product',
    index: 0,
  });
  if (!hit) {
    return hooks.run(
      'product.not-found',
      businessError([
        { type: 'error', code: 'not_found', content: `no product or variant ${body.id}`, severity: 'unrecoverable' },
      ]),
      { id: body.id },
    );
  }
  const p = hit.product;
  if (body.filters !== undefined) {
    const refusal = hooks.run('product.filters-refusal', undefined, { filters: body.filters });
    if (refusal) return refusal;
  }
  const requested = selectionsOf(body.selected);
  const start = requested ?? hit.variant.options;
  const preferences = Array.isArray(body.preferences)
    ? body.preferences.filter((x): x is string => typeof x === 'string')
    : [];
  if (requested && !p.variants.some((v) => matches(v, requested))) {
    const refusal = hooks.run('product.unmatched', undefined, { product: p });
    if (refusal) return refusal;
  }
  const kept = relax(p, start, preferences, hooks.run('product.relax', dropLast));
  const variants = p.variants.filter((v) => matches(v, kept));
  // Filters narrow what is listed after the selections have (Document 1: filters "Narrows returned variants").
  const narrows = hooks.run('product.filters', variantFilter(body.filters), { filters: body.filters });
  const passes = p.variants.map(narrows);
  const featured = variants.find(narrows) ?? variants[0] ?? p.variants[0];
  const json = productJson(p, hooks);
  // What the filters leave is all there is to list: the selections choose among it.
  const all = (json.variants as Json[]).filter((_, k) => passes[k]);
  const shown = p.variants.filter((_, k) => passes[k]).map((v) => variants.includes(v));
  json.variants = hooks.run(
    'product.variants',
    all.filter((_, k) => shown[k]),
    { variants: all, kept: shown },
  );
  if (requested && p.options.length > 0) {
    const signals = hooks.run('product.signals', signalsOf);
    json.options = p.options.map((o) =>
      optionJson(
        hooks,
        o.name,
        o.values.map((label) => ({ label, ...signals(p, o.name, label, requested) })),
      ),
    );
  }
  const selected = hooks.run('product.selected', p.options.length > 0 ? [...featured.options] : undefined, {
    product: p,
  });
  if (selected) json.selected = selected;
  return hooks.run(
    'catalog.answer',
    resource({ product: hooks.run('catalog.listed', json, { product: p, op: 'product' }) }),
    { op: 'product' },
  );
}

/** Product detail's filters on a variant: a price ceiling (a category is the product's, not a variant's). */
function variantFilter(filters: unknown): (v: SeedVariant) => boolean {
  const max = isObject(filters) && isObject(filters.price) ? filters.price.max : undefined;
  return (v) => typeof max !== 'number' || v.price <= max;
}

function selectionsOf(value: unknown): Selection[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).filter((s) => typeof s.name === 'string' && typeof s.label === 'string') as Selection[];
}

const matches = (v: SeedVariant, selections: Selection[]) =>
  selections.every((s) => v.options.some((o) => o.name === s.name && o.label === s.label));

/**
 * Drops selections until a variant matches: first those not named in preferences, then as `drop`
 * says (from the end of preferences).
 */
function relax(p: SeedProduct, selections: Selection[], preferences: string[], drop: Relax): Selection[] {
  const rank = (s: Selection) => {
    const i = preferences.indexOf(s.name);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  let kept = [...selections].sort((a, b) => rank(a) - rank(b));
  while (kept.length > 0 && !p.variants.some((v) => matches(v, kept))) {
    const unranked = kept.findIndex((s) => rank(s) === Number.MAX_SAFE_INTEGER);
    if (unranked !== -1) kept.splice(unranked, 1);
    else kept = drop(kept);
  }
  return kept;
}

const dropLast: Relax = (ranked) => ranked.slice(0, -1);

/** available and exists of one option value, relative to the other selections. */
const signalsOf: SignalsOf = (p, option, label, selections) => {
  const others = selections.filter((s) => s.name !== option);
  const candidates = p.variants.filter((v) => matches(v, [...others, { name: option, label }]));
  return { available: candidates.some((v) => v.available && !p.unavailable), exists: candidates.length > 0 };
};

export function productJson(p: SeedProduct, hooks: Hooks<CatalogHooks>): Json {
  const prices = p.variants.map((v) => v.price);
  const money = (amount: number) => ({ amount, currency: CURRENCY });
  const json: Json = {
    id: p.id,
    handle: p.handle,
    title: p.title,
    description: { plain: p.description },
    categories: p.categories.map((value) => ({ value, taxonomy: 'reference' })),
    price_range: { min: money(Math.min(...prices)), max: money(Math.max(...prices)) },
    options: p.options.map((o) =>
      optionJson(
        hooks,
        o.name,
        o.values.map((label) => ({ label })),
      ),
    ),
    variants: p.variants.map((v) =>
      hooks.run(
        'catalog.variant',
        {
          id: v.id,
          sku: v.sku,
          title: v.title,
          price: money(v.price),
          availability: { available: v.available && !p.unavailable },
          options: v.options,
        },
        { variant: v },
      ),
    ),
  };
  return hooks.run('catalog.product', json, { product: p });
}

/** An option as stated, with its values. */
const optionJson = (hooks: Hooks<CatalogHooks>, name: string, values: Json[]): OptionJson =>
  hooks.run('catalog.option', { name, values });

const minPrice = (p: SeedProduct) => Math.min(...p.variants.map((v) => v.price));
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}
