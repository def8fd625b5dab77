import { isObject } from '../dialect/dialect.js';

/**
 * The identifiers of addressable resources an exchange shows: those the request named in `ids`
 * (grounding, lookups), and in the response the resource's own `id` and those of the products,
 * variants and locations it lists. Line, option and handler ids are left out: no page is theirs.
 */
export function resourceIds(sent: unknown, received: unknown): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v !== '') out.push(v);
  };
  if (isObject(sent) && Array.isArray(sent.ids)) sent.ids.forEach(add);
  if (!isObject(received)) return out;
  add(received.id);
  const listed = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);
  const products = [...listed(received.products), ...(isObject(received.product) ? [received.product] : [])];
  for (const p of products) {
    add(p.id);
    for (const v of listed(p.variants)) add(v.id);
  }
  for (const l of listed(received.locations)) add(l.id);
  return out;
}
