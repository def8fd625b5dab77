import { isObject } from '../dialect/dialect.js';
import { CURRENCY, LOOKUP_BATCH_MAX, PRODUCTS, type SeedProduct, type SeedVariant } from './catalog-data.js';
import type { FaultSet } from './faults.js';
import { businessError, resource, transportError, type Reply, type ReplyMessage } from './replies.js';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

type Json = Record<string, unknown>;

/** POST /catalog/search */
export function search(body: Json, faults: FaultSet): Reply {
  const query = typeof body.query === 'string' ? body.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const filters = isObject(body.filters) ? body.filters : {};
  const categories = Array.isArray(filters.categories) ? filters.categories.filter((c) => typeof c === 'string') : [];
  const maxPrice = isObject(filters.price) && typeof filters.price.max === 'number' ? filters.price.max : undefined;
  const matches = PRODUCTS.filter((p) => {
    const text = `${p.title} ${p.description}`.toLowerCase();
    return query.every((w) => text.includes(w))
      && (categories.length === 0 || p.categories.some((c) => categories.includes(c)))
      && (maxPrice === undefined || minPrice(p) <= maxPrice);
  });
  const pagination = isObject(body.pagination) ? body.pagination : {};
  const requested = typeof pagination.limit === 'number' && pagination.limit >= 1 ? Math.min(pagination.limit, MAX_LIMIT) : undefined;
  let limit = requested ?? (faults.has('search-default-page-20') ? 20 : DEFAULT_LIMIT);
  if (faults.has('search-ignores-limit')) limit = DEFAULT_LIMIT;
  const offset = typeof pagination.cursor === 'string' ? decodeCursor(pagination.cursor) : 0;
  if (offset === undefined) return transportError(400, 'invalid_cursor', 'pagination.cursor is not one this business issued');
  const page = matches.slice(offset, offset + limit);
  const next = offset + page.length;
  return resource({
    [faults.has('search-results-member') ? 'results' : 'products']: page.map((p) => productJson(p, faults)),
    pagination: {
      has_next_page: next < matches.length,
      total_count: matches.length,
      ...(next < matches.length ? { cursor: encodeCursor(next) } : {}),
    },
  });
}

/** POST /catalog/lookup */
export function lookup(body: Json, faults: FaultSet): Reply {
  if (!Array.isArray(body.ids) || !body.ids.every((id) => typeof id === 'string')) {
    return transportError(400, 'invalid_request', 'ids is required: an array of strings');
  }
  const ids = body.ids as string[];
  if (ids.length > LOOKUP_BATCH_MAX) {
    return transportError(400, 'request_too_large', `at most ${LOOKUP_BATCH_MAX} ids per lookup`);
  }
  const found = new Map<string, { product: SeedProduct; inputs: Map<string, { id: string; match: string }[]> }>();
  const messages: ReplyMessage[] = [];
  for (const id of ids) {
    const hit = resolve(id, faults);
    if (!hit) {
      if (!faults.has('lookup-silent-not-found')) {
        messages.push({ type: faults.has('message-type-vocabulary') ? 'information' as 'info' : 'info', code: 'not_found', content: id });
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
    const json = productJson(product, faults);
    if (!faults.has('lookup-drops-inputs')) {
      json.variants = (json.variants as Json[]).map((v) => {
        const i = inputs.get(v.id as string);
        return i ? { ...v, inputs: i } : v;
      });
    }
    return json;
  });
  return resource({ products, ...(messages.length ? { messages } : {}) });
}

/** POST /catalog/product */
export function product(body: Json, faults: FaultSet): Reply {
  if (typeof body.id !== 'string') return transportError(400, 'invalid_request', 'id is required: a string');
  const hit = resolve(body.id, faults);
  if (!hit) {
    return businessError([{ type: 'error', code: 'not_found', content: `no product or variant ${body.id}`, severity: 'unrecoverable' }]);
  }
  const selected = hit.variant.options;
  return resource({ product: { ...productJson(hit.product, faults), selected } });
}

function resolve(id: string, faults: FaultSet): { product: SeedProduct; variant: SeedVariant; byVariant: boolean } | undefined {
  for (const p of PRODUCTS) {
    if (p.id === id && !faults.has('lookup-variant-ids-only')) return { product: p, variant: p.variants[0], byVariant: false };
    if (faults.has('lookup-rejects-variant-ids')) continue;
    const v = p.variants.find((x) => x.id === id);
    if (v) return { product: p, variant: v, byVariant: true };
  }
  return undefined;
}

export function productJson(p: SeedProduct, faults: FaultSet): Json {
  const prices = p.variants.map((v) => v.price);
  const money = (amount: number) => ({ amount, currency: CURRENCY });
  const json: Json = {
    id: p.id,
    handle: p.handle,
    title: p.title,
    description: { plain: p.description },
    categories: p.categories.map((value) => ({ value, taxonomy: 'reference' })),
    price_range: { min: money(Math.min(...prices)), max: money(Math.max(...prices)) },
    options: p.options.map((o) => ({ name: o.name, values: o.values.map((label) => ({ label })) })),
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      title: v.title,
      price: money(v.price),
      availability: { available: v.available && !p.unavailable },
      options: v.options,
    })),
  };
  if (faults.has('product-missing-description')) delete json.description;
  return json;
}

const minPrice = (p: SeedProduct) => Math.min(...p.variants.map((v) => v.price));
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}
